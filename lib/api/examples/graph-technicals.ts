import type { ExampleSource } from "../openapi-examples";

/**
 * OpenAPI examples of the graph group's technicals routes, keyed by route id: what each route
 * answers at EXAMPLE_TIME (Monday 2026-11-23 10:00 New York) on the simulated world.
 * test/graph/technicals-api.test.ts compares them with the real answers.
 */

const AAPL = { params: { code: "AAPL_NASDAQ" } };

export const GRAPH_TECHNICALS_EXAMPLES: Record<string, ExampleSource> = {
  "graph.technicals": {
    request: AAPL,
    invalid: [{ params: { code: "AAPL" } }, { params: { code: "_NASDAQ" } }],
    data: {
      symbol: "AAPL",
      code: "AAPL_NASDAQ",
      name: "Apple Inc.",
      asOf: "2026-11-23T15:00:00.000Z",
      bars: {
        source: "/v1/market/stocks/AAPL_NASDAQ/chart?period=5",
        period: 5,
        count: 251,
        from: "2025-11-24",
        to: "2026-11-23",
        lastBarInProgress: true,
      },
      close: 197.1,
      trend: {
        direction: "mixed",
        movingAverages: [
          {
            name: "sma20",
            sessions: 20,
            value: 195.526,
            distancePercent: 0.805,
            position: "above",
          },
          {
            name: "sma50",
            sessions: 50,
            value: 194.0804,
            distancePercent: 1.5559,
            position: "above",
          },
          {
            name: "sma200",
            sessions: 200,
            value: 217.7953,
            distancePercent: -9.5022,
            position: "below",
          },
        ],
        sma50Slope: {
          sessions: 10,
          changePercent: -0.0507,
          direction: "flat",
        },
        crossState: "death",
        lastCross: null,
        crossSearchedSessions: 52,
      },
      momentum: {
        rsi14: 53.6352,
        rsiState: "neutral",
        macd: {
          line: 1.1276,
          signal: 1.0579,
          histogram: 0.0696,
          state: "bullish",
          lastCrossover: {
            kind: "bullish",
            date: "2026-10-29",
            sessionsAgo: 17,
          },
        },
        rateOfChange20: 6.9568,
      },
      volatility: {
        atr14: 3.9533,
        atrPercent: 2.0057,
        bollinger: {
          upper: 201.9292,
          middle: 195.526,
          lower: 189.1228,
          percentB: 0.622907,
          bandwidthPercent: 6.5497,
        },
      },
      supportResistance: {
        method: "swing-points",
        lookbackSessions: 60,
        wingSessions: 2,
        support: [
          {
            price: 195.67,
            date: "2026-10-01",
            distancePercent: -0.7255,
          },
          {
            price: 194.39,
            date: "2026-11-13",
            distancePercent: -1.3749,
          },
          {
            price: 191.8,
            date: "2026-09-04",
            distancePercent: -2.689,
          },
        ],
        resistance: [
          {
            price: 197.73,
            date: "2026-11-02",
            distancePercent: 0.3196,
          },
          {
            price: 198.87,
            date: "2026-08-31",
            distancePercent: 0.898,
          },
          {
            price: 200.05,
            date: "2026-10-06",
            distancePercent: 1.4967,
          },
        ],
        pivotPoints: {
          session: "2026-11-20",
          pivot: 196.22,
          r1: 198.77,
          r2: 200.44,
          s1: 194.55,
          s2: 192,
        },
      },
      range52Week: {
        high: 282.85,
        highDate: "2026-01-08",
        low: 182.75,
        lowDate: "2026-10-26",
        distanceFromHighPercent: -30.3164,
        distanceFromLowPercent: 7.8523,
      },
    },
  },
  "graph.optionsAnalytics": {
    request: AAPL,
    invalid: [{ params: { code: "AAPL" } }, { params: { code: "AAPL NASDAQ" } }],
    data: {
      symbol: "AAPL",
      code: "AAPL_NASDAQ",
      name: "Apple Inc.",
      asOf: "2026-11-23T15:00:00.000Z",
      ivRank: {
        source: "/v1/options/AAPL_NASDAQ/iv-rank",
        asOf: "2026-11-23T15:00:00.000Z",
        currentImpliedVolatility: 24.28,
        ivRank: 26.8437,
        ivPercentile: 37.3016,
        yearHigh: 46.6,
        yearHighDate: "2026-01-07",
        yearLow: 16.09,
        yearLowDate: "2026-08-27",
        historyLength: 252,
      },
      skew: {
        source: "/v1/volatility/AAPL_NASDAQ/skew?expiry=2026-12-24",
        asOf: "2026-11-23T15:00:00.000Z",
        expiration: "2026-12-24",
        daysToExpiration: 31,
        put25Iv: 25.7843,
        atmIv: 24.1725,
        call25Iv: 23.1464,
        riskReversal25: -2.6379,
        butterfly25: 0.2929,
        putSkewRatio: 1.066679,
      },
      termStructure: {
        source: "/v1/volatility/AAPL_NASDAQ/term-structure",
        asOf: "2026-11-23T15:00:00.000Z",
        iv30: 24.2765,
        iv60: 23.5767,
        iv90: 23.8549,
        slope: -0.6998,
        shape: "backwardation",
      },
      putCallRatio: {
        source: "/v1/options/AAPL_NASDAQ/put-call-ratio",
        asOf: "2026-11-23T15:00:00.000Z",
        volumeRatio: 0.70786,
        openInterestRatio: 0.992506,
        premiumRatio: 0.978195,
        callVolume: 78257,
        putVolume: 55395,
        callOpenInterest: 2487296,
        putOpenInterest: 2468655,
      },
      gex: {
        source: "/v1/volatility/AAPL_NASDAQ/gex",
        asOf: "2026-11-23T15:00:00.000Z",
        dealerConvention: "long-calls-short-puts",
        totalGammaExposure: 1309872.13,
        gammaRegime: "positive",
        zeroGammaLevel: 196.9,
        zeroGammaDistancePercent: -0.1069,
        callWall: 200,
        putWall: 197.5,
        underlyingLivePrice: 197.11,
      },
      flow: {
        source: "/v1/options/AAPL_NASDAQ/flow?limit=3",
        asOf: "2026-11-23T15:00:00.000Z",
        tapePrintCount: 11,
        unusualPrintCount: 1,
        totalPremium: 775500,
        callPremium: 775500,
        putPremium: 0,
        bullishPremium: 775500,
        bearishPremium: 0,
        unclassifiedPremium: 0,
        latest: [
          {
            time: "2026-11-23T14:58:00.000Z",
            contract: "AAPL270115C00187500",
            right: "C",
            strike: 187.5,
            expiration: "2027-01-15",
            size: 550,
            premium: 775500,
            aggressor: "buyer",
            tradeType: "block",
          },
        ],
      },
      unavailable: [],
    },
  },
};
