import type { Instrument, InstrumentReference, Quote } from "../../../../market/ports";
import { roundMoney, roundPercent } from "../../../../market/precision";
import {
  type FilterCriterion,
  type ScanRow,
  scan,
  scannerFilterByCode,
  scannerFilterById,
  scannerFilterList,
  scannerTypeById,
  scannerTypeList,
  trending,
} from "../../../../market/scanner";
import { invalidParameter } from "../../../errors";
import type { Implementations } from "../../../route";
import type { marketScannerRoutes } from "../routes/scanner";
import { fromProvider, type MarketDeps, servedQuote } from "./shared";

/**
 * The scanner and trending endpoints. Rows hold the served (rounded) figures, so that filters
 * and rankings act on the numbers the answer shows; average volume, dividends and (when the
 * instrument has none) the share count come from the source's reference data.
 */

function rowOf(
  instrument: Instrument,
  raw: Quote,
  figures: InstrumentReference | undefined,
): ScanRow {
  const quote = servedQuote(raw, instrument);
  const { livePrice, change, changePercent } = quote;
  const reference = figures?.kind === "equity" ? figures : undefined;
  const shares = instrument.sharesOutstanding ?? reference?.sharesOutstanding;
  return {
    symbol: instrument.symbol,
    code: instrument.code,
    companyName: instrument.name,
    exchange: instrument.exchange,
    lastPrice: livePrice,
    change,
    changePercent,
    volume: quote.volume,
    marketCap: shares === undefined ? null : roundMoney(shares * livePrice),
    averageVolume: reference?.averageVolume ?? null,
    yearHigh: quote.yearHigh,
    yearLow: quote.yearLow,
    high: quote.high,
    low: quote.low,
    dividendYield: reference
      ? reference.dividend
        ? roundPercent((reference.dividend.annualAmount / livePrice) * 100)
        : 0
      : null,
  };
}

/** A row per stock and ETF with a quote (a contract the source cannot quote is left out). */
async function scanRows(deps: MarketDeps): Promise<ScanRow[]> {
  const instruments = (await fromProvider(() => deps.market.instruments())).filter(
    (instrument) => instrument.contractType === "Stock" || instrument.contractType === "ETF",
  );
  const rows = await Promise.all(
    instruments.map(async (instrument) => {
      const quote = await fromProvider(() => deps.market.quote(instrument.code));
      if (!quote) return undefined;
      const reference = await fromProvider(() => deps.market.reference(instrument));
      return rowOf(instrument, quote, reference);
    }),
  );
  return rows.filter((row) => row !== undefined);
}

/** The response's fields of a row. */
function resultRow(row: ScanRow) {
  return {
    symbol: row.symbol,
    code: row.code,
    companyName: row.companyName,
    exchange: row.exchange,
    lastPrice: row.lastPrice,
    change: row.change,
    changePercent: row.changePercent,
    volume: row.volume,
    marketCap: row.marketCap,
  };
}

/** The request's filters as criteria; 400 naming filters[i].id or .code when they are wrong. */
function criteriaOf(
  filters: readonly { id: number; code: string; min?: number; max?: number }[],
): FilterCriterion[] {
  return filters.map((requested, i) => {
    const filter = scannerFilterById(requested.id);
    if (!filter) {
      throw invalidParameter(
        `filters[${i}].id`,
        `unknown filter id ${requested.id}; see GET /v1/market/scanner/filters`,
      );
    }
    if (filter.code !== requested.code) {
      const known = scannerFilterByCode(requested.code);
      throw invalidParameter(
        `filters[${i}].code`,
        known
          ? `${requested.code} is filter ${known.id}, not filter ${filter.id} (${filter.code})`
          : `unknown filter code ${requested.code}; filter ${filter.id} is ${filter.code}`,
      );
    }
    return { code: filter.code, min: requested.min, max: requested.max };
  });
}

export const marketScannerImplementations: Implementations<typeof marketScannerRoutes, MarketDeps> =
  {
    "market.scannerTypes": () => scannerTypeList(),

    "market.scannerFilters": () => scannerFilterList(),

    "market.scan": async ({ body }, deps) => {
      const type = scannerTypeById(body.scannerTypeId);
      if (!type) {
        throw invalidParameter(
          "scannerTypeId",
          `unknown scanner type ${body.scannerTypeId}; see GET /v1/market/scanner/types`,
        );
      }
      const criteria = criteriaOf(body.filters);
      return scan(await scanRows(deps), type.code, criteria).map(resultRow);
    },

    "market.trending": async (_input, deps) =>
      trending(await scanRows(deps), deps.marketClock.now()).map((row) => ({
        ...resultRow(row),
        trendingRank: row.trendingRank,
      })),
  };
