import { type DayNumber, dayNumber, isoDate } from "../../lib/market/civil-date";
import { nyInstant } from "../../lib/market/ny-time";
import { isTradingDay } from "../../lib/market/nyse-calendar";
import type { Bar, Instrument, MarketDataProvider, Quote } from "../../lib/market/ports";

/**
 * A market-data source with known daily closes, for hand-checked portfolio figures: each
 * contract's closes by NYSE session (yyyy-MM-dd), bars stamped at midnight New York as the
 * ports say, a quote whose last price is the latest close. Nothing else is offered.
 */

export interface FakeContract {
  code: string;
  contractType: Instrument["contractType"];
  sector?: string;
  /** Close by session date; sessions without an entry have no bar. */
  closes: Map<string, number>;
}

/** NYSE sessions from `from` to `to` (yyyy-MM-dd, inclusive). */
export function sessions(from: string, to: string): string[] {
  const [start, end] = [from, to].map((d) => Date.parse(`${d}T00:00:00Z`) / 86_400_000) as [
    DayNumber,
    DayNumber,
  ];
  const out: string[] = [];
  for (let day = start; day <= end; day++) if (isTradingDay(day)) out.push(isoDate(day));
  return out;
}

/** Closes on the given sessions from a rule of the date. */
export function closesBy(dates: readonly string[], close: (date: string, i: number) => number) {
  return new Map(dates.map((date, i) => [date, close(date, i)]));
}

const dayOf = (date: string) => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return dayNumber(y, m, d);
};

export function fakeMarket(contracts: readonly FakeContract[]): MarketDataProvider {
  const byCode = new Map(contracts.map((c) => [c.code, c]));
  const instrumentOf = (c: FakeContract): Instrument => {
    const [symbol = c.code, exchange = ""] = c.code.split("_");
    return {
      symbol,
      code: c.code,
      name: `${symbol} Test Corp.`,
      exchange,
      contractType: c.contractType,
      currency: "USD",
      hasOptions: false,
      ...(c.sector ? { sector: c.sector } : {}),
    };
  };
  const barsOf = (c: FakeContract): Bar[] =>
    [...c.closes].map(([date, close]) => ({
      timestamp: nyInstant(dayOf(date), 0),
      open: close,
      high: close,
      low: close,
      close,
      volume: 1000,
    }));
  return {
    name: "fake",
    optionExpirations: undefined,
    volatilitySurface: undefined,
    async instruments() {
      return contracts.map(instrumentOf);
    },
    async instrument(code) {
      const c = byCode.get(code);
      return c && instrumentOf(c);
    },
    async bars(code, request) {
      const c = byCode.get(code);
      return c && barsOf(c).filter((b) => b.timestamp >= request.from && b.timestamp < request.to);
    },
    async quote(code) {
      const c = byCode.get(code);
      const last = c && [...c.closes.values()].at(-1);
      if (last === undefined) return undefined;
      return {
        symbol: code.split("_")[0] as string,
        lastPrice: last,
        bid: last,
        ask: last,
        markPrice: last,
        open: last,
        close: last,
        previousClose: last,
        high: last,
        low: last,
        yearHigh: last,
        yearLow: last,
        volume: 0,
        marketSession: "Closed",
        isHalted: false,
        lastUpdated: 0,
      } satisfies Quote;
    },
    async dailyCloses() {
      return undefined;
    },
    async reference() {
      return undefined;
    },
    async optionChain() {
      return undefined;
    },
  };
}
