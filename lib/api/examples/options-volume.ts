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
        callVolume: 78257,
        putVolume: 55395,
        totalVolume: 133652,
        callOpenInterest: 2487296,
        putOpenInterest: 2468655,
        totalOpenInterest: 4955951,
        averageCallVolume: 682524.25,
        averagePutVolume: 607494.5,
        averageTotalVolume: 1290018.75,
        averageCallOpenInterest: 2580085.25,
        averagePutOpenInterest: 2482402.8,
        averageTotalOpenInterest: 5062488.05,
        callVolumeToAverage: 0.114658,
        putVolumeToAverage: 0.091186,
        totalVolumeToAverage: 0.103605,
        callOpenInterestToAverage: 0.964036,
        putOpenInterestToAverage: 0.994462,
        totalOpenInterestToAverage: 0.978956,
      },
      // The first 2 of the 13 listed expirations; the real answer lists every one.
      expirations: [
        {
          expiration: "2026-11-27",
          daysToExpiration: 4,
          averageSessions: 20,
          callVolume: 12347,
          putVolume: 8381,
          totalVolume: 20728,
          callOpenInterest: 198388,
          putOpenInterest: 199387,
          totalOpenInterest: 397775,
          averageCallVolume: 63831.65,
          averagePutVolume: 63870.2,
          averageTotalVolume: 127701.85,
          averageCallOpenInterest: 190056.1,
          averagePutOpenInterest: 197577,
          averageTotalOpenInterest: 387633.1,
          callVolumeToAverage: 0.193431,
          putVolumeToAverage: 0.131219,
          totalVolumeToAverage: 0.162316,
          callOpenInterestToAverage: 1.043839,
          putOpenInterestToAverage: 1.009161,
          totalOpenInterestToAverage: 1.026164,
        },
        {
          expiration: "2026-12-04",
          daysToExpiration: 11,
          averageSessions: 20,
          callVolume: 10163,
          putVolume: 6716,
          totalVolume: 16879,
          callOpenInterest: 184593,
          putOpenInterest: 179415,
          totalOpenInterest: 364008,
          averageCallVolume: 48617.1,
          averagePutVolume: 46472.25,
          averageTotalVolume: 95089.35,
          averageCallOpenInterest: 185519.2,
          averagePutOpenInterest: 182459.25,
          averageTotalOpenInterest: 367978.45,
          callVolumeToAverage: 0.209042,
          putVolumeToAverage: 0.144516,
          totalVolumeToAverage: 0.177507,
          callOpenInterestToAverage: 0.995008,
          putOpenInterestToAverage: 0.983315,
          totalOpenInterestToAverage: 0.98921,
        },
      ],
    },
  },
};
