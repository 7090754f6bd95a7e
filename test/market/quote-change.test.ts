import { describe, expect, it } from "vitest";
import { marketImplementations } from "../../lib/api/groups/market/implementations";
import type { Deps } from "../../lib/deps";
import { pinnedClock } from "../../lib/deps";
import { type DayNumber, dayNumber } from "../../lib/market/civil-date";
import { nyWallClock } from "../../lib/market/ny-time";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";

/**
 * change and changePercent of the quote (spec, Stock quote: "derived from livePrice against the
 * prior settlement") for every contract type in every session: change = livePrice −
 * previousClose, previousClose being the settlement before the quote's trading day, and
 * changePercent = change / previousClose × 100. The expected settlement days are written out
 * by hand below; their closes are read from the daily bars.
 */

const context = { requestId: "r", sourceIp: "", baseUrl: "", apiKey: undefined, origin: undefined };
const DAY = 86_400_000;

function depsAt(iso: string): Deps {
  const clock = pinnedClock(new Date(iso));
  return { marketClock: clock, market: createSimulatedMarket(clock) } as unknown as Deps;
}

async function quoteAt(deps: Deps, code: string) {
  return marketImplementations["market.quote"](
    { params: { code }, query: undefined, body: undefined, context },
    deps,
  );
}

const nov = (day: number): DayNumber => dayNumber(2026, 11, day);
const round = (x: number, decimals: number) => Math.round(x * 10 ** decimals) / 10 ** decimals;

/** The regular-session close of `day` (a UTC day for crypto), to the contract's tick. */
async function closeOf(deps: Deps, code: string, day: DayNumber, tick: number) {
  const now = deps.marketClock.now().getTime();
  const bars = await deps.market.bars(code, {
    period: 5,
    from: now - 12 * DAY,
    to: now + 1,
    extended: false,
  });
  const isCrypto = code.endsWith("_COINBASE");
  const bar = bars?.find(
    (b) => (isCrypto ? Math.floor(b.timestamp / DAY) : nyWallClock(b.timestamp).day) === day,
  );
  if (!bar) throw new Error(`no daily bar of ${code} on day ${day}`);
  return round(Math.round(bar.close / tick) * tick, 2);
}

/** One code per contract type, with its tick. */
const CONTRACTS = {
  stock: { code: "AAPL_NASDAQ", tick: 0.01 },
  etf: { code: "SPY_ARCA", tick: 0.01 },
  index: { code: "SPX_INDEX", tick: 0.01 },
  future: { code: "ESZ26_CME", tick: 0.25 },
  crypto: { code: "BTC_COINBASE", tick: 0.01 },
} as const;
type ContractKind = keyof typeof CONTRACTS;

/**
 * Instants (New York is UTC−5 in November) with the equity session and, per contract type, the
 * day whose settlement the quote's change is measured against. Tuesday 2026-11-24 is an
 * ordinary day; Thursday 11-26 is Thanksgiving; Friday 11-27 closes at 13:00.
 */
const CASES: {
  session: string;
  at: string;
  equitySession: string;
  settled: Record<ContractKind, DayNumber>;
}[] = [
  {
    session: "pre-market (Tue 08:00)",
    at: "2026-11-24T13:00:00Z",
    equitySession: "Pre-Market",
    // An index's day lasts until its next open: Monday's change until Tuesday 09:30.
    settled: { stock: nov(23), etf: nov(23), index: nov(20), future: nov(23), crypto: nov(23) },
  },
  {
    session: "regular (Tue 11:00)",
    at: "2026-11-24T16:00:00Z",
    equitySession: "Regular",
    settled: { stock: nov(23), etf: nov(23), index: nov(23), future: nov(23), crypto: nov(23) },
  },
  {
    session: "after-hours (Tue 17:30, the futures' break)",
    at: "2026-11-24T22:30:00Z",
    equitySession: "After-Hours",
    settled: { stock: nov(23), etf: nov(23), index: nov(23), future: nov(23), crypto: nov(23) },
  },
  {
    session: "evening after the close (Fri 18:00)",
    at: "2026-11-20T23:00:00Z",
    equitySession: "After-Hours",
    settled: { stock: nov(19), etf: nov(19), index: nov(19), future: nov(19), crypto: nov(19) },
  },
  {
    session: "overnight (Tue 21:30, Wednesday's session)",
    at: "2026-11-25T02:30:00Z",
    equitySession: "Overnight",
    // The overnight session and the futures' trade date from 18:00 belong to Wednesday.
    settled: { stock: nov(24), etf: nov(24), index: nov(23), future: nov(24), crypto: nov(24) },
  },
  {
    session: "closed (Wed 21:30, no overnight before Thanksgiving)",
    at: "2026-11-26T02:30:00Z",
    equitySession: "Closed",
    settled: { stock: nov(24), etf: nov(24), index: nov(24), future: nov(24), crypto: nov(25) },
  },
  {
    session: "holiday (Thanksgiving 12:00)",
    at: "2026-11-26T17:00:00Z",
    equitySession: "Closed",
    settled: { stock: nov(24), etf: nov(24), index: nov(24), future: nov(24), crypto: nov(25) },
  },
  {
    session: "weekend (Sat 12:00, after Friday's early close)",
    at: "2026-11-28T17:00:00Z",
    equitySession: "Closed",
    settled: { stock: nov(25), etf: nov(25), index: nov(25), future: nov(25), crypto: nov(27) },
  },
  {
    session: "Sunday night (20:30, Monday's overnight session)",
    at: "2026-11-30T01:30:00Z",
    equitySession: "Overnight",
    settled: { stock: nov(27), etf: nov(27), index: nov(25), future: nov(27), crypto: nov(29) },
  },
];

describe("quote change against the prior settlement, every contract type and session", () => {
  const rows = CASES.flatMap((c) =>
    (Object.keys(CONTRACTS) as ContractKind[]).map((kind) => ({ ...c, kind })),
  );

  it.each(rows)("$session: $kind", async ({ at, kind, settled, equitySession }) => {
    const { code, tick } = CONTRACTS[kind];
    const deps = depsAt(at);
    const quote = await quoteAt(deps, code);
    if (kind === "stock" || kind === "etf") expect(quote.marketSession).toBe(equitySession);
    expect(quote.previousClose).toBe(await closeOf(deps, code, settled[kind], tick));
    // What a client recomputes from the answer, to the tick and to the 4th decimal.
    expect(quote.change).toBeCloseTo(quote.livePrice - quote.previousClose, 9);
    expect(Math.abs(quote.change / tick - Math.round(quote.change / tick))).toBeLessThan(1e-6);
    expect(quote.changePercent).toBe(round((100 * quote.change) / quote.previousClose, 4));
  });
});

describe("indices in the evening", () => {
  // Friday 2026-11-20 from 18:00 to 23:30 New York: the day's move, not 0, all evening.
  const EVENING = ["2026-11-20T23:00:00Z", "2026-11-21T02:00:00Z", "2026-11-21T04:30:00Z"];

  it("keep the day's change against Thursday's settlement until the next open", async () => {
    const seen = new Map<string, number>();
    for (const at of EVENING) {
      const deps = depsAt(at);
      const indices = await marketImplementations["market.indices"](
        { params: undefined, query: undefined, body: undefined, context },
        deps,
      );
      expect(indices.length).toBeGreaterThanOrEqual(5);
      for (const entry of indices) {
        const friday = await closeOf(deps, entry.code, nov(20), 0.01);
        const thursday = await closeOf(deps, entry.code, nov(19), 0.01);
        expect(entry.lastPrice, entry.code).toBe(friday);
        expect(entry.change, entry.code).toBe(round(friday - thursday, 2));
        expect(entry.change, entry.code).not.toBe(0);
        expect(entry.changePercent).toBe(round((100 * entry.change) / thursday, 4));
        const quote = await quoteAt(deps, entry.code);
        expect(quote).toMatchObject({
          marketSession: "Closed",
          previousClose: thursday,
          change: entry.change,
          changePercent: entry.changePercent,
        });
        if (seen.has(entry.code)) expect(entry.change).toBe(seen.get(entry.code));
        seen.set(entry.code, entry.change);
      }
    }
  });
});
