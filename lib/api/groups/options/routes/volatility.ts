import { array, boolean, int, number, object, string, enum as zEnum } from "zod";
import { EARNINGS_HISTORY_QUARTERS } from "../../../earnings-moves";
import { IV_HISTORY_SESSIONS } from "../../../iv-rank";
import { groupRoutes } from "../../../route";
import { contractCode, pricingInputs } from "./schemas";

/**
 * Volatility and earnings analytics of an underlying's options: IV rank and percentile, the
 * expected move of the nearest expirations, the earnings straddle and past earnings moves.
 */

/** Expirations the expected-move table covers. */
export const EXPECTED_MOVE_EXPIRATIONS = 4;
/** Past quarters the earnings-move history covers at most (lib/api/earnings-moves.ts). */
export { EARNINGS_HISTORY_QUARTERS };

const NOT_FOUND =
  "404 NO_CHAIN_DATA for an unknown code or a contract without listed options; 503 " +
  "MARKET_DATA_UNAVAILABLE when the source is down or lacks the data (named in the log).";

const ATM =
  "The at-the-money (ATM) strike is the listed strike nearest underlyingLivePrice (the price the " +
  "chains are quoted against; the lower strike on a tie), listed for both calls and puts. " +
  "mid = (bid + ask) / 2; the straddle price = call mid + put mid at that strike, what buying " +
  "both costs per share, and the move it implies is that price (USD) and price / " +
  "underlyingLivePrice × 100 (percent): the move, either way, at which the straddle breaks even " +
  "at expiry.";

const ATM_IV =
  "atmImpliedVolatility is the mean of the source's implied volatilities of the ATM call and " +
  "put (the one given when only one is), or, when it gives neither, the volatility that " +
  "reprices the call mid (as POST /options/implied-volatility solves it).";

const DAYS =
  "daysToExpiration: calendar days from today (New York) to the expiration, at least 1 (an " +
  "expiration today is priced with one day, as the chains are); years = daysToExpiration / 365.";

const ROUNDING =
  "Option prices and USD moves 4 decimals; percents 4 decimals; volatilities in percent (25 = " +
  "25 %).";

const EARNINGS_TIMING =
  "timing: bmo (before the market opens: the report day's own session trades on it) or amc " +
  "(after the close: the next session does).";

const usd = (description: string) =>
  number().meta({ description: `${description}, USD, 4 decimals` });
const percent = (description: string) =>
  number().meta({ description: `${description}, percent, 4 decimals` });
const volPercent = (description: string) =>
  number().meta({ description: `${description}, annualised, percent (25 = 25 %)` });
const isoDay = (description: string) =>
  string().meta({ description: `${description}, yyyy-MM-dd`, example: "2026-12-18" });

const timing = zEnum(["bmo", "amc"]).meta({
  description: "bmo: before the market opens; amc: after the close",
});

const contractSymbol = string().meta({
  description: "OCC contract symbol",
  example: "AAPL261218C00230000",
});

/** The ATM straddle of one expiration, as expected-move and earnings-straddle state it. */
const straddleFields = {
  atmStrike: number().meta({ description: "The ATM strike, USD" }),
  callContract: contractSymbol,
  putContract: contractSymbol,
  callMid: usd("The ATM call's (bid + ask) / 2, per share"),
  putMid: usd("The ATM put's (bid + ask) / 2, per share"),
  straddlePrice: usd("callMid + putMid, per share (× 100 per contract pair)"),
  straddleImpliedMove: usd("Straddle-implied move: straddlePrice, either way"),
  straddleImpliedMovePercent: percent(
    "Straddle-implied move: straddlePrice / underlyingLivePrice × 100",
  ),
};

export const optionsVolatilityRoutes = groupRoutes("options", {
  ivRank: {
    method: "GET",
    path: "/options/{code}/iv-rank",
    auth: "key",
    errors: ["NO_CHAIN_DATA", "MARKET_DATA_UNAVAILABLE"],
    summary: "IV rank and IV percentile of the 30-day ATM implied volatility",
    description:
      "currentImpliedVolatility is the 30-day at-the-money implied volatility of the option " +
      "surface at the clock (the at-the-forward volatilities of the listed expirations either " +
      "side of 30 calendar days, interpolated linearly in total variance σ²·T), in percent to 2 " +
      "decimals: the figure GET /market/stocks/{code}/extended shows as impliedVolatility. The " +
      `history is the same measure at each of the last ${IV_HISTORY_SESSIONS} sessions (one ` +
      "year; today's included when it trades), each to 2 decimals; every figure below is " +
      "computed from those rounded values, so it can be recomputed from them. yearHigh / yearLow " +
      "= the highest / lowest of the history and the current value. ivRank = (current − " +
      "yearLow) / (yearHigh − yearLow) × 100 (50 when they are equal). ivPercentile = the " +
      "number of history sessions whose IV is strictly below the current one / historyLength " +
      `× 100. Both 0-100, 4 decimals. ${NOT_FOUND}`,
    params: object({ code: contractCode }),
    response: object({
      symbol: string(),
      currentImpliedVolatility: volPercent("30-day ATM implied volatility now, 2 decimals"),
      yearHigh: volPercent("Highest 30-day ATM IV of the history and now, 2 decimals"),
      yearHighDate: isoDay("Session of yearHigh (today when it is the current value)"),
      yearLow: volPercent("Lowest 30-day ATM IV of the history and now, 2 decimals"),
      yearLowDate: isoDay("Session of yearLow (today when it is the current value)"),
      ivRank: number().meta({
        description: "(current − yearLow) / (yearHigh − yearLow) × 100, 0-100, 4 decimals",
      }),
      ivPercentile: number().meta({
        description: "Share of the history's sessions with IV below the current, × 100, 0-100",
      }),
      historyLength: int().meta({ description: "Sessions in the history used" }),
      historyFrom: isoDay("First session of the history"),
      historyTo: isoDay("Last session of the history"),
      asOf: string().meta({ description: "Instant the surface was read, ISO 8601 UTC" }),
    }),
  },
  expectedMove: {
    method: "GET",
    path: "/options/{code}/expected-move",
    auth: "key",
    errors: ["NO_CHAIN_DATA", "MARKET_DATA_UNAVAILABLE"],
    summary: "Expected move of the nearest expirations",
    description:
      `For each of the nearest ${EXPECTED_MOVE_EXPIRATIONS} expirations: the one-sigma move ` +
      "S·σ·√(daysToExpiration / 365), S = underlyingLivePrice, σ = atmImpliedVolatility / 100 " +
      "(the lognormal model's standard deviation of the price at expiry, to first order: the " +
      "move POST /options/calculator gives as expectedMove for the same inputs); twoSigmaMove = " +
      "2 × oneSigmaMove; upperBound / lowerBound = S ± oneSigmaMove. The straddle-implied move " +
      "is reported beside it, labelled as such: for an ATM option the straddle is about 0.8 × " +
      `the one-sigma move (√(2/π)), so the two differ by design. ${ATM} ${ATM_IV} ${DAYS} ` +
      `${ROUNDING} 404 NO_CHAIN_DATA when no expiration is listed. ${NOT_FOUND}`,
    params: object({ code: contractCode }),
    response: pricingInputs.extend({
      symbol: string(),
      items: array(
        object({
          expirationDate: isoDay("The expiration"),
          daysToExpiration: int().meta({ description: "Calendar days the model uses, ≥ 1" }),
          atmImpliedVolatility: volPercent("The ATM contracts' implied volatility, 4 decimals"),
          oneSigmaMove: usd("S·σ·√(daysToExpiration / 365)"),
          oneSigmaMovePercent: percent("oneSigmaMove / underlyingLivePrice × 100"),
          twoSigmaMove: usd("2 × oneSigmaMove"),
          twoSigmaMovePercent: percent("twoSigmaMove / underlyingLivePrice × 100"),
          upperBound: usd("underlyingLivePrice + oneSigmaMove"),
          lowerBound: usd("underlyingLivePrice − oneSigmaMove"),
          ...straddleFields,
        }),
      ).meta({ description: "Soonest expiration first" }),
    }),
  },
  earningsStraddle: {
    method: "GET",
    path: "/options/{code}/earnings-straddle",
    auth: "key",
    errors: ["NO_CHAIN_DATA", "NO_DATA", "MARKET_DATA_UNAVAILABLE"],
    summary: "The ATM straddle over the next earnings report",
    description:
      "The next earnings report is the one GET /market/stocks/{code}/extended shows " +
      "(upcomingEarnings): upcoming until the open (bmo) or the close (amc) of its day. The " +
      "straddle is that of the first listed expiration on or after the session that trades on " +
      "the report (the report day for bmo, the next session for amc), the first whose options " +
      "price the earnings move. The implied move is the straddle's price: the move, either way, " +
      "the options price through the expiration, earnings included (not the earnings day " +
      `alone). ${EARNINGS_TIMING} ${ATM} ${ATM_IV} ${DAYS} ${ROUNDING} 404 NO_DATA for a ` +
      "contract without an upcoming earnings report (ETFs, indices); 404 NO_CHAIN_DATA when no " +
      `listed expiration follows it. ${NOT_FOUND}`,
    params: object({ code: contractCode }),
    response: pricingInputs.extend({
      symbol: string(),
      earningsDate: isoDay("The report's day (New York)"),
      earningsTiming: timing,
      reactionDate: isoDay("The session that trades on the report"),
      expirationDate: isoDay("The straddle's expiration"),
      daysToExpiration: int().meta({ description: "Calendar days the model uses, ≥ 1" }),
      atmImpliedVolatility: volPercent("The ATM contracts' implied volatility, 4 decimals"),
      ...straddleFields,
      upperBreakEven: usd("atmStrike + straddlePrice: the straddle's upper break-even at expiry"),
      lowerBreakEven: usd("atmStrike − straddlePrice: the straddle's lower break-even at expiry"),
    }),
  },
  earningsMoveHistory: {
    method: "GET",
    path: "/options/{code}/earnings-move-history",
    auth: "key",
    errors: ["NO_CHAIN_DATA", "NO_DATA", "MARKET_DATA_UNAVAILABLE"],
    summary: "How the stock moved on its past earnings reports",
    description:
      `Up to ${EARNINGS_HISTORY_QUARTERS} past quarterly reports, newest first: the same report ` +
      "dates the upcoming one on GET /market/stocks/{code}/extended continues. A report counts " +
      "once it is out and its reacting session has closed. priceBefore is the last close before " +
      "the report (bmo: the previous session's close; amc: the report day's close), priceAfter " +
      "the close of the session that trades on it (bmo: the report day; amc: the next session), " +
      "from the regular-session daily bars (GET /market/stocks/{code}/chart). movePercent = " +
      "(priceAfter − priceBefore) / priceBefore × 100, signed. beat: epsActual > epsEstimate; " +
      "surprisePercent = (epsActual − epsEstimate) / |epsEstimate| × 100. impliedMovePercent is " +
      "the move the option surface priced for the reacting session, read the session before " +
      "the report: the expected absolute return of that session, √(2/π)·√(earnings variance + " +
      "one day's variance) × 100, what an ATM straddle over that one session costs per unit of " +
      "spot; compare it with |movePercent|. It is null when the source keeps no option surface " +
      "of past sessions. averageAbsoluteMovePercent and medianAbsoluteMovePercent are over " +
      "|movePercent| of the quarters listed, beatRate the share of them that beat, × 100. " +
      `${EARNINGS_TIMING} 404 NO_DATA for a contract without past earnings reports (ETFs, ` +
      `indices). ${NOT_FOUND}`,
    params: object({ code: contractCode }),
    response: object({
      symbol: string(),
      quarters: array(
        object({
          date: isoDay("The report's day (New York)"),
          timing,
          reactionDate: isoDay("The session that traded on the report"),
          epsEstimate: number().meta({ description: "Consensus EPS estimate, USD per share" }),
          epsActual: number().meta({ description: "Reported EPS, USD per share" }),
          beat: boolean().meta({ description: "epsActual > epsEstimate" }),
          surprisePercent: percent("(epsActual − epsEstimate) / |epsEstimate| × 100"),
          priceBefore: number().meta({ description: "Close before the report, USD" }),
          priceAfter: number().meta({ description: "Close of the reacting session, USD" }),
          movePercent: percent("(priceAfter − priceBefore) / priceBefore × 100, signed"),
          direction: zEnum(["up", "down", "flat"]).meta({ description: "Sign of movePercent" }),
          impliedMovePercent: number()
            .nullable()
            .meta({
              description:
                "Expected absolute move of the reacting session the options priced the session " +
                "before, percent, 4 decimals; null when the source keeps no past surface",
            }),
        }),
      ).meta({ description: "Newest first" }),
      averageAbsoluteMovePercent: percent("Mean |movePercent| of the quarters"),
      medianAbsoluteMovePercent: percent("Median |movePercent| of the quarters"),
      averageImpliedMovePercent: number()
        .nullable()
        .meta({
          description:
            "Mean impliedMovePercent of the quarters that have one, percent, 4 decimals; null " +
            "when none has",
        }),
      beatRate: number().meta({
        description: "Share of the quarters with beat true, × 100, 0-100, 4 decimals",
      }),
      quarterCount: int().meta({ description: "Quarters listed" }),
    }),
  },
});
