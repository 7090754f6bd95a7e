import type { FundamentalsSource } from "../../../fundamentals/ports";
import type { MarketDataProvider } from "../../../market/ports";
import { returnOver, yearToDateReturn } from "../../../market-analysis/tape";
import { keptPromise } from "../../../promise-cache";
import { rsi, sma } from "../../../quant";
import type { ScanRow } from "../../../screener/fields";
import { fromCompanySource } from "../../company-source";
import { companyRatios } from "../../fundamental-ratios";
import { ivRankReport } from "../../iv-rank";
import { fromProvider } from "../../market-data";
import { type MarketTape, marketTape, sessionFiguresOf } from "../../market-tape";
import type { ScreenerDeps } from "./shared";

/**
 * The scan's rows: every listed stock's figures from the code of the endpoints that serve them
 * (fields.ts names each), built once per minute of the market clock.
 */

/** Per statements source and market (the rows read both), the current minute's rows. */
const rowsByMinute = new WeakMap<
  FundamentalsSource,
  WeakMap<MarketDataProvider, Map<number, Promise<ScanRow[]>>>
>();

const round4 = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Math.round(value * 10_000) / 10_000;
const percent = (fraction: number | null) => (fraction === null ? null : round4(fraction * 100));

function distancePercent(close: number, average: number | null | undefined) {
  return average === null || average === undefined ? null : round4((close / average - 1) * 100);
}

/** IV and IV rank as /options/{code}/iv-rank serves them; null without options or history. */
async function ivOf(deps: ScreenerDeps, instrument: Parameters<typeof ivRankReport>[1]) {
  if (!instrument.hasOptions) return null;
  try {
    return await ivRankReport(deps, instrument);
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
}

async function rowsOf(deps: ScreenerDeps, tape: MarketTape): Promise<ScanRow[]> {
  const instruments = new Map(
    (await fromProvider(() => deps.market.instruments())).map((i) => [i.code, i]),
  );
  const rows: ScanRow[] = [];
  for (const series of tape.stocks) {
    const instrument = instruments.get(series.code);
    if (!instrument || series.dates.at(-1) !== tape.session) continue;
    const session = sessionFiguresOf(series, tape.sessionElapsed);
    const closes = series.closes;
    const last = closes.length - 1;
    const [ratios, iv] = await Promise.all([
      fromCompanySource(() => fromProvider(() => companyRatios(deps, instrument))),
      fromProvider(() => ivOf(deps, instrument)),
    ]);
    rows.push({
      code: series.code,
      name: series.name,
      sector: series.sector,
      industry: instrument.industry ?? null,
      exchange: instrument.exchange,
      price: session.price,
      changePercent: session.changePercent,
      marketCapUsd: ratios?.inputs.marketCapUsd ?? null,
      volume: session.volume,
      relativeVolume: session.relativeVolume,
      return1mPercent: percent(returnOver(series, 21)),
      return3mPercent: percent(returnOver(series, 63)),
      returnYtdPercent: percent(yearToDateReturn(series)),
      rsi14: round4(rsi(closes, 14)[last]),
      distanceFromSma50Percent: distancePercent(closes[last] as number, sma(closes, 50)[last]),
      distanceFromSma200Percent: distancePercent(closes[last] as number, sma(closes, 200)[last]),
      peTrailing: ratios?.valuation.peTrailing ?? null,
      peForward: ratios?.valuation.peForward ?? null,
      priceToBook: ratios?.valuation.priceToBook ?? null,
      priceToSales: ratios?.valuation.priceToSales ?? null,
      evToEbitda: ratios?.valuation.evToEbitda ?? null,
      grossMarginPercent: ratios?.profitability.grossMarginPercent ?? null,
      operatingMarginPercent: ratios?.profitability.operatingMarginPercent ?? null,
      netMarginPercent: ratios?.profitability.netMarginPercent ?? null,
      roePercent: ratios?.profitability.roePercent ?? null,
      debtToEquity: ratios?.leverage.debtToEquity ?? null,
      currentRatio: ratios?.liquidity.currentRatio ?? null,
      dividendYieldPercent: ratios?.cashFlow.dividendYieldPercent ?? null,
      payoutRatioPercent: ratios?.cashFlow.payoutRatioPercent ?? null,
      revenueGrowthPercent: ratios?.revenueGrowthPercent ?? null,
      epsGrowthPercent: ratios?.epsGrowthPercent ?? null,
      ivPercent: iv?.currentImpliedVolatility ?? null,
      ivRank: iv?.ivRank ?? null,
    });
  }
  return rows;
}

/** The rows of the market clock's minute (with the tape they come from). */
export async function scanRows(deps: ScreenerDeps) {
  const tape = await marketTape(deps);
  let byMarket = rowsByMinute.get(deps.fundamentals);
  if (!byMarket) {
    byMarket = new WeakMap();
    rowsByMinute.set(deps.fundamentals, byMarket);
  }
  let byMinute = byMarket.get(deps.market);
  if (!byMinute) {
    byMinute = new Map();
    byMarket.set(deps.market, byMinute);
  }
  for (const key of byMinute.keys()) if (key !== tape.asOfMs) byMinute.delete(key);
  const rows = await keptPromise(byMinute, tape.asOfMs, () => rowsOf(deps, tape));
  return { tape, rows };
}
