import type { ExampleSource } from "../openapi-examples";

/**
 * OpenAPI examples of the stock screener's routes, keyed by
 * route id: what each route answers at EXAMPLE_TIME (Monday 2026-11-23 10:00 New York) on the
 * simulated world, for the request shown (long lists inside an answer cut short).
 */

export const SCREENER_EXAMPLES: Record<string, ExampleSource> = {
  "screener.presets": {
    request: {},
    data: {
      presets: [
        {
          name: "value",
          title: "Value",
          description:
            "Cheap on earnings and book: trailing P/E between 0 and 15 and price/book under 3; lowest P/E first.",
          request: {
            filters: [
              { field: "peTrailing", operator: "between", value: [0, 15] },
              { field: "priceToBook", operator: "lt", value: 3 },
            ],
            sort: { field: "peTrailing", order: "asc" },
            limit: 25,
          },
        },
        {
          name: "growth",
          title: "Growth",
          description:
            "Trailing-twelve-month net income up 5 % or more on the year before, revenue not shrinking; fastest first.",
          request: {
            filters: [
              { field: "epsGrowthPercent", operator: "gte", value: 5 },
              { field: "revenueGrowthPercent", operator: "gte", value: 0 },
            ],
            sort: { field: "epsGrowthPercent", order: "desc" },
            limit: 25,
          },
        },
      ],
      fields: [
        {
          field: "price",
          kind: "number",
          unit: "USD",
          description: "Last price",
          source: "/market/analysis/movers",
        },
        {
          field: "changePercent",
          kind: "number",
          unit: "percent",
          description: "Last price over the previous close − 1",
          source: "/market/analysis/movers",
        },
      ],
    },
  },
  "screener.preset": {
    request: { params: { presetName: "value" } },
    invalid: [
      {
        params: { presetName: "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" },
      },
    ],
    data: {
      preset: {
        name: "value",
        title: "Value",
        description:
          "Cheap on earnings and book: trailing P/E between 0 and 15 and price/book under 3; lowest P/E first.",
        request: {
          filters: [
            { field: "peTrailing", operator: "between", value: [0, 15] },
            { field: "priceToBook", operator: "lt", value: 3 },
          ],
          sort: { field: "peTrailing", order: "asc" },
          limit: 25,
        },
      },
      asOf: "2026-11-23T15:00:00.000Z",
      universe: 130,
      matched: 11,
      rows: [
        {
          code: "AMC_NYSE",
          name: "AMC Entertainment Holdings, Inc.",
          peTrailing: 6.9523,
          priceToBook: 1.0606,
        },
        {
          code: "UPST_NASDAQ",
          name: "Upstart Holdings, Inc.",
          peTrailing: 7.1434,
          priceToBook: 2.7554,
        },
        { code: "MSTR_NASDAQ", name: "Strategy Inc", peTrailing: 8.3139, priceToBook: 2.1019 },
      ],
    },
  },
  "screener.scan": {
    request: {
      body: {
        filters: [
          { field: "peTrailing", operator: "between", value: [0, 20] },
          { field: "sector", operator: "in", value: ["Information Technology"] },
        ],
        sort: { field: "marketCapUsd", order: "desc" },
        limit: 3,
      },
    },
    invalid: [
      { body: { filters: [{ field: "momentum", operator: "gt", value: 1 }] } },
      { body: { filters: [{ field: "rsi14", operator: "above", value: 70 }] } },
      { body: { filters: [{ field: "peTrailing", operator: "between", value: [20, 10] }] } },
      { body: { filters: [{ field: "sector", operator: "gt", value: 3 }] } },
    ],
    data: {
      asOf: "2026-11-23T15:00:00.000Z",
      universe: 130,
      matched: 16,
      rows: [
        {
          code: "MSFT_NASDAQ",
          name: "Microsoft Corporation",
          peTrailing: 19.2926,
          sector: "Information Technology",
          marketCapUsd: 3173637026612,
        },
        {
          code: "AAPL_NASDAQ",
          name: "Apple Inc.",
          peTrailing: 15.208,
          sector: "Information Technology",
          marketCapUsd: 2917022969066,
        },
        {
          code: "ORCL_NYSE",
          name: "Oracle Corporation",
          peTrailing: 14.2292,
          sector: "Information Technology",
          marketCapUsd: 358443678933,
        },
      ],
    },
  },
  "screener.earningsPredictions": {
    request: { query: { days: "7", sort: "beatProbability", limit: "2" } },
    invalid: [{ query: { days: "15" } }, { query: { minBeatProbability: "1.5" } }],
    data: {
      asOf: "2026-11-23T15:00:00.000Z",
      window: { from: "2026-11-23", to: "2026-11-30" },
      scheduled: 37,
      matched: 37,
      predictions: [
        {
          symbol: "HOOD",
          code: "HOOD_NASDAQ",
          name: "Robinhood Markets, Inc.",
          report: {
            date: "2026-11-24",
            hour: "amc",
            reactionDate: "2026-11-25",
            daysUntil: 1,
            epsEstimate: 1.5,
          },
          beatProbability: 0.8092,
          predictedAbsMovePercent: 7.4741,
          impliedMovePercent: 8.6353,
          anchorSession: "2026-11-20",
          features: {
            pastBeatRate: 0.875,
            pastMeanSurprisePercent: 1.4485,
            lastSurprisePercent: 1.4388,
            pastMeanAbsMovePercent: 3.7284,
            atmIv30Percent: 62.4573,
            ivRank: 15.3997,
            return20Percent: -7.3348,
            realisedVol20Percent: 68.8375,
          },
        },
        {
          symbol: "PLTR",
          code: "PLTR_NASDAQ",
          name: "Palantir Technologies Inc.",
          report: {
            date: "2026-11-24",
            hour: "amc",
            reactionDate: "2026-11-25",
            daysUntil: 1,
            epsEstimate: 2.07,
          },
          beatProbability: 0.7644,
          predictedAbsMovePercent: 8.1457,
          impliedMovePercent: 8.9449,
          anchorSession: "2026-11-20",
          features: {
            pastBeatRate: 0.5,
            pastMeanSurprisePercent: -2.8541,
            lastSurprisePercent: 1.8018,
            pastMeanAbsMovePercent: 9.4156,
            atmIv30Percent: 66.4141,
            ivRank: 21.8249,
            return20Percent: 8.5923,
            realisedVol20Percent: 44.6018,
          },
        },
      ],
      model: {
        modelVersion: "earnings-lr-2026-11-24",
        trainReports: { from: "2019-01-02", to: "2023-12-31", samples: 2600 },
        testReports: { from: "2024-01-01", to: "2026-10-31", samples: 1513 },
        quality: {
          auc: 0.5643,
          brier: 0.2336,
          baseRate: 0.6127,
          baseRateBrier: 0.2376,
          calibration: [
            { bucket: 1, meanPredicted: 0.4823, observedRate: 0.5331, reports: 302 },
            { bucket: 2, meanPredicted: 0.5822, observedRate: 0.5875, reports: 303 },
          ],
          moveMeanAbsoluteErrorPercent: 2.926,
          naiveMoveMeanAbsoluteErrorPercent: 2.9201,
        },
      },
    },
  },
};
