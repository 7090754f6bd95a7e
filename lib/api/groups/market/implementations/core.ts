import { chartWindow, trailingDay } from "../../../../market/chart-window";
import type { Bar, ChartPeriod, Instrument } from "../../../../market/ports";
import {
  indicatorDecimals,
  type PricedInstrument,
  roundBar,
  roundDecimals,
  roundPercent,
} from "../../../../market/precision";
import { marketStatus } from "../../../../market/sessions";
import { computeIndicators } from "../../../../quant";
import { apiError } from "../../../errors";
import type { Implementations } from "../../../route";
import type { marketRoutes } from "../routes/core";
import {
  fromProvider,
  instrumentOf,
  type MarketDeps,
  quoteOf,
  servedQuote,
  servedQuoteOf,
} from "./shared";

/** Contract types as integers in exchange and tradeable lists (1 = stock, as the spec shows). */
const CONTRACT_TYPE_ID: Record<Instrument["contractType"], number> = {
  Stock: 1,
  ETF: 1,
  Future: 2,
  Crypto: 3,
  Index: 4,
};

async function priceEntries(deps: MarketDeps, type: Instrument["contractType"]) {
  const instruments = (await fromProvider(() => deps.market.instruments())).filter(
    (instrument) => instrument.contractType === type,
  );
  return Promise.all(
    instruments.map(async (instrument) => {
      const { change, changePercent, livePrice } = await servedQuoteOf(deps, instrument);
      return {
        symbol: instrument.symbol,
        code: instrument.code,
        name: instrument.name,
        exchange: instrument.exchange,
        lastPrice: livePrice,
        change,
        changePercent,
      };
    }),
  );
}

export const coreMarketImplementations: Implementations<typeof marketRoutes, MarketDeps> = {
  "market.status": (_input, deps) => marketStatus(deps.marketClock.now()),

  "market.quote": async ({ params }, deps) => {
    const [instrument, raw] = await Promise.all([
      instrumentOf(deps, params.code),
      quoteOf(deps, params.code),
    ]);
    const quote = servedQuote(raw, instrument);
    const { markPrice, lastUpdated, ...fields } = quote;
    return {
      ...fields,
      isStale: quote.isStale === true,
      markPrice: markPrice ?? null,
      lastUpdated: new Date(lastUpdated).toISOString(),
    };
  },

  "market.chart": async ({ params, query }, deps) => {
    const instrument = await instrumentOf(deps, params.code);
    const period = query.period as ChartPeriod;
    const nowMs = deps.marketClock.now().getTime();
    const window = chartWindow(instrument, period, nowMs, query.extended);
    const [bars, quote] = await Promise.all([
      fromProvider(() =>
        deps.market.bars(params.code, { period, ...window, extended: query.extended }),
      ),
      servedQuoteOf(deps, instrument),
    ]);
    const shown =
      instrument.contractType === "Future" && period === 1 ? trailingDay(bars ?? []) : bars;
    if (!shown || shown.length === 0) {
      throw apiError("NO_CHART_DATA", { code: params.code });
    }
    const rounded = shown.map((bar) => roundBar(bar, instrument));
    return {
      symbol: instrument.symbol,
      period,
      close: quote.close,
      priorClose: quote.previousClose,
      floor: Math.min(...rounded.map((bar) => bar.low)),
      ceiling: Math.max(...rounded.map((bar) => bar.high)),
      bars: rounded,
      ...(query.indicators
        ? { indicators: indicatorPoints(shown, query.indicators, instrument) }
        : {}),
    };
  },

  "market.details": async ({ params }, deps) => {
    const instrument = await instrumentOf(deps, params.code);
    const { livePrice, change, changePercent } = await servedQuoteOf(deps, instrument);
    return {
      symbol: instrument.symbol,
      code: instrument.code,
      name: instrument.name,
      contractType: instrument.contractType === "ETF" ? "Stock" : instrument.contractType,
      exchange: instrument.exchange,
      currency: instrument.currency,
      hasOptions: instrument.hasOptions,
      sector: instrument.sector ?? null,
      industry: instrument.industry ?? null,
      lastPrice: livePrice,
      change,
      changePercent,
    };
  },

  "market.exchanges": async ({ params }, deps) => {
    const matches = (await fromProvider(() => deps.market.instruments())).filter(
      (instrument) => instrument.symbol === params.symbol,
    );
    if (matches.length === 0) {
      throw apiError("SYMBOL_NOT_FOUND", { symbol: params.symbol });
    }
    return matches.map((instrument) => ({
      code: instrument.code,
      symbol: instrument.symbol,
      exchange: instrument.exchange,
      name: instrument.name,
      contractType: CONTRACT_TYPE_ID[instrument.contractType],
      hasOptions: instrument.hasOptions,
    }));
  },

  "market.tradeable": async (_input, deps) =>
    (await fromProvider(() => deps.market.instruments()))
      .filter((instrument) => instrument.contractType !== "Index")
      .map((instrument) => ({
        code: instrument.code,
        symbol: instrument.symbol,
        exchange: instrument.exchange,
        companyName: instrument.name,
        contractType: CONTRACT_TYPE_ID[instrument.contractType],
        hasOptions: instrument.hasOptions,
      })),

  "market.indices": (_input, deps) => priceEntries(deps, "Index"),
  "market.crypto": (_input, deps) => priceEntries(deps, "Crypto"),
};

/**
 * Indicator series over the full-precision closes, each value rounded once: RSI (0-100) like a
 * percent, the price-scaled series two decimals finer than the price tick at the last close.
 */
function indicatorPoints(
  bars: readonly Bar[],
  names: Parameters<typeof computeIndicators>[1],
  instrument: PricedInstrument,
) {
  const closes = bars.map((bar) => bar.close);
  const series = computeIndicators(closes, names);
  const decimals = indicatorDecimals(instrument, closes.at(-1) ?? 0);
  const round = (name: string, value: number) =>
    name === "rsi" ? roundPercent(value) : roundDecimals(value, decimals);
  return Object.fromEntries(
    Object.entries(series).map(([name, values]) => [
      name,
      (values ?? []).map((value, i) => ({
        timestamp: bars[i]?.timestamp ?? 0,
        value: value === null ? null : round(name, value),
      })),
    ]),
  );
}
