import { hedgeImplementations } from "../groups/hedge/implementations";
import type { ExampleSource } from "../openapi-examples";

/**
 * OpenAPI examples of the hedge group, keyed by route id: what each route answers at
 * EXAMPLE_TIME on the simulated market with the template writer (see ../openapi-examples.ts).
 * Long answers are shortened as `shownPart` says: the first two suggestions; every 20th point
 * of the 121-point curve. test/hedge/examples.test.ts checks them against the live answers.
 */

const SUGGEST_DATA = {
  model: "Black-Scholes",
  riskFreeRate: 4,
  asOf: "2026-11-23T15:00:00.000Z",
  optionType: "put",
  horizonDays: 30,
  protectionPercent: 95,
  maxCostPercent: null,
  expiration: "2026-12-24",
  daysToExpiration: 31,
  benchmark: {
    symbol: "SPY",
    code: "SPY_ARCA",
    price: 557.65,
    betaSessions: 60,
  },
  scenarioBasis: {
    reference: "AAPL",
    kind: "underlying",
    description:
      "AAPL moves by the scenario's percent and each other underlying by its beta / AAPL's beta times that (SPY: 1 / AAPL's beta)",
  },
  book: {
    value: 59133,
    notional: 59133,
    exposure: "long",
    maxLoss: -59133,
    maxGain: null,
    scenarios: [
      {
        movePercent: -30,
        prices: [
          {
            symbol: "AAPL",
            code: "AAPL_NASDAQ",
            price: 137.977,
          },
        ],
        pnl: -17739.9,
      },
      {
        movePercent: -20,
        prices: [
          {
            symbol: "AAPL",
            code: "AAPL_NASDAQ",
            price: 157.688,
          },
        ],
        pnl: -11826.6,
      },
      {
        movePercent: -10,
        prices: [
          {
            symbol: "AAPL",
            code: "AAPL_NASDAQ",
            price: 177.399,
          },
        ],
        pnl: -5913.3,
      },
      {
        movePercent: -5,
        prices: [
          {
            symbol: "AAPL",
            code: "AAPL_NASDAQ",
            price: 187.2545,
          },
        ],
        pnl: -2956.65,
      },
      {
        movePercent: 5,
        prices: [
          {
            symbol: "AAPL",
            code: "AAPL_NASDAQ",
            price: 206.9655,
          },
        ],
        pnl: 2956.65,
      },
      {
        movePercent: 10,
        prices: [
          {
            symbol: "AAPL",
            code: "AAPL_NASDAQ",
            price: 216.821,
          },
        ],
        pnl: 5913.3,
      },
    ],
    delta: {
      byUnderlying: [
        {
          symbol: "AAPL",
          code: "AAPL_NASDAQ",
          deltaShares: 300,
          deltaDollars: 59133,
          beta: 1.112992,
        },
      ],
      deltaDollars: 59133,
      betaWeightedDeltaDollars: 65814.58,
      betaWeightedDeltaSpyShares: 118.021312,
    },
    positions: [
      {
        kind: "stock",
        symbol: "AAPL",
        code: "AAPL_NASDAQ",
        quantity: 300,
        price: 197.11,
        value: 59133,
        beta: 1.112992,
      },
    ],
  },
  rankingRule:
    "Suggestions costing more than maxCostPercent of the notional are left out (listed in excludedOverBudget). The rest are ranked by score, the mean P&L (USD) of the hedged book over the six scenarios, highest first: the scenarios weigh large adverse moves (four of six go against the book), so the score rewards protection where it matters and charges both the premium and the upside a cap gives up. Ties: lower net cost, then catalogue order.",
  suggestions: [
    {
      rank: 1,
      strategy: "collar",
      name: "Collar",
      score: -947.68,
      legs: [
        {
          kind: "option",
          contract: "AAPL261224P00187500",
          symbol: "AAPL",
          code: "AAPL_NASDAQ",
          expiration: "2026-12-24",
          right: "P",
          strike: 187.5,
          action: "buy",
          quantity: 3,
          multiplier: 100,
          price: 2.11,
          priceSource: "ask",
          bid: 2.01,
          ask: 2.11,
          cashFlow: -633,
          impliedVolatility: 25.9778,
          delta: -0.228758,
        },
        {
          kind: "option",
          contract: "AAPL261224C00217500",
          symbol: "AAPL",
          code: "AAPL_NASDAQ",
          expiration: "2026-12-24",
          right: "C",
          strike: 217.5,
          action: "sell",
          quantity: -3,
          multiplier: 100,
          price: 0.43,
          priceSource: "bid",
          bid: 0.43,
          ask: 0.46,
          cashFlow: 129,
          impliedVolatility: 22.5049,
          delta: 0.078345,
        },
      ],
      unhedgedPositions: [],
      netCost: 504,
      costPercent: 0.8523,
      costPercentAnnualised: 10.0353,
      protectionStart: {
        movePercent: -4.8755,
        prices: [
          {
            symbol: "AAPL",
            code: "AAPL_NASDAQ",
            price: 187.5,
          },
        ],
      },
      protectionEnd: null,
      floor: 55746,
      cap: 64746,
      maxLoss: -3387,
      maxGain: 5613,
      breakevens: [
        {
          movePercent: 0.8523,
          prices: [
            {
              symbol: "AAPL",
              code: "AAPL_NASDAQ",
              price: 198.79,
            },
          ],
        },
      ],
      scenarios: [
        {
          movePercent: -30,
          prices: [
            {
              symbol: "AAPL",
              code: "AAPL_NASDAQ",
              price: 137.977,
            },
          ],
          unhedgedPnl: -17739.9,
          hedgePnl: 14352.9,
          hedgedPnl: -3387,
        },
        {
          movePercent: -20,
          prices: [
            {
              symbol: "AAPL",
              code: "AAPL_NASDAQ",
              price: 157.688,
            },
          ],
          unhedgedPnl: -11826.6,
          hedgePnl: 8439.6,
          hedgedPnl: -3387,
        },
        {
          movePercent: -10,
          prices: [
            {
              symbol: "AAPL",
              code: "AAPL_NASDAQ",
              price: 177.399,
            },
          ],
          unhedgedPnl: -5913.3,
          hedgePnl: 2526.3,
          hedgedPnl: -3387,
        },
        {
          movePercent: -5,
          prices: [
            {
              symbol: "AAPL",
              code: "AAPL_NASDAQ",
              price: 187.2545,
            },
          ],
          unhedgedPnl: -2956.65,
          hedgePnl: -430.35,
          hedgedPnl: -3387,
        },
        {
          movePercent: 5,
          prices: [
            {
              symbol: "AAPL",
              code: "AAPL_NASDAQ",
              price: 206.9655,
            },
          ],
          unhedgedPnl: 2956.65,
          hedgePnl: -504,
          hedgedPnl: 2452.65,
        },
        {
          movePercent: 10,
          prices: [
            {
              symbol: "AAPL",
              code: "AAPL_NASDAQ",
              price: 216.821,
            },
          ],
          unhedgedPnl: 5913.3,
          hedgePnl: -504,
          hedgedPnl: 5409.3,
        },
      ],
      delta: {
        before: {
          byUnderlying: [
            {
              symbol: "AAPL",
              code: "AAPL_NASDAQ",
              deltaShares: 300,
              deltaDollars: 59133,
              beta: 1.112992,
            },
          ],
          deltaDollars: 59133,
          betaWeightedDeltaDollars: 65814.58,
          betaWeightedDeltaSpyShares: 118.021312,
        },
        after: {
          byUnderlying: [
            {
              symbol: "AAPL",
              code: "AAPL_NASDAQ",
              deltaShares: 207.869061,
              deltaDollars: 40973.07,
              beta: 1.112992,
            },
          ],
          deltaDollars: 40973.07,
          betaWeightedDeltaDollars: 45602.72,
          betaWeightedDeltaSpyShares: 81.776598,
        },
      },
      rationale:
        "Collar means: buy 3 AAPL 2026-12-24 187.50 puts at 2.11 and sell 3 AAPL 2026-12-24 217.50 calls at 0.43. Protection starts after a 4.88% fall, so at least 94.27% of today's value is kept. The premium is $504.00: 0.85% of the position, 10.04% annualised. In exchange, the book's value is capped at 109.49% of today's. A 30% fall would mean a loss of $3,387.00 at expiry rather than a loss of $17,739.90.",
    },
    {
      rank: 2,
      strategy: "zero-cost-collar",
      name: "Zero-cost collar",
      score: -1004,
      legs: [
        {
          kind: "option",
          contract: "AAPL261224P00187500",
          symbol: "AAPL",
          code: "AAPL_NASDAQ",
          expiration: "2026-12-24",
          right: "P",
          strike: 187.5,
          action: "buy",
          quantity: 3,
          multiplier: 100,
          price: 2.11,
          priceSource: "ask",
          bid: 2.01,
          ask: 2.11,
          cashFlow: -633,
          impliedVolatility: 25.9778,
          delta: -0.228758,
        },
        {
          kind: "option",
          contract: "AAPL261224C00205000",
          symbol: "AAPL",
          code: "AAPL_NASDAQ",
          expiration: "2026-12-24",
          right: "C",
          strike: 205,
          action: "sell",
          quantity: -3,
          multiplier: 100,
          price: 2.54,
          priceSource: "bid",
          bid: 2.54,
          ask: 2.65,
          cashFlow: 762,
          impliedVolatility: 23.3768,
          delta: 0.311299,
        },
      ],
      unhedgedPositions: [],
      netCost: -129,
      costPercent: -0.2182,
      costPercentAnnualised: -2.5686,
      protectionStart: {
        movePercent: -4.8755,
        prices: [
          {
            symbol: "AAPL",
            code: "AAPL_NASDAQ",
            price: 187.5,
          },
        ],
      },
      protectionEnd: null,
      floor: 56379,
      cap: 61629,
      maxLoss: -2754,
      maxGain: 2496,
      breakevens: [
        {
          movePercent: -0.2182,
          prices: [
            {
              symbol: "AAPL",
              code: "AAPL_NASDAQ",
              price: 196.68,
            },
          ],
        },
      ],
      scenarios: [
        {
          movePercent: -30,
          prices: [
            {
              symbol: "AAPL",
              code: "AAPL_NASDAQ",
              price: 137.977,
            },
          ],
          unhedgedPnl: -17739.9,
          hedgePnl: 14985.9,
          hedgedPnl: -2754,
        },
        {
          movePercent: -20,
          prices: [
            {
              symbol: "AAPL",
              code: "AAPL_NASDAQ",
              price: 157.688,
            },
          ],
          unhedgedPnl: -11826.6,
          hedgePnl: 9072.6,
          hedgedPnl: -2754,
        },
        {
          movePercent: -10,
          prices: [
            {
              symbol: "AAPL",
              code: "AAPL_NASDAQ",
              price: 177.399,
            },
          ],
          unhedgedPnl: -5913.3,
          hedgePnl: 3159.3,
          hedgedPnl: -2754,
        },
        {
          movePercent: -5,
          prices: [
            {
              symbol: "AAPL",
              code: "AAPL_NASDAQ",
              price: 187.2545,
            },
          ],
          unhedgedPnl: -2956.65,
          hedgePnl: 202.65,
          hedgedPnl: -2754,
        },
        {
          movePercent: 5,
          prices: [
            {
              symbol: "AAPL",
              code: "AAPL_NASDAQ",
              price: 206.9655,
            },
          ],
          unhedgedPnl: 2956.65,
          hedgePnl: -460.65,
          hedgedPnl: 2496,
        },
        {
          movePercent: 10,
          prices: [
            {
              symbol: "AAPL",
              code: "AAPL_NASDAQ",
              price: 216.821,
            },
          ],
          unhedgedPnl: 5913.3,
          hedgePnl: -3417.3,
          hedgedPnl: 2496,
        },
      ],
      delta: {
        before: {
          byUnderlying: [
            {
              symbol: "AAPL",
              code: "AAPL_NASDAQ",
              deltaShares: 300,
              deltaDollars: 59133,
              beta: 1.112992,
            },
          ],
          deltaDollars: 59133,
          betaWeightedDeltaDollars: 65814.58,
          betaWeightedDeltaSpyShares: 118.021312,
        },
        after: {
          byUnderlying: [
            {
              symbol: "AAPL",
              code: "AAPL_NASDAQ",
              deltaShares: 137.98284,
              deltaDollars: 27197.8,
              beta: 1.112992,
            },
          ],
          deltaDollars: 27197.8,
          betaWeightedDeltaDollars: 30270.94,
          betaWeightedDeltaSpyShares: 54.283053,
        },
      },
      rationale:
        "Zero-cost collar, built as: buy 3 AAPL 2026-12-24 187.50 puts at 2.11 and sell 3 AAPL 2026-12-24 205.00 calls at 2.54. The hedge takes over after a 4.88% fall, so at least 95.34% of today's value is kept. It costs nothing up front ($129.00 is received). The price of that: gains stop at 104.22% of today's value. At expiry after a 30% fall, the book would show a loss of $2,754.00 instead of a loss of $17,739.90.",
    },
  ],
  excludedOverBudget: [],
  unavailable: [
    {
      strategy: "covered-put",
      name: "Covered put",
      reason: "a long position: the covered put is for short ones",
    },
  ],
};

const ANALYZE_DATA = {
  model: "Black-Scholes",
  riskFreeRate: 4,
  asOf: "2026-11-23T15:00:00.000Z",
  expiration: "2026-12-24",
  daysToExpiration: 31,
  benchmark: {
    symbol: "SPY",
    code: "SPY_ARCA",
    price: 557.65,
    betaSessions: 60,
  },
  scenarioBasis: {
    reference: "AAPL",
    kind: "underlying",
    description: "AAPL moves by the scenario's percent",
  },
  positions: [
    {
      kind: "stock",
      symbol: "AAPL",
      code: "AAPL_NASDAQ",
      quantity: 300,
      price: 197.11,
      value: 59133,
    },
  ],
  hedge: [
    {
      kind: "option",
      contract: "AAPL261224P00187500",
      symbol: "AAPL",
      code: "AAPL_NASDAQ",
      expiration: "2026-12-24",
      right: "P",
      strike: 187.5,
      action: "buy",
      quantity: 3,
      multiplier: 100,
      price: 2.11,
      priceSource: "ask",
      bid: 2.01,
      ask: 2.11,
      cashFlow: -633,
      impliedVolatility: 25.9778,
      delta: -0.228758,
    },
    {
      kind: "option",
      contract: "AAPL261224C00217500",
      symbol: "AAPL",
      code: "AAPL_NASDAQ",
      expiration: "2026-12-24",
      right: "C",
      strike: 217.5,
      action: "sell",
      quantity: -3,
      multiplier: 100,
      price: 0.43,
      priceSource: "bid",
      bid: 0.43,
      ask: 0.46,
      cashFlow: 129,
      impliedVolatility: 22.5049,
      delta: 0.078345,
    },
  ],
  book: {
    value: 59133,
    notional: 59133,
    exposure: "long",
    maxLoss: -59133,
    maxGain: null,
    scenarios: [
      {
        movePercent: -30,
        prices: [
          {
            symbol: "AAPL",
            code: "AAPL_NASDAQ",
            price: 137.977,
          },
        ],
        pnl: -17739.9,
      },
      {
        movePercent: -20,
        prices: [
          {
            symbol: "AAPL",
            code: "AAPL_NASDAQ",
            price: 157.688,
          },
        ],
        pnl: -11826.6,
      },
      {
        movePercent: -10,
        prices: [
          {
            symbol: "AAPL",
            code: "AAPL_NASDAQ",
            price: 177.399,
          },
        ],
        pnl: -5913.3,
      },
      {
        movePercent: -5,
        prices: [
          {
            symbol: "AAPL",
            code: "AAPL_NASDAQ",
            price: 187.2545,
          },
        ],
        pnl: -2956.65,
      },
      {
        movePercent: 5,
        prices: [
          {
            symbol: "AAPL",
            code: "AAPL_NASDAQ",
            price: 206.9655,
          },
        ],
        pnl: 2956.65,
      },
      {
        movePercent: 10,
        prices: [
          {
            symbol: "AAPL",
            code: "AAPL_NASDAQ",
            price: 216.821,
          },
        ],
        pnl: 5913.3,
      },
    ],
    delta: {
      byUnderlying: [
        {
          symbol: "AAPL",
          code: "AAPL_NASDAQ",
          deltaShares: 300,
          deltaDollars: 59133,
          beta: 1.112992,
        },
      ],
      deltaDollars: 59133,
      betaWeightedDeltaDollars: 65814.58,
      betaWeightedDeltaSpyShares: 118.021312,
    },
  },
  netCost: 504,
  costPercent: 0.8523,
  costPercentAnnualised: 10.0353,
  protectionStart: {
    movePercent: -4.8755,
    prices: [
      {
        symbol: "AAPL",
        code: "AAPL_NASDAQ",
        price: 187.5,
      },
    ],
  },
  protectionEnd: null,
  floor: 55746,
  cap: 64746,
  maxLoss: -3387,
  maxGain: 5613,
  breakevens: [
    {
      movePercent: 0.8523,
      prices: [
        {
          symbol: "AAPL",
          code: "AAPL_NASDAQ",
          price: 198.79,
        },
      ],
    },
  ],
  scenarios: [
    {
      movePercent: -30,
      prices: [
        {
          symbol: "AAPL",
          code: "AAPL_NASDAQ",
          price: 137.977,
        },
      ],
      unhedgedPnl: -17739.9,
      hedgePnl: 14352.9,
      hedgedPnl: -3387,
    },
    {
      movePercent: -20,
      prices: [
        {
          symbol: "AAPL",
          code: "AAPL_NASDAQ",
          price: 157.688,
        },
      ],
      unhedgedPnl: -11826.6,
      hedgePnl: 8439.6,
      hedgedPnl: -3387,
    },
    {
      movePercent: -10,
      prices: [
        {
          symbol: "AAPL",
          code: "AAPL_NASDAQ",
          price: 177.399,
        },
      ],
      unhedgedPnl: -5913.3,
      hedgePnl: 2526.3,
      hedgedPnl: -3387,
    },
    {
      movePercent: -5,
      prices: [
        {
          symbol: "AAPL",
          code: "AAPL_NASDAQ",
          price: 187.2545,
        },
      ],
      unhedgedPnl: -2956.65,
      hedgePnl: -430.35,
      hedgedPnl: -3387,
    },
    {
      movePercent: 5,
      prices: [
        {
          symbol: "AAPL",
          code: "AAPL_NASDAQ",
          price: 206.9655,
        },
      ],
      unhedgedPnl: 2956.65,
      hedgePnl: -504,
      hedgedPnl: 2452.65,
    },
    {
      movePercent: 10,
      prices: [
        {
          symbol: "AAPL",
          code: "AAPL_NASDAQ",
          price: 216.821,
        },
      ],
      unhedgedPnl: 5913.3,
      hedgePnl: -504,
      hedgedPnl: 5409.3,
    },
  ],
  delta: {
    before: {
      byUnderlying: [
        {
          symbol: "AAPL",
          code: "AAPL_NASDAQ",
          deltaShares: 300,
          deltaDollars: 59133,
          beta: 1.112992,
        },
      ],
      deltaDollars: 59133,
      betaWeightedDeltaDollars: 65814.58,
      betaWeightedDeltaSpyShares: 118.021312,
    },
    after: {
      byUnderlying: [
        {
          symbol: "AAPL",
          code: "AAPL_NASDAQ",
          deltaShares: 207.869061,
          deltaDollars: 40973.07,
          beta: 1.112992,
        },
      ],
      deltaDollars: 40973.07,
      betaWeightedDeltaDollars: 45602.72,
      betaWeightedDeltaSpyShares: 81.776598,
    },
  },
  curve: {
    reference: "AAPL",
    points: [
      {
        price: 0,
        movePercent: -100,
        pnl: -3387,
      },
      {
        price: 54.0027,
        movePercent: -72.6027,
        pnl: -3387,
      },
      {
        price: 108.0055,
        movePercent: -45.2055,
        pnl: -3387,
      },
      {
        price: 162.0082,
        movePercent: -17.8082,
        pnl: -3387,
      },
      {
        price: 216.3436,
        movePercent: 9.7578,
        pnl: 5266.09,
      },
      {
        price: 271.2968,
        movePercent: 37.6373,
        pnl: 5613,
      },
      {
        price: 326.25,
        movePercent: 65.5167,
        pnl: 5613,
      },
    ],
  },
  rationale:
    "Your hedge means: buy 3 AAPL 2026-12-24 187.50 puts at 2.11 and sell 3 AAPL 2026-12-24 217.50 calls at 0.43. The hedge takes over after a 4.88% fall, so at least 94.27% of today's value is kept. It costs $504.00, 0.85% of the position (10.04% a year). The price of that: gains stop at 109.49% of today's value. At expiry after a 30% fall, the book would show a loss of $3,387.00 instead of a loss of $17,739.90.",
};

const POSITION = { symbol: "AAPL", quantity: 300 };

/** The part of an answer the example shows. */
export function shownPart(routeId: string, answer: unknown): unknown {
  const data = answer as Record<string, unknown>;
  if (routeId === "hedge.suggest") {
    return { ...data, suggestions: (data.suggestions as unknown[]).slice(0, 2) };
  }
  if (routeId === "hedge.analyze") {
    const curve = data.curve as { reference: string; points: unknown[] };
    return { ...data, curve: { ...curve, points: curve.points.filter((_, i) => i % 20 === 0) } };
  }
  return answer;
}

export const HEDGE_EXAMPLES: Record<string, ExampleSource> = {
  "hedge.strategies": {
    request: { query: { optionType: "put" } },
    invalid: [{ query: { optionType: "straddle" } }],
    compute: hedgeImplementations["hedge.strategies"] as ExampleSource["compute"],
  },
  "hedge.suggest": {
    request: {
      body: { positions: [POSITION], optionType: "put", horizonDays: 30, protectionPercent: 95 },
    },
    invalid: [
      { body: { positions: [POSITION], optionType: "straddle" } },
      { body: { positions: { symbol: "AAPL", quantity: 0 }, optionType: "C" } },
    ],
    data: SUGGEST_DATA,
  },
  "hedge.analyze": {
    request: {
      body: {
        positions: [POSITION],
        hedge: [
          { contract: "AAPL261224P00187500", quantity: 3 },
          { symbol: "AAPL", right: "C", strike: 217.5, expiry: "2026-12-24", quantity: -3 },
        ],
      },
    },
    invalid: [
      {
        body: {
          positions: [POSITION],
          hedge: [{ symbol: "AAPL", right: "X", strike: 187.5, expiry: "2026-12-24", quantity: 3 }],
        },
      },
    ],
    data: ANALYZE_DATA,
  },
};
