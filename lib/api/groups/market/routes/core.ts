import { array, boolean, coerce, int, iso, object, string, enum as zEnum } from "zod";
import { SESSION_NAMES } from "../../../../market/sessions";
import { groupRoutes } from "../../../route";
import {
  booleanQuery,
  chartSchema,
  contractCode,
  detailsSchema,
  exchangeEntrySchema,
  indicatorList,
  PRECISION_NOTE,
  priceEntrySchema,
  quoteSchema,
  tickerSymbol,
  tradeableEntrySchema,
} from "./schemas";

export const marketStatusSchema = object({
  currentSession: zEnum(SESSION_NAMES),
  nextSession: zEnum(SESSION_NAMES),
  secondsToNextSession: int().min(0),
  isWeekend: boolean().meta({ description: "Saturday or Sunday in New York" }),
  isHoliday: boolean().meta({ description: "A full NYSE holiday (weekday) in New York" }),
  isEarlyClose: boolean().meta({ description: "Regular session closes at 13:00 today" }),
  currentTimeEst: string().meta({
    description: "New York wall-clock time, `yyyy-MM-dd HH:mm:ss` and EST or EDT",
    example: "2026-11-23 10:15:03 EST",
  }),
  serverTimeUtc: iso.datetime(),
  nextSessionStartUtc: iso.datetime(),
});

export const marketRoutes = groupRoutes("market", {
  status: {
    method: "GET",
    path: "/market/status",
    auth: "key",
    summary: "US equity market session clock",
    description:
      "The NYSE session in New York time: Pre-Market 04:00-09:30, Market 09:30-16:00 " +
      "(13:00 on early-close days), After-Hours to 20:00 (17:00 on early-close days), " +
      "Overnight 20:00-04:00 on the night before each trading day, otherwise Closed.",
    response: marketStatusSchema,
  },
  quote: {
    method: "GET",
    path: "/market/stocks/{code}/quote",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "MARKET_DATA_UNAVAILABLE"],
    summary: "Quote of a stock, ETF, index or crypto contract",
    description:
      "lastPrice is the last trade (the last minute bar's close); markPrice a bid/ask-clamped " +
      "fair value; livePrice is markPrice when present, else lastPrice. change = livePrice − " +
      "previousClose, the prior settlement (the close before the trading day), in every " +
      "session; changePercent = change / previousClose × 100. close is the latest settlement, " +
      `pinned during extended hours and overnight. ${PRECISION_NOTE} 404 SYMBOL_NOT_FOUND for ` +
      "an unknown code.",
    params: object({ code: contractCode }),
    response: quoteSchema,
  },
  chart: {
    method: "GET",
    path: "/market/stocks/{code}/chart",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_CHART_DATA", "MARKET_DATA_UNAVAILABLE"],
    summary: "OHLCV bars with optional indicators",
    description:
      "period 1 = 1 min (the latest session), 2 = 5 min (5 sessions), 3 = 15 min (10 sessions), " +
      "4 = 1 hour (30 sessions), 5 = daily (1 year), 6 = weekly (5 years), 7 = monthly (5 " +
      "years). Minute bars are the ground truth: every period aggregates them (regular session " +
      "only for daily and longer bars). extended adds pre-market and after-hours bars to " +
      "periods 1-4. Intraday bars are aligned to clock boundaries in exchange time. " +
      "Indicators are computed over the bars returned (full-precision closes), null during " +
      "warm-up; RSI has 4 decimals, the price-scaled series 2 decimals more than the tick. " +
      `${PRECISION_NOTE}`,
    params: object({ code: contractCode }),
    query: object({
      period: coerce
        .number({ error: "must be an integer from 1 to 7" })
        .int("must be an integer from 1 to 7")
        .min(1, "must be an integer from 1 to 7")
        .max(7, "must be an integer from 1 to 7")
        .default(5),
      extended: booleanQuery.default(false),
      indicators: indicatorList.optional(),
    }),
    response: chartSchema,
  },
  details: {
    method: "GET",
    path: "/market/stocks/{code}/details",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "MARKET_DATA_UNAVAILABLE"],
    summary: "Contract details with the live price",
    description: PRECISION_NOTE,
    params: object({ code: contractCode }),
    response: detailsSchema,
  },
  exchanges: {
    method: "GET",
    path: "/market/exchanges/{symbol}",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "MARKET_DATA_UNAVAILABLE"],
    summary: "The contract codes of a ticker symbol",
    description: "404 SYMBOL_NOT_FOUND when no contract has the symbol.",
    params: object({ symbol: tickerSymbol }),
    response: array(exchangeEntrySchema),
  },
  tradeable: {
    method: "GET",
    path: "/market/tradeable",
    auth: "key",
    errors: ["MARKET_DATA_UNAVAILABLE"],
    summary: "Every active contract code",
    response: array(tradeableEntrySchema),
  },
  indices: {
    method: "GET",
    path: "/market/indices",
    auth: "key",
    errors: ["MARKET_DATA_UNAVAILABLE"],
    summary: "Major indices with their levels",
    description: `lastPrice is the livePrice; change and changePercent as on the quote. ${PRECISION_NOTE}`,
    response: array(priceEntrySchema),
  },
  crypto: {
    method: "GET",
    path: "/market/crypto",
    auth: "key",
    errors: ["MARKET_DATA_UNAVAILABLE"],
    summary: "Crypto assets with their prices",
    description: `lastPrice is the livePrice; change and changePercent as on the quote. ${PRECISION_NOTE}`,
    response: array(priceEntrySchema),
  },
});
