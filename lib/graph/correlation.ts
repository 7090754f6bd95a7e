import type { MarketDataProvider } from "../market/ports";
import { keptPromise } from "../promise-cache";
import { correlation, logReturns } from "../quant/statistics";

/**
 * Price correlation of two listed companies, as supply-chain products show it: Pearson
 * correlation of daily log returns over the last 21, 63 and 252 sessions (one month, three,
 * twelve), from regular-session closes up to the clock. Closes are read once per code per graph
 * day and kept for the day (`closesCache` belongs to one snapshot).
 */

export const CORRELATION_SESSIONS = { oneMonth: 21, threeMonths: 63, twelveMonths: 252 } as const;

export interface PairCorrelation {
  oneMonth: number | null;
  threeMonths: number | null;
  twelveMonths: number | null;
}

export const NO_CORRELATION: PairCorrelation = Object.freeze({
  oneMonth: null,
  threeMonths: null,
  twelveMonths: null,
});

export type ClosesCache = Map<string, Promise<number[] | undefined>>;

function closesOf(market: MarketDataProvider, cache: ClosesCache, code: string) {
  return keptPromise(cache, code, () =>
    market.dailyCloses(code, CORRELATION_SESSIONS.twelveMonths + 1),
  );
}

/** The pair's correlations (4 decimals); null for a window either side lacks history for. */
export async function pairCorrelation(
  market: MarketDataProvider,
  cache: ClosesCache,
  codeA: string,
  codeB: string,
): Promise<PairCorrelation> {
  const [a, b] = await Promise.all([
    closesOf(market, cache, codeA),
    closesOf(market, cache, codeB),
  ]);
  if (!a || !b) return NO_CORRELATION;
  const over = (sessions: number): number | null => {
    if (a.length <= sessions || b.length <= sessions) return null;
    const value = correlation(
      logReturns(a.slice(-sessions - 1)),
      logReturns(b.slice(-sessions - 1)),
    );
    return Number.isFinite(value) ? Math.round(value * 10_000) / 10_000 : null;
  };
  return {
    oneMonth: over(CORRELATION_SESSIONS.oneMonth),
    threeMonths: over(CORRELATION_SESSIONS.threeMonths),
    twelveMonths: over(CORRELATION_SESSIONS.twelveMonths),
  };
}
