import { array, int, iso, number, object, type RefinementCtx, string } from "zod";
import { groupRoutes } from "../../../route";
import {
  amountAndPercent,
  benchmarkCode,
  drawdown,
  heldCode,
  LIMITS,
  pricesUsed,
  quantity,
  riskFreeRate,
  weightPercent,
} from "./schemas";

export const ANALYZE_LIMITS = {
  maxPositions: 100,
  minLookbackDays: 20,
  maxLookbackDays: 1260,
  defaultLookbackDays: 252,
  defaultPortfolioValue: 100_000,
} as const;

const position = object({
  symbol: heldCode,
  quantity: quantity
    .optional()
    .meta({ description: "Shares held (fractional allowed); give quantity or weight, not both" }),
  weight: weightPercent.optional(),
});

type Position = { quantity?: number | undefined; weight?: number | undefined };

const basisOf = (p: Position) => (p.quantity !== undefined ? "quantity" : "weight");

/**
 * One basis for the whole portfolio: every position by quantity or every one by weight, each
 * with exactly one of them; weights summing to 100; portfolioValue only with weights.
 */
function checkBasis(
  body: { positions: Position[]; portfolioValue?: number | undefined },
  ctx: RefinementCtx,
) {
  const first = body.positions[0];
  body.positions.forEach((p, i) => {
    if (p.quantity === undefined && p.weight === undefined) {
      ctx.addIssue({ code: "custom", message: "needs quantity or weight", path: ["positions", i] });
    } else if (p.quantity !== undefined && p.weight !== undefined) {
      const message = "give quantity or weight, not both";
      ctx.addIssue({ code: "custom", message, path: ["positions", i, "weight"] });
    } else if (first && basisOf(p) !== basisOf(first)) {
      const message = `must give ${basisOf(first)} like positions[0]: all positions by quantity or all by weight`;
      ctx.addIssue({ code: "custom", message, path: ["positions", i, basisOf(p)] });
    }
  });
  const weights = body.positions.map((p) => p.weight);
  if (weights.every((w) => w !== undefined)) {
    const sum = weights.reduce((total, w) => total + w, 0);
    if (Math.abs(sum - 100) > LIMITS.weightSumTolerance) {
      const message = `weights sum to ${Number(sum.toFixed(4))}; they must sum to 100`;
      ctx.addIssue({ code: "custom", message, path: ["positions"] });
    }
  } else if (body.portfolioValue !== undefined) {
    const message = "only with weights: quantities are valued at live prices";
    ctx.addIssue({ code: "custom", message, path: ["portfolioValue"] });
  }
}

const holding = object({
  symbol: string().meta({ description: "Ticker" }),
  code: string().meta({ description: "Contract code" }),
  name: string(),
  sector: string().meta({
    description: 'Sector ("ETF" for funds; "Unknown" when the source has none)',
  }),
  quantity: number().meta({ description: "Shares: as given, or value × weight / livePrice" }),
  livePrice: number().meta({ description: "The served quote's livePrice (mark, else last), USD" }),
  marketValue: number().meta({ description: "quantity × livePrice, USD" }),
  weightPercent: number().meta({ description: "marketValue / value × 100" }),
  returnPercent: number().meta({
    description: "Price return over the window: (last / first close − 1) × 100",
  }),
  annualisedVolatilityPercent: number().meta({
    description: "σ(daily simple returns) × √252 × 100",
  }),
  beta: number().nullable().meta({
    description:
      "OLS slope of its daily returns on the benchmark's; null when the benchmark is flat",
  }),
});

const riskContributor = object({
  symbol: string(),
  code: string(),
  weightPercent: number(),
  marginalContributionPercent: number().meta({
    description: "∂σ_p/∂wᵢ = (Σw)ᵢ / σ_p, annualised (× √252), percent",
  }),
  contributionPercent: number().meta({
    description:
      "wᵢ (Σw)ᵢ / σ_p, annualised, volatility points (they sum to the portfolio's volatility)",
  }),
  shareOfRiskPercent: number().meta({
    description: "contribution / σ_p × 100 (they sum to 100; negative: the holding diversifies)",
  }),
});

/** Risk and return of a set of positions over a look-back window. */
export const portfolioAnalyzeRoutes = groupRoutes("portfolio", {
  analyze: {
    method: "POST",
    path: "/portfolio/analyze",
    auth: "key",
    summary: "Risk and return of a portfolio: VaR, CVaR, Sharpe, beta, drawdown, correlations",
    description:
      "The risk of today's holdings over the past `lookbackDays` completed sessions (historical " +
      "simulation: weights held constant, i.e. rebalanced daily, the standard for VaR).\n\n" +
      "**Positions**: 1-100, each `{symbol, quantity}` or each `{symbol, weight}` (percent, summing " +
      "to 100 ± 0.01); a mix of the two, or both in one position, is 400 naming the position. " +
      "Quantities are valued at the live price (the served quote's livePrice); weights are applied " +
      "to `portfolioValue` (default 100,000 USD). The same code twice is one holding (quantities or " +
      "weights added). Long only. Symbols are contract codes SYMBOL_EXCHANGE of stocks and ETFs: a " +
      "bare ticker, an unknown code, or another kind of contract (crypto, futures and indices " +
      "trade on other calendars or not at all) is 400 naming the field; the benchmark may also be " +
      "an index. A holding with fewer than lookbackDays + 1 completed sessions of history is 400 " +
      "naming it.\n\n" +
      "**Data**: daily regular-session closes (to the tick, not adjusted for dividends: price " +
      "returns), of the sessions every holding and the benchmark share, ending with the last " +
      "completed session; rᵢ,ₜ = Cᵢ,ₜ / Cᵢ,ₜ₋₁ − 1; portfolio r_p,t = Σ wᵢ rᵢ,ₜ; n = lookbackDays " +
      "returns.\n\n" +
      "**Formulas** (252 sessions a year; r_f = e^(rate/100/252) − 1 per day, rate the annual " +
      "continuously compounded risk-free rate in percent):\n" +
      "- annualised return = (Π(1 + r_p,t))^(252/n) − 1; annualised volatility = s(r_p) · √252, s " +
      "the sample standard deviation (n − 1);\n" +
      "- beta = OLS slope of r_p on the benchmark's daily returns; correlation = Pearson's;\n" +
      "- historical VaR_c = −Q(1 − c) of r_p (empirical quantile, linear interpolation between " +
      "order statistics, R type 7); CVaR95 (expected shortfall) = −mean of the returns at or " +
      "below Q(0.05); parametric (normal) VaR_c = z_c · s − mean(r_p), z95 = 1.644854, z99 = " +
      "2.326348; all one-day, as a percent of value and in USD (× value);\n" +
      "- Sharpe = (mean(r_p) − r_f) / s · √252; Sortino = (mean(r_p) − r_f) / DD · √252, DD = " +
      "√(Σ min(0, r_p,t − r_f)² / n);\n" +
      "- maximum drawdown of Vₜ = Π(1 + r_p) over the window, with the peak, trough and recovery " +
      "sessions;\n" +
      "- correlation matrix: Pearson correlations of the holdings' daily log returns ln(Cₜ/Cₜ₋₁) " +
      "(null for a constant series);\n" +
      "- risk contributors: Euler contributions to volatility, from the sample covariance Σ of " +
      "the holdings' daily returns: σ_p = √(wᵀΣw), contributionᵢ = wᵢ(Σw)ᵢ/σ_p (they sum to σ_p), " +
      "shareᵢ = contributionᵢ/σ_p; every holding, largest share first.",
    body: object({
      positions: array(position)
        .min(1, "must have at least one position")
        .max(
          ANALYZE_LIMITS.maxPositions,
          `must have at most ${ANALYZE_LIMITS.maxPositions} positions`,
        ),
      benchmark: benchmarkCode,
      lookbackDays: int("must be a whole number of sessions")
        .min(ANALYZE_LIMITS.minLookbackDays, `must be at least ${ANALYZE_LIMITS.minLookbackDays}`)
        .max(ANALYZE_LIMITS.maxLookbackDays, `must be at most ${ANALYZE_LIMITS.maxLookbackDays}`)
        .default(ANALYZE_LIMITS.defaultLookbackDays)
        .meta({
          description:
            `Daily returns (completed sessions) in the window, ${ANALYZE_LIMITS.minLookbackDays}-` +
            `${ANALYZE_LIMITS.maxLookbackDays}; default ${ANALYZE_LIMITS.defaultLookbackDays} (a year)`,
        }),
      portfolioValue: number()
        .positive("must be positive")
        .max(LIMITS.maxMoney, `must be at most ${LIMITS.maxMoney}`)
        .optional()
        .meta({
          description: `USD the weights apply to; default ${ANALYZE_LIMITS.defaultPortfolioValue}; only with weights`,
        }),
      riskFreeRate,
    }).superRefine(checkBasis),
    errors: ["MARKET_DATA_UNAVAILABLE"],
    response: object({
      asOf: iso.datetime().meta({ description: "The market clock's instant, ISO 8601 UTC" }),
      value: number().meta({ description: "Σ marketValue, USD" }),
      holdings: array(holding).meta({ description: "Largest weight first" }),
      sectorExposure: array(
        object({
          sector: string(),
          weightPercent: number(),
          holdings: int().meta({ description: "Holdings in the sector" }),
        }),
      ).meta({ description: "Largest weight first" }),
      window: object({
        from: string().meta({ description: "First close of the window, yyyy-MM-dd" }),
        to: string().meta({ description: "Last close: the last completed session, yyyy-MM-dd" }),
        returns: int().meta({ description: "Daily returns used (lookbackDays)" }),
        pricesUsed,
      }),
      benchmark: object({
        symbol: string(),
        code: string(),
        name: string(),
        annualisedReturnPercent: number(),
        annualisedVolatilityPercent: number(),
      }),
      riskFreeRate: number().meta({ description: "Annual, continuously compounded, percent" }),
      annualisedReturnPercent: number().meta({ description: "(Π(1 + r_p))^(252/n) − 1, percent" }),
      annualisedVolatilityPercent: number().meta({ description: "s(r_p) · √252, percent" }),
      beta: number()
        .nullable()
        .meta({ description: "To the benchmark; null when the benchmark is flat" }),
      correlationToBenchmark: number().nullable(),
      sharpeRatio: number().nullable().meta({ description: "null when the returns are constant" }),
      sortinoRatio: number().nullable().meta({ description: "null without a return below r_f" }),
      valueAtRisk: object({
        horizonDays: int().meta({ description: "1: one-day losses" }),
        historical95: amountAndPercent("Historical VaR at 95 %"),
        historical99: amountAndPercent("Historical VaR at 99 %"),
        parametric95: amountAndPercent("Parametric (normal) VaR at 95 %"),
        parametric99: amountAndPercent("Parametric (normal) VaR at 99 %"),
        conditional95: amountAndPercent("Historical CVaR (expected shortfall) at 95 %"),
      }).meta({ description: "Losses are positive" }),
      drawdown,
      correlationMatrix: object({
        codes: array(string()).meta({ description: "Row and column order" }),
        matrix: array(array(number().nullable())).meta({
          description: "Pearson correlations of daily log returns; null for a constant series",
        }),
      }),
      riskContributors: object({
        method: string().meta({ description: '"Euler contribution to volatility"' }),
        portfolioVolatilityPercent: number().meta({ description: "σ_p annualised, percent" }),
        items: array(riskContributor).meta({ description: "Largest share of risk first" }),
      }),
    }),
  },
});
