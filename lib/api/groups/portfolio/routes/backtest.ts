import {
  array,
  boolean,
  int,
  iso,
  number,
  object,
  type RefinementCtx,
  string,
  enum as zEnum,
} from "zod";
import { groupRoutes } from "../../../route";
import {
  benchmarkCode,
  drawdown,
  heldCode,
  isoDay,
  LIMITS,
  pricesUsed,
  riskFreeRate,
  weightPercent,
} from "./schemas";

export const BACKTEST_LIMITS = {
  maxHoldings: 20,
  /** The earliest start: the history every source here serves. */
  earliestStart: "2000-01-01",
  /** A window needs this many sessions (20 daily returns). */
  minSessions: 21,
  /** Longer windows show weekly points on the equity curve (about two years). */
  maxDailyPoints: 504,
  defaultCapital: 10_000,
} as const;

export const REBALANCE = ["none", "monthly", "quarterly"] as const;

type Body = {
  symbols?: string[] | undefined;
  weights?: { symbol: string; weight: number }[] | undefined;
  start: string;
  end?: string | undefined;
};

/** symbols or weights (one of them), no code twice, weights summing to 100, start before end. */
function checkHoldings(body: Body, ctx: RefinementCtx) {
  const issue = (message: string, ...path: (string | number)[]) =>
    ctx.addIssue({ code: "custom", message, path });
  if (body.symbols && body.weights) issue("give symbols or weights, not both", "weights");
  if (!body.symbols && !body.weights)
    issue("required: give symbols (equal weights) or weights", "symbols");
  const named = body.symbols?.map((code) => ({ code, path: ["symbols"] as (string | number)[] }));
  const weighted = body.weights?.map((w) => ({
    code: w.symbol,
    path: ["weights"] as (string | number)[],
  }));
  const seen = new Map<string, number>();
  (named ?? weighted ?? []).forEach(({ code, path }, i) => {
    const first = seen.get(code);
    const field = path[0] === "symbols" ? [...path, i] : [...path, i, "symbol"];
    if (first !== undefined) issue(`repeats ${code} (${String(path[0])}[${first}])`, ...field);
    else seen.set(code, i);
  });
  if (body.weights) {
    const sum = body.weights.reduce((total, w) => total + w.weight, 0);
    if (Math.abs(sum - 100) > LIMITS.weightSumTolerance) {
      issue(`weights sum to ${Number(sum.toFixed(4))}; they must sum to 100`, "weights");
    }
  }
  if (body.start < BACKTEST_LIMITS.earliestStart) {
    issue(`must be ${BACKTEST_LIMITS.earliestStart} or later`, "start");
  }
  if (body.end !== undefined && body.end <= body.start) issue("must be after start", "end");
}

const yearFigure = object({
  year: int(),
  returnPercent: number(),
  partial: boolean().meta({ description: "The window covers only part of the year" }),
});

const figures = object({
  finalValue: number().meta({ description: "USD at the last session's close" }),
  totalReturnPercent: number().meta({ description: "(final / initial − 1) × 100" }),
  cagrPercent: number().meta({
    description: "((final / initial)^(365.25 / calendar days from start to end) − 1) × 100",
  }),
  annualisedVolatilityPercent: number().meta({ description: "s(daily returns) · √252 × 100" }),
  sharpeRatio: number().nullable(),
  sortinoRatio: number().nullable(),
  drawdown,
  bestYear: yearFigure
    .nullable()
    .meta({ description: "Highest annual return (partial years included)" }),
  worstYear: yearFigure
    .nullable()
    .meta({ description: "Lowest annual return (partial years included)" }),
});

/** A portfolio replayed on daily closes, against a benchmark. */
export const portfolioBacktestRoutes = groupRoutes("portfolio", {
  backtest: {
    method: "POST",
    path: "/portfolio/backtest",
    auth: "key",
    summary: "Backtest a weighted portfolio with rebalancing, against a benchmark",
    description:
      "Replays a portfolio on daily closes from `start` to `end` (default: the last completed " +
      "session), against a benchmark held alone.\n\n" +
      "**Holdings**: `symbols` (1-20 codes, equal weights) or `weights` (1-20 `{symbol, weight}`, " +
      "percent summing to 100 ± 0.01), not both; stocks and ETFs (the benchmark may also be an " +
      "index), as contract codes SYMBOL_EXCHANGE (a bare ticker is refused). 400 names the field " +
      "for an unknown code (a missing symbol), and names the symbol and the date for insufficient " +
      "history: no close on the window's first session (its history starts later) or on its last. " +
      "The window's sessions are those on or after start and on or before end on which every " +
      "holding and the benchmark have a close; at least 21 (20 daily returns). start from " +
      `${BACKTEST_LIMITS.earliestStart}; end after start and not after the last completed session.\n\n` +
      "**Simulation**: bought at the target weights at the first session's close with " +
      "`initialCapital` (default 10,000 USD); fractional shares, no costs, no cash. `rebalance`: " +
      "`none` (buy and hold: weights drift), `monthly` (reset to the targets at the close of each " +
      "month's last session in the window) or `quarterly` (of March, June, September and " +
      "December's); never at the last session. Prices: daily regular-session closes to the tick, " +
      "not adjusted for dividends; returns are price returns, dividends are not counted or " +
      "reinvested (a one-stock buy and hold ends at initialCapital × last close / first close).\n\n" +
      "**Figures** (portfolio and benchmark alike; rₜ = Vₜ/Vₜ₋₁ − 1 daily, n returns, r_f = " +
      "e^(rate/100/252) − 1): CAGR = (V_end/V_0)^(365.25/calendar days) − 1; annualised volatility " +
      "= s(r) · √252 (sample, n − 1); Sharpe = (mean(r) − r_f) / s · √252; Sortino = (mean(r) − " +
      "r_f) / √(Σ min(0, rₜ − r_f)² / n) · √252; maximum drawdown with its peak, trough and " +
      "recovery sessions. Annual returns run from the previous year's last session in the window " +
      "(or the first session) to the year's last; a year the window does not cover whole is " +
      "`partial`. Best and worst years are over those listed.\n\n" +
      "**Equity curve**: every session's close when the window holds at most 504 sessions (about " +
      "two years), else weekly: the first session and the last session of each week (Monday to " +
      "Friday). The figures always use every session.",
    body: object({
      symbols: array(heldCode)
        .min(1, "must have at least one symbol")
        .max(
          BACKTEST_LIMITS.maxHoldings,
          `must have at most ${BACKTEST_LIMITS.maxHoldings} symbols`,
        )
        .optional()
        .meta({ description: "Held at equal weights; or give weights" }),
      weights: array(object({ symbol: heldCode, weight: weightPercent }))
        .min(1, "must have at least one weight")
        .max(
          BACKTEST_LIMITS.maxHoldings,
          `must have at most ${BACKTEST_LIMITS.maxHoldings} weights`,
        )
        .optional()
        .meta({ description: "Target weights; or give symbols" }),
      start: isoDay.meta({
        description: `First day, yyyy-MM-dd, ${BACKTEST_LIMITS.earliestStart} or later`,
      }),
      end: isoDay.optional().meta({
        description: "Last day, yyyy-MM-dd; default the last completed session",
      }),
      rebalance: zEnum(REBALANCE, { error: "must be none, monthly or quarterly" }).meta({
        description: "none (buy and hold), monthly or quarterly",
      }),
      initialCapital: number()
        // Below a dollar the holdings' values underflow toward zero (5e-324 made NaN weights).
        .min(1, "must be at least 1 (USD)")
        .max(LIMITS.maxMoney, `must be at most ${LIMITS.maxMoney}`)
        .default(BACKTEST_LIMITS.defaultCapital)
        .meta({ description: `USD, at least 1; default ${BACKTEST_LIMITS.defaultCapital}` }),
      benchmark: benchmarkCode,
      riskFreeRate,
    }).superRefine(checkHoldings),
    errors: ["MARKET_DATA_UNAVAILABLE"],
    response: object({
      asOf: iso.datetime().meta({ description: "The market clock's instant, ISO 8601 UTC" }),
      start: string().meta({ description: "First session of the window, yyyy-MM-dd" }),
      end: string().meta({ description: "Last session of the window, yyyy-MM-dd" }),
      sessions: int(),
      rebalance: zEnum(REBALANCE),
      rebalances: int().meta({ description: "Times the holdings were reset to the targets" }),
      initialCapital: number(),
      riskFreeRate: number().meta({ description: "Annual, continuously compounded, percent" }),
      pricesUsed,
      holdings: array(
        object({
          symbol: string(),
          code: string(),
          name: string(),
          targetWeightPercent: number(),
          finalWeightPercent: number().meta({ description: "Weight at the last close" }),
        }),
      ),
      portfolio: figures,
      benchmark: object({ symbol: string(), code: string(), name: string(), ...figures.shape }),
      annualReturns: array(
        object({
          year: int(),
          portfolioReturnPercent: number(),
          benchmarkReturnPercent: number(),
          partial: boolean(),
        }),
      ),
      equityCurve: object({
        frequency: zEnum(["daily", "weekly"]),
        points: array(
          object({
            date: string().meta({ description: "yyyy-MM-dd" }),
            value: number().meta({ description: "Portfolio value at the close, USD" }),
            benchmarkValue: number().meta({
              description: "initialCapital in the benchmark alone, USD",
            }),
          }),
        ),
      }),
    }),
  },
});
