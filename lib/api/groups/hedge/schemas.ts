import {
  array,
  int,
  iso,
  number,
  object,
  type RefinementCtx,
  string,
  union,
  enum as zEnum,
} from "zod";

/** Request and response parts the hedge routes share. */

export const LIMITS = {
  maxPositions: 20,
  maxHedgeLegs: 20,
  maxShares: 10_000_000,
  maxContracts: 100_000,
  maxStrike: 1_000_000,
  maxPrice: 1_000_000,
  maxHorizonDays: 1095,
} as const;

/** A ticker (AAPL, BRK.B) or a contract code (AAPL_NASDAQ), case-insensitive. */
export const symbolField = string()
  .trim()
  .toUpperCase()
  .regex(
    /^[A-Z0-9][A-Z0-9.\-/]{0,15}(_[A-Z0-9]{1,12})?$/,
    "must be a ticker (AAPL) or a contract code (AAPL_NASDAQ)",
  )
  .meta({
    description:
      "A ticker (AAPL: the stock or ETF listed under it) or a contract code SYMBOL_EXCHANGE (AAPL_NASDAQ)",
  });

// number() with a refinement rather than int(): a failed int() aborts the union's array
// option, and the message would name only `positions`, not the quantity.
const shares = number()
  .refine(Number.isInteger, "must be a whole number of shares")
  .refine((q) => q !== 0, "must not be zero")
  .refine((q) => Math.abs(q) <= LIMITS.maxShares, `must be within ±${LIMITS.maxShares}`);

const stockPosition = object({
  symbol: symbolField,
  quantity: shares.meta({ description: "Shares: positive long, negative short" }),
});

/** A list of positions, or one position alone. */
export const positionsField = union(
  [
    array(stockPosition)
      .min(1, "must have at least one position")
      .max(LIMITS.maxPositions, `must have at most ${LIMITS.maxPositions} positions`),
    stockPosition,
  ],
  { error: "must be a position {symbol, quantity} or a list of 1-20 of them" },
)
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .meta({ description: "Stock positions: a list of 1-20, or a single {symbol, quantity}" });

/** call or put (spec fact 10), case-insensitive; anything else is 400 naming optionType. */
export const optionTypeField = string({ error: "required: call or put" })
  .trim()
  .toLowerCase()
  .pipe(zEnum(["call", "put"], { error: "must be call or put" }))
  .meta({
    description:
      "The option kind the hedge is built on: put (protective puts, put spreads and collars for long positions, a covered put for a short one, SPY puts for a long book) or call (protective calls, call spreads and short collars for short positions, a covered call for a long one, SPY calls for a short book)",
  });

/** C or P, case-insensitive. */
const rightField = string()
  .trim()
  .toUpperCase()
  .pipe(zEnum(["C", "P"], { error: "must be C or P" }));

const OCC = /^([A-Z]{1,6})(\d{6})([CP])(\d{8})$/;

/** An OCC contract symbol, e.g. AAPL261218P00185000. */
export const occField = string()
  .trim()
  .toUpperCase()
  .regex(OCC, "must be an OCC contract symbol, e.g. AAPL261218P00185000")
  .meta({ description: "OCC contract symbol: root, yyMMdd, C or P, strike × 1000 in 8 digits" });

/** root, yyyy-MM-dd, right and strike of an OCC symbol already validated. */
export function parseOcc(symbol: string) {
  const [, root, date, right, strike] = OCC.exec(symbol) as unknown as [
    string,
    string,
    string,
    "C" | "P",
    string,
  ];
  return {
    root,
    expiration: `20${date.slice(0, 2)}-${date.slice(2, 4)}-${date.slice(4, 6)}`,
    right,
    strike: Number(strike) / 1000,
  };
}

const LEG_FORMS =
  "A stock leg {symbol, quantity (shares)}; an option leg {contract (OCC), quantity (contracts)} " +
  "or {symbol, right, strike, expiry, quantity (contracts)}. Quantities are signed: positive " +
  "long (bought), negative short (written).";

/** The fields of a leg as a client writes it: stock, option by OCC symbol, or option by terms. */
const legFields = {
  symbol: symbolField.optional(),
  contract: occField.optional(),
  right: rightField.optional().meta({ description: "C or P, with symbol, strike and expiry" }),
  strike: number()
    .positive("must be positive")
    .max(LIMITS.maxStrike, `must be at most ${LIMITS.maxStrike}`)
    .optional()
    .meta({ description: "USD, with symbol, right and expiry" }),
  expiry: iso
    .date({ error: "must be a date yyyy-MM-dd, e.g. 2026-12-18" })
    .optional()
    .meta({ description: "Expiration, yyyy-MM-dd, with symbol, right and strike" }),
  quantity: int("must be a whole number")
    .refine((q) => q !== 0, "must not be zero")
    .refine((q) => Math.abs(q) <= LIMITS.maxShares, `must be within ±${LIMITS.maxShares}`)
    .meta({ description: "Shares for a stock leg, contracts for an option leg; signed" }),
};

interface LegShape {
  symbol?: string | undefined;
  contract?: string | undefined;
  right?: string | undefined;
  strike?: number | undefined;
  expiry?: string | undefined;
  quantity: number;
  price?: number | undefined;
}

/** One form per leg: contract alone, or symbol with all or none of right, strike and expiry. */
function checkLegForm(leg: LegShape, context: RefinementCtx<LegShape>): void {
  const terms = (["right", "strike", "expiry"] as const).filter((k) => leg[k] !== undefined);
  const problem = (path: string, message: string) =>
    context.addIssue({ code: "custom", path: [path], message });
  if (leg.contract !== undefined) {
    for (const key of ["symbol", ...terms] as const) {
      if (leg[key] !== undefined) problem(key, "not allowed with contract");
    }
  } else if (leg.symbol === undefined) {
    problem("symbol", "required (or contract)");
  } else if (terms.length > 0 && terms.length < 3) {
    for (const key of ["right", "strike", "expiry"] as const) {
      if (leg[key] === undefined) problem(key, "required with right, strike and expiry");
    }
  }
  const isOption = leg.contract !== undefined || terms.length > 0;
  if (isOption && Math.abs(leg.quantity) > LIMITS.maxContracts) {
    problem("quantity", `must be within ±${LIMITS.maxContracts} contracts`);
  }
  if (!isOption && leg.price !== undefined) {
    problem("price", "applies to option legs only (stock is carried at its live price)");
  }
}

export const positionLeg = object(legFields)
  .superRefine(checkLegForm)
  .meta({ description: LEG_FORMS });

export const hedgeLeg = object({
  ...legFields,
  price: number()
    .min(0, "must be zero or positive")
    .max(LIMITS.maxPrice, `must be at most ${LIMITS.maxPrice}`)
    .optional()
    .meta({
      description:
        "Option legs only: USD per share paid or received; default the ask to buy, the bid to sell",
    }),
})
  .superRefine(checkLegForm)
  .meta({ description: LEG_FORMS });

// --- Response parts ---------------------------------------------------------------------------

const usd = (description: string) => number().meta({ description: `USD. ${description}` });
const nullableUsd = (description: string) =>
  number()
    .nullable()
    .meta({ description: `USD; null when unbounded. ${description}` });

const priceAtMove = object({
  symbol: string(),
  code: string(),
  price: number().meta({ description: "USD, 4 decimals" }),
});

export const pricedMove = object({
  movePercent: number().meta({
    description: "Move of the scenario basis's reference, percent (−10 = a 10 % fall)",
  }),
  prices: array(priceAtMove).meta({ description: "Each underlying's price at that move" }),
});

const deltaRow = object({
  symbol: string(),
  code: string(),
  deltaShares: number().meta({ description: "Share equivalents of the underlying, 6 decimals" }),
  deltaDollars: usd("deltaShares × price"),
  beta: number().meta({ description: "Realised beta to SPY over 60 sessions, 6 decimals" }),
});

export const deltaFigures = object({
  byUnderlying: array(deltaRow),
  deltaDollars: usd("Σ deltaShares × price"),
  betaWeightedDeltaDollars: usd("Σ β × deltaShares × price"),
  betaWeightedDeltaSpyShares: number().meta({
    description: "betaWeightedDeltaDollars / SPY's price: SPY shares of the same market exposure",
  }),
});

export const scenarioRow = pricedMove.extend({
  unhedgedPnl: usd("The positions alone, at expiry"),
  hedgePnl: usd("The hedge legs alone, premiums included, at expiry"),
  hedgedPnl: usd("Positions and hedge, at expiry"),
});

export const optionLegOut = object({
  kind: zEnum(["option"]),
  contract: string().meta({ description: "OCC contract symbol" }),
  symbol: string(),
  code: string().meta({ description: "The underlying's contract code" }),
  expiration: string().meta({ description: "yyyy-MM-dd" }),
  right: zEnum(["C", "P"]),
  strike: number(),
  action: zEnum(["buy", "sell"]),
  quantity: int().meta({ description: "Contracts, signed: positive bought, negative sold" }),
  multiplier: int().meta({ description: "Shares per contract" }),
  price: number().meta({ description: "USD per share paid (buy) or received (sell)" }),
  priceSource: zEnum(["ask", "bid", "mid", "stated"]).meta({
    description:
      "ask: a hedge leg bought; bid: a hedge leg sold; mid: an option the book holds, carried at the mid; stated: the price the request gave",
  }),
  bid: number(),
  ask: number(),
  cashFlow: usd("−quantity × multiplier × price: negative paid, positive received"),
  impliedVolatility: number()
    .nullable()
    .meta({ description: "Percent: the source's, else the one repricing the mid; null if none" }),
  delta: number().meta({
    description: "Black-Scholes delta per share at that volatility, 6 decimals",
  }),
});

export const stockLegOut = object({
  kind: zEnum(["stock"]),
  symbol: string(),
  code: string(),
  quantity: int().meta({ description: "Shares, signed" }),
  price: number().meta({ description: "The live price, USD per share" }),
  value: usd("quantity × price"),
});

export const legOut = union([stockLegOut, optionLegOut]);

/** What the hedge endpoints say about one hedge on the book. */
export const hedgeFigures = {
  netCost: usd("Cash to open the hedge: positive a debit, negative a credit"),
  costPercent: number().meta({ description: "netCost / notional × 100" }),
  costPercentAnnualised: number().meta({
    description: "costPercent × 365 / daysToExpiration",
  }),
  protectionStart: pricedMove.nullable().meta({
    description:
      "Where the hedge starts paying against the book's exposure (a put's strike); null when it never does (a covered call)",
  }),
  protectionEnd: pricedMove.nullable().meta({
    description: "Where it stops paying (a spread's far strike); null when it never stops",
  }),
  floor: nullableUsd("The least the positions and hedge are worth at expiry: value + maxLoss"),
  cap: nullableUsd("The most they are worth at expiry: value + maxGain"),
  maxLoss: nullableUsd("Lowest P&L at expiry over every move (negative: a loss)"),
  maxGain: nullableUsd("Highest P&L at expiry over every move"),
  breakevens: array(pricedMove).meta({ description: "Moves where the hedged P&L at expiry is 0" }),
  scenarios: array(scenarioRow).meta({
    description:
      "At expiry, moves −30, −20, −10, −5, +5, +10 % against the book (mirrored for a short book)",
  }),
  delta: object({ before: deltaFigures, after: deltaFigures }),
};

export const benchmarkOut = object({
  symbol: string(),
  code: string(),
  price: number().meta({ description: "SPY's live price, USD" }),
  betaSessions: int().meta({ description: "Completed sessions the betas are measured over" }),
});

export const scenarioBasisOut = object({
  reference: string().meta({ description: "The symbol whose move the scenarios name" }),
  kind: zEnum(["underlying", "market"]).meta({
    description:
      "underlying: the book's one stock moves; market: SPY moves and each underlying β_u times as much",
  }),
  description: string(),
});

export const bookSummary = object({
  value: usd("The positions' value now"),
  notional: usd(
    "Gross notional: Σ |shares| × price, Σ |contracts| × multiplier × underlying price",
  ),
  exposure: zEnum(["long", "short", "flat"]).meta({
    description: "The sign of the positions' delta along the scenario path",
  }),
  maxLoss: nullableUsd("Unhedged, at expiry"),
  maxGain: nullableUsd("Unhedged, at expiry"),
  scenarios: array(pricedMove.extend({ pnl: usd("The positions alone, at expiry") })).meta({
    description: "The unhedged book in the same scenarios",
  }),
  delta: deltaFigures,
});

/** The inputs every hedge answer states. */
export const statedInputs = {
  model: string().meta({
    description: 'Option model of the deltas: "Black-Scholes" (European, no dividends)',
  }),
  riskFreeRate: number().meta({ description: "Percent, continuously compounded" }),
  asOf: iso.datetime().meta({ description: "Instant the market was read, ISO 8601 UTC" }),
};
