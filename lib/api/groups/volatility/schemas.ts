import { int, iso, number, object, string, enum as zEnum } from "zod";

export { contractCode } from "../../contract-code";

/** Shared parameter and response parts of the volatility routes. */

/** An expiration as the query takes it: yyyy-MM-dd. */
export const expiryIsoDate = iso
  .date({
    error: (issue) =>
      issue.input === undefined ? "required" : "must be a date yyyy-MM-dd, e.g. 2026-12-18",
  })
  .meta({ description: "Expiration date, yyyy-MM-dd" });

/**
 * What every volatility analytic states it was computed from, so that any number can be
 * reproduced with POST /options/calculator (the same fields as the options analytics state).
 */
export const statedInputs = object({
  model: string().meta({
    description:
      'Pricing model of deltas, gammas and solved IVs: "Black-Scholes" (European, no dividends)',
  }),
  riskFreeRate: number().meta({
    description: "Risk-free rate used, percent, continuously compounded (4 = 4 %)",
  }),
  underlyingPrice: number().meta({ description: "The underlying's last trade, USD" }),
  underlyingLivePrice: number().meta({
    description:
      "The underlying's mark price (mid of its bid and ask), falling back to last, USD: the spot S " +
      "every figure here uses",
  }),
  asOf: iso
    .datetime()
    .meta({ description: "Instant the chains and history were read, ISO 8601 UTC" }),
});

export const isoDay = (description: string) =>
  string().meta({ description: `${description}, yyyy-MM-dd`, example: "2026-12-18" });

export const volPercent = (description: string) =>
  number().meta({ description: `${description}, annualised, percent (25 = 25 %), 4 decimals` });

export const volPoints = (description: string) =>
  number().meta({ description: `${description}, volatility points (percent), 4 decimals` });

export const usd = (description: string) => number().meta({ description: `${description}, USD` });

export const daysToExpiration = int().meta({
  description: "Calendar days from today (New York) to the expiration, 0 on the expiration day",
});

export const years = number().meta({
  description: "The model's time T = max(1, daysToExpiration) / 365, years, 6 decimals",
});

export const forward = number().meta({
  description: "Forward F = underlyingLivePrice · e^{rT}, USD, 4 decimals",
});

export const side = zEnum(["call", "put"]).meta({
  description:
    "The contract the volatility is read from: the put below the forward, the call at or above it",
});

/** One strike of a smile, as the surface and the skew list it. */
export const smilePoint = object({
  strike: number().meta({ description: "Strike K, USD" }),
  moneyness: number().meta({ description: "K / underlyingLivePrice, 6 decimals" }),
  logMoneyness: number().meta({ description: "ln(K / F), 6 decimals" }),
  callDelta: number().meta({
    description: "Black-Scholes call delta N(d₁) at impliedVolatility, 0-1, 6 decimals",
  }),
  putDelta: number().meta({ description: "callDelta − 1 (no dividends), 6 decimals" }),
  impliedVolatility: volPercent(
    "The out-of-the-money contract's implied volatility: the source's, else the one repricing its mid",
  ),
  side,
  contract: string().meta({
    description: "OCC symbol of that contract",
    example: "AAPL261218P00190000",
  }),
  callOpenInterest: int().nullable().meta({
    description: "Open calls at the strike, contracts; null when not listed or not reported",
  }),
  putOpenInterest: int().nullable().meta({
    description: "Open puts at the strike, contracts; null when not listed or not reported",
  }),
});
