/**
 * The stock screener's fields (POST /screener/scan): one row per listed stock with market,
 * technical, fundamental and options figures, each described with its unit and the endpoint
 * whose code computes it.
 */

export const NUMBER_FIELDS = {
  price: { unit: "USD", description: "Last price", source: "/market/analysis/movers" },
  changePercent: {
    unit: "percent",
    description: "Last price over the previous close − 1",
    source: "/market/analysis/movers",
  },
  marketCapUsd: {
    unit: "USD",
    description: "Last price × diluted shares of the latest quarter",
    source: "/fundamentals/{code}/ratios",
  },
  volume: {
    unit: "shares",
    description: "The session's volume so far",
    source: "/market/analysis/movers",
  },
  relativeVolume: {
    unit: "ratio",
    description: "Volume over the 20-session mean, paced by the session elapsed",
    source: "/market/analysis/movers",
  },
  return1mPercent: {
    unit: "percent",
    description: "Return over 21 sessions",
    source: "/market/analysis/sectors",
  },
  return3mPercent: {
    unit: "percent",
    description: "Return over 63 sessions",
    source: "/market/analysis/sectors",
  },
  returnYtdPercent: {
    unit: "percent",
    description: "Return since the last close of the previous year",
    source: "/market/analysis/sectors",
  },
  rsi14: {
    unit: "0-100",
    description: "Wilder's RSI over 14 daily closes",
    source: "/graph/{code}/technicals",
  },
  distanceFromSma50Percent: {
    unit: "percent",
    description: "(close − SMA50) / SMA50 × 100",
    source: "/graph/{code}/technicals",
  },
  distanceFromSma200Percent: {
    unit: "percent",
    description: "(close − SMA200) / SMA200 × 100",
    source: "/graph/{code}/technicals",
  },
  peTrailing: {
    unit: "ratio",
    description: "Price / TTM diluted EPS",
    source: "/fundamentals/{code}/ratios",
  },
  peForward: {
    unit: "ratio",
    description: "Price / the next four quarters' consensus EPS",
    source: "/fundamentals/{code}/ratios",
  },
  priceToBook: {
    unit: "ratio",
    description: "Market cap / equity",
    source: "/fundamentals/{code}/ratios",
  },
  priceToSales: {
    unit: "ratio",
    description: "Market cap / TTM revenue",
    source: "/fundamentals/{code}/ratios",
  },
  evToEbitda: {
    unit: "ratio",
    description: "Enterprise value / TTM EBITDA",
    source: "/fundamentals/{code}/ratios",
  },
  grossMarginPercent: {
    unit: "percent",
    description: "TTM gross profit / revenue",
    source: "/fundamentals/{code}/ratios",
  },
  operatingMarginPercent: {
    unit: "percent",
    description: "TTM EBIT / revenue",
    source: "/fundamentals/{code}/ratios",
  },
  netMarginPercent: {
    unit: "percent",
    description: "TTM net income / revenue",
    source: "/fundamentals/{code}/ratios",
  },
  roePercent: {
    unit: "percent",
    description: "TTM net income / equity",
    source: "/fundamentals/{code}/ratios",
  },
  debtToEquity: {
    unit: "ratio",
    description: "Total debt / equity",
    source: "/fundamentals/{code}/ratios",
  },
  currentRatio: {
    unit: "ratio",
    description: "Current assets / current liabilities",
    source: "/fundamentals/{code}/ratios",
  },
  dividendYieldPercent: {
    unit: "percent",
    description: "Indicated annual dividend / price",
    source: "/fundamentals/{code}/ratios",
  },
  payoutRatioPercent: {
    unit: "percent",
    description: "TTM dividends paid / net income",
    source: "/fundamentals/{code}/ratios",
  },
  revenueGrowthPercent: {
    unit: "percent",
    description: "TTM revenue over the TTM a year before − 1",
    source: "/fundamentals/{code}/financials",
  },
  epsGrowthPercent: {
    unit: "percent",
    description: "TTM net income over the TTM a year before − 1",
    source: "/fundamentals/{code}/financials",
  },
  ivPercent: {
    unit: "percent",
    description: "30-day at-the-money implied volatility",
    source: "/options/{code}/iv-rank",
  },
  ivRank: {
    unit: "0-100",
    description: "IV rank over 252 sessions",
    source: "/options/{code}/iv-rank",
  },
} as const;

export const TEXT_FIELDS = {
  sector: { description: "GICS sector" },
  industry: { description: "GICS-style industry" },
  exchange: { description: "Primary listing venue, e.g. NASDAQ, NYSE" },
} as const;

export type NumberField = keyof typeof NUMBER_FIELDS;
export type TextField = keyof typeof TEXT_FIELDS;
export type ScanField = NumberField | TextField;

export const NUMBER_FIELD_NAMES = Object.keys(NUMBER_FIELDS) as [NumberField, ...NumberField[]];
export const TEXT_FIELD_NAMES = Object.keys(TEXT_FIELDS) as [TextField, ...TextField[]];
export const SCAN_FIELD_NAMES = [...NUMBER_FIELD_NAMES, ...TEXT_FIELD_NAMES] as [
  ScanField,
  ...ScanField[],
];

/** One stock's row: code and name, then every field (null where the stock has none). */
export type ScanRow = { code: string; name: string } & Record<NumberField, number | null> &
  Record<TextField, string | null>;
