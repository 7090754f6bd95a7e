import type { ExampleSource } from "../openapi-examples";

/**
 * OpenAPI examples of the portfolio group, keyed by route id: what each route answers at
 * EXAMPLE_TIME on the simulated market (see ../openapi-examples.ts). The backtest's equity curve
 * shows its first 3 of 459 daily points.
 */

const ANALYZE_REQUEST = {
  body: {
    positions: [
      { symbol: "AAPL_NASDAQ", quantity: 50 },
      { symbol: "MSFT_NASDAQ", quantity: 20 },
      { symbol: "JPM_NYSE", quantity: 30 },
    ],
  },
};

const BACKTEST_REQUEST = {
  body: {
    weights: [
      { symbol: "AAPL_NASDAQ", weight: 40 },
      { symbol: "MSFT_NASDAQ", weight: 40 },
      { symbol: "JPM_NYSE", weight: 20 },
    ],
    start: "2025-01-02",
    end: "2026-10-30",
    rebalance: "quarterly",
  },
};

const JOURNAL_REQUEST = {
  body: {
    trades: [
      {
        symbol: "AAPL_NASDAQ",
        side: "buy",
        quantity: 100,
        price: 180,
        timestamp: "2026-03-02T15:30:00Z",
        fees: 1,
      },
      {
        symbol: "AAPL_NASDAQ",
        side: "buy",
        quantity: 50,
        price: 190,
        timestamp: "2026-04-06T14:05:00Z",
        fees: 1,
      },
      {
        symbol: "MSFT_NASDAQ",
        side: "sell",
        quantity: 10,
        price: 450,
        timestamp: "2026-05-11T17:45:00Z",
        fees: 1,
      },
      {
        symbol: "AAPL_NASDAQ",
        side: "sell",
        quantity: 120,
        price: 200,
        timestamp: "2026-06-15T19:20:00Z",
        fees: 1.2,
      },
      {
        symbol: "MSFT_NASDAQ",
        side: "buy",
        quantity: 10,
        price: 470,
        timestamp: "2026-07-20T15:00:00Z",
        fees: 1,
      },
    ],
  },
};

export const PORTFOLIO_EXAMPLES: Record<string, ExampleSource> = {
  "portfolio.analyze": {
    request: ANALYZE_REQUEST,
    invalid: [
      {
        body: {
          positions: [
            { symbol: "AAPL_NASDAQ", quantity: 50 },
            { symbol: "MSFT_NASDAQ", weight: 50 },
          ],
        },
      },
      { body: { positions: [{ symbol: "AAPL", quantity: 50 }], lookbackDays: 5 } },
    ],
    data: {
      asOf: "2026-11-23T15:00:00.000Z",
      value: 25063.8,
      holdings: [
        {
          symbol: "AAPL",
          code: "AAPL_NASDAQ",
          name: "Apple Inc.",
          sector: "Information Technology",
          quantity: 50,
          livePrice: 197.11,
          marketValue: 9855.5,
          weightPercent: 39.3217,
          returnPercent: -24.581,
          annualisedVolatilityPercent: 22.6012,
          beta: 1.158457,
        },
        {
          symbol: "MSFT",
          code: "MSFT_NASDAQ",
          name: "Microsoft Corporation",
          sector: "Information Technology",
          quantity: 20,
          livePrice: 427.13,
          marketValue: 8542.6,
          weightPercent: 34.0834,
          returnPercent: -7.2628,
          annualisedVolatilityPercent: 23.0822,
          beta: 1.045014,
        },
        {
          symbol: "JPM",
          code: "JPM_NYSE",
          name: "JPMorgan Chase & Co.",
          sector: "Financials",
          quantity: 30,
          livePrice: 222.19,
          marketValue: 6665.7,
          weightPercent: 26.5949,
          returnPercent: -23.5355,
          annualisedVolatilityPercent: 21.2572,
          beta: 1.083108,
        },
      ],
      sectorExposure: [
        {
          sector: "Information Technology",
          weightPercent: 73.4051,
          holdings: 2,
        },
        {
          sector: "Financials",
          weightPercent: 26.5949,
          holdings: 1,
        },
      ],
      window: {
        from: "2025-11-19",
        to: "2026-11-20",
        returns: 252,
        pricesUsed:
          "Daily regular-session closes (GET /market/stocks/{code}/chart?period=5), to the tick, not adjusted for dividends: price returns",
      },
      benchmark: {
        symbol: "SPY",
        code: "SPY_ARCA",
        name: "SPDR S&P 500 ETF Trust",
        annualisedReturnPercent: -13.9983,
        annualisedVolatilityPercent: 15.0643,
      },
      riskFreeRate: 4,
      annualisedReturnPercent: -18.2984,
      annualisedVolatilityPercent: 19.5716,
      beta: 1.099753,
      correlationToBenchmark: 0.84648,
      sharpeRatio: -1.139081,
      sortinoRatio: -1.540506,
      valueAtRisk: {
        horizonDays: 1,
        historical95: {
          lossPercent: 1.9986,
          lossAmount: 500.92,
        },
        historical99: {
          lossPercent: 3.1773,
          lossAmount: 796.35,
        },
        parametric95: {
          lossPercent: 2.1005,
          lossAmount: 526.47,
        },
        parametric99: {
          lossPercent: 2.9407,
          lossAmount: 737.06,
        },
        conditional95: {
          lossPercent: 2.7852,
          lossAmount: 698.08,
        },
      },
      drawdown: {
        maxDrawdownPercent: 26.9541,
        peakDate: "2026-04-14",
        troughDate: "2026-10-26",
        recoveryDate: null,
      },
      correlationMatrix: {
        codes: ["AAPL_NASDAQ", "MSFT_NASDAQ", "JPM_NYSE"],
        matrix: [
          [1, 0.714089, 0.615612],
          [0.714089, 1, 0.558557],
          [0.615612, 0.558557, 1],
        ],
      },
      riskContributors: {
        method: "Euler contribution to volatility",
        portfolioVolatilityPercent: 19.5716,
        items: [
          {
            symbol: "AAPL",
            code: "AAPL_NASDAQ",
            weightPercent: 39.3217,
            marginalContributionPercent: 20.7222,
            contributionPercent: 8.1483,
            shareOfRiskPercent: 41.6332,
          },
          {
            symbol: "MSFT",
            code: "MSFT_NASDAQ",
            weightPercent: 34.0834,
            marginalContributionPercent: 20.3893,
            contributionPercent: 6.9494,
            shareOfRiskPercent: 35.5073,
          },
          {
            symbol: "JPM",
            code: "JPM_NYSE",
            weightPercent: 26.5949,
            marginalContributionPercent: 16.8227,
            contributionPercent: 4.474,
            shareOfRiskPercent: 22.8595,
          },
        ],
      },
    },
  },
  "portfolio.backtest": {
    request: BACKTEST_REQUEST,
    invalid: [
      {
        body: { symbols: ["AAPL_NASDAQ", "MSFT_NASDAQ"], start: "2025-01-02", rebalance: "weekly" },
      },
      { body: { start: "2025-01-02", rebalance: "monthly" } },
    ],
    data: {
      asOf: "2026-11-23T15:00:00.000Z",
      start: "2025-01-02",
      end: "2026-10-30",
      sessions: 459,
      rebalance: "quarterly",
      rebalances: 7,
      initialCapital: 10000,
      riskFreeRate: 4,
      pricesUsed:
        "Daily regular-session closes (GET /market/stocks/{code}/chart?period=5), to the tick, not adjusted for dividends: price returns",
      holdings: [
        {
          symbol: "AAPL",
          code: "AAPL_NASDAQ",
          name: "Apple Inc.",
          targetWeightPercent: 40,
          finalWeightPercent: 41.2785,
        },
        {
          symbol: "MSFT",
          code: "MSFT_NASDAQ",
          name: "Microsoft Corporation",
          targetWeightPercent: 40,
          finalWeightPercent: 39.5172,
        },
        {
          symbol: "JPM",
          code: "JPM_NYSE",
          name: "JPMorgan Chase & Co.",
          targetWeightPercent: 20,
          finalWeightPercent: 19.2044,
        },
      ],
      portfolio: {
        finalValue: 7554.02,
        totalReturnPercent: -24.4598,
        cagrPercent: -14.2587,
        annualisedVolatilityPercent: 22.2791,
        sharpeRatio: -0.760794,
        sortinoRatio: -1.046807,
        drawdown: {
          maxDrawdownPercent: 36.6366,
          peakDate: "2025-05-05",
          troughDate: "2026-10-26",
          recoveryDate: null,
        },
        bestYear: {
          year: 2025,
          returnPercent: -4.0376,
          partial: true,
        },
        worstYear: {
          year: 2026,
          returnPercent: -21.2814,
          partial: true,
        },
      },
      benchmark: {
        symbol: "SPY",
        code: "SPY_ARCA",
        name: "SPDR S&P 500 ETF Trust",
        finalValue: 7974.19,
        totalReturnPercent: -20.2581,
        cagrPercent: -11.6752,
        annualisedVolatilityPercent: 17.0325,
        sharpeRatio: -0.880672,
        sortinoRatio: -1.171542,
        drawdown: {
          maxDrawdownPercent: 32.6088,
          peakDate: "2025-05-05",
          troughDate: "2026-08-17",
          recoveryDate: null,
        },
        bestYear: {
          year: 2025,
          returnPercent: -3.0465,
          partial: true,
        },
        worstYear: {
          year: 2026,
          returnPercent: -17.7525,
          partial: true,
        },
      },
      annualReturns: [
        {
          year: 2025,
          portfolioReturnPercent: -4.0376,
          benchmarkReturnPercent: -3.0465,
          partial: true,
        },
        {
          year: 2026,
          portfolioReturnPercent: -21.2814,
          benchmarkReturnPercent: -17.7525,
          partial: true,
        },
      ],
      equityCurve: {
        frequency: "daily",
        points: [
          {
            date: "2025-01-02",
            value: 10000,
            benchmarkValue: 10000,
          },
          {
            date: "2025-01-03",
            value: 9988.74,
            benchmarkValue: 9936.95,
          },
          {
            date: "2025-01-06",
            value: 10147.07,
            benchmarkValue: 9986.99,
          },
        ],
      },
    },
  },
  "portfolio.tradeJournal": {
    request: JOURNAL_REQUEST,
    invalid: [
      {
        body: {
          trades: [
            {
              symbol: "AAPL_NASDAQ",
              side: "short",
              quantity: 10,
              price: 180,
              timestamp: "2026-03-02",
            },
          ],
        },
      },
    ],
    data: {
      asOf: "2026-11-23T15:00:00.000Z",
      summary: {
        trades: 5,
        closedTrades: 2,
        wins: 1,
        losses: 1,
        breakevens: 0,
        winRatePercent: 50,
        averageWin: 2197.4,
        averageLoss: -202,
        expectancy: 997.7,
        profitFactor: 10.878218,
        grossProfit: 2197.4,
        grossLoss: -202,
        realisedPnl: 1995.4,
        unrealisedPnl: 212.7,
        totalPnl: 2208.1,
        totalFees: 5.2,
        longestWinStreak: 1,
        longestLossStreak: 1,
        averageHoldingDays: 84.6108,
      },
      closedTrades: [
        {
          tradeIndex: 3,
          symbol: "AAPL",
          code: "AAPL_NASDAQ",
          direction: "long",
          closedAt: "2026-06-15T19:20:00.000Z",
          quantity: 120,
          averageEntryPrice: 181.6667,
          exitPrice: 200,
          fees: 2.6,
          realisedPnl: 2197.4,
          returnPercent: 10.0798,
          holdingDays: 99.3362,
          lots: 2,
        },
        {
          tradeIndex: 4,
          symbol: "MSFT",
          code: "MSFT_NASDAQ",
          direction: "short",
          closedAt: "2026-07-20T15:00:00.000Z",
          quantity: 10,
          averageEntryPrice: 450,
          exitPrice: 470,
          fees: 2,
          realisedPnl: -202,
          returnPercent: -4.4889,
          holdingDays: 69.8854,
          lots: 1,
        },
      ],
      closedLots: [
        {
          symbol: "AAPL",
          code: "AAPL_NASDAQ",
          direction: "long",
          quantity: 100,
          openTradeIndex: 0,
          closeTradeIndex: 3,
          openedAt: "2026-03-02T15:30:00.000Z",
          closedAt: "2026-06-15T19:20:00.000Z",
          entryPrice: 180,
          exitPrice: 200,
          fees: 2,
          realisedPnl: 1998,
          returnPercent: 11.1,
          holdingDays: 105.1597,
        },
        {
          symbol: "AAPL",
          code: "AAPL_NASDAQ",
          direction: "long",
          quantity: 20,
          openTradeIndex: 1,
          closeTradeIndex: 3,
          openedAt: "2026-04-06T14:05:00.000Z",
          closedAt: "2026-06-15T19:20:00.000Z",
          entryPrice: 190,
          exitPrice: 200,
          fees: 0.6,
          realisedPnl: 199.4,
          returnPercent: 5.2474,
          holdingDays: 70.2188,
        },
        {
          symbol: "MSFT",
          code: "MSFT_NASDAQ",
          direction: "short",
          quantity: 10,
          openTradeIndex: 2,
          closeTradeIndex: 4,
          openedAt: "2026-05-11T17:45:00.000Z",
          closedAt: "2026-07-20T15:00:00.000Z",
          entryPrice: 450,
          exitPrice: 470,
          fees: 2,
          realisedPnl: -202,
          returnPercent: -4.4889,
          holdingDays: 69.8854,
        },
      ],
      openPositions: [
        {
          symbol: "AAPL",
          code: "AAPL_NASDAQ",
          direction: "long",
          quantity: 30,
          averageEntryPrice: 190,
          costBasis: 5700.6,
          livePrice: 197.11,
          marketValue: 5913.3,
          unrealisedPnl: 212.7,
          unrealisedPnlPercent: 3.7316,
          lots: [
            {
              tradeIndex: 1,
              openedAt: "2026-04-06T14:05:00.000Z",
              quantity: 30,
              entryPrice: 190,
              fees: 0.6,
            },
          ],
        },
      ],
    },
  },
};
