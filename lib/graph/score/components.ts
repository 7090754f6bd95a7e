import { rsi, type Series, sma } from "../../quant";
import { type ComponentReading, round1, scaled } from "./composite";

/**
 * The seven components of the graph score, each read as of one session's close (the point
 * date P) from inputs that were known then. Every component maps its figure x to
 * 50 + 50·tanh(x / scale) (composite.ts `scaled`), so 50 is neutral and the scale is the
 * figure at which the component reaches about 88. The constants below are the scales.
 */

export const TECHNICAL_SCALES = { smaDistance: 0.05, smaCross: 0.05, roc20: 0.08 } as const;
export const SUPPLY_EXCESS_SCALE = 0.15;
export const SUPPLY_RETURN_SESSIONS = 63;
export const INSIDER_WINDOW_DAYS = 90;
/** Sales count for a quarter of purchases: insiders sell for many reasons, buy for one. */
export const INSIDER_SALE_FACTOR = 0.25;
/** Net insider buying at which the component reaches ~88, as a fraction of market cap (2 bp). */
export const INSIDER_NET_SCALE = 0.0002;
export const INSTITUTIONAL_FLOW_SCALE_PERCENT = 4;
export const NEWS_WINDOW_DAYS = 7;
export const PUT_CALL_SESSIONS = 5;
export const PUT_CALL_NEUTRAL = 0.9;
export const PUT_CALL_SCALE = 0.4;
export const IV_RANK_SESSIONS = 252;
export const VALUATION_SCALE = 0.5;

const MS_PER_DAY = 86_400_000;
const round2 = (value: number) => Math.round(value * 100) / 100;
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / values.length;

export const missing = (
  note: string,
  inputs: ComponentReading["inputs"] = {},
): ComponentReading => ({
  value: null,
  asOf: null,
  inputs,
  note,
});

// --- Technical trend ----------------------------------------------------------------------------

/** A stock's finished sessions with the indicator series over them (computed once). */
export interface TechnicalSeries {
  dates: readonly string[];
  closes: readonly number[];
  sma50: Series;
  sma200: Series;
  rsi14: Series;
}

export function technicalSeries(sessions: readonly { date: string; close: number }[]) {
  const closes = sessions.map((session) => session.close);
  return {
    dates: sessions.map((session) => session.date),
    closes,
    sma50: sma(closes, 50),
    sma200: sma(closes, 200),
    rsi14: rsi(closes, 14),
  };
}

/**
 * The mean of four signals in [−1, 1]: tanh(distance from the 50-day average / 5 %),
 * tanh((SMA50 / SMA200 − 1) / 5 %), tanh(20-session return / 8 %) and (RSI14 − 50) / 50.
 */
export function technicalTrendAt(series: TechnicalSeries, index: number): ComponentReading {
  const close = series.closes[index];
  const sma50 = series.sma50[index] ?? null;
  const sma200 = series.sma200[index] ?? null;
  const rsi14 = series.rsi14[index] ?? null;
  const before = series.closes[index - 20];
  if (close === undefined || sma50 === null || rsi14 === null || before === undefined) {
    return missing("fewer than 50 sessions of history");
  }
  const roc20 = close / before - 1;
  const signals = [
    Math.tanh((close / sma50 - 1) / TECHNICAL_SCALES.smaDistance),
    Math.tanh(roc20 / TECHNICAL_SCALES.roc20),
    (rsi14 - 50) / 50,
  ];
  if (sma200 !== null) signals.push(Math.tanh((sma50 / sma200 - 1) / TECHNICAL_SCALES.smaCross));
  return {
    value: round1(50 + 50 * mean(signals)),
    asOf: series.dates[index] ?? null,
    inputs: {
      close: round4(close),
      sma50: round4(sma50),
      sma200: sma200 === null ? null : round4(sma200),
      rsi14: round2(rsi14),
      return20SessionsPercent: round2(roc20 * 100),
    },
    note: sma200 === null ? "fewer than 200 sessions: no 50/200-day cross signal" : null,
  };
}

// --- Supply-chain health ------------------------------------------------------------------------

export interface SupplyPartner {
  symbol: string;
  role: "supplier" | "customer";
  /** How much the relation matters to the company: a supplier's share of its cost of revenue, a customer's of its revenue (0-1). */
  weight: number;
  /** First day of the relation (yyyy-MM-dd): it counts from then. */
  since: string;
  /** Partner closes by date (finished sessions). */
  closes: ReadonlyMap<string, number>;
}

/**
 * The weight-averaged 63-session return of the listed suppliers and customers in excess of the
 * benchmark's (SPY), x = excess / 15 %: partners doing well are customers buying and suppliers
 * delivering. Null without a listed partner with prices on both dates.
 */
export function supplyChainHealthAt(
  partners: readonly SupplyPartner[],
  benchmark: ReadonlyMap<string, number>,
  date: string,
  startDate: string | undefined,
): ComponentReading {
  const benchmarkReturn = returnBetween(benchmark, startDate, date);
  if (benchmarkReturn === null) return missing("no benchmark history for the window");
  let weighted = 0;
  let weights = 0;
  let counted = 0;
  for (const partner of partners) {
    const partnerReturn = returnBetween(partner.closes, startDate, date);
    if (partnerReturn === null || partner.weight <= 0 || partner.since > date) continue;
    weighted += partner.weight * (partnerReturn - benchmarkReturn);
    weights += partner.weight;
    counted++;
  }
  if (counted === 0) return missing("no listed supplier or customer with prices over the window");
  const excess = weighted / weights;
  return {
    value: scaled(excess / SUPPLY_EXCESS_SCALE),
    asOf: date,
    inputs: {
      partnersCounted: counted,
      fromDate: startDate ?? null,
      weightedExcessReturnPercent: round2(excess * 100),
      benchmarkReturnPercent: round2(benchmarkReturn * 100),
    },
    note: null,
  };
}

function returnBetween(closes: ReadonlyMap<string, number>, from: string | undefined, to: string) {
  const start = from === undefined ? undefined : closes.get(from);
  const end = closes.get(to);
  return start && end ? end / start - 1 : null;
}

// --- Insider activity ---------------------------------------------------------------------------

export interface DatedInsiderTrade {
  personCik: string;
  transactionDate: string;
  /** P open-market purchase, S open-market sale (others are ignored). */
  code: string;
  valueUsd: number;
}

/**
 * Open-market purchases minus a quarter of the sales over the 90 days to P, over the market
 * capitalisation at P, x = that / 2 bp. No trade: 50.
 */
export function insiderActivityAt(
  trades: readonly DatedInsiderTrade[],
  date: string,
  marketCapUsd: number,
): ComponentReading {
  const from = shiftDate(date, -INSIDER_WINDOW_DAYS);
  let boughtUsd = 0;
  let soldUsd = 0;
  const buyers = new Set<string>();
  const sellers = new Set<string>();
  let latest: string | null = null;
  for (const trade of trades) {
    if (trade.transactionDate <= from || trade.transactionDate > date) continue;
    if (trade.code === "P") {
      boughtUsd += trade.valueUsd;
      buyers.add(trade.personCik);
    } else if (trade.code === "S") {
      soldUsd += trade.valueUsd;
      sellers.add(trade.personCik);
    } else continue;
    if (latest === null || trade.transactionDate > latest) latest = trade.transactionDate;
  }
  const net = boughtUsd - INSIDER_SALE_FACTOR * soldUsd;
  return {
    value: scaled(net / marketCapUsd / INSIDER_NET_SCALE),
    asOf: latest,
    inputs: {
      fromDate: shiftDate(from, 1),
      boughtUsd: Math.round(boughtUsd),
      soldUsd: Math.round(soldUsd),
      buyers: buyers.size,
      sellers: sellers.size,
      marketCapUsd: Math.round(marketCapUsd),
    },
    note: null,
  };
}

// --- Institutional flow -------------------------------------------------------------------------

export interface FilerChange {
  /** The latest 13F's filing date and quarter end. */
  filingDate: string;
  quarterEnd: string;
  /** Shares now minus shares the quarter before (new position: all of it; sold out: minus all). */
  changeShares: number;
}

/**
 * The change in shares the 13F filers hold, latest quarter over the one before, as a percent
 * of shares outstanding, over the filers whose latest 13F was filed by P; x = that / 4 %.
 */
export function institutionalFlowAt(
  changes: readonly FilerChange[],
  date: string,
  sharesOutstanding: number,
): ComponentReading {
  const filed = changes.filter((change) => change.filingDate <= date);
  if (filed.length === 0) return missing("no 13F filer's holding reported by the date");
  const changeShares = filed.reduce((sum, change) => sum + change.changeShares, 0);
  const flowPercent = (changeShares / sharesOutstanding) * 100;
  const latestFiling = filed.reduce((a, b) => (b.filingDate > a.filingDate ? b : a));
  return {
    value: scaled(flowPercent / INSTITUTIONAL_FLOW_SCALE_PERCENT),
    asOf: latestFiling.filingDate,
    inputs: {
      quarterEnd: latestFiling.quarterEnd,
      filers: filed.length,
      changeShares,
      flowPercentOfShares: round4(flowPercent),
    },
    note: null,
  };
}

// --- News sentiment -----------------------------------------------------------------------------

export interface ScoredArticle {
  publishedAtMs: number;
  /** −1..1, about the ticker; relevance 0..1. */
  score: number;
  relevance: number;
}

/**
 * The relevance-weighted mean sentiment about the ticker of the articles published in the 7 days
 * to P's close (as /news/ticker/{code}/sentiment weighs them), x = mean × 1.5. No article: 50.
 * Null when the 7 days start before the news window the source keeps.
 */
export function newsSentimentAt(
  articles: readonly ScoredArticle[],
  date: string,
  closeMs: number,
  windowStartMs: number,
): ComponentReading {
  const fromMs = closeMs - NEWS_WINDOW_DAYS * MS_PER_DAY;
  if (fromMs < windowStartMs) return missing("the 7 days start before the 30-day news window");
  let weighted = 0;
  let weights = 0;
  let count = 0;
  for (const article of articles) {
    if (article.publishedAtMs <= fromMs || article.publishedAtMs > closeMs) continue;
    const weight = Math.max(article.relevance, 0.05);
    weighted += weight * article.score;
    weights += weight;
    count++;
  }
  const sentiment = weights === 0 ? 0 : weighted / weights;
  return {
    value: scaled(sentiment * 1.5),
    asOf: date,
    inputs: { articles: count, sentimentScore: round4(sentiment) },
    note: count === 0 ? "no article about the company in the 7 days" : null,
  };
}

// --- Options positioning ------------------------------------------------------------------------

export interface OptionSessionVolume {
  date: string;
  callVolume: number;
  putVolume: number;
}

/**
 * Half put/call volume ratio over the 5 sessions to P, tanh((0.9 − ratio) / 0.4), half IV rank
 * (30-day ATM IV against its 252-session range), 1 − 2 × rank: heavy put buying and expensive
 * protection read bearish. Null without options.
 */
export function optionsPositioningAt(
  sessions: readonly OptionSessionVolume[],
  ivByDate: ReadonlyMap<string, number>,
  ivDates: readonly string[],
  date: string,
): ComponentReading {
  const end = sessions.findIndex((session) => session.date === date);
  if (end < PUT_CALL_SESSIONS - 1) return missing("no option volume for the 5 sessions");
  const window = sessions.slice(end - PUT_CALL_SESSIONS + 1, end + 1);
  const calls = window.reduce((sum, session) => sum + session.callVolume, 0);
  const puts = window.reduce((sum, session) => sum + session.putVolume, 0);
  if (calls === 0) return missing("no call volume in the 5 sessions");
  const ratio = puts / calls;
  const rank = ivRankAt(ivByDate, ivDates, date);
  const flowSignal = Math.tanh((PUT_CALL_NEUTRAL - ratio) / PUT_CALL_SCALE);
  const signals = rank === null ? [flowSignal] : [flowSignal, 1 - 2 * rank];
  return {
    value: round1(50 + 50 * mean(signals)),
    asOf: date,
    inputs: {
      putCallVolumeRatio: round4(ratio),
      impliedVolatilityPercent: round2((ivByDate.get(date) ?? Number.NaN) * 100) || null,
      ivRank: rank === null ? null : round4(rank),
    },
    note: rank === null ? "no implied-volatility history: put/call only" : null,
  };
}

function ivRankAt(ivByDate: ReadonlyMap<string, number>, dates: readonly string[], date: string) {
  const end = dates.indexOf(date);
  const iv = ivByDate.get(date);
  if (end < 20 || iv === undefined) return null;
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const day of dates.slice(Math.max(0, end - IV_RANK_SESSIONS + 1), end + 1)) {
    const value = ivByDate.get(day) as number;
    low = Math.min(low, value);
    high = Math.max(high, value);
  }
  return high > low ? (iv - low) / (high - low) : 0.5;
}

// --- Valuation ----------------------------------------------------------------------------------

/**
 * Trailing P/E against the median trailing P/E of its sector on P, x = ln(median / P/E) / 0.5:
 * cheaper than the sector scores above 50. Null without positive trailing earnings.
 */
export function valuationAt(
  {
    priceToEarnings,
    trailingEps,
    sectorMedian,
    sectorCount,
  }: {
    priceToEarnings: number | null;
    trailingEps: number | null;
    sectorMedian: number | null;
    sectorCount: number;
  },
  date: string,
): ComponentReading {
  if (priceToEarnings === null || trailingEps === null) {
    return missing("no positive trailing earnings (four reported quarters)");
  }
  if (sectorMedian === null) return missing("no sector peers with positive earnings");
  return {
    value: scaled(Math.log(sectorMedian / priceToEarnings) / VALUATION_SCALE),
    asOf: date,
    inputs: {
      trailingEps: round4(trailingEps),
      priceToEarnings: round2(priceToEarnings),
      sectorMedianPriceToEarnings: round2(sectorMedian),
      sectorCompanies: sectorCount,
    },
    note: null,
  };
}

/** yyyy-MM-dd shifted by whole days. */
export function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * MS_PER_DAY).toISOString().slice(0, 10);
}
