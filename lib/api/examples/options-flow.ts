import type { ExampleSource } from "../openapi-examples";

/**
 * OpenAPI examples of the options group's flow routes, keyed by route id: what each route
 * answers at EXAMPLE_TIME on the simulated market (see ../openapi-examples.ts). At 10:00 New
 * York the tape holds half an hour of prints; the example lowers minPremium to show more.
 */

const AAPL_PATH = { code: "AAPL_NASDAQ" };

export const OPTIONS_FLOW_EXAMPLES: Record<string, ExampleSource> = {
  "options.flow": {
    request: { params: AAPL_PATH, query: { minPremium: "25000", limit: "3" } },
    invalid: [
      { params: { code: "AAPL" } },
      { params: AAPL_PATH, query: { limit: "0" } },
      { params: AAPL_PATH, query: { minPremium: "-1" } },
    ],
    data: {
      symbol: "AAPL",
      model: "Black-Scholes",
      riskFreeRate: 4,
      underlyingPrice: 197.1,
      underlyingLivePrice: 197.11,
      asOf: "2026-11-23T15:00:00.000Z",
      criteria: {
        minPremium: 25000,
        minSize: 250,
        relativeMinSize: 10,
        volumeToOpenInterest: 1,
        sideBandSpreadShare: 0.1,
      },
      tapePrintCount: 11,
      unusualPrintCount: 2,
      totals: {
        printCount: 2,
        totalPremium: 843750,
        callPremium: 843750,
        putPremium: 0,
        bullishPremium: 843750,
        bearishPremium: 0,
        unclassifiedPremium: 0,
      },
      items: [
        {
          time: "2026-11-23T14:58:00.000Z",
          contract: "AAPL270115C00187500",
          expiration: "2027-01-15",
          daysToExpiration: 53,
          strike: 187.5,
          right: "C",
          size: 550,
          price: 14.1,
          premium: 775500,
          bid: 13.5,
          ask: 14.1,
          bidAskSource: "current",
          side: "atAsk",
          aggressor: "buyer",
          tradeType: "block",
          volume: 262,
          openInterest: 8040,
          volumeToOpenInterest: 0.032587,
          likelyOpening: false,
          impliedVolatility: 24.7884,
          delta: 0.738153,
          unusualBecause: ["premium", "size"],
        },
        {
          time: "2026-11-23T14:34:00.000Z",
          contract: "AAPL270115C00152500",
          expiration: "2027-01-15",
          daysToExpiration: 53,
          strike: 152.5,
          right: "C",
          size: 14,
          price: 48.75,
          premium: 68250,
          bid: 42.5,
          ask: 48.75,
          bidAskSource: "current",
          side: "atAsk",
          aggressor: "buyer",
          tradeType: "single",
          volume: 4,
          openInterest: 200,
          volumeToOpenInterest: 0.02,
          likelyOpening: false,
          impliedVolatility: 32.9897,
          delta: 0.984226,
          unusualBecause: ["premium"],
        },
      ],
    },
  },
};
