import type { ExampleSource } from "../openapi-examples";

/**
 * OpenAPI examples of the graph group's institutions routes, keyed by route id: what each route
 * answers at EXAMPLE_TIME (Monday 2026-11-23 10:00 New York) on the simulated world (the
 * holders are fictional 13F filers). test/graph/institutions-api.test.ts compares them with the
 * real answers.
 */

const AAPL = { params: { code: "AAPL_NASDAQ" } };

export const GRAPH_INSTITUTIONS_EXAMPLES: Record<string, ExampleSource> = {
  "graph.institutions": {
    request: { ...AAPL, query: { limit: "3" } },
    invalid: [
      { ...AAPL, query: { limit: "0" } },
      { ...AAPL, query: { limit: "101" } },
      { ...AAPL, query: { sort: "size" } },
      { params: { code: "AAPL" } },
    ],
    data: {
      symbol: "AAPL",
      code: "AAPL_NASDAQ",
      name: "Apple Inc.",
      asOf: "2026-11-23T15:00:00.000Z",
      quarterEnd: "2026-09-30",
      sharesOutstanding: 14800000000,
      sort: "value",
      source: "sim",
      totals: {
        holders: 24,
        totalShares: 9456783373,
        totalValueUsd: 1863553731482,
        percentOfSharesOutstanding: 63.8972,
        previousTotalShares: 9399395092,
        netChangeShares: 57388281,
        newPositions: 0,
        addedPositions: 12,
        reducedPositions: 11,
        soldOutPositions: 0,
        unchangedPositions: 1,
        filedForQuarterEnd: 24,
      },
      holders: [
        {
          institution: {
            cik: "0009300108",
            name: "Larchmere Asset Management",
            kind: "asset-manager",
            city: "Philadelphia, PA",
          },
          status: "reduced",
          quarterEnd: "2026-09-30",
          shares: 1229684354,
          valueUsd: 242321598799,
          percentOfSharesOutstanding: 8.3087,
          previousQuarterEnd: "2026-06-30",
          previousShares: 1230739416,
          previousValueUsd: 265581258579,
          changeShares: -1055062,
          changePercent: -0.0857,
          filingDate: "2026-10-28",
          accessionNumber: "0009300108-26-000103",
        },
        {
          institution: {
            cik: "0009300101",
            name: "Tessary Index Trust",
            kind: "index-fund",
            city: "Boston, MA",
          },
          status: "added",
          quarterEnd: "2026-09-30",
          shares: 1223526926,
          valueUsd: 241108216038,
          percentOfSharesOutstanding: 8.2671,
          previousQuarterEnd: "2026-06-30",
          previousShares: 1213998320,
          previousValueUsd: 261968697473,
          changeShares: 9528606,
          changePercent: 0.7849,
          filingDate: "2026-11-03",
          accessionNumber: "0009300101-26-000092",
        },
        {
          institution: {
            cik: "0009300105",
            name: "Corridane Capital Management",
            kind: "asset-manager",
            city: "Boston, MA",
          },
          status: "added",
          quarterEnd: "2026-09-30",
          shares: 1007336023,
          valueUsd: 198505636692,
          percentOfSharesOutstanding: 6.8063,
          previousQuarterEnd: "2026-06-30",
          previousShares: 1006506877,
          previousValueUsd: 217194118988,
          changeShares: 829146,
          changePercent: 0.0824,
          filingDate: "2026-11-09",
          accessionNumber: "0009300105-26-000079",
        },
      ],
    },
  },
};
