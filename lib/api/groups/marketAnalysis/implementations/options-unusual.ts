import type { MarketDataProvider } from "../../../../market/ports";
import { keptPromise } from "../../../../promise-cache";
import { fromProvider } from "../../../market-data";
import { DEFAULT_MIN_SIZE_CONTRACTS, flowReport } from "../../../option-analytics/flow";
import type { MarketAnalysisDeps } from "./shared";

/**
 * GET /market/analysis/options-unusual: /options/{code}/flow's unusual prints over every
 * optionable stock (flowReport, the same code), largest premium first. The scan is done once
 * per minute of the market clock and minimum premium.
 */

/** Prints read per stock: all of a session's unusual ones. */
const ALL_PRINTS = 100_000;

type Scan = Awaited<ReturnType<typeof scan>>;
const scans = new WeakMap<MarketDataProvider, Map<string, Promise<Scan>>>();

function leanOf(right: "C" | "P", aggressor: string) {
  if (aggressor === "unknown") return "unclassified" as const;
  return (right === "C") === (aggressor === "buyer") ? ("bullish" as const) : ("bearish" as const);
}

async function scan(deps: MarketAnalysisDeps, minPremium: number) {
  const instruments = await fromProvider(() => deps.market.instruments());
  const optionable = instruments.filter((i) => i.contractType === "Stock" && i.hasOptions);
  const byStock = [];
  const prints = [];
  for (const instrument of optionable) {
    const report = await flowReport(deps, instrument, {
      minPremium,
      minSize: DEFAULT_MIN_SIZE_CONTRACTS,
      limit: ALL_PRINTS,
    });
    if (report.items.length === 0) continue;
    byStock.push({
      symbol: instrument.symbol,
      code: instrument.code,
      prints: report.totals.printCount,
      premium: report.totals.totalPremium,
      bullishPremium: report.totals.bullishPremium,
      bearishPremium: report.totals.bearishPremium,
    });
    for (const item of report.items) {
      prints.push({
        symbol: instrument.symbol,
        code: instrument.code,
        time: item.time,
        contract: item.contract,
        expiration: item.expiration,
        strike: item.strike,
        right: item.right,
        size: item.size,
        price: item.price,
        premium: item.premium,
        side: item.side,
        aggressor: item.aggressor,
        lean: leanOf(item.right, item.aggressor),
        reasons: item.unusualBecause,
      });
    }
  }
  prints.sort((a, b) => b.premium - a.premium || b.time.localeCompare(a.time));
  byStock.sort((a, b) => b.premium - a.premium || (a.code < b.code ? -1 : 1));
  return { stocksScanned: optionable.length, byStock, prints };
}

export async function unusualOptionsFlow(
  deps: MarketAnalysisDeps,
  query: { minPremium: number; limit: number },
) {
  const minuteMs = Math.floor(deps.marketClock.now().getTime() / 60_000) * 60_000;
  let byKey = scans.get(deps.market);
  if (!byKey) {
    byKey = new Map();
    scans.set(deps.market, byKey);
  }
  const key = `${minuteMs}|${query.minPremium}`;
  for (const old of byKey.keys()) if (!old.startsWith(`${minuteMs}|`)) byKey.delete(old);
  const result = await keptPromise(byKey, key, () => scan(deps, query.minPremium));
  return {
    asOf: new Date(minuteMs).toISOString(),
    minPremium: query.minPremium,
    stocksScanned: result.stocksScanned,
    unusualPrintCount: result.prints.length,
    byStock: result.byStock,
    prints: result.prints.slice(0, query.limit),
  };
}
