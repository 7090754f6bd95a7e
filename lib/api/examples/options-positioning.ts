import type { ExampleSource } from "../openapi-examples";

/**
 * OpenAPI examples of the options group's positioning routes, keyed by route id: what each route
 * answers at EXAMPLE_TIME on the simulated market (see ../openapi-examples.ts). Lists show their
 * first items (test/options/positioning.test.ts compares them with the real answer).
 */

const AAPL_MONTHLY = { params: { code: "AAPL_NASDAQ" }, query: { expiry: "2026-12-18" } };
const BAD_EXPIRY = { params: { code: "AAPL_NASDAQ" }, query: { expiry: "261218" } };

/** The underlying and model every positioning answer states, at EXAMPLE_TIME. */
const INPUTS = {
  model: "Black-Scholes",
  riskFreeRate: 4,
  underlyingPrice: 197.1,
  underlyingLivePrice: 197.11,
  asOf: "2026-11-23T15:00:00.000Z",
};

export const OPTIONS_POSITIONING_EXAMPLES: Record<string, ExampleSource> = {
  "options.maxPain": {
    request: AAPL_MONTHLY,
    invalid: [BAD_EXPIRY],
    data: {
      symbol: "AAPL",
      expiration: "2026-12-18",
      daysToExpiration: 25,
      maxPainStrike: 197.5,
      maxPainValue: 197_430_750,
      distancePercent: 0.1979,
      totalCallOpenInterest: 198_082,
      totalPutOpenInterest: 195_759,
      ...INPUTS,
      // The lowest 3 of the 41 listed strikes; the real answer lists every one.
      items: [
        {
          strike: 152.5,
          callOpenInterest: 4,
          putOpenInterest: 4,
          callPain: 0,
          putPain: 894_737_500,
          pain: 894_737_500,
        },
        {
          strike: 155,
          callOpenInterest: 16,
          putOpenInterest: 10,
          callPain: 1_000,
          putPain: 845_798_750,
          pain: 845_799_750,
        },
        {
          strike: 157.5,
          callOpenInterest: 25,
          putOpenInterest: 29,
          callPain: 6_000,
          putPain: 796_862_500,
          pain: 796_868_500,
        },
      ],
    },
  },
  "options.oiDistribution": {
    request: AAPL_MONTHLY,
    invalid: [BAD_EXPIRY],
    data: {
      symbol: "AAPL",
      expiration: "2026-12-18",
      daysToExpiration: 25,
      strikeCount: 41,
      totalCallOpenInterest: 198_082,
      totalPutOpenInterest: 195_759,
      totalOpenInterest: 393_841,
      putCallOpenInterestRatio: 0.988273,
      averageOpenInterestPerStrike: 9605.878,
      flagThreshold: 19211.7561,
      ...INPUTS,
      // The lowest 3 of the 41 listed strikes; the real answer lists every one.
      items: [
        {
          strike: 152.5,
          callOpenInterest: 4,
          putOpenInterest: 4,
          totalOpenInterest: 8,
          flagged: false,
        },
        {
          strike: 155,
          callOpenInterest: 16,
          putOpenInterest: 10,
          totalOpenInterest: 26,
          flagged: false,
        },
        {
          strike: 157.5,
          callOpenInterest: 25,
          putOpenInterest: 29,
          totalOpenInterest: 54,
          flagged: false,
        },
      ],
    },
  },
  "options.putCallRatio": {
    request: { params: { code: "AAPL_NASDAQ" } },
    invalid: [{ params: { code: "AAPL" } }],
    data: {
      symbol: "AAPL",
      ...INPUTS,
      total: {
        callVolume: 78_257,
        putVolume: 55_395,
        volumeRatio: 0.70786,
        callOpenInterest: 2_487_296,
        putOpenInterest: 2_468_655,
        openInterestRatio: 0.992506,
        callPremium: 59_915_732,
        putPremium: 58_609_261,
        premiumRatio: 0.978195,
      },
      // The 2 soonest of the 13 listed expirations; the real answer lists every one.
      expirations: [
        {
          expiration: "2026-11-27",
          daysToExpiration: 4,
          callVolume: 12_347,
          putVolume: 8_381,
          volumeRatio: 0.678788,
          callOpenInterest: 198_388,
          putOpenInterest: 199_387,
          openInterestRatio: 1.005036,
          callPremium: 3885231.5,
          putPremium: 2_918_973,
          premiumRatio: 0.7513,
        },
        {
          expiration: "2026-12-04",
          daysToExpiration: 11,
          callVolume: 10_163,
          putVolume: 6_716,
          volumeRatio: 0.660828,
          callOpenInterest: 184_593,
          putOpenInterest: 179_415,
          openInterestRatio: 0.971949,
          callPremium: 3962350.5,
          putPremium: 2_892_325,
          premiumRatio: 0.729952,
        },
      ],
    },
  },
};
