import { array, int, number, object, string, enum as zEnum } from "zod";
import { GRID_POINTS } from "../../../quant/pnl";
import { groupRoutes } from "../../route";
import {
  benchmarkOut,
  bookSummary,
  hedgeFigures,
  hedgeLeg,
  LIMITS,
  legOut,
  optionLegOut,
  optionTypeField,
  positionLeg,
  positionsField,
  scenarioBasisOut,
  statedInputs,
  stockLegOut,
} from "./schemas";

/**
 * Hedging: the strategy catalogue, hedges suggested and analysed on the live chains, rationales
 * through the narrative port. The numbers come from the deterministic engine (lib/hedge); only
 * the rationale text comes from the narrative backend.
 */

const OPTION_TYPE_RULE =
  "optionType names the option kind a hedge is built on. A put protects a long position (it " +
  "gains as the price falls), a call a short one; a collar adds the other kind, sold to pay for " +
  "the protection. The same kind on the other side of a position only funds a cushion: a " +
  "covered call on a long position, a covered put on a short one. So put gives long positions " +
  "protective puts, put spreads, collars and zero-cost collars (short ones a covered put) and a " +
  "long book the SPY put overlay; call gives short positions protective calls, call spreads and " +
  "short collars (long ones a covered call) and a short book the SPY call overlay.";

const STRIKE_RULE =
  "Strikes are the listed strike nearest each target, among contracts with an ask (to buy) or " +
  "a bid (to sell). With d = +1 for a long position, −1 for a short one and distance = (100 − " +
  "protectionPercent) %: protective strike S·(1 − d·distance); a spread's sold strike S·(1 − " +
  "d·(distance + 10 %)), strictly beyond the bought one; a collar's cap S·(1 + d·10 %), out of " +
  "the money; a covered option S·(1 + d·distance), out of the money; a zero-cost collar's cap " +
  "the farthest out-of-the-money strike whose bid covers the protective leg's ask. Contracts: " +
  "⌊|shares| / 100⌋ per position (a hedge never exceeds the shares it covers); the SPY overlay " +
  "buys round(|beta-weighted delta in SPY shares| / 100) at SPY·(1 − d·distance).";

const RANKING_RULE =
  "Suggestions costing more than maxCostPercent of the notional are left out (listed in " +
  "excludedOverBudget). The rest are ranked by score, the mean P&L (USD) of the hedged book " +
  "over the six scenarios, highest first: the scenarios weigh large adverse moves (four of six " +
  "go against the book), so the score rewards protection where it matters and charges both the " +
  "premium and the upside a cap gives up. Ties: lower net cost, then catalogue order.";

const METRICS =
  "Prices: a hedge leg bought pays the ask, one sold receives the bid (or the price stated); an " +
  "option the book already holds is carried at its mid; stock at its live price (mark, else " +
  "last). P&L is measured from today's prices, at the hedge's expiration (all option legs " +
  "expire then), with no interest on cash. netCost = Σ quantity × 100 × price over the hedge " +
  "legs (positive a debit); costPercent = netCost / notional × 100 with notional = Σ |shares| × " +
  "price + Σ |contracts| × 100 × underlying price of the positions; costPercentAnnualised = " +
  "costPercent × 365 / daysToExpiration. Scenarios move the basis's reference by −30, −20, −10, " +
  "−5, +5, +10 % (mirrored for a short book) and every other underlying by β_u / β_ref times " +
  "as much (the beta-implied move; β over the last 60 completed sessions' daily log returns " +
  "against SPY, as GET /market/stocks/{code}/technicals computes it over 252), prices floored " +
  "at 0; each P&L is lib/quant/pnl.ts pnlAtExpiry at those prices (stock as a call struck at " +
  "0). maxLoss and maxGain are exact over every move from −100 % up (the P&L is piecewise " +
  "linear between strikes), null when unbounded; floor = value + maxLoss and cap = value + " +
  "maxGain (a protective put's floor is strike × shares − premium paid). protectionStart is the " +
  "move from which the hedge's own P&L gains as the book loses (a put's strike), " +
  "protectionEnd where that stops (a put spread's lower strike). Deltas: each option's " +
  "Black-Scholes delta at its implied volatility (the source's, else the mid's), the " +
  "underlying's live price, days to expiry (at least 1) / 365 and riskFreeRate, as GET " +
  "/options/{code}/greeks; deltaShares = shares + Σ contracts × 100 × delta per underlying; " +
  "betaWeightedDeltaSpyShares = Σ β × deltaShares × price / SPY's price. Amounts USD to the " +
  "cent, percents 4 decimals, deltas and betas 6 decimals.";

const NARRATIVE =
  "rationale is written from the suggestion's own numbers by the narrative backend: a " +
  "deterministic template writer by default, Amazon Bedrock when the deployment sets " +
  "NARRATIVE_BACKEND=bedrock. If that backend fails the answer is 500 AI_ERROR with no data: " +
  "numbers are never returned without their text.";

const strategyOut = object({
  id: string(),
  name: string(),
  optionType: zEnum(["call", "put"]),
  protects: zEnum(["long", "short"]).meta({
    description: "The positions (or, for an overlay, the book's net exposure) it is built for",
  }),
  scope: zEnum(["position", "portfolio"]).meta({
    description:
      "position: legs on each position's own options; portfolio: SPY options for the whole book",
  }),
  legs: string().meta({ description: "The legs, per 100 shares" }),
  protection: string().meta({ description: "What it protects against" }),
  cost: string().meta({ description: "What it costs" }),
  givesUp: string().meta({ description: "What it gives up" }),
  parameters: array(string()).meta({ description: "Request fields of /hedge/suggest that set it" }),
});

const unhedgedOut = object({ symbol: string(), code: string(), reason: string() });

const suggestionOut = object({
  rank: int().meta({ description: "1 = best by the ranking rule" }),
  strategy: string().meta({ description: "Catalogue id (GET /hedge/strategies)" }),
  name: string(),
  score: number().meta({ description: "USD: mean hedged P&L over the six scenarios" }),
  legs: array(optionLegOut),
  unhedgedPositions: array(unhedgedOut).meta({
    description: "Positions this strategy leaves unhedged, and why",
  }),
  ...hedgeFigures,
  rationale: string().meta({ description: "Plain-language summary of the numbers above" }),
});

const commonSettings = {
  horizonDays: int("must be a whole number of days")
    .min(1, "must be at least 1")
    .max(LIMITS.maxHorizonDays, `must be at most ${LIMITS.maxHorizonDays}`)
    .default(30)
    .meta({
      description:
        "Days of protection wanted: the hedge uses the first listed expiration at least this far out (the last one if none is); default 30",
    }),
  maxCostPercent: number()
    .positive("must be positive")
    .max(100, "must be at most 100")
    .optional()
    .meta({ description: "Largest net cost, percent of notional; no limit when omitted" }),
  protectionPercent: number()
    .min(50, "must be at least 50")
    .max(100, "must be at most 100")
    .default(95)
    .meta({
      description:
        "Where protection starts, percent of the current price: 95 (default) buys puts struck near 95 % of spot for a long position (calls near 105 % for a short one): the first 5 % of a move is not hedged; 100 = at the money",
    }),
};

export const hedgeRoutes = groupRoutes("hedge", {
  strategies: {
    method: "GET",
    path: "/hedge/strategies",
    auth: "key",
    summary: "The hedging strategies: what each protects, costs and gives up",
    description: `${OPTION_TYPE_RULE} ${STRIKE_RULE} optionType (call or put, optional) keeps that kind's strategies.`,
    query: object({ optionType: optionTypeField.optional() }),
    response: object({
      optionTypeRule: string(),
      strikeRule: string(),
      rankingRule: string(),
      strategies: array(strategyOut).meta({ description: "In catalogue order" }),
    }),
  },
  suggest: {
    method: "POST",
    path: "/hedge/suggest",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "MARKET_DATA_UNAVAILABLE", "AI_ERROR"],
    summary: "Concrete hedges for stock positions, priced off the live chains and ranked",
    description:
      `${OPTION_TYPE_RULE} ${STRIKE_RULE} ${RANKING_RULE} ${METRICS} ${NARRATIVE} ` +
      "Every strategy of optionType is built (GET /hedge/strategies); one a book cannot support " +
      "is listed in unavailable with the reason. Positions: stocks and ETFs, each symbol once. " +
      "The scenario basis is the book's one underlying, or SPY when the book holds several. " +
      "400 INVALID_PARAMETER naming the field: optionType other than call or put (spec fact " +
      "10), a zero or fractional quantity, a symbol twice, a contract that is not a stock or " +
      "ETF. 404 SYMBOL_NOT_FOUND for an unknown symbol. 503 MARKET_DATA_UNAVAILABLE when the " +
      "source is down or lists no SPY. 500 AI_ERROR when the narrative backend fails.",
    body: object({
      positions: positionsField,
      optionType: optionTypeField,
      ...commonSettings,
    }),
    response: object({
      ...statedInputs,
      optionType: zEnum(["call", "put"]),
      horizonDays: int(),
      protectionPercent: number(),
      maxCostPercent: number().nullable(),
      expiration: string()
        .nullable()
        .meta({ description: "yyyy-MM-dd of every hedge leg; null when no chain was read" }),
      daysToExpiration: int().nullable(),
      benchmark: benchmarkOut,
      scenarioBasis: scenarioBasisOut,
      book: bookSummary.extend({ positions: array(stockLegOut.extend({ beta: number() })) }),
      rankingRule: string(),
      suggestions: array(suggestionOut).meta({ description: "Best first; may be empty" }),
      excludedOverBudget: array(
        object({ strategy: string(), name: string(), costPercent: number() }),
      ).meta({ description: "Built, but costing more than maxCostPercent" }),
      unavailable: array(object({ strategy: string(), name: string(), reason: string() })).meta({
        description: "Strategies of optionType this book cannot support, and why",
      }),
    }),
  },
  analyze: {
    method: "POST",
    path: "/hedge/analyze",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_CHAIN_DATA", "MARKET_DATA_UNAVAILABLE", "AI_ERROR"],
    summary: "The numbers of a hedge you propose, with its P&L curve at expiry",
    description:
      `${METRICS} The curve is the P&L at expiry of positions and hedge at ${GRID_POINTS} ` +
      "prices of the reference (lib/quant/pnl.ts strategyPnlAtExpiry when the book has one " +
      "underlying: from half the lowest of spot and strikes, 0 with stock, to 1.5 times the " +
      "highest, spot on the grid). Option legs must share one expiration; the hedge must hold " +
      "an option. " +
      `${NARRATIVE} 400 INVALID_PARAMETER naming the field: a leg in no valid form, a past ` +
      "expiry, legs on different expirations, a hedge leg to buy without an ask and no price " +
      "stated. 404 SYMBOL_NOT_FOUND for an unknown stock symbol, NO_CHAIN_DATA for an option " +
      "that is not listed (spec, Errors rule 1). 503 MARKET_DATA_UNAVAILABLE when the source is " +
      "down. 500 AI_ERROR when the narrative backend fails.",
    body: object({
      positions: array(positionLeg)
        .min(1, "must have at least one leg")
        .max(LIMITS.maxPositions, `must have at most ${LIMITS.maxPositions} legs`)
        .meta({ description: "What the book holds: stock and option legs" }),
      hedge: array(hedgeLeg)
        .min(1, "must have at least one leg")
        .max(LIMITS.maxHedgeLegs, `must have at most ${LIMITS.maxHedgeLegs} legs`)
        .meta({ description: "The hedge proposed: option legs (stock legs allowed too)" }),
    }),
    response: object({
      ...statedInputs,
      expiration: string().meta({ description: "yyyy-MM-dd: every option leg's" }),
      daysToExpiration: int(),
      benchmark: benchmarkOut,
      scenarioBasis: scenarioBasisOut,
      positions: array(legOut),
      hedge: array(legOut),
      book: bookSummary,
      ...hedgeFigures,
      curve: object({
        reference: string().meta({ description: "The symbol whose price the points are" }),
        points: array(
          object({
            price: number().meta({ description: "The reference's price, USD" }),
            movePercent: number().meta({ description: "Its move from now, percent" }),
            pnl: number().meta({ description: "USD: positions and hedge at expiry" }),
          }),
        ).meta({ description: `${GRID_POINTS} points, ascending price` }),
      }),
      rationale: string().meta({ description: "Plain-language summary of the numbers above" }),
    }),
  },
});

export { OPTION_TYPE_RULE, RANKING_RULE, STRIKE_RULE };
