import { isoDate } from "./civil-date";
import { nyInstant, nyWallClock } from "./ny-time";
import type { MarketDataProvider } from "./ports";

/**
 * The regular-session closes of the sessions dated `from` to `to` (yyyy-MM-dd, inclusive) that
 * ended by the clock, oldest first: the source's close history where it has one, else its
 * daily bars (so pass a `to` before today: today's bar may be a session in progress). Undefined
 * for an unknown code.
 */
export async function datedCloses(
  market: MarketDataProvider,
  code: string,
  from: string,
  to: string,
): Promise<{ date: string; close: number }[] | undefined> {
  if (market.closeHistory) return market.closeHistory.sessionCloses(code, from, to);
  const fromDay = Date.parse(`${from}T00:00:00Z`) / 86_400_000;
  const toDay = Date.parse(`${to}T00:00:00Z`) / 86_400_000;
  const bars = await market.bars(code, {
    period: 5,
    from: nyInstant(fromDay, 0),
    to: nyInstant(toDay + 1, 0),
    extended: false,
  });
  if (!bars) return undefined;
  return bars
    .map((bar) => ({ date: isoDate(nyWallClock(bar.timestamp).day), close: bar.close }))
    .filter((session) => session.date >= from && session.date <= to);
}
