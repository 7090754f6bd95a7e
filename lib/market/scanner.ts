/**
 * Market scanners and the trending list: pure ranking and filtering over rows the handler builds
 * from quotes and the universe's reference figures. No I/O, no clock of its own.
 *
 * Scanner types (ids are stable: clients store them; never renumber, only append):
 *
 * | id | code                | ranks by                                              | keeps rows with      |
 * |----|---------------------|-------------------------------------------------------|----------------------|
 * | 1  | TOP_PERC_GAIN       | changePercent, descending                             | changePercent > 0    |
 * | 2  | TOP_PERC_LOSE       | changePercent, ascending                              | changePercent < 0    |
 * | 3  | MOST_ACTIVE         | volume (today's regular session), descending          | volume > 0           |
 * | 4  | HOT_BY_VOLUME       | volume / averageVolume (relative volume), descending  | averageVolume known  |
 * | 5  | HIGH_VS_52W_HI      | lastPrice / yearHigh, descending (closest to the high) | yearHigh > 0        |
 * | 6  | LOW_VS_52W_LO       | lastPrice / yearLow, ascending (closest to the low)   | yearLow > 0          |
 * | 7  | TOP_PRICE_RANGE     | (high − low) / low × 100, descending                  | low > 0              |
 * | 8  | HIGH_DIVIDEND_YIELD | dividendYield (percent), descending                   | dividendYield > 0    |
 *
 * Ties are broken by symbol, then code, ascending, so equal metrics always list in the same
 * order. Rows whose metric is not a finite number are left out.
 *
 * Filters: every filter bounds one field of the row. `min` and `max` are inclusive bounds on
 * that field, read the same way whatever the filter's name: `min` alone keeps field ≥ min,
 * `max` alone keeps field ≤ max, both keep min ≤ field ≤ max. A filter given neither applies
 * its defaults (defaultValueMin as min, defaultValueMax as max when not null). The name says
 * which bound is the natural one to send: "…Above" filters take `min`, "…Below" filters take
 * `max` (so priceBelow {min: 50} keeps prices of 50 and more: the bound is what was sent).
 * A row whose field is unknown (null: no share count, no average volume) fails every filter on
 * that field. Several filters all apply (AND).
 *
 * | id | code               | field         | defaultValueMin | defaultValueMax |
 * |----|--------------------|---------------|-----------------|-----------------|
 * | 1  | priceAbove         | lastPrice     | 5               | null            |
 * | 2  | priceBelow         | lastPrice     | 0               | 100             |
 * | 3  | marketCapAbove     | marketCap     | 1e9             | null            |
 * | 4  | marketCapBelow     | marketCap     | 0               | 1e10            |
 * | 5  | volumeAbove        | volume        | 100,000         | null            |
 * | 6  | changePercentAbove | changePercent | 1               | null            |
 * | 7  | changePercentBelow | changePercent | −100            | −1              |
 * | 8  | averageVolumeAbove | averageVolume | 500,000         | null            |
 * | 9  | dividendYieldAbove | dividendYield | 1               | null            |
 *
 * Trending: an attention score per row, |changePercent| + 2 × relative volume + 1 × a noise
 * draw uniform in (0, 1) seeded by the UTC date and the contract code (the day's "buzz", the
 * same all day and on every machine). Highest score first, ties by symbol then code; the top
 * 20 get trendingRank 1..N.
 */
import { seedOf, uniform } from "./random";

/** One instrument as the scanners see it. Percent fields are in percent units. */
export interface ScanRow {
  symbol: string;
  /** Contract code SYMBOL_EXCHANGE. */
  code: string;
  companyName: string;
  exchange: string;
  /** The live price (markPrice when present, else the last trade). */
  lastPrice: number;
  change: number;
  changePercent: number;
  /** Today's regular-session volume so far. */
  volume: number;
  /** Shares × live price; null when the source has no share count. */
  marketCap: number | null;
  /** Average daily volume; null when unknown. */
  averageVolume: number | null;
  yearHigh: number;
  yearLow: number;
  /** Today's regular-session high and low. */
  high: number;
  low: number;
  /** Annual dividend / live price × 100; 0 for non-payers, null when unknown. */
  dividendYield: number | null;
}

export type ScannerTypeCode =
  | "TOP_PERC_GAIN"
  | "TOP_PERC_LOSE"
  | "MOST_ACTIVE"
  | "HOT_BY_VOLUME"
  | "HIGH_VS_52W_HI"
  | "LOW_VS_52W_LO"
  | "TOP_PRICE_RANGE"
  | "HIGH_DIVIDEND_YIELD";

export interface ScannerType {
  id: number;
  displayName: string;
  code: ScannerTypeCode;
  /** What the ranking is, for the route's documentation. */
  description: string;
}

/** Rank metric of a row (undefined: the row does not qualify) and the sort direction. */
interface Ranking {
  metric: (row: ScanRow) => number | undefined;
  descending: boolean;
}

const relativeVolume = (row: ScanRow): number | undefined =>
  row.averageVolume !== null && row.averageVolume > 0 ? row.volume / row.averageVolume : undefined;

const RANKINGS: Record<ScannerTypeCode, Ranking> = {
  TOP_PERC_GAIN: {
    metric: (row) => (row.changePercent > 0 ? row.changePercent : undefined),
    descending: true,
  },
  TOP_PERC_LOSE: {
    metric: (row) => (row.changePercent < 0 ? row.changePercent : undefined),
    descending: false,
  },
  MOST_ACTIVE: { metric: (row) => (row.volume > 0 ? row.volume : undefined), descending: true },
  HOT_BY_VOLUME: { metric: relativeVolume, descending: true },
  HIGH_VS_52W_HI: {
    metric: (row) => (row.yearHigh > 0 ? row.lastPrice / row.yearHigh : undefined),
    descending: true,
  },
  LOW_VS_52W_LO: {
    metric: (row) => (row.yearLow > 0 ? row.lastPrice / row.yearLow : undefined),
    descending: false,
  },
  TOP_PRICE_RANGE: {
    metric: (row) => (row.low > 0 ? ((row.high - row.low) / row.low) * 100 : undefined),
    descending: true,
  },
  HIGH_DIVIDEND_YIELD: {
    metric: (row) =>
      row.dividendYield !== null && row.dividendYield > 0 ? row.dividendYield : undefined,
    descending: true,
  },
};

export const SCANNER_TYPES: readonly ScannerType[] = [
  {
    id: 1,
    displayName: "Top % Gainers",
    code: "TOP_PERC_GAIN",
    description: "changePercent descending, gainers only",
  },
  {
    id: 2,
    displayName: "Top % Losers",
    code: "TOP_PERC_LOSE",
    description: "changePercent ascending, losers only",
  },
  {
    id: 3,
    displayName: "Most Active",
    code: "MOST_ACTIVE",
    description: "today's volume descending",
  },
  {
    id: 4,
    displayName: "Hot by Volume",
    code: "HOT_BY_VOLUME",
    description: "today's volume / average daily volume descending",
  },
  {
    id: 5,
    displayName: "Near 52-Week High",
    code: "HIGH_VS_52W_HI",
    description: "lastPrice / yearHigh descending",
  },
  {
    id: 6,
    displayName: "Near 52-Week Low",
    code: "LOW_VS_52W_LO",
    description: "lastPrice / yearLow ascending",
  },
  {
    id: 7,
    displayName: "Top Price Range",
    code: "TOP_PRICE_RANGE",
    description: "intraday (high − low) / low in percent, descending",
  },
  {
    id: 8,
    displayName: "High Dividend Yield",
    code: "HIGH_DIVIDEND_YIELD",
    description: "annual dividend / lastPrice in percent, descending, payers only",
  },
];

export type ScannerFilterCode =
  | "priceAbove"
  | "priceBelow"
  | "marketCapAbove"
  | "marketCapBelow"
  | "volumeAbove"
  | "changePercentAbove"
  | "changePercentBelow"
  | "averageVolumeAbove"
  | "dividendYieldAbove";

/** The row fields a filter can bound. */
export type FilterField =
  | "lastPrice"
  | "marketCap"
  | "volume"
  | "changePercent"
  | "averageVolume"
  | "dividendYield";

export interface ScannerFilter {
  id: number;
  displayName: string;
  code: ScannerFilterCode;
  type: "DOUBLE";
  groupName: string;
  defaultValueMin: number;
  defaultValueMax: number | null;
  /** The row field bounded. */
  field: FilterField;
}

export const SCANNER_FILTERS: readonly ScannerFilter[] = [
  {
    id: 1,
    displayName: "Price Above",
    code: "priceAbove",
    type: "DOUBLE",
    groupName: "Price",
    defaultValueMin: 5,
    defaultValueMax: null,
    field: "lastPrice",
  },
  {
    id: 2,
    displayName: "Price Below",
    code: "priceBelow",
    type: "DOUBLE",
    groupName: "Price",
    defaultValueMin: 0,
    defaultValueMax: 100,
    field: "lastPrice",
  },
  {
    id: 3,
    displayName: "Market Cap Above",
    code: "marketCapAbove",
    type: "DOUBLE",
    groupName: "Fundamentals",
    defaultValueMin: 1e9,
    defaultValueMax: null,
    field: "marketCap",
  },
  {
    id: 4,
    displayName: "Market Cap Below",
    code: "marketCapBelow",
    type: "DOUBLE",
    groupName: "Fundamentals",
    defaultValueMin: 0,
    defaultValueMax: 1e10,
    field: "marketCap",
  },
  {
    id: 5,
    displayName: "Volume Above",
    code: "volumeAbove",
    type: "DOUBLE",
    groupName: "Volume",
    defaultValueMin: 100_000,
    defaultValueMax: null,
    field: "volume",
  },
  {
    id: 6,
    displayName: "Change % Above",
    code: "changePercentAbove",
    type: "DOUBLE",
    groupName: "Price",
    defaultValueMin: 1,
    defaultValueMax: null,
    field: "changePercent",
  },
  {
    id: 7,
    displayName: "Change % Below",
    code: "changePercentBelow",
    type: "DOUBLE",
    groupName: "Price",
    defaultValueMin: -100,
    defaultValueMax: -1,
    field: "changePercent",
  },
  {
    id: 8,
    displayName: "Average Volume Above",
    code: "averageVolumeAbove",
    type: "DOUBLE",
    groupName: "Volume",
    defaultValueMin: 500_000,
    defaultValueMax: null,
    field: "averageVolume",
  },
  {
    id: 9,
    displayName: "Dividend Yield % Above",
    code: "dividendYieldAbove",
    type: "DOUBLE",
    groupName: "Fundamentals",
    defaultValueMin: 1,
    defaultValueMax: null,
    field: "dividendYield",
  },
];

/** One filter as requested: its code and the bounds sent (see the module comment). */
export interface FilterCriterion {
  code: ScannerFilterCode;
  min?: number | undefined;
  max?: number | undefined;
}

/** At most this many rows per scan. */
export const SCAN_LIMIT = 50;
/** The trending list's length. */
export const TRENDING_LIMIT = 20;
/** Attention score weights (see the module comment). */
export const TRENDING_WEIGHTS = { relativeVolume: 2, noise: 1 } as const;

export function scannerTypeById(id: number): ScannerType | undefined {
  return SCANNER_TYPES.find((type) => type.id === id);
}

export function scannerFilterById(id: number): ScannerFilter | undefined {
  return SCANNER_FILTERS.find((filter) => filter.id === id);
}

export function scannerFilterByCode(code: string): ScannerFilter | undefined {
  return SCANNER_FILTERS.find((filter) => filter.code === code);
}

/** The inclusive bounds a criterion applies: what was sent, or the filter's defaults. */
export function boundsOf(criterion: FilterCriterion): { min?: number; max?: number } {
  const filter = scannerFilterByCode(criterion.code);
  if (!filter) throw new Error(`unknown scanner filter ${criterion.code}`);
  if (criterion.min === undefined && criterion.max === undefined) {
    return filter.defaultValueMax === null
      ? { min: filter.defaultValueMin }
      : { min: filter.defaultValueMin, max: filter.defaultValueMax };
  }
  return {
    ...(criterion.min !== undefined ? { min: criterion.min } : {}),
    ...(criterion.max !== undefined ? { max: criterion.max } : {}),
  };
}

/** Whether the row passes every criterion. */
export function passesFilters(row: ScanRow, criteria: readonly FilterCriterion[]): boolean {
  return criteria.every((criterion) => {
    const filter = scannerFilterByCode(criterion.code);
    if (!filter) throw new Error(`unknown scanner filter ${criterion.code}`);
    const value = row[filter.field];
    if (value === null || !Number.isFinite(value)) return false;
    const { min, max } = boundsOf(criterion);
    return (min === undefined || value >= min) && (max === undefined || value <= max);
  });
}

/** Symbol, then code, ascending: the tie-break of every ranking. */
function byIdentity(a: ScanRow, b: ScanRow): number {
  if (a.symbol !== b.symbol) return a.symbol < b.symbol ? -1 : 1;
  if (a.code !== b.code) return a.code < b.code ? -1 : 1;
  return 0;
}

/**
 * The rows that pass every filter, ranked by the scanner type, at most `limit` (capped at
 * SCAN_LIMIT). The rows are returned as given (not copied).
 */
export function scan<R extends ScanRow>(
  rows: readonly R[],
  typeCode: ScannerTypeCode,
  filters: readonly FilterCriterion[] = [],
  limit: number = SCAN_LIMIT,
): R[] {
  const ranking = RANKINGS[typeCode];
  const sign = ranking.descending ? -1 : 1;
  const ranked: { row: R; metric: number }[] = [];
  for (const row of rows) {
    const metric = ranking.metric(row);
    if (metric === undefined || !Number.isFinite(metric)) continue;
    if (!passesFilters(row, filters)) continue;
    ranked.push({ row, metric });
  }
  ranked.sort((a, b) =>
    a.metric !== b.metric ? sign * (a.metric - b.metric) : byIdentity(a.row, b.row),
  );
  const count = Math.max(0, Math.min(Math.floor(limit), SCAN_LIMIT));
  return ranked.slice(0, count).map((entry) => entry.row);
}

/** The UTC calendar date of an instant, yyyy-MM-dd: the trending noise's seed. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The attention score of a row on a UTC day (see the module comment). */
export function attentionScore(row: ScanRow, day: string): number {
  const noise = uniform(seedOf(`trending:${day}`), seedOf(row.code));
  const relative = relativeVolume(row) ?? 0;
  const move = Number.isFinite(row.changePercent) ? Math.abs(row.changePercent) : 0;
  return (
    move +
    TRENDING_WEIGHTS.relativeVolume * (Number.isFinite(relative) ? relative : 0) +
    TRENDING_WEIGHTS.noise * noise
  );
}

/** The `limit` rows with the highest attention score on now's UTC day, ranked 1..N. */
export function trending<R extends ScanRow>(
  rows: readonly R[],
  now: Date,
  limit: number = TRENDING_LIMIT,
): (R & { trendingRank: number })[] {
  const day = utcDay(now);
  const scored = rows.map((row) => ({ row, score: attentionScore(row, day) }));
  scored.sort((a, b) => (a.score !== b.score ? b.score - a.score : byIdentity(a.row, b.row)));
  const count = Math.max(0, Math.floor(limit));
  return scored.slice(0, count).map(({ row }, i) => ({ ...row, trendingRank: i + 1 }));
}

/** The scanner types as `GET /market/scanner/types` lists them (the spec's fields only). */
export function scannerTypeList() {
  return SCANNER_TYPES.map(({ id, displayName, code }) => ({ id, displayName, code }));
}

/** The filters as `GET /market/scanner/filters` lists them (without the internal row field). */
export function scannerFilterList() {
  return SCANNER_FILTERS.map(
    ({ id, displayName, code, type, groupName, defaultValueMin, defaultValueMax }) => ({
      id,
      displayName,
      code,
      type,
      groupName,
      defaultValueMin,
      defaultValueMax,
    }),
  );
}
