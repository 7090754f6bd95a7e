import type { ExampleSource } from "../openapi-examples";

/**
 * OpenAPI examples of the graph group's earnings routes, keyed by route id: what each route
 * answers at EXAMPLE_TIME (Monday 2026-11-23 10:00 New York) on the simulated world.
 */

const AAPL = { params: { code: "AAPL_NASDAQ" } };

export const GRAPH_EARNINGS_EXAMPLES: Record<string, ExampleSource> = {
  "graph.earningsHistory": {
    request: { ...AAPL, query: { limit: "2" } },
    invalid: [
      { params: { code: "AAPL" } },
      { ...AAPL, query: { limit: "0" } },
      { ...AAPL, query: { limit: "41" } },
    ],
    data: {
      symbol: "AAPL",
      code: "AAPL_NASDAQ",
      asOf: "2026-11-23T15:00:00.000Z",
      window: {
        from: "2026-07-29",
        to: "2026-11-23",
        limit: 2,
      },
      count: 2,
      reports: [
        {
          date: "2026-10-28",
          hour: "amc",
          reactionDate: "2026-10-29",
          fiscalQuarter: 3,
          fiscalYear: 2026,
          eps: {
            estimate: 3.63,
            actual: 3.72,
            surprise: 0.09,
            surprisePercent: 2.4793,
            result: "beat",
          },
          revenue: {
            estimate: 237635861678,
            actual: 242837445739,
            surprisePercent: 2.1889,
          },
          move: {
            priceBefore: 189.08,
            priceAfter: 195.54,
            movePercent: 3.4165,
            direction: "up",
            impliedMovePercent: 3.39,
          },
          drift: {
            oneSession: {
              date: "2026-10-30",
              close: 195.38,
              returnPercent: -0.0818,
            },
            fiveSessions: {
              date: "2026-11-05",
              close: 194.29,
              returnPercent: -0.6393,
            },
            twentySessions: null,
          },
        },
        {
          date: "2026-07-29",
          hour: "amc",
          reactionDate: "2026-07-30",
          fiscalQuarter: 2,
          fiscalYear: 2026,
          eps: {
            estimate: 3.14,
            actual: 2.93,
            surprise: -0.21,
            surprisePercent: -6.6879,
            result: "miss",
          },
          revenue: {
            estimate: 238533445209,
            actual: 231606424938,
            surprisePercent: -2.904,
          },
          move: {
            priceBefore: 195.42,
            priceAfter: 194.19,
            movePercent: -0.6294,
            direction: "down",
            impliedMovePercent: 3.2173,
          },
          drift: {
            oneSession: {
              date: "2026-07-31",
              close: 194.67,
              returnPercent: 0.2472,
            },
            fiveSessions: {
              date: "2026-08-06",
              close: 202.06,
              returnPercent: 4.0527,
            },
            twentySessions: {
              date: "2026-08-27",
              close: 194.66,
              returnPercent: 0.242,
            },
          },
        },
      ],
      aggregates: {
        beats: 1,
        misses: 1,
        inline: 0,
        beatRate: 50,
        averageEpsSurprisePercent: -2.1043,
        averageRevenueSurprisePercent: -0.3576,
        averageAbsoluteMovePercent: 2.0229,
        averageImpliedMovePercent: 3.3037,
        movesCounted: 2,
        driftAfterBeats: {
          oneSession: {
            averageReturnPercent: -0.0818,
            reports: 1,
          },
          fiveSessions: {
            averageReturnPercent: -0.6393,
            reports: 1,
          },
          twentySessions: {
            averageReturnPercent: null,
            reports: 0,
          },
        },
        driftAfterMisses: {
          oneSession: {
            averageReturnPercent: 0.2472,
            reports: 1,
          },
          fiveSessions: {
            averageReturnPercent: 4.0527,
            reports: 1,
          },
          twentySessions: {
            averageReturnPercent: 0.242,
            reports: 1,
          },
        },
      },
      nextReport: {
        date: "2027-01-27",
        hour: "amc",
        reactionDate: "2027-01-28",
        epsEstimate: 3.13,
        revenueEstimate: 242477390725,
      },
    },
  },
};
