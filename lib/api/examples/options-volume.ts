import type { ExampleSource } from "../openapi-examples";

/**
 * OpenAPI examples of the options group's volume routes, keyed by route id: what each route
 * answers at EXAMPLE_TIME on the simulated market (see ../openapi-examples.ts). Lists show their
 * first items (test/options/volume.test.ts compares them with the real answer). At EXAMPLE_TIME
 * (Monday 10:00 New York) the session has traded half an hour: its volume so far is a fraction
 * of a whole session's average.
 */

/** The underlying and model the answer states, at EXAMPLE_TIME. */
const INPUTS = {
  model: "Black-Scholes",
  riskFreeRate: 4,
  underlyingPrice: 197.1,
  underlyingLivePrice: 197.11,
  asOf: "2026-11-23T15:00:00.000Z",
};

export const OPTIONS_VOLUME_EXAMPLES: Record<string, ExampleSource> = {
  "options.volume": {
    request: { params: { code: "AAPL_NASDAQ" } },
    invalid: [{ params: { code: "AAPL" } }],
    data: {
      symbol: "AAPL",
      session: "2026-11-23",
      averageSessions: 20,
      averageFrom: "2026-10-26",
      averageTo: "2026-11-20",
      ...INPUTS,
      total: {
        callVolume: 923980,
        putVolume: 634717,
        totalVolume: 1558697,
        callOpenInterest: 52237585,
        putOpenInterest: 51502366,
        totalOpenInterest: 103739951,
        averageCallVolume: 4930753.85,
        averagePutVolume: 4598775.35,
        averageTotalVolume: 9529529.2,
        averageCallOpenInterest: 45558013.5,
        averagePutOpenInterest: 44386224.25,
        averageTotalOpenInterest: 89944237.75,
        callVolumeToAverage: 0.187391,
        putVolumeToAverage: 0.138019,
        totalVolumeToAverage: 0.163565,
        callOpenInterestToAverage: 1.146617,
        putOpenInterestToAverage: 1.160323,
        totalOpenInterestToAverage: 1.153381,
      },
      // The first 2 of the 13 listed expirations; the real answer lists every one.
      expirations: [
        {
          expiration: "2026-11-27",
          daysToExpiration: 4,
          averageSessions: 20,
          callVolume: 9877,
          putVolume: 6705,
          totalVolume: 16582,
          callOpenInterest: 1014121,
          putOpenInterest: 1019233,
          totalOpenInterest: 2033354,
          averageCallVolume: 182200.45,
          averagePutVolume: 176555,
          averageTotalVolume: 358755.45,
          averageCallOpenInterest: 1732994.95,
          averagePutOpenInterest: 1804434.95,
          averageTotalOpenInterest: 3537429.9,
          callVolumeToAverage: 0.05421,
          putVolumeToAverage: 0.037977,
          totalVolumeToAverage: 0.046221,
          callOpenInterestToAverage: 0.585184,
          putOpenInterestToAverage: 0.564849,
          totalOpenInterestToAverage: 0.574811,
        },
        {
          expiration: "2026-12-04",
          daysToExpiration: 11,
          averageSessions: 20,
          callVolume: 21946,
          putVolume: 14502,
          totalVolume: 36448,
          callOpenInterest: 1535914,
          putOpenInterest: 1492820,
          totalOpenInterest: 3028734,
          averageCallVolume: 197601.7,
          averagePutVolume: 188943.3,
          averageTotalVolume: 386545,
          averageCallOpenInterest: 1961300.7,
          averagePutOpenInterest: 1944097.45,
          averageTotalOpenInterest: 3905398.15,
          callVolumeToAverage: 0.111062,
          putVolumeToAverage: 0.076753,
          totalVolumeToAverage: 0.094292,
          callOpenInterestToAverage: 0.78311,
          putOpenInterestToAverage: 0.767873,
          totalOpenInterestToAverage: 0.775525,
        },
      ],
    },
  },
};
