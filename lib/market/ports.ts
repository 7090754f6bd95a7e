/**
 * The market-data ports: what endpoints depend on, whatever the source (the simulated market,
 * a real vendor, the DynamoDB cache in front of either). Prices are in the instrument's
 * currency; times are epoch milliseconds (UTC) unless a name says otherwise.
 *
 * A source is a set of small capabilities (below the data types). How every method answers:
 * `undefined` for an instrument the source does not know, or for which it has no such data
 * (no options, no reference figures); `MarketDataUnavailable` when the source cannot answer
 * now (outage, rate limit, missing entitlement).
 *
 * Core capabilities are the provider's own methods: every source offers them, answering
 * `undefined` per instrument where it has nothing. Optional capabilities are properties that
 * hold the capability or `undefined` when the source has none at all; the key is required, so
 * every provider and every wrapper (the cache) states each one explicitly, and callers test the
 * property, never the object's shape.
 */

/** How an instrument trades. Indices are quoted but not traded. */
export type ContractType = "Stock" | "ETF" | "Future" | "Crypto" | "Index";

export interface Instrument {
  /** Ticker, e.g. AAPL, ESZ26, BTC. */
  symbol: string;
  /** Contract code: SYMBOL_EXCHANGE, e.g. AAPL_NASDAQ. */
  code: string;
  name: string;
  /** Primary exchange or venue, e.g. NASDAQ, NYSE, ARCA, CME, COINBASE, INDEX. */
  exchange: string;
  contractType: ContractType;
  currency: string;
  hasOptions: boolean;
  sector?: string;
  industry?: string;
  /** For market capitalisation = shares × live price. */
  sharesOutstanding?: number;
  /** Minimum price increment, when the contract defines one (futures). */
  tickSize?: number;
}

/** One OHLCV bar; `timestamp` is the bar's start. */
export interface Bar {
  timestamp: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** The spec's chart periods: 1 = 1 min, 2 = 5 min, 3 = 15 min, 4 = 1 h, 5 = day, 6 = week, 7 = month. */
export type ChartPeriod = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export type QuoteSession = "Pre-Market" | "Regular" | "After-Hours" | "Overnight" | "Closed";

export interface Quote {
  symbol: string;
  lastPrice: number;
  bid: number;
  ask: number;
  /** Bid/ask-clamped fair value; undefined when there is no two-sided market. */
  markPrice: number | undefined;
  open: number;
  /** The latest regular-session settlement: today's once settled (pinned outside regular hours). */
  close: number;
  /**
   * The settlement before the quote's trading day: what change is measured against. The trading
   * day is the one whose sessions are trading or last traded: an equity's overnight session
   * and pre-market belong to the coming day (previousClose = close then), an index's day lasts
   * until the next open, a future's trade date opens at 18:00 the evening before.
   */
  previousClose: number;
  high: number;
  low: number;
  yearHigh: number;
  yearLow: number;
  volume: number;
  marketSession: QuoteSession;
  isHalted: boolean;
  /** Epoch ms of the last trade or update. */
  lastUpdated: number;
  /** Served from the cache while the source was unavailable. */
  isStale?: boolean;
}

export interface OptionQuote {
  /** OCC-style contract symbol, e.g. AAPL261218C00200000. */
  contract: string;
  underlying: string;
  /** yyyy-MM-dd. */
  expiration: string;
  strike: number;
  right: "C" | "P";
  bid: number;
  ask: number;
  last: number;
  volume: number;
  /** Open contracts, when the source reports them (Alpaca's snapshots do not). */
  openInterest?: number;
  /** Decimal (0.25 = 25 %), when the source supplies it. */
  impliedVolatility?: number;
  delta?: number;
}

export interface BarsRequest {
  period: ChartPeriod;
  /** Inclusive start and exclusive end, epoch ms. */
  from: number;
  to: number;
  /** Include pre-market, after-hours and overnight bars (intraday periods only). */
  extended: boolean;
}

// ---------------------------------------------------------------------------------------------
// Reference data
// ---------------------------------------------------------------------------------------------

export type DividendFrequency = "monthly" | "quarterly" | "semiannual" | "annual";
/** "bmo": before the market opens; "amc": after the close. */
export type EarningsHour = "bmo" | "amc";

export interface DividendSchedule {
  /** USD per share per year. */
  annualAmount: number;
  frequency: DividendFrequency;
  /** Usual ex-dividend dates, "MM-DD", in calendar order; one per payment. */
  exDividendMonthDay: string[];
}

/** Reference figures of a stock or ETF (not a feed: they change with filings). */
export interface EquityReference {
  kind: "equity";
  /** All share classes (a fund's shares outstanding for an ETF). */
  sharesOutstanding: number;
  beta: number;
  /** Average daily share volume. */
  averageVolume: number;
  /** null for non-payers. */
  dividend: DividendSchedule | null;
  /** Percent of float. */
  shortInterestPercent: number;
  /** Annual borrow fee, percent. */
  borrowFeePercent: number;
  /** Calendar months (1-12) of the quarterly reports; null without reports (ETFs). */
  earningsMonths: readonly number[] | null;
  earningsHour: EarningsHour | null;
}

/** Reference figures of a crypto asset. */
export interface CryptoReference {
  kind: "crypto";
  /** Coins in circulation: supply × price is the asset's market capitalisation. */
  circulatingSupply: number;
}

export type InstrumentReference = EquityReference | CryptoReference;

// ---------------------------------------------------------------------------------------------
// Capabilities
// ---------------------------------------------------------------------------------------------

/** The instruments a source lists. */
export interface InstrumentListings {
  instruments(): Promise<Instrument[]>;
  instrument(code: string): Promise<Instrument | undefined>;
}

/** Live quotes and OHLCV bars. */
export interface QuotesAndBars {
  quote(code: string): Promise<Quote | undefined>;
  bars(code: string, request: BarsRequest): Promise<Bar[] | undefined>;
}

/** Past regular-session closes, for technicals (Nova's RSI and realised volatility). */
export interface DailyCloseHistory {
  /** The last `days` regular-session closes up to now, oldest first (today's so far included). */
  dailyCloses(code: string, days: number): Promise<number[] | undefined>;
}

/**
 * Closes and ranges of finished regular sessions by date, cheaply: what a long history of one
 * number a day needs (the simulated world's insider trades read twelve years of closes and the
 * ranges of their trade days) without the volumes a daily bar carries.
 */
export interface SessionCloseHistory {
  /** Sessions dated `from` to `to` (yyyy-MM-dd, inclusive) that ended by the clock, oldest first. */
  sessionCloses(
    code: string,
    from: string,
    to: string,
  ): Promise<{ date: string; close: number }[] | undefined>;
  /** One finished session's regular-hours low, high and close; undefined when none ended that day. */
  sessionRange(
    code: string,
    date: string,
  ): Promise<{ low: number; high: number; close: number } | undefined>;
}

/**
 * Fundamentals the price feed does not carry: shares, beta, dividends, earnings, borrow. Keyed
 * by the instrument (its symbol and contract type) rather than the listing's code: they belong
 * to the issuer, whichever venue the source lists it on.
 */
export interface ReferenceData {
  /** Undefined when the source has no reference figures for the instrument (or none at all). */
  reference(instrument: Instrument): Promise<InstrumentReference | undefined>;
}

/** Option chains, one expiration and side at a time. */
export interface OptionChains {
  optionChain(
    underlyingCode: string,
    expiration: string,
    right: "C" | "P",
  ): Promise<OptionQuote[] | undefined>;
}

/** The expirations a source lists options for (optional: a vendor may serve chains without). */
export interface OptionExpirations {
  /** The listed expirations (yyyy-MM-dd), soonest first; undefined for a non-optionable instrument. */
  expirations(code: string): Promise<string[] | undefined>;
}

/** An option volatility surface (optional: the vendors here have none). */
export interface VolatilitySurface {
  /**
   * The 30-day at-the-money implied volatility (decimal) at the clock: the at-the-forward
   * volatilities of the listed expirations either side of 30 calendar days, interpolated
   * linearly in total variance (σ²·T); undefined for an instrument without listed options.
   */
  atmImpliedVolatility30(code: string): Promise<number | undefined>;
  /**
   * The daily 30-day ATM implied volatility (decimal) of the last `days` sessions, oldest
   * first, ending with today's session when it trades (optional: a surface may keep no history).
   */
  atmIvHistory?(
    code: string,
    days: number,
  ): Promise<{ date: string; impliedVolatility: number }[] | undefined>;
}

/** One quarterly earnings report. */
export interface EarningsReportRecord {
  /** yyyy-MM-dd, New York. */
  date: string;
  hour: EarningsHour;
  /** EPS, USD per share; epsActual is null until the report is out. */
  epsEstimate: number;
  epsActual: number | null;
  /** The quarter reported (1-4) and its year, when the source says. */
  quarter?: number;
  year?: number;
  /** Revenue, USD; the actual is null until the report is out. Absent when the source has none. */
  revenueEstimate?: number;
  revenueActual?: number | null;
  /**
   * The move the option surface priced for the session reacting to the report, read the
   * session before: its expected absolute return (decimal); absent when the source has none.
   */
  impliedMove?: number;
}

/** Quarterly earnings reports with estimates and actuals (optional: the vendors here have none). */
export interface EarningsHistory {
  /**
   * The reports dated `from` to `to` (yyyy-MM-dd, inclusive), oldest first; undefined for an
   * instrument without reports.
   */
  earningsReports(
    code: string,
    from: string,
    to: string,
  ): Promise<EarningsReportRecord[] | undefined>;
}

/**
 * One print of an options trade tape. Sources that carry the quote at the print give bid and
 * ask; others leave them out (callers fall back to the contract's current quote).
 */
export interface OptionTradePrint {
  /** Epoch ms. */
  timestamp: number;
  /** yyyy-MM-dd. */
  expiration: string;
  strike: number;
  right: "C" | "P";
  /** Contracts (× 100 shares each). */
  size: number;
  /** USD per share. */
  price: number;
  /**
   * The print's condition: "sweep" (an intermarket sweep, several venues at once), "block" (a
   * single large negotiated print), "regular" otherwise (also when the tape has no condition).
   */
  kind: "regular" | "sweep" | "block";
  /** The contract's bid and ask when it printed, USD per share, when the tape carries them. */
  bid?: number;
  ask?: number;
}

/** The day's options trade tape (optional: the vendors here have none). */
export interface OptionTape {
  /**
   * The latest session's option prints of an underlying up to the clock (today's once its
   * regular session has opened, else the previous session's), oldest first; undefined for an
   * instrument without listed options.
   */
  optionTrades(code: string): Promise<OptionTradePrint[] | undefined>;
}

/** Option volume and open interest of one side of a session, contracts (× 100 shares each). */
export interface OptionSideActivity {
  /** Contracts traded in the session. */
  volume: number;
  /** Open contracts (at the session's close). */
  openInterest: number;
}

/** One completed session's option activity: every expiration listed that day, and by expiration. */
export interface OptionSessionActivity {
  /** yyyy-MM-dd, New York. */
  date: string;
  calls: OptionSideActivity;
  puts: OptionSideActivity;
  /** Each expiration (yyyy-MM-dd) listed in the session, soonest first. */
  byExpiration: { expiration: string; calls: OptionSideActivity; puts: OptionSideActivity }[];
}

/** Past sessions' option volume and open interest (optional: the vendors here have none). */
export interface OptionActivityHistory {
  /**
   * The session today's chains count volume for (yyyy-MM-dd: today's once its regular session
   * has opened, else the latest one), and the `sessions` completed sessions before it, oldest
   * first; undefined for an instrument without listed options.
   */
  history(
    code: string,
    sessions: number,
  ): Promise<{ currentSession: string; sessions: OptionSessionActivity[] } | undefined>;
}

/**
 * A source of market data: the core capabilities as its own methods, the optional ones as
 * properties (see the module comment).
 */
export interface MarketDataProvider
  extends InstrumentListings,
    QuotesAndBars,
    DailyCloseHistory,
    ReferenceData,
    OptionChains {
  readonly name: string;
  /** Undefined: the source lists no expirations (Nova answers 503 without them). */
  readonly optionExpirations: OptionExpirations | undefined;
  /** Undefined: the source has no volatility surface (implied-volatility fields stay empty). */
  readonly volatilitySurface: VolatilitySurface | undefined;
  /** Absent or undefined: the source has no earnings history (its endpoints answer 503). */
  readonly earningsHistory?: EarningsHistory | undefined;
  /** Absent or undefined: the source keeps no option volume history (/volume answers 503). */
  readonly optionActivity?: OptionActivityHistory | undefined;
  /** Absent or undefined: the source has no options trade tape (flow answers 503). */
  readonly optionTape?: OptionTape | undefined;
  /** Absent or undefined: read closes from daily bars instead. */
  readonly closeHistory?: SessionCloseHistory | undefined;
}

/** The source is down, rate-limited or not entitled: the API answers 503, never invented data. */
export class MarketDataUnavailable extends Error {
  constructor(
    readonly provider: string,
    message: string,
  ) {
    super(message);
    this.name = "MarketDataUnavailable";
  }
}
