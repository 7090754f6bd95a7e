import { iso, number, object, string } from "zod";
import { contractCode } from "../../../contract-code";

/** Shared parameters and resources of the portfolio routes. */

/** The benchmark when a request names none: the S&P 500 ETF. */
export const DEFAULT_BENCHMARK = "SPY_ARCA";

/** Bounds that keep every computation finite and every answer a sensible size. */
export const LIMITS = {
  /**
   * Smallest quantity and price: a satoshi, and below any listed token's price. Without a floor
   * a price of 5e-324 made a lot's return infinite, which JSON writes as null.
   */
  minQuantity: 1e-8,
  maxQuantity: 1e9,
  minPrice: 1e-8,
  maxPrice: 1e9,
  maxMoney: 1e12,
  minRatePercent: -20,
  maxRatePercent: 100,
  /** Weights (percent) must sum to 100 within this. */
  weightSumTolerance: 0.01,
} as const;

/** A contract code a body names: SYMBOL_EXCHANGE only (bare tickers are refused, see the docs). */
export const heldCode = contractCode.meta({
  description:
    "Contract code SYMBOL_EXCHANGE, e.g. AAPL_NASDAQ; a bare ticker is refused (GET " +
    "/market/exchanges/{symbol} lists a ticker's codes)",
});

export const benchmarkCode = heldCode.default(DEFAULT_BENCHMARK).meta({
  description: `Benchmark contract code: a stock, ETF or index; default ${DEFAULT_BENCHMARK} (the S&P 500 ETF)`,
});

export const riskFreeRate = number()
  .min(LIMITS.minRatePercent, `must be at least ${LIMITS.minRatePercent}`)
  .max(LIMITS.maxRatePercent, `must be at most ${LIMITS.maxRatePercent}`)
  .optional()
  .meta({
    description:
      "Annual risk-free rate for Sharpe and Sortino, continuously compounded, percent (4 = 4 %); " +
      "default the deployment's (RISK_FREE_RATE_PERCENT, 4 unless set)",
  });

/** Shares or coins held or traded: fractional allowed, within LIMITS. */
export const quantity = number()
  .min(LIMITS.minQuantity, `must be at least ${LIMITS.minQuantity}`)
  .max(LIMITS.maxQuantity, `must be at most ${LIMITS.maxQuantity}`);

/** A price per unit, USD, within LIMITS. */
export const unitPrice = number()
  .min(LIMITS.minPrice, `must be at least ${LIMITS.minPrice}`)
  .max(LIMITS.maxPrice, `must be at most ${LIMITS.maxPrice}`);

/** A weight in percent of the portfolio. */
export const weightPercent = number()
  .positive("must be positive")
  .max(100, "must be at most 100")
  .meta({ description: "Percent of the portfolio (25 = 25 %); all weights sum to 100" });

export const isoDay = iso.date({ error: "must be a date yyyy-MM-dd, e.g. 2021-01-04" });

export const amountAndPercent = (what: string) =>
  object({
    lossPercent: number().meta({ description: `${what}, percent of the portfolio's value` }),
    lossAmount: number().meta({ description: `${what}, USD (value × lossPercent / 100)` }),
  });

export const drawdown = object({
  maxDrawdownPercent: number().meta({
    description: "Deepest fall from a running peak: max over t of (1 − Vₜ / max_{s≤t} V_s) × 100",
  }),
  peakDate: string().meta({
    description: "Session of the peak before the deepest fall, yyyy-MM-dd",
  }),
  troughDate: string().meta({ description: "Session of the deepest point, yyyy-MM-dd" }),
  recoveryDate: string().nullable().meta({
    description: "First session after the trough back at or above the peak; null: not recovered",
  }),
});

export const pricesUsed = string().meta({
  description:
    "What the returns are computed from: the daily regular-session closes the bars port serves " +
    "(GET /market/stocks/{code}/chart?period=5), to the tick, not adjusted for dividends",
});
