import { array, boolean, int, number, object, string, enum as zEnum } from "zod";
import { DEFAULT_RISK_FREE_RATE_PERCENT } from "../../../../market/rates";
import { GRID_POINTS } from "../../../../quant";
import { groupRoutes } from "../../../route";

export { DEFAULT_RISK_FREE_RATE_PERCENT };

/** Bounds that keep every computation finite; far outside any listed option. */
export const LIMITS = {
  maxPrice: 1e9,
  maxDays: 36_500,
  maxVolPercent: 1_000,
  minRatePercent: -20,
  maxRatePercent: 100,
  maxLegs: 20,
  maxContracts: 1e6,
  maxMultiplier: 1e6,
} as const;

const price = (what: string) =>
  number()
    .positive(`must be a positive ${what}`)
    .max(LIMITS.maxPrice, `must be at most ${LIMITS.maxPrice}`);

/** C or P, case-insensitive, surrounding whitespace ignored; C when omitted. */
const right = string()
  .trim()
  .toUpperCase()
  .pipe(zEnum(["C", "P"], { error: "must be C or P" }))
  .default("C")
  .meta({ description: "C (call) or P (put), case-insensitive; default C" });

const days = number()
  .min(0, "must be zero or positive")
  .max(LIMITS.maxDays, `must be at most ${LIMITS.maxDays}`)
  .meta({ description: "Calendar days to expiration (years = days / 365)" });

const riskFreeRate = number()
  .min(LIMITS.minRatePercent)
  .max(LIMITS.maxRatePercent)
  .optional()
  .meta({
    description:
      "Continuously compounded, in percent (4.5 = 4.5 %); default " +
      `${DEFAULT_RISK_FREE_RATE_PERCENT} unless the deployment sets RISK_FREE_RATE_PERCENT`,
  });

const rightName = zEnum(["Call", "Put"]);

/** The calculators: pure Black-Scholes maths, no market lookup. */
export const optionsCalculatorRoutes = groupRoutes("options", {
  calculator: {
    method: "POST",
    path: "/options/calculator",
    auth: "key",
    summary: "Black-Scholes price and greeks",
    description:
      "European option, no dividends. theta is per calendar day, vega per volatility point, " +
      "rho per rate point. expectedMove is the one-sigma move S·σ·√T. intrinsic is " +
      "max(S − K, 0) for a call and max(K − S, 0) for a put, and extrinsic = theoreticalPrice − " +
      "intrinsic (negative for some deep in-the-money European puts when rates are positive).",
    body: object({
      underlyingPrice: price("price"),
      strike: price("strike"),
      daysToExpiration: days,
      impliedVolatility: number()
        .min(0, "must be zero or positive")
        .max(LIMITS.maxVolPercent, `must be at most ${LIMITS.maxVolPercent}`)
        .meta({ description: "Percent (25 = 25 %)" }),
      right,
      riskFreeRate,
    }),
    response: object({
      theoreticalPrice: number(),
      delta: number(),
      gamma: number(),
      theta: number().meta({ description: "Per calendar day" }),
      vega: number().meta({ description: "Per volatility point" }),
      rho: number().meta({ description: "Per rate point" }),
      underlyingPrice: number(),
      strike: number(),
      daysToExpiration: number(),
      impliedVolatility: number().meta({ description: "Percent" }),
      riskFreeRate: number().meta({ description: "Percent" }),
      expectedMove: number(),
      intrinsic: number(),
      extrinsic: number(),
      right: rightName,
    }),
  },
  impliedVolatility: {
    method: "POST",
    path: "/options/implied-volatility",
    auth: "key",
    summary: "Implied volatility of an option price",
    description:
      "Solved with Jäckel's \"Let's Be Rational\" (full double precision in two iterations), " +
      "not Newton-Raphson. A price outside the no-arbitrage bounds (below the discounted " +
      "intrinsic value, or at or above the underlying price for a call / the discounted strike " +
      "for a put) has no volatility: 400 INVALID_PARAMETER naming marketPrice.",
    body: object({
      marketPrice: price("price"),
      underlyingPrice: price("price"),
      strike: price("strike"),
      daysToExpiration: number()
        .positive("must be positive")
        .max(LIMITS.maxDays, `must be at most ${LIMITS.maxDays}`),
      right,
      riskFreeRate,
    }),
    response: object({
      impliedVolatility: number().meta({ description: "Percent" }),
      marketPrice: number(),
      theoreticalPrice: number().meta({ description: "Price at the solved volatility" }),
      underlyingPrice: number(),
      strike: number(),
      daysToExpiration: number(),
      riskFreeRate: number().meta({ description: "Percent" }),
      right: rightName,
    }),
  },
  pnlProfile: {
    method: "POST",
    path: "/options/pnl-profile",
    auth: "key",
    summary: "Multi-leg P&L at expiry",
    description:
      `A ${GRID_POINTS}-point curve from half the lowest of spot and strikes to 1.5 times the ` +
      "highest, spot exactly on it; exact breakevens (any price ≥ 0); maximum profit and loss " +
      "within that range, and whether each is unbounded above it; P&L at spot. Amounts in " +
      "currency: quantity × multiplier × (payoff − premium) per leg, summed.",
    body: object({
      underlyingPrice: price("price"),
      legs: array(
        object({
          quantity: number()
            .refine((q) => q !== 0, "must not be zero")
            .refine(
              (q) => Math.abs(q) <= LIMITS.maxContracts,
              `must be within ±${LIMITS.maxContracts}`,
            )
            .meta({ description: "Contracts: positive long, negative short" }),
          premium: number()
            .min(0, "must be zero or positive")
            .max(LIMITS.maxPrice)
            .meta({ description: "Per share" }),
          strike: price("strike"),
          right: string()
            .trim()
            .toUpperCase()
            .pipe(zEnum(["C", "P"], { error: "must be C or P" })),
          multiplier: number()
            .positive()
            .max(LIMITS.maxMultiplier)
            .default(100)
            .meta({ description: "Shares per contract; default 100" }),
        }),
      )
        .min(1, "must have at least one leg")
        .max(LIMITS.maxLegs, `must have at most ${LIMITS.maxLegs} legs`),
    }),
    response: object({
      underlyingPrice: number(),
      points: array(object({ underlyingPrice: number(), pnl: number() })).meta({
        description: `${GRID_POINTS} points, ascending`,
      }),
      breakevens: array(number()),
      maxProfit: number().meta({ description: "Highest P&L in the swept range" }),
      maxLoss: number().meta({ description: "Lowest P&L in the swept range (negative: a loss)" }),
      maxProfitUnbounded: boolean().meta({ description: "P&L keeps rising above the range" }),
      maxLossUnbounded: boolean().meta({ description: "P&L keeps falling above the range" }),
      pnlAtSpot: number(),
      netPremium: number().meta({ description: "Paid to open: positive debit, negative credit" }),
      legCount: int(),
    }),
  },
});
