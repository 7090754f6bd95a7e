import { boolean, iso, number, object, string, enum as zEnum } from "zod";
import { groupRoutes } from "../../../route";
import { contractCode } from "./schemas";

/**
 * Company and technical data of a contract: extended data, short interest, dividends and
 * technicals. Stocks and ETFs have all four; crypto assets have extended data and technicals;
 * indices and futures none (404 NO_DATA).
 */

const NOT_APPLICABLE = 'Fields that do not apply are 0 (numbers) or "" (strings).';

const IV_CONVENTION =
  "impliedVolatility is the 30-day at-the-money implied volatility of the contract's option " +
  "surface at the clock, the level the option chains are priced at: the at-the-forward " +
  "volatilities of the listed expirations either side of 30 calendar days, interpolated " +
  'linearly in total variance (σ²·T); "" when the source has no option surface for the ' +
  "contract (crypto, vendors without one).";

const ROUNDING =
  "Prices are rounded to the tick, market capitalisation to cents, per-share dividends to 4 " +
  "decimals, percents and RSIs to 4 decimals, greeks and beta to 6 decimals, volumes and share " +
  "counts to integers.";

const RSI_CONVENTION =
  "RSIs are Wilder's, over the regular-session daily closes since 00:00 UTC 120 calendar " +
  "days before now, the session in progress included (its close so far); 0 with too few closes.";

const AVERAGE_VOLUME_CONVENTION =
  "averageDailyVolume is the mean volume (shares; coins for crypto) of the last 63 completed " +
  "regular sessions (about three months), the session in progress excluded.";

const BETA_CONVENTION =
  "beta is realised, against SPY (the S&P 500 ETF): the regression slope cov(r, rSPY) / " +
  "var(rSPY) of daily log returns, sample estimators, between the regular-session closes of the " +
  "last 252 completed sessions (one year, up to 251 returns) on which both have a close, paired " +
  "by date; the session in progress is excluded. 0 for crypto, and when fewer than 20 paired " +
  "returns exist or the source does not list SPY.";

const betaNumber = number().meta({
  description:
    "Realised beta of daily log returns against SPY over the last 252 completed sessions " +
    "(1 year); 0 for crypto and when fewer than 20 paired returns exist",
});

const NO_DATA_CONVENTION =
  "404 SYMBOL_NOT_FOUND for an unknown code; 404 NO_DATA for a contract without these data";

const percentText = string().meta({
  description: "Display text in percent with 2 decimals",
  example: "24.31%",
});

const compactText = string().meta({
  description:
    "Display text: K thousands, M millions, B billions, T trillions; 2 decimals below 10 of " +
    "the unit, 1 from 10 (3.45T, 812.3B, 45.6M, 12.3K); plain below 1000",
  example: "3.45T",
});

const isoDay = string().meta({
  description: 'New York calendar date, yyyy-MM-dd; "" when there is none',
  example: "2026-11-10",
});

const rsiNumber = number()
  .min(0)
  .max(100)
  .meta({ description: "0-100; 0 when there are too few closes" });

const marketCapNumber = number().meta({
  description: "USD: shares outstanding (circulating supply for crypto) × livePrice",
});

const ivText = percentText.meta({
  description:
    '30-day at-the-money implied volatility, annualised, percent display text; "" without an ' +
    "option surface",
  example: "24.31%",
});

export const extendedDataSchema = object({
  symbol: string(),
  yearHigh: number().meta({ description: "Highest high of the last 365 days (the quote's)" }),
  yearLow: number().meta({ description: "Lowest low of the last 365 days (the quote's)" }),
  marketCap: marketCapNumber,
  averageDailyVolume: number(),
  volume: number().meta({ description: "The current (or latest) regular session's volume" }),
  beta: betaNumber,
  rsi14: rsiNumber,
  rsi5: rsiNumber,
  theta: number().meta({
    description: "30-day ATM call: USD per share per calendar day; 0 without an implied volatility",
  }),
  gamma: number().meta({
    description:
      "30-day ATM call: delta per USD of the underlying; 0 without an implied volatility",
  }),
  vega: number().meta({
    description:
      "30-day ATM call: USD per share per volatility point; 0 without an implied volatility",
  }),
  dividendAmount: number().meta({ description: "USD per share per payment; 0 for non-payers" }),
  dividendYieldPercent: number().meta({
    description: "Annual dividend / livePrice × 100, percent units; 0 for non-payers",
  }),
  dividendsTTM: number().meta({
    description: "USD per share paid over the trailing twelve months; 0 for non-payers",
  }),
  marketCapFormatted: compactText,
  averageDailyVolumeFormatted: compactText,
  volumeFormatted: compactText,
  impliedVolatility: ivText,
  rsiStatus: zEnum(["Overbought", "Oversold", "Neutral", ""]).meta({
    description: 'From rsi14: Overbought above 70, Oversold below 30, else Neutral; "" without it',
  }),
  shortableShares: compactText.meta({
    description: 'Shares available to borrow, compact display text; "" for crypto',
    example: "734.1M",
  }),
  feeRate: percentText.meta({
    description: 'Annual borrow fee, percent display text; "" for crypto',
    example: "0.25%",
  }),
  shortable: boolean().meta({ description: "Shares are available to borrow; false for crypto" }),
  exDividendDate: isoDay.meta({
    description: 'Most recent ex-dividend date on or before today, yyyy-MM-dd; "" for non-payers',
  }),
  nextExDividendDate: isoDay.meta({
    description: 'Extra: the next ex-dividend date after today, yyyy-MM-dd; "" for non-payers',
  }),
  upcomingEvent: zEnum(["Earnings", "Ex-Dividend", ""]).meta({
    description: 'The nearer of the next earnings report and the next ex-dividend date; "" if none',
  }),
  upcomingEventDate: isoDay.meta({
    description: 'Date of upcomingEvent, yyyy-MM-dd; "" if none',
  }),
  upcomingEarnings: string().meta({
    description:
      'Next quarterly report: yyyy-MM-dd and BMO (before the open) or AMC (after the close); "" ' +
      "for ETFs and crypto",
    example: "2027-01-28 AMC",
  }),
  updatedOn: iso.datetime().meta({ description: "Time of the live price the figures use" }),
});

export const shortInterestSchema = object({
  symbol: string(),
  shortable: boolean().meta({ description: "Shares are available to borrow" }),
  shortableShares: number().meta({
    description:
      "Shares available to borrow: shares outstanding × (1 − short interest % of float / 100) × 5 %",
  }),
  feeRate: number().meta({ description: "Annual borrow fee, percent units (0.25 = 0.25 %)" }),
});

export const dividendsSchema = object({
  symbol: string(),
  dividendAmount: number().meta({ description: "USD per share per payment; 0 for non-payers" }),
  dividendYield: number().meta({
    description: "Annual dividend / livePrice × 100, percent units; 0 for non-payers",
  }),
  dividendTTM: number().meta({
    description:
      "USD per share: the last 12 months' payments (12, 4, 2 or 1 by frequency); 0 for non-payers",
  }),
  exDividendDate: isoDay.meta({
    description: 'Most recent ex-dividend date on or before today, yyyy-MM-dd; "" for non-payers',
  }),
  nextExDividendDate: isoDay.meta({
    description: 'Extra: the next ex-dividend date after today, yyyy-MM-dd; "" for non-payers',
  }),
});

export const technicalsSchema = object({
  symbol: string(),
  rsi: rsiNumber.meta({ description: "14-day RSI, 0-100; 0 when there are too few closes" }),
  rsi5: rsiNumber.meta({ description: "5-day RSI, 0-100; 0 when there are too few closes" }),
  beta: betaNumber,
  yearHigh: number().meta({ description: "Highest high of the last 365 days (the quote's)" }),
  yearLow: number().meta({ description: "Lowest low of the last 365 days (the quote's)" }),
  averageDailyVolume: number(),
  marketCap: marketCapNumber,
  impliedVolatility: ivText,
});

export const marketCompanyRoutes = groupRoutes("market", {
  extended: {
    method: "GET",
    path: "/market/stocks/{code}/extended",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE"],
    summary: "Extended contract data: size, volume, technicals, greeks, dividends, borrow, events",
    description:
      "For stocks, ETFs and crypto. marketCap = shares outstanding (circulating supply for " +
      "crypto) × livePrice, USD. theta, gamma and vega are those of the 30-day at-the-money " +
      "call (strike = livePrice), European Black-Scholes at the impliedVolatility shown with " +
      "the default risk-free rate: POST /options/calculator with those inputs gives the same " +
      `figures. ${IV_CONVENTION} ${RSI_CONVENTION} ${AVERAGE_VOLUME_CONVENTION} ${BETA_CONVENTION} ` +
      `${ROUNDING} ` +
      "Dates are New York dates, yyyy-MM-dd; ex-dividend dates falling on a weekend or NYSE " +
      "holiday move to the next trading day. An earnings report stays upcoming until the " +
      "open (BMO) or the close (AMC) of its day. Percent figures are in percent units; the " +
      `*Formatted, impliedVolatility, shortableShares and feeRate fields are display texts. ${NOT_APPLICABLE} ` +
      `${NO_DATA_CONVENTION} (indices, futures).`,
    params: object({ code: contractCode }),
    response: extendedDataSchema,
  },
  shortInterest: {
    method: "GET",
    path: "/market/stocks/{code}/short-interest",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE"],
    summary: "Borrow availability and fee of a stock or ETF",
    description:
      "shortableShares: shares outstanding × (1 − short interest in percent of float / 100) × " +
      "5 % (the share lenders make available); shortable when at least one share is. feeRate: " +
      `annual borrow fee in percent units, 4 decimals. ${NO_DATA_CONVENTION} (indices, futures, ` +
      "crypto).",
    params: object({ code: contractCode }),
    response: shortInterestSchema,
  },
  dividends: {
    method: "GET",
    path: "/market/stocks/{code}/dividends",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE"],
    summary: "Dividend amount, yield, trailing total and ex-dividend date of a stock or ETF",
    description:
      "dividendAmount: USD per share per payment, 4 decimals (as dividends are declared). " +
      "dividendYield: annual dividend / livePrice × 100, percent units with 4 decimals (forward " +
      "yield). dividendTTM: USD per share, 4 decimals, over the trailing twelve " +
      "months (the last 12, 4, 2 or 1 payments by frequency gone ex on or before today). " +
      "exDividendDate: the most recent ex-dividend date on or before today (New York), " +
      "yyyy-MM-dd; ex-dates on a weekend or NYSE holiday move to the next trading day. A stock " +
      'without a dividend answers 0 and "". ' +
      `${NO_DATA_CONVENTION} (indices, futures, crypto).`,
    params: object({ code: contractCode }),
    response: dividendsSchema,
  },
  technicals: {
    method: "GET",
    path: "/market/stocks/{code}/technicals",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE"],
    summary: "RSI, beta, 52-week range, average volume, market cap and implied volatility",
    description:
      `For stocks, ETFs and crypto. rsi is the 14-day RSI, rsi5 the 5-day one. ${RSI_CONVENTION} ` +
      `${AVERAGE_VOLUME_CONVENTION} marketCap = shares outstanding (circulating supply for ` +
      `crypto) × livePrice, USD. ${IV_CONVENTION} ${BETA_CONVENTION} ${ROUNDING} ` +
      `${NO_DATA_CONVENTION} (indices, futures).`,
    params: object({ code: contractCode }),
    response: technicalsSchema,
  },
});
