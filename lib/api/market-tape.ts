import type { CoreDeps, Deps } from "../deps";
import { isoDate } from "../market/civil-date";
import { nyWallClock } from "../market/ny-time";
import type { Instrument, MarketDataProvider } from "../market/ports";
import { roundDecimals } from "../market/precision";
import { regularCloseMinute } from "../market/sessions";
import { averageVolumeBefore, type DailySeries, returnOver } from "../market-analysis/tape";
import { keptPromise } from "../promise-cache";
import { fromProvider } from "./market-data";
import { dailyBarsOf } from "./market-figures";

/** What the tape reads. */
export type TapeDeps = CoreDeps & Pick<Deps, "market">;

/**
 * The market's daily tape for the market-wide analyses and the stock screener (outside the
 * group folders so both bundle it): every listed stock's (and the
 * benchmark and sector ETFs') daily bars over about 400 days, the session in progress
 * included, read once per minute of the market clock and shared by every request in it.
 */

const LOOKBACK_DAYS = 400;
export const BENCHMARK_SYMBOL = "SPY";
/** The SPDR sector ETFs by GICS sector; those the market lists are read. */
export const SECTOR_ETFS: Readonly<Record<string, string>> = {
  "Communication Services": "XLC",
  "Consumer Discretionary": "XLY",
  "Consumer Staples": "XLP",
  Energy: "XLE",
  Financials: "XLF",
  "Health Care": "XLV",
  Industrials: "XLI",
  "Information Technology": "XLK",
  Materials: "XLB",
  "Real Estate": "XLRE",
  Utilities: "XLU",
};

export interface MarketTape {
  asOfMs: number;
  /** The latest session counted (yyyy-MM-dd) and whether it still trades. */
  session: string;
  inProgress: boolean;
  /**
   * The share of the regular session elapsed (1 once it has closed), at least 30 minutes' worth:
   * what a session's volume so far is compared with (movers' relative volume).
   */
  sessionElapsed: number;
  stocks: DailySeries[];
  /** Funds read (SPY, sector ETFs) by symbol. */
  funds: ReadonlyMap<string, DailySeries>;
}

const tapes = new WeakMap<MarketDataProvider, Map<number, Promise<MarketTape>>>();

async function seriesOf(
  deps: TapeDeps,
  instrument: Instrument,
  regularSessionToday: boolean,
): Promise<DailySeries> {
  const bars = await dailyBarsOf(deps, instrument.code, LOOKBACK_DAYS);
  const today = isoDate(nyWallClock(deps.marketClock.now().getTime()).day);
  const dates = bars.map((bar) => isoDate(nyWallClock(bar.timestamp).day));
  return {
    symbol: instrument.symbol,
    code: instrument.code,
    name: instrument.name,
    sector: instrument.sector ?? null,
    dates,
    closes: bars.map((bar) => bar.close),
    volumes: bars.map((bar) => bar.volume),
    inProgress: dates.at(-1) === today && regularSessionToday,
  };
}

/** Whether the equity market's regular session is trading now (the benchmark's quote says). */
async function regularSessionNow(deps: TapeDeps, benchmark: Instrument | undefined) {
  if (!benchmark) return false;
  const quote = await fromProvider(() => deps.market.quote(benchmark.code));
  return quote?.marketSession === "Regular";
}

async function readTape(deps: TapeDeps, asOfMs: number): Promise<MarketTape> {
  const instruments = await fromProvider(() => deps.market.instruments());
  const stocks = instruments.filter((i) => i.contractType === "Stock");
  const fundSymbols = new Set([BENCHMARK_SYMBOL, ...Object.values(SECTOR_ETFS)]);
  const funds = instruments.filter((i) => i.contractType === "ETF" && fundSymbols.has(i.symbol));
  const regular = await regularSessionNow(
    deps,
    funds.find((fund) => fund.symbol === BENCHMARK_SYMBOL),
  );
  const stockSeries = [];
  for (const stock of stocks) stockSeries.push(await seriesOf(deps, stock, regular));
  const fundSeries = [];
  for (const fund of funds) fundSeries.push(await seriesOf(deps, fund, regular));
  const latest = stockSeries.reduce(
    (max, series) => ((series.dates.at(-1) ?? "") > max ? (series.dates.at(-1) as string) : max),
    "",
  );
  const inProgress = stockSeries.some((s) => s.dates.at(-1) === latest && s.inProgress);
  return {
    asOfMs,
    session: latest,
    inProgress,
    sessionElapsed: inProgress ? elapsedShare(asOfMs) : 1,
    stocks: stockSeries,
    funds: new Map(fundSeries.map((series) => [series.symbol, series])),
  };
}

/** Regular hours open at 09:30 New York. */
const OPEN_MINUTE = 9 * 60 + 30;
const MIN_ELAPSED_MINUTES = 30;

/** The share of today's regular session elapsed at `nowMs` (at least 30 minutes' worth). */
function elapsedShare(nowMs: number): number {
  const { day, hour, minute } = nyWallClock(nowMs);
  const length = regularCloseMinute(day) - OPEN_MINUTE;
  const elapsed = Math.max(MIN_ELAPSED_MINUTES, hour * 60 + minute - OPEN_MINUTE);
  return Math.min(1, elapsed / length);
}

/** The tape of the market clock's minute. */
export function marketTape(deps: TapeDeps): Promise<MarketTape> {
  const minuteMs = Math.floor(deps.marketClock.now().getTime() / 60_000) * 60_000;
  let byMinute = tapes.get(deps.market);
  if (!byMinute) {
    byMinute = new Map();
    tapes.set(deps.market, byMinute);
  }
  // Only the current minute is worth keeping.
  for (const key of byMinute.keys()) if (key !== minuteMs) byMinute.delete(key);
  return keptPromise(byMinute, minuteMs, () => readTape(deps, minuteMs));
}

/** Sessions the relative volume averages over. */
export const RELATIVE_VOLUME_SESSIONS = 20;

/**
 * The latest session's figures of one series as the movers and the screener show them: price,
 * change against the previous close (percent), volume so far, dollar volume, the mean volume of
 * the 20 sessions before and the relative volume, paced by the share of the session elapsed.
 */
export function sessionFiguresOf(series: DailySeries, sessionElapsed: number) {
  const price = series.closes.at(-1) as number;
  const volume = series.volumes.at(-1) as number;
  const average = averageVolumeBefore(series, RELATIVE_VOLUME_SESSIONS);
  const expected = average === null ? null : average * sessionElapsed;
  const change = returnOver(series, 1);
  return {
    symbol: series.symbol,
    code: series.code,
    name: series.name,
    sector: series.sector,
    price: roundDecimals(price, 4),
    changePercent: change === null ? 0 : roundDecimals(change * 100, 4),
    volume: Math.round(volume),
    dollarVolume: Math.round(volume * price),
    averageVolume: average === null ? null : Math.round(average),
    relativeVolume:
      expected === null || expected === 0 ? null : roundDecimals(volume / expected, 4),
  };
}
