import { array, int, number, object, string, enum as zEnum } from "zod";
import { STRATEGIES } from "../../../premium-scanner";
import { groupRoutes } from "../../../route";
import {
  premiumCandidate,
  SCAN_DEFAULTS,
  scanDte,
  scanMaxDelta,
  scanStrategy,
} from "../../../schemas/premium-scan";
import { contractCode, pricingInputs } from "./schemas";

/**
 * The premium-selling scanner: out-of-the-money contracts over every listed expiration in a
 * days-to-expiration window, ranked by the seller's annualised return. Each candidate states the
 * numbers it was computed from, so a user can redo every figure by hand or with
 * POST /options/calculator.
 */

const DESCRIPTION =
  "Scans every listed expiration whose daysToExpiration (calendar days from today in New York) " +
  "lies in [minDte, maxDte] for the out-of-the-money contracts of the strategy's side: puts " +
  "with a strike below underlyingLivePrice (short-put), calls with a strike above it " +
  "(short-call), with |delta| ≤ maxDelta and a bid above 0. " +
  "premium = the bid: what a seller can count on filling at (the mid is shown beside it). " +
  "capitalAtRisk per share: a put's strike − premium (cash-secured: the cash set aside less the " +
  "premium received), a call's underlyingLivePrice (covered: the shares held, as " +
  "GET /options/{code}/quote defines a call's return). " +
  "returnPercent = premium / capitalAtRisk × 100; annualizedReturnPercent = returnPercent × " +
  "365 / daysToExpiration. breakEven at expiry: put strike − premium, call strike + premium. " +
  "strikeAwayPercent = (strike − underlyingLivePrice) / underlyingLivePrice × 100, signed. " +
  "probabilityOtmPercent is the Black-Scholes risk-neutral probability of expiring out of the " +
  "money: N(d2) for a put (finishing above the strike), N(−d2) for a call (finishing below " +
  "it), d2 = (ln(S/K) + (r − σ²/2)·T) / (σ·√T) with S = underlyingLivePrice, K = strike, σ = " +
  "the candidate's impliedVolatility, r = riskFreeRate and T = daysToExpiration / 365. " +
  "impliedVolatility is the source's, or when it gives none the one repricing the mid (as POST " +
  "/options/implied-volatility solves it); delta is the source's, or when it gives none the " +
  "model's at that volatility; a contract with neither, or a volatility of 0, is skipped, and so is an expiration whose chain the source returns empty. " +
  "score = annualizedReturnPercent × probabilityOtmPercent / 100: the annualised return " +
  "weighted by the chance the option expires worthless (the put-sell score; the same formula " +
  "for calls). Candidates are ranked by annualizedReturnPercent (as served, 4 decimals), " +
  "highest first (the spec's rule); ties by the higher probabilityOtmPercent, then the sooner " +
  "expiration, then the contract symbol; at most 20. The filters compare the served (rounded) " +
  "delta. No qualifying contract is an empty list, not an error. Prices USD per share, 4 " +
  "decimals; percents 4 decimals; delta 6 decimals. 400 INVALID_PARAMETER naming strategy, " +
  "minDte, maxDte or maxDelta for a value outside its range or not an integer where one is " +
  "required, and naming minDte when minDte exceeds maxDte. 404 NO_CHAIN_DATA for an unknown " +
  "code or a contract without listed options; 503 MARKET_DATA_UNAVAILABLE when the source is " +
  "down or lists no expirations.";

export const optionsScannerRoutes = groupRoutes("options", {
  premiumScanner: {
    method: "GET",
    path: "/options/{code}/premium-scanner",
    auth: "key",
    errors: ["NO_CHAIN_DATA", "MARKET_DATA_UNAVAILABLE"],
    summary: "Premium-selling scanner: out-of-the-money contracts ranked by annualised return",
    description: DESCRIPTION,
    params: object({ code: contractCode }),
    query: object({
      strategy: scanStrategy
        .default("short-put")
        .meta({ description: "short-put (default) or short-call, case-insensitive" }),
      minDte: scanDte(SCAN_DEFAULTS.minDte).meta({
        description: "Fewest calendar days to expiration, integer 1-365, default 20",
      }),
      maxDte: scanDte(SCAN_DEFAULTS.maxDte).meta({
        description: "Most calendar days to expiration, integer 1-365, default 60",
      }),
      maxDelta: scanMaxDelta,
    }).refine((query) => query.minDte <= query.maxDte, {
      message: "must not exceed maxDte",
      path: ["minDte"],
    }),
    response: pricingInputs.extend({
      symbol: string(),
      strategy: zEnum(STRATEGIES).meta({ description: "As requested" }),
      right: zEnum(["C", "P"]).meta({
        description: "The side scanned: P for short-put, C for short-call",
      }),
      filters: object({
        minDte: int().meta({ description: "Calendar days, inclusive" }),
        maxDte: int().meta({ description: "Calendar days, inclusive" }),
        maxDelta: number().meta({ description: "Largest |delta| admitted, inclusive" }),
        outOfTheMoney: string().meta({
          description: 'The moneyness rule applied, e.g. "strike < underlyingLivePrice"',
        }),
        minBid: number().meta({ description: "A bid must exceed this, USD per share (0)" }),
      }),
      expirationsScanned: array(string()).meta({
        description: "The listed expirations (yyyy-MM-dd) inside [minDte, maxDte], soonest first",
      }),
      qualifyingCount: int().meta({
        description: "Contracts passing every filter, before the cut to the 20 best",
      }),
      premiumBasis: zEnum(["bid"]).meta({ description: "What premium is: the bid" }),
      candidates: array(premiumCandidate).meta({
        description: "Highest annualizedReturnPercent first, at most 20",
      }),
    }),
  },
});
