/**
 * The market-data ports: what endpoints depend on, whatever the source (the simulated market,
 * a real vendor, the DynamoDB cache in front of either). Prices are in the instrument's
 * currency; times are epoch milliseconds (UTC) unless a name says otherwise.
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
  openInterest: number;
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

/**
 * A source of market data. Methods resolve `undefined` for an unknown instrument and throw
 * `MarketDataUnavailable` when the source cannot answer (outage, missing entitlement).
 */
export interface MarketDataProvider {
  readonly name: string;
  instruments(): Promise<Instrument[]>;
  instrument(code: string): Promise<Instrument | undefined>;
  quote(code: string): Promise<Quote | undefined>;
  bars(code: string, request: BarsRequest): Promise<Bar[] | undefined>;
  optionChain(
    underlyingCode: string,
    expiration: string,
    right: "C" | "P",
  ): Promise<OptionQuote[] | undefined>;
}

/** A source with an option volatility surface (the simulated market; the vendors here have none). */
export interface ImpliedVolatilitySource {
  /**
   * The 30-day at-the-money implied volatility (decimal) at the clock: the at-the-forward
   * volatilities of the listed expirations either side of 30 calendar days, interpolated
   * linearly in total variance (σ²·T); undefined for an instrument without listed options.
   */
  atmImpliedVolatility30(code: string): Promise<number | undefined>;
}

export function hasImpliedVolatility(
  market: MarketDataProvider,
): market is MarketDataProvider & ImpliedVolatilitySource {
  return "atmImpliedVolatility30" in market;
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
