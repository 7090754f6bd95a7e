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
      maxPainValue: 2_399_356_500,
      distancePercent: 0.1979,
      totalCallOpenInterest: 2_407_343,
      totalPutOpenInterest: 2_379_058,
      ...INPUTS,
      // The lowest 3 of the 41 listed strikes; the real answer lists every one.
      items: [
        {
          strike: 152.5,
          callOpenInterest: 54,
          putOpenInterest: 43,
          callPain: 0,
          putPain: 10_873_659_750,
          pain: 10_873_659_750,
        },
        {
          strike: 155,
          callOpenInterest: 191,
          putOpenInterest: 119,
          callPain: 13_500,
          putPain: 10_278_906_000,
          pain: 10_278_919_500,
        },
        {
          strike: 157.5,
          callOpenInterest: 302,
          putOpenInterest: 357,
          callPain: 74_750,
          putPain: 9_684_182_000,
          pain: 9_684_256_750,
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
      totalCallOpenInterest: 2_407_343,
      totalPutOpenInterest: 2_379_058,
      totalOpenInterest: 4_786_401,
      putCallOpenInterestRatio: 0.988251,
      averageOpenInterestPerStrike: 116_741.4878,
      flagThreshold: 233_482.9756,
      ...INPUTS,
      // The lowest 3 of the 41 listed strikes; the real answer lists every one.
      items: [
        {
          strike: 152.5,
          callOpenInterest: 54,
          putOpenInterest: 43,
          totalOpenInterest: 97,
          flagged: false,
        },
        {
          strike: 155,
          callOpenInterest: 191,
          putOpenInterest: 119,
          totalOpenInterest: 310,
          flagged: false,
        },
        {
          strike: 157.5,
          callOpenInterest: 302,
          putOpenInterest: 357,
          totalOpenInterest: 659,
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
        callVolume: 923_980,
        putVolume: 634_717,
        volumeRatio: 0.686938,
        callOpenInterest: 52_237_585,
        putOpenInterest: 51_502_366,
        openInterestRatio: 0.985925,
        callPremium: 1_213_445_716,
        putPremium: 1_193_413_777.5,
        premiumRatio: 0.983492,
      },
      // The 2 soonest of the 13 listed expirations; the real answer lists every one.
      expirations: [
        {
          expiration: "2026-11-27",
          daysToExpiration: 4,
          callVolume: 9_877,
          putVolume: 6_705,
          volumeRatio: 0.67885,
          callOpenInterest: 1_014_121,
          putOpenInterest: 1_019_233,
          openInterestRatio: 1.005041,
          callPremium: 3_107_861.5,
          putPremium: 2_336_507.5,
          premiumRatio: 0.751806,
        },
        {
          expiration: "2026-12-04",
          daysToExpiration: 11,
          callVolume: 21_946,
          putVolume: 14_502,
          volumeRatio: 0.660804,
          callOpenInterest: 1_535_914,
          putOpenInterest: 1_492_820,
          openInterestRatio: 0.971942,
          callPremium: 8_555_124.5,
          putPremium: 6_244_621.5,
          premiumRatio: 0.729928,
        },
      ],
    },
  },
};
