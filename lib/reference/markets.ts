/**
 * The markets this API serves, with their sessions (as the market clock runs them: lib/market/
 * sessions.ts, the simulated market's futures and crypto days) and what each endpoint group
 * covers in them. Times are local to `timezone`, HH:mm.
 */

export interface MarketSession {
  name: string;
  start: string;
  end: string;
  note: string | null;
}

export interface MarketEntry {
  id: string;
  name: string;
  description: string;
  timezone: string;
  /** The holiday calendar: an exchange MIC /reference/holidays takes, or null (every day). */
  holidayCalendar: string | null;
  /** Days it trades. */
  tradingDays: string;
  sessions: MarketSession[];
  /** The exchange parts of its contract codes (see /reference/exchanges, apiExchange). */
  venues: string[];
  exampleCode: string;
  /** Endpoint groups (the path's first segment) and what each serves for this market. */
  coverage: { group: string; covers: string }[];
}

const session = (name: string, start: string, end: string, note: string | null = null) => ({
  name,
  start,
  end,
  note,
});

export const MARKETS: readonly MarketEntry[] = [
  {
    id: "us-equities",
    name: "US stocks and ETFs",
    description: "Stocks and exchange-traded funds listed on Nasdaq, NYSE, NYSE Arca and Cboe BZX.",
    timezone: "America/New_York",
    holidayCalendar: "XNYS",
    tradingDays: "NYSE trading days (weekdays less NYSE holidays)",
    sessions: [
      session("Pre-Market", "04:00", "09:30"),
      session("Market", "09:30", "16:00", "13:00 on early-close days"),
      session("After-Hours", "16:00", "20:00", "13:00-17:00 on early-close days"),
      session(
        "Overnight",
        "20:00",
        "04:00",
        "The night before each trading day, Sunday night included",
      ),
    ],
    venues: ["NASDAQ", "NYSE", "ARCA", "BATS"],
    exampleCode: "AAPL_NASDAQ",
    coverage: [
      {
        group: "market",
        covers: "quotes, charts, details, scanners, trending, short interest, dividends",
      },
      { group: "company", covers: "profiles, events, filings, sector, description" },
      { group: "companyExtra", covers: "news, sentiment and story clusters per company" },
      { group: "fundamentals", covers: "financial statements and ratios (stocks)" },
      { group: "graph", covers: "suppliers, customers, peers, insiders, institutions, scores" },
      { group: "news", covers: "news with sentiment, topics and clusters" },
      { group: "calendar", covers: "earnings, dividends and economic releases" },
      { group: "screener", covers: "scans and presets over every listed stock" },
      { group: "marketAnalysis", covers: "breadth, sectors, movers, dark-pool short volume" },
      { group: "intelligence", covers: "the committee's verdicts per stock" },
      { group: "portfolio", covers: "portfolio analytics and backtests" },
      { group: "alerts", covers: "price, IV and volume alerts" },
    ],
  },
  {
    id: "us-options",
    name: "US listed options",
    description:
      "Equity, ETF and index options (SPX, NDX, RUT, VIX, SOX) on optionable underlyings, priced off the underlying's quote.",
    timezone: "America/New_York",
    holidayCalendar: "XNYS",
    tradingDays: "NYSE trading days",
    sessions: [session("Market", "09:30", "16:00", "13:00 on early-close days")],
    venues: ["NASDAQ", "NYSE", "ARCA", "BATS", "INDEX"],
    exampleCode: "AAPL_NASDAQ",
    coverage: [
      { group: "options", covers: "expirations, chains, quotes, greeks, flow, calculators" },
      { group: "optionsExtra", covers: "ripeness and the premium-selling feed" },
      { group: "volatility", covers: "surface, term structure, skew, HV vs IV, dealer gamma" },
      { group: "hedge", covers: "hedge suggestions and analysis" },
    ],
  },
  {
    id: "us-indices",
    name: "US indices",
    description:
      "Seven US indices quoted under the pseudo-venue INDEX (SPX, NDX, DJI, RUT, VIX, ...).",
    timezone: "America/New_York",
    holidayCalendar: "XNYS",
    tradingDays: "NYSE trading days",
    sessions: [session("Market", "09:30", "16:00", "13:00 on early-close days")],
    venues: ["INDEX"],
    exampleCode: "SPX_INDEX",
    coverage: [
      { group: "market", covers: "index list, quotes and charts" },
      { group: "options", covers: "index options (cash-settled)" },
      { group: "volatility", covers: "index volatility surfaces" },
    ],
  },
  {
    id: "us-futures",
    name: "US futures",
    description:
      "Front and next contracts of eleven roots on CME, CBOT, NYMEX and COMEX (ES, NQ, YM, RTY, CL, NG, GC, SI, ZN, ZB, 6E).",
    timezone: "America/New_York",
    holidayCalendar: null,
    tradingDays: "Sunday evening to Friday (trade dates follow NYSE trading days)",
    sessions: [
      session(
        "Trading",
        "18:00",
        "17:00",
        "Opens the evening before its trade date; 17:00-18:00 break",
      ),
    ],
    venues: ["CME", "CBOT", "NYMEX", "COMEX"],
    exampleCode: "ESZ26_CME",
    coverage: [{ group: "market", covers: "quotes, charts (24-hour 1-minute window), details" }],
  },
  {
    id: "crypto",
    name: "Crypto assets",
    description: "Fifteen crypto assets against USD on Coinbase.",
    timezone: "UTC",
    holidayCalendar: null,
    tradingDays: "Every day (the UTC day)",
    sessions: [session("Trading", "00:00", "24:00", "Around the clock")],
    venues: ["COINBASE"],
    exampleCode: "BTC_COINBASE",
    coverage: [{ group: "market", covers: "crypto list, quotes, charts, details" }],
  },
];
