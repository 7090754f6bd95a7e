import type { ExampleSource } from "../openapi-examples";

/**
 * OpenAPI examples of the options group's scanner routes, keyed by route id: what each route
 * answers at EXAMPLE_TIME on the simulated market (see ../openapi-examples.ts). The candidate
 * list shows its first items (test/options/scanner.test.ts compares them with the real answer).
 */

const AAPL = { code: "AAPL_NASDAQ" };

export const OPTIONS_SCANNER_EXAMPLES: Record<string, ExampleSource> = {
  "options.premiumScanner": {
    request: {
      params: AAPL,
      query: { strategy: "short-put", minDte: "20", maxDte: "60", maxDelta: "0.30" },
    },
    invalid: [
      { params: AAPL, query: { minDte: "0" } },
      { params: AAPL, query: { maxDelta: "0.6" } },
      { params: AAPL, query: { minDte: "45", maxDte: "30" } },
    ],
    data: {
      symbol: "AAPL",
      strategy: "short-put",
      right: "P",
      model: "Black-Scholes",
      riskFreeRate: 4,
      underlyingPrice: 197.1,
      underlyingLivePrice: 197.11,
      asOf: "2026-11-23T15:00:00.000Z",
      filters: {
        minDte: 20,
        maxDte: 60,
        maxDelta: 0.3,
        outOfTheMoney: "strike < underlyingLivePrice",
        minBid: 0,
      },
      expirationsScanned: ["2026-12-18", "2026-12-24", "2026-12-31", "2027-01-15"],
      qualifyingCount: 72,
      premiumBasis: "bid",
      // The 3 best of the 20 candidates; the real answer lists all 20.
      candidates: [
        {
          contract: "AAPL261218P00190000",
          strike: 190,
          expiration: "2026-12-18",
          daysToExpiration: 25,
          delta: -0.269006,
          impliedVolatility: 25.9086,
          bid: 2.22,
          mid: 2.275,
          premium: 2.22,
          strikeAwayPercent: -3.6071,
          breakEven: 187.78,
          capitalAtRisk: 187.78,
          returnPercent: 1.1822,
          annualizedReturnPercent: 17.2606,
          probabilityOtmPercent: 70.8261,
          score: 12.225,
        },
        {
          contract: "AAPL261224P00190000",
          strike: 190,
          expiration: "2026-12-24",
          daysToExpiration: 31,
          delta: -0.281944,
          impliedVolatility: 25.494,
          bid: 2.61,
          mid: 2.665,
          premium: 2.61,
          strikeAwayPercent: -3.6071,
          breakEven: 187.39,
          capitalAtRisk: 187.39,
          returnPercent: 1.3928,
          annualizedReturnPercent: 16.3993,
          probabilityOtmPercent: 69.2535,
          score: 11.3571,
        },
        {
          contract: "AAPL261231P00190000",
          strike: 190,
          expiration: "2026-12-31",
          daysToExpiration: 38,
          delta: -0.292735,
          impliedVolatility: 25.0934,
          bid: 3,
          mid: 3.075,
          premium: 3,
          strikeAwayPercent: -3.6071,
          breakEven: 187,
          capitalAtRisk: 187,
          returnPercent: 1.6043,
          annualizedReturnPercent: 15.4095,
          probabilityOtmPercent: 67.8924,
          score: 10.4619,
        },
      ],
    },
  },
};
