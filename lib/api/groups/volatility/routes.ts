import { array, boolean, coerce, int, number, object, string, enum as zEnum } from "zod";
import { HV_BENCHMARK_SESSIONS, HV_WINDOWS } from "../../hv-iv";
import { IV_HISTORY_SESSIONS } from "../../iv-rank";
import {
  DEALER_CONVENTIONS,
  type DealerConvention,
  GEX_SWEEP_HALF_WIDTH,
  GEX_SWEEP_STEPS,
} from "../../option-analytics/gex";
import { CONSTANT_MATURITY_DAYS, FLAT_SLOPE_POINTS } from "../../option-analytics/term-structure";
import { groupRoutes } from "../../route";
import {
  contractCode,
  daysToExpiration,
  expiryIsoDate,
  forward,
  isoDay,
  smilePoint,
  statedInputs,
  usd,
  volPercent,
  volPoints,
  years,
} from "./schemas";

/** Volatility analytics on the option chains and price history: the surface, term structure, skew, historical against implied volatility, dealer gamma exposure. */

// The computations of term-structure, skew and gex (and their constants) live in
// lib/api/option-analytics/, shared with GET /graph/{code}/options-analytics.
export {
  CONSTANT_MATURITY_DAYS,
  DEALER_CONVENTIONS,
  type DealerConvention,
  FLAT_SLOPE_POINTS,
  GEX_SWEEP_HALF_WIDTH,
  GEX_SWEEP_STEPS,
};

const CONVENTION_NAMES = Object.keys(DEALER_CONVENTIONS) as [
  DealerConvention,
  ...DealerConvention[],
];

// ---------------------------------------------------------------------------------------------
// Documentation shared by the routes
// ---------------------------------------------------------------------------------------------

const TIME =
  "T = max(1, daysToExpiration) / 365 years (an expiration today is priced with one day, as the " +
  "chains are); F = S·e^{rT} with S = underlyingLivePrice and r = riskFreeRate / 100 " +
  "(continuously compounded).";

const SMILE =
  "The smile of an expiration has one implied volatility per listed strike: that of the " +
  "out-of-the-money contract (the put for K < F, the call for K ≥ F; the other side where that " +
  "one has none), the source's implied volatility, or when it gives none the volatility that " +
  "reprices the contract's mid (bid + ask) / 2 (as POST /options/implied-volatility solves it). " +
  "callDelta = N(d₁), d₁ = (ln(S/K) + rT)/(σ√T) + σ√T/2, at that volatility (what POST " +
  "/options/calculator gives); putDelta = callDelta − 1.";

const ATM =
  "The at-the-money volatility of an expiration is the at-the-forward one: the smile " +
  "interpolated linearly in ln(K/F) between the strikes either side of F (null when no listed " +
  "strikes bracket F).";

const ROUNDING =
  "Volatilities in percent (25 = 25 %), 4 decimals; moneyness and deltas 6 decimals; forwards 4 " +
  "decimals; total variances 8 decimals. Differences and ratios are computed from the rounded " +
  "figures shown, so they can be recomputed from them.";

const NOT_FOUND =
  "404 NO_CHAIN_DATA for an unknown code or a contract without listed options; 503 " +
  "MARKET_DATA_UNAVAILABLE when the source is down or lists no expirations.";

const EXPIRY_ERRORS =
  "400 INVALID_PARAMETER naming expiry when it is not yyyy-MM-dd, impossible, or in the past; " +
  "404 NO_CHAIN_DATA when it is not a listed expiration.";

// ---------------------------------------------------------------------------------------------
// Query parameters
// ---------------------------------------------------------------------------------------------

const dteBound = (description: string) =>
  coerce
    .number({ error: "must be an integer from 0 to 1000" })
    .int("must be an integer from 0 to 1000")
    .min(0, "must be an integer from 0 to 1000")
    .max(1000, "must be an integer from 0 to 1000")
    .optional()
    .meta({ description });

const deltaBound = (description: string) =>
  coerce
    .number({ error: "must be a number from 0 to 1" })
    .min(0, "must be a number from 0 to 1")
    .max(1, "must be a number from 0 to 1")
    .optional()
    .meta({ description });

// ---------------------------------------------------------------------------------------------
// Response parts
// ---------------------------------------------------------------------------------------------

const surfacePoint = smilePoint.extend({
  bidImpliedVolatility: number()
    .nullable()
    .meta({
      description:
        "The volatility repricing the contract's bid, percent, 4 decimals; null when the bid is 0 " +
        "or below the no-arbitrage bound",
    }),
  askImpliedVolatility: number().nullable().meta({
    description:
      "The volatility repricing the contract's ask, percent, 4 decimals; null when no volatility reprices it",
  }),
});

const ivOrNull = (description: string) =>
  number()
    .nullable()
    .meta({ description: `${description}, percent, 4 decimals; null when unavailable` });

const gexUsd = (description: string) =>
  number().meta({ description: `${description}, USD per 1 % move of the underlying, 2 decimals` });

const realisedWindow = object({
  sessions: int().meta({ description: "Sessions in the window (daily returns)" }),
  from: isoDay("First session of the window").nullable(),
  to: isoDay("Last session of the window").nullable(),
  closeToClose: ivOrNull("Close-to-close volatility"),
  parkinson: ivOrNull("Parkinson volatility"),
  garmanKlass: ivOrNull("Garman-Klass volatility"),
  rogersSatchell: ivOrNull("Rogers-Satchell volatility"),
  yangZhang: ivOrNull("Yang-Zhang volatility"),
  ivMinusHv: number()
    .nullable()
    .meta({ description: "impliedVolatility30 − closeToClose, volatility points, 4 decimals" }),
  ivToHvRatio: number()
    .nullable()
    .meta({ description: "impliedVolatility30 / closeToClose, 6 decimals" }),
});

export const volatilityRoutes = groupRoutes("volatility", {
  surface: {
    method: "GET",
    path: "/volatility/{code}/surface",
    auth: "key",
    errors: ["NO_CHAIN_DATA", "MARKET_DATA_UNAVAILABLE"],
    summary: "Implied-volatility surface: every listed expiration and strike",
    description:
      "Per listed expiration (soonest first) and strike (ascending): days to expiration, strike, " +
      "moneyness K/S and ln(K/F), call and put delta, the implied volatility of the smile, the " +
      "volatilities repricing that contract's bid and ask, and open interest of both sides; " +
      "plus each expiration's at-the-money volatility and total variance σ²T (the ATM term " +
      "structure the surface implies). minDte/maxDte keep the expirations whose " +
      "daysToExpiration lies in that range; minDelta/maxDelta keep the strikes whose callDelta " +
      "lies in that range (0-1: 0.1 to 0.9 drops the far wings on both sides; a put's delta is " +
      "callDelta − 1), both inclusive. The ATM figures are those of the whole smile whatever " +
      `the delta range. ${TIME} ${SMILE} ${ATM} ${ROUNDING} 400 INVALID_PARAMETER naming the ` +
      "bound that is out of range, or minDte (minDelta) when it exceeds maxDte (maxDelta). " +
      NOT_FOUND,
    params: object({ code: contractCode }),
    query: object({
      minDte: dteBound("Fewest calendar days to expiration kept, integer 0-1000; default none"),
      maxDte: dteBound("Most calendar days to expiration kept, integer 0-1000; default none"),
      minDelta: deltaBound("Lowest call delta kept, 0-1; default none"),
      maxDelta: deltaBound("Highest call delta kept, 0-1; default none"),
    })
      .refine((q) => q.minDte === undefined || q.maxDte === undefined || q.minDte <= q.maxDte, {
        message: "must not exceed maxDte",
        path: ["minDte"],
      })
      .refine(
        (q) => q.minDelta === undefined || q.maxDelta === undefined || q.minDelta <= q.maxDelta,
        { message: "must not exceed maxDelta", path: ["minDelta"] },
      ),
    response: statedInputs.extend({
      symbol: string(),
      filters: object({
        minDte: int().nullable().meta({ description: "As requested; null: no bound" }),
        maxDte: int().nullable().meta({ description: "As requested; null: no bound" }),
        minDelta: number().nullable().meta({ description: "As requested; null: no bound" }),
        maxDelta: number().nullable().meta({ description: "As requested; null: no bound" }),
      }),
      expirationCount: int().meta({ description: "Expirations listed below" }),
      pointCount: int().meta({ description: "Strikes listed below, over every expiration" }),
      expirations: array(
        object({
          expiration: isoDay("The expiration"),
          daysToExpiration,
          years,
          forward,
          atmImpliedVolatility: ivOrNull("At-the-forward volatility of the whole smile"),
          atmTotalVariance: number()
            .nullable()
            .meta({ description: "σ²T of atmImpliedVolatility (decimal σ), 8 decimals" }),
          points: array(surfacePoint).meta({ description: "The strikes kept, ascending" }),
        }),
      ).meta({ description: "The expirations kept, soonest first" }),
    }),
  },

  termStructure: {
    method: "GET",
    path: "/volatility/{code}/term-structure",
    auth: "key",
    errors: ["NO_CHAIN_DATA", "INSUFFICIENT_OPTION_DATA", "MARKET_DATA_UNAVAILABLE"],
    summary: "ATM implied-volatility term structure, constant-maturity IVs and the earnings bump",
    description:
      "Per listed expiration with an at-the-money volatility (soonest first): days, forward, " +
      "ATM volatility σ and total variance w = σ²T, and the forward volatility from the previous " +
      "expiration √((w₂ − w₁)/(T₂ − T₁)) (null for the first, or when w falls: calendar " +
      "arbitrage). Constant-maturity volatilities at 30, 60 and 90 calendar days are interpolated " +
      "linearly in total variance between the expirations either side, w = w₁ + (w₂ − w₁)(T − " +
      "T₁)/(T₂ − T₁), σ = √(w/T), T = days / 365 (outside the listed range the nearest " +
      "expiration's volatility is held flat and flagged extrapolated). slope = iv60 − iv30 in " +
      `volatility points; shape is contango when slope ≥ ${FLAT_SLOPE_POINTS} (longer-dated ` +
      `volatility higher), backwardation when slope ≤ −${FLAT_SLOPE_POINTS}, flat in between. ` +
      "earningsEvent names the next earnings report (the date GET /market/stocks/{code}/extended " +
      "shows) when its reacting session (the report day for bmo, the next session for amc) falls " +
      "within the listed expirations, with the variance it adds: eventVariance = (w_after − " +
      "w_before) − v·(T_after − T_before), w_before the total variance of the last expiration " +
      "before the reacting session (0 at T = 0 when none is), w_after that of the first on or " +
      "after it, v the mean forward variance rate of the neighbouring intervals without the event " +
      "(the one ending at the expiration before, from the expiration before it or from now, and " +
      "the one starting at the expiration after, those that exist). impliedMoveStdDevPercent = √eventVariance × 100, the standard " +
      "deviation of the log move the options price for the event; expectedAbsoluteMovePercent = " +
      "√(2/π) × that, the mean absolute move (what a straddle over the event session alone would " +
      "cost per unit of spot). Both null when eventVariance ≤ 0 (no bump priced). " +
      `${TIME} ${SMILE} ${ATM} ${ROUNDING} 404 INSUFFICIENT_OPTION_DATA when fewer than two ` +
      `expirations have an at-the-money volatility. ${NOT_FOUND}`,
    params: object({ code: contractCode }),
    response: statedInputs.extend({
      symbol: string(),
      expirations: array(
        object({
          expiration: isoDay("The expiration"),
          daysToExpiration,
          years,
          forward,
          atmImpliedVolatility: volPercent("At-the-forward volatility"),
          totalVariance: number().meta({ description: "w = σ²T (decimal σ), 8 decimals" }),
          forwardVolatility: number()
            .nullable()
            .meta({
              description:
                "√((w − w_previous)/(T − T_previous)), percent, 4 decimals; null for the first " +
                "expiration or when w falls",
            }),
          includesEarnings: boolean().meta({
            description:
              "The next earnings report's reacting session is on or before the expiration",
          }),
        }),
      ).meta({ description: "Expirations with an ATM volatility, soonest first" }),
      constantMaturity: array(
        object({
          days: int().meta({ description: "Calendar days: 30, 60 or 90" }),
          impliedVolatility: volPercent("σ = √(w/T) at T = days / 365"),
          totalVariance: number().meta({ description: "Interpolated w, 8 decimals" }),
          fromExpiration: isoDay("The expiration before (or the nearest, when extrapolated)"),
          toExpiration: isoDay("The expiration after (or the nearest, when extrapolated)"),
          extrapolated: boolean().meta({
            description: "Outside the listed expirations: the nearest one's volatility held flat",
          }),
        }),
      ),
      iv30: volPercent("30-day constant-maturity volatility"),
      iv60: volPercent("60-day constant-maturity volatility"),
      iv90: volPercent("90-day constant-maturity volatility"),
      slope: volPoints("iv60 − iv30"),
      shape: zEnum(["contango", "backwardation", "flat"]).meta({
        description: `contango: slope ≥ ${FLAT_SLOPE_POINTS}; backwardation: slope ≤ −${FLAT_SLOPE_POINTS}; else flat`,
      }),
      earningsEvent: object({
        date: isoDay("The report's day (New York)"),
        timing: zEnum(["bmo", "amc"]).meta({
          description: "bmo: before the market opens; amc: after the close",
        }),
        reactionDate: isoDay("The session that trades on the report"),
        expirationBefore: isoDay("Last expiration before the reacting session").nullable().meta({
          description: "null when the first listed expiration already includes the event",
        }),
        expirationAfter: isoDay("First expiration on or after the reacting session"),
        baselineForwardVolatility: number().meta({
          description: "√v: the ex-event forward volatility around the event, percent, 4 decimals",
        }),
        eventVariance: number().meta({
          description: "Variance the event adds (log return), 8 decimals; ≤ 0: no bump priced",
        }),
        impliedMoveStdDevPercent: number()
          .nullable()
          .meta({ description: "√eventVariance × 100, percent, 4 decimals" }),
        expectedAbsoluteMovePercent: number()
          .nullable()
          .meta({ description: "√(2/π) · √eventVariance × 100, percent, 4 decimals" }),
      })
        .nullable()
        .meta({
          description:
            "The next earnings report when it falls within the listed expirations; null otherwise " +
            "(and for funds and indices)",
        }),
    }),
  },

  skew: {
    method: "GET",
    path: "/volatility/{code}/skew",
    auth: "key",
    errors: ["NO_CHAIN_DATA", "INSUFFICIENT_OPTION_DATA", "MARKET_DATA_UNAVAILABLE"],
    summary: "Volatility skew of one expiration: 25-delta risk reversal and butterfly",
    description:
      "For one expiration (yyyy-MM-dd): the smile interpolated linearly in call delta at three " +
      "points: the 25-delta put (callDelta 0.75, putDelta −0.25), at the money (callDelta 0.5, " +
      "putDelta −0.5: the delta-neutral straddle's strike) and the 25-delta call (callDelta " +
      "0.25); the strike at each delta is interpolated the same way. riskReversal25 = " +
      "call25Iv − put25Iv; butterfly25 = (call25Iv + put25Iv)/2 − atmIv; putSkew = put25Iv − " +
      "atmIv; callSkew = call25Iv − atmIv (volatility points); putSkewRatio = put25Iv / atmIv. " +
      "A negative risk reversal means puts are dearer than calls (the usual equity skew). " +
      "atmForwardIv is the at-the-forward volatility (as term-structure and surface list it), " +
      "which differs from the 50-delta atmIv by the smile's slope over σ²T/2 of log-moneyness. " +
      `smile lists every strike of the expiration as the surface does. ${TIME} ${SMILE} ${ATM} ` +
      `${ROUNDING} ${EXPIRY_ERRORS} 400 INVALID_PARAMETER naming expiry also when it is ` +
      "missing. 404 INSUFFICIENT_OPTION_DATA when the smile has fewer than two strikes or its " +
      `deltas do not reach 0.25 and 0.75. ${NOT_FOUND}`,
    params: object({ code: contractCode }),
    query: object({ expiry: expiryIsoDate }),
    response: statedInputs.extend({
      symbol: string(),
      expiration: isoDay("The expiration"),
      daysToExpiration,
      years,
      forward,
      put25Iv: volPercent("Volatility at the 25-delta put"),
      atmIv: volPercent("Volatility at the 50-delta (delta-neutral straddle) strike"),
      call25Iv: volPercent("Volatility at the 25-delta call"),
      put25Strike: usd("Strike of the 25-delta put, interpolated, 4 decimals"),
      atmStrike: usd("Strike of callDelta 0.5, interpolated, 4 decimals"),
      call25Strike: usd("Strike of the 25-delta call, interpolated, 4 decimals"),
      riskReversal25: volPoints("call25Iv − put25Iv"),
      butterfly25: volPoints("(call25Iv + put25Iv) / 2 − atmIv"),
      putSkew: volPoints("put25Iv − atmIv"),
      callSkew: volPoints("call25Iv − atmIv"),
      putSkewRatio: number().meta({ description: "put25Iv / atmIv, 6 decimals" }),
      atmForwardIv: ivOrNull("At-the-forward volatility"),
      smile: array(smilePoint).meta({ description: "Every strike with a volatility, ascending" }),
    }),
  },

  hvIv: {
    method: "GET",
    path: "/volatility/{code}/hv-iv",
    auth: "key",
    errors: ["NO_CHAIN_DATA", "NO_DATA", "MARKET_DATA_UNAVAILABLE"],
    summary: "Historical volatility by five estimators against the 30-day implied volatility",
    description:
      `Realised volatility over the last ${HV_WINDOWS.join(", ")} completed sessions (the ` +
      "session in progress left out) of the regular-session daily bars GET " +
      "/market/stocks/{code}/chart serves (prices to the tick). For a window of n sessions with " +
      "prices Oᵢ Hᵢ Lᵢ Cᵢ and Cᵢ₋₁ the close before: close-to-close σ² = Σ(rᵢ − r̄)²/(n − 1), rᵢ " +
      "= ln(Cᵢ/Cᵢ₋₁); Parkinson σ² = Σ ln(Hᵢ/Lᵢ)² / (4n ln 2); Garman-Klass σ² = (1/n) Σ [½ " +
      "ln(Hᵢ/Lᵢ)² − (2 ln 2 − 1) ln(Cᵢ/Oᵢ)²]; Rogers-Satchell σ² = (1/n) Σ [ln(Hᵢ/Cᵢ) ln(Hᵢ/Oᵢ) " +
      "+ ln(Lᵢ/Cᵢ) ln(Lᵢ/Oᵢ)]; Yang-Zhang σ² = σₒ² + k·σ꜀² + (1 − k)·σ²_RS with σₒ² and σ꜀² the " +
      "sample variances (n − 1) of the overnight returns ln(Oᵢ/Cᵢ₋₁) and the open-to-close " +
      "returns ln(Cᵢ/Oᵢ), σ²_RS the Rogers-Satchell variance and k = 0.34/(1.34 + (n + 1)/(n − " +
      "1)). Each is annualised as √(252·σ²) × 100 (percent). A window longer than the history " +
      "has null figures. impliedVolatility30 and the IV rank figures are exactly those of GET " +
      "/options/{code}/iv-rank (the surface's 30-day at-the-money volatility, 2 decimals, ranked " +
      `against its last ${IV_HISTORY_SESSIONS} sessions). Per window, ivMinusHv = ` +
      "impliedVolatility30 − closeToClose and ivToHvRatio = impliedVolatility30 / closeToClose; " +
      `ivHvSpread and ivHvRatio are those of the ${HV_BENCHMARK_SESSIONS}-session window, the ` +
      "one spanning about 30 calendar days as the IV does. A ratio above 1: options price more " +
      "movement than the stock has shown. Volatilities percent 4 decimals, ratios 6 decimals. " +
      "404 NO_DATA when fewer than 11 completed daily bars exist (not even the 10-session " +
      `window). ${NOT_FOUND} 503 also when the source keeps no implied-volatility history.`,
    params: object({ code: contractCode }),
    response: statedInputs.extend({
      symbol: string(),
      annualisationSessions: int().meta({ description: "Sessions per year: 252" }),
      sessionsAvailable: int().meta({ description: "Completed daily bars read (≤ 253)" }),
      windows: array(realisedWindow).meta({ description: "Shortest window first" }),
      impliedVolatility30: number().meta({
        description:
          "30-day ATM implied volatility, percent, 2 decimals (as /options/{code}/iv-rank)",
      }),
      benchmarkSessions: int().meta({
        description: `The window compared: ${HV_BENCHMARK_SESSIONS}`,
      }),
      ivHvSpread: number().nullable().meta({
        description: "impliedVolatility30 − its closeToClose, volatility points, 4 decimals",
      }),
      ivHvRatio: number()
        .nullable()
        .meta({ description: "impliedVolatility30 / its closeToClose, 6 decimals" }),
      ivRank: number().meta({ description: "As /options/{code}/iv-rank: 0-100, 4 decimals" }),
      ivPercentile: number().meta({ description: "As /options/{code}/iv-rank: 0-100, 4 decimals" }),
      ivYearHigh: number().meta({ description: "As /options/{code}/iv-rank yearHigh, percent" }),
      ivYearLow: number().meta({ description: "As /options/{code}/iv-rank yearLow, percent" }),
      ivHistoryLength: int().meta({ description: "Sessions of the IV history" }),
    }),
  },

  gex: {
    method: "GET",
    path: "/volatility/{code}/gex",
    auth: "key",
    errors: ["NO_CHAIN_DATA", "INSUFFICIENT_OPTION_DATA", "MARKET_DATA_UNAVAILABLE"],
    summary: "Dealer gamma exposure by strike, zero-gamma level, call and put walls",
    description:
      "Gamma exposure of the open interest, per strike (summed over the expirations included: " +
      "the one asked for, or every listed one when expiry is omitted): GEX = sign × Γ × OI × 100 " +
      "× S² × 0.01, the dollars of underlying the dealers must trade to stay hedged for a 1 % " +
      "move, with Γ = φ(d₁)/(Sσ√T) the Black-Scholes gamma per share at the contract's own " +
      "implied volatility (the source's, else the one repricing its mid; contracts with neither " +
      "count 0), OI its open contracts and S = underlyingLivePrice. sign is the dealers' side " +
      "under dealerConvention: long-calls-short-puts (default: customers sell calls, e.g. " +
      "covered calls, and buy puts for protection, so call GEX is positive and put GEX " +
      "negative), short-calls-long-puts, short-calls-short-puts or long-calls-long-puts. A " +
      "positive net GEX means dealers are long gamma: they sell into rallies and buy dips, " +
      "damping moves; negative means they are short gamma and trade with the move, amplifying " +
      "it (gammaRegime names the sign of the total). netGammaExposure = call + put per strike; " +
      "the totals are sums of the per-strike figures as shown. zeroGammaLevel is the spot at " +
      "which the total changes sign: every contract's gamma is re-priced (same σ and T, sticky " +
      `strike) at ${GEX_SWEEP_STEPS + 1} spots from S × ${1 - GEX_SWEEP_HALF_WIDTH} to S × ` +
      `${1 + GEX_SWEEP_HALF_WIDTH} (the profile below), and the step where the sign changes nearest ` +
      "S is bisected; null when the total keeps one sign over the sweep. callWall = the strike " +
      "with the largest |call GEX|, putWall the strike with the largest |put GEX|. USD 2 " +
      `decimals. ${TIME} ${EXPIRY_ERRORS} 400 INVALID_PARAMETER naming dealerConvention for ` +
      "another value. 404 INSUFFICIENT_OPTION_DATA when fewer than two strikes hold open " +
      `interest with an implied volatility. ${NOT_FOUND} 503 also when the source reports no ` +
      "open interest.",
    params: object({ code: contractCode }),
    query: object({
      expiry: expiryIsoDate.optional().meta({
        description: "Expiration date, yyyy-MM-dd; every listed expiration when omitted",
      }),
      dealerConvention: string()
        .trim()
        .toLowerCase()
        .pipe(zEnum(CONVENTION_NAMES, { error: `must be one of ${CONVENTION_NAMES.join(", ")}` }))
        .default("long-calls-short-puts")
        .meta({ description: `${CONVENTION_NAMES.join(", ")}; default long-calls-short-puts` }),
    }),
    response: statedInputs.extend({
      symbol: string(),
      expiration: isoDay("The expiration asked for").nullable().meta({
        description: "The expiration asked for, yyyy-MM-dd; null: every listed expiration",
      }),
      dealerConvention: zEnum(CONVENTION_NAMES).meta({ description: "As requested" }),
      callSign: int().meta({ description: "+1: dealers long the calls; −1: short" }),
      putSign: int().meta({ description: "+1: dealers long the puts; −1: short" }),
      totalCallGammaExposure: gexUsd("Σ callGammaExposure"),
      totalPutGammaExposure: gexUsd("Σ putGammaExposure"),
      totalGammaExposure: gexUsd("totalCallGammaExposure + totalPutGammaExposure"),
      gammaRegime: zEnum(["positive", "negative"]).meta({
        description: "Sign of totalGammaExposure (positive when 0): dealers long or short gamma",
      }),
      zeroGammaLevel: number()
        .nullable()
        .meta({ description: "Spot where the re-priced total changes sign, USD, 2 decimals" }),
      zeroGammaDistancePercent: number()
        .nullable()
        .meta({ description: "(zeroGammaLevel − S) / S × 100, percent, 4 decimals" }),
      callWall: number().nullable().meta({ description: "Strike of the largest |call GEX|, USD" }),
      putWall: number().nullable().meta({ description: "Strike of the largest |put GEX|, USD" }),
      strikes: array(
        object({
          strike: number().meta({ description: "Strike, USD" }),
          callOpenInterest: int().meta({
            description: "Open calls, contracts, over the expirations",
          }),
          putOpenInterest: int().meta({
            description: "Open puts, contracts, over the expirations",
          }),
          callGammaExposure: gexUsd("callSign × Σ Γ × OI × 100 × S² × 0.01 of the calls"),
          putGammaExposure: gexUsd("putSign × Σ Γ × OI × 100 × S² × 0.01 of the puts"),
          netGammaExposure: gexUsd("callGammaExposure + putGammaExposure"),
        }),
      ).meta({ description: "Every listed strike of the expirations included, ascending" }),
      expirations: array(
        object({
          expiration: isoDay("The expiration"),
          daysToExpiration,
          callGammaExposure: gexUsd("Its calls' GEX"),
          putGammaExposure: gexUsd("Its puts' GEX"),
          netGammaExposure: gexUsd("callGammaExposure + putGammaExposure"),
        }),
      ).meta({ description: "The expirations included, soonest first" }),
      profile: array(
        object({
          spot: usd("A spot of the sweep, 2 decimals"),
          totalGammaExposure: gexUsd("Total GEX re-priced at that spot"),
        }),
      ).meta({ description: "The sweep, ascending by spot" }),
    }),
  },
});
