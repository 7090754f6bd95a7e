import type { ExampleSource } from "../openapi-examples";

/**
 * OpenAPI examples of the graph group's earnings-prediction routes, keyed by route id: what each
 * route answers at EXAMPLE_TIME (Monday 2026-11-23 10:00 New York) on the simulated world.
 */

const AAPL = { params: { code: "AAPL_NASDAQ" } };

export const GRAPH_PREDICTIONS_EXAMPLES: Record<string, ExampleSource> = {
  "graph.earningsPrediction": {
    request: AAPL,
    invalid: [{ params: { code: "AAPL" } }, { params: { code: "_NASDAQ" } }],
    data: {
      asOf: "2026-11-23T15:00:00.000Z",
      prediction: {
        symbol: "AAPL",
        code: "AAPL_NASDAQ",
        name: "Apple Inc.",
        report: {
          date: "2027-01-27",
          hour: "amc",
          reactionDate: "2027-01-28",
          daysUntil: 65,
          epsEstimate: 3.13,
        },
        beatProbability: 0.6281,
        predictedAbsMovePercent: 2.8595,
        impliedMovePercent: 9.3856,
        anchorSession: "2026-11-20",
        features: {
          pastBeatRate: 0.375,
          pastMeanSurprisePercent: -0.9276,
          lastSurprisePercent: 2.4793,
          pastMeanAbsMovePercent: 2.6777,
          atmIv30Percent: 23.5467,
          ivRank: 24.4463,
          return20Percent: 6.6501,
          realisedVol20Percent: 20.0131,
        },
      },
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
            { bucket: 3, meanPredicted: 0.633, observedRate: 0.6391, reports: 302 },
            { bucket: 4, meanPredicted: 0.6792, observedRate: 0.6238, reports: 303 },
            { bucket: 5, meanPredicted: 0.7328, observedRate: 0.6799, reports: 303 },
          ],
          moveMeanAbsoluteErrorPercent: 2.926,
          naiveMoveMeanAbsoluteErrorPercent: 2.9201,
        },
      },
    },
  },
  "graph.upcomingEarningsPredictions": {
    request: { query: { days: "7", limit: "2" } },
    invalid: [
      { query: { days: "0" } },
      { query: { days: "15" } },
      { query: { limit: "0" } },
      { query: { limit: "131" } },
    ],
    data: {
      asOf: "2026-11-23T15:00:00.000Z",
      window: { from: "2026-11-23", to: "2026-11-30" },
      count: 2,
      total: 37,
      predictions: [
        {
          symbol: "ABNB",
          code: "ABNB_NASDAQ",
          name: "Airbnb, Inc.",
          report: {
            date: "2026-11-24",
            hour: "amc",
            reactionDate: "2026-11-25",
            daysUntil: 1,
            epsEstimate: 1.42,
          },
          beatProbability: 0.6778,
          predictedAbsMovePercent: 4.6832,
          impliedMovePercent: 5.8264,
          anchorSession: "2026-11-20",
          features: {
            pastBeatRate: 0.75,
            pastMeanSurprisePercent: 2.0171,
            lastSurprisePercent: 2.1739,
            pastMeanAbsMovePercent: 3.5983,
            atmIv30Percent: 37.8572,
            ivRank: 23.2567,
            return20Percent: 3.2846,
            realisedVol20Percent: 30.9473,
          },
        },
        {
          symbol: "ADI",
          code: "ADI_NASDAQ",
          name: "Analog Devices, Inc.",
          report: {
            date: "2026-11-24",
            hour: "bmo",
            reactionDate: "2026-11-24",
            daysUntil: 1,
            epsEstimate: 2.95,
          },
          beatProbability: 0.6798,
          predictedAbsMovePercent: 3.6856,
          impliedMovePercent: 3.6184,
          anchorSession: "2026-11-20",
          features: {
            pastBeatRate: 0.75,
            pastMeanSurprisePercent: 1.4251,
            lastSurprisePercent: 0.5731,
            pastMeanAbsMovePercent: 4.2678,
            atmIv30Percent: 30.2349,
            ivRank: 33.9856,
            return20Percent: 5.9184,
            realisedVol20Percent: 16.9888,
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
            { bucket: 3, meanPredicted: 0.633, observedRate: 0.6391, reports: 302 },
            { bucket: 4, meanPredicted: 0.6792, observedRate: 0.6238, reports: 303 },
            { bucket: 5, meanPredicted: 0.7328, observedRate: 0.6799, reports: 303 },
          ],
          moveMeanAbsoluteErrorPercent: 2.926,
          naiveMoveMeanAbsoluteErrorPercent: 2.9201,
        },
      },
    },
  },
};
