import { describe, expect, it } from "vitest";
import { marketCompanyRoutes } from "../../lib/api/groups/market/routes/details";
import { pinnedClock } from "../../lib/deps";
import { nyWallClock } from "../../lib/market/ny-time";
import type { Bar, BarsRequest, MarketDataProvider } from "../../lib/market/ports";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { stockBySymbol } from "../../lib/market/sim/universe";
import { beta, logReturns } from "../../lib/quant/statistics";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";

/**
 * The served beta of /technicals and /extended: realised, against SPY, over the daily log
 * returns of the last 252 completed sessions, recomputed here from the simulated market's
 * daily bars (the port) and compared to 6 decimals. No size of beta is asserted: the simulated
 * prices' correlation structure is the price engine's business.
 */

const DAY_MS = 86_400_000;
const REGULAR_SESSION = "2026-11-24T16:00:00Z"; // Tuesday 11:00 New York
const AFTER_HOURS = "2026-11-24T22:30:00Z"; // Tuesday 17:30 New York
const WEEKEND = "2026-11-28T15:00:00Z"; // Saturday
const SPY = "SPY_ARCA";
const BETA_SESSIONS = 252;

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

function depsAt(nowIso: string, market?: MarketDataProvider) {
  const clock = pinnedClock(new Date(nowIso));
  const sim = createSimulatedMarket(clock);
  return { sim, deps: testDeps({ market: market ?? sim, marketClock: clock }) };
}

async function servedBetas(deps: ReturnType<typeof testDeps>, code: string) {
  const [technicals, extended] = await Promise.all([
    callRoute(marketCompanyRoutes.technicals, { params: { code } }, deps),
    callRoute(marketCompanyRoutes.extended, { params: { code } }, deps),
  ]);
  expect(extended.beta).toBe(technicals.beta);
  return technicals.beta;
}

/** Two years of daily regular-session bars up to now, straight from the port. */
async function dailyBars(market: MarketDataProvider, code: string, nowIso: string) {
  const nowMs = Date.parse(nowIso);
  const request: BarsRequest = {
    period: 5,
    from: nowMs - 730 * DAY_MS,
    to: nowMs + 1,
    extended: false,
  };
  return (await market.bars(code, request)) ?? [];
}

/** The bars of completed sessions: today's is left out while its regular session trades. */
function completed(bars: readonly Bar[], nowIso: string, regularSession: boolean): Bar[] {
  if (!regularSession) return [...bars];
  const today = nyWallClock(Date.parse(nowIso)).day;
  expect(nyWallClock((bars.at(-1) as Bar).timestamp).day).toBe(today);
  return bars.filter((bar) => nyWallClock(bar.timestamp).day !== today);
}

/** beta(logReturns(closes), logReturns(SPY closes)) over the last 252 completed sessions. */
async function independentBeta(
  market: MarketDataProvider,
  code: string,
  nowIso: string,
  regularSession: boolean,
) {
  const [bars, spyBars] = await Promise.all([
    dailyBars(market, code, nowIso),
    dailyBars(market, SPY, nowIso),
  ]);
  const own = completed(bars, nowIso, regularSession).slice(-BETA_SESSIONS);
  const spy = completed(spyBars, nowIso, regularSession).slice(-BETA_SESSIONS);
  expect(own).toHaveLength(BETA_SESSIONS);
  // The same sessions on both sides (no bar missing in the simulated market).
  expect(own.map((bar) => bar.timestamp)).toEqual(spy.map((bar) => bar.timestamp));
  const value = beta(
    logReturns(own.map((bar) => bar.close)),
    logReturns(spy.map((bar) => bar.close)),
  );
  return round6(value);
}

/** The simulated market with some of SPY's daily bars changed by `edit`, the rest as is. */
function withSpyBars(sim: MarketDataProvider, edit: (bars: Bar[]) => Bar[]): MarketDataProvider {
  return {
    ...sim,
    async bars(code, request) {
      const bars = await sim.bars(code, request);
      return code === SPY && request.period === 5 && bars ? edit(bars) : bars;
    },
  };
}

describe("realised beta against SPY", () => {
  it.each([
    ["a stock, regular session", "AAPL_NASDAQ", REGULAR_SESSION, true],
    ["an ETF, regular session", "QQQ_NASDAQ", REGULAR_SESSION, true],
    ["a stock, after hours (today's session complete)", "NVDA_NASDAQ", AFTER_HOURS, false],
    ["an ETF on a weekend", "XLE_ARCA", WEEKEND, false],
  ])(
    "%s: cov/var of the daily log returns of the last 252 completed sessions",
    async (_, code, nowIso, regular) => {
      const { sim, deps } = depsAt(nowIso);
      const served = await servedBetas(deps, code);
      expect(served).toBe(await independentBeta(sim, code, nowIso, regular));
    },
  );

  /** Deps whose provider records the code of every daily-bars request. */
  function countingDailyBars(nowIso: string) {
    const { sim } = depsAt(nowIso);
    const dailyCalls: string[] = [];
    const counting: MarketDataProvider = {
      ...sim,
      async bars(code, request) {
        if (request.period === 5) dailyCalls.push(code);
        return sim.bars(code, request);
      },
    };
    return { deps: depsAt(nowIso, counting).deps, dailyCalls };
  }

  it("is 1 for SPY itself, whose bars are fetched once", async () => {
    const { deps, dailyCalls } = countingDailyBars(REGULAR_SESSION);
    const technicals = await callRoute(
      marketCompanyRoutes.technicals,
      { params: { code: SPY } },
      deps,
    );
    expect(technicals.beta).toBe(1);
    expect(dailyCalls).toEqual([SPY]);

    dailyCalls.length = 0;
    await callRoute(marketCompanyRoutes.technicals, { params: { code: "AAPL_NASDAQ" } }, deps);
    expect(dailyCalls.sort()).toEqual(["AAPL_NASDAQ", SPY]);
  });

  it("is 0 for crypto, without fetching SPY", async () => {
    const { deps, dailyCalls } = countingDailyBars(REGULAR_SESSION);
    expect(await servedBetas(deps, "BTC_COINBASE")).toBe(0);
    expect(dailyCalls).not.toContain(SPY);
  });

  it("is not the universe file's constant", async () => {
    const { deps } = depsAt(REGULAR_SESSION);
    const symbols = ["AAPL", "MSFT", "NVDA", "JPM", "XOM", "QQQ"];
    const differing = [];
    for (const symbol of symbols) {
      const stock = stockBySymbol(symbol);
      if (!stock) throw new Error(symbol);
      const served = await servedBetas(deps, `${symbol}_${stock.exchange}`);
      if (served !== stock.beta) differing.push(symbol);
    }
    expect(differing.length).toBeGreaterThan(0);
  });

  it("pairs the closes by date: a bar missing on SPY's side drops that date on both", async () => {
    const { sim } = depsAt(REGULAR_SESSION);
    const spyBars = await dailyBars(sim, SPY, REGULAR_SESSION);
    const missing = (spyBars.at(-100) as Bar).timestamp;
    const gappy = withSpyBars(sim, (bars) => bars.filter((bar) => bar.timestamp !== missing));
    const { deps } = depsAt(REGULAR_SESSION, gappy);
    const served = await servedBetas(deps, "AAPL_NASDAQ");

    const own = completed(
      await dailyBars(sim, "AAPL_NASDAQ", REGULAR_SESSION),
      REGULAR_SESSION,
      true,
    );
    const spy = completed(await dailyBars(gappy, SPY, REGULAR_SESSION), REGULAR_SESSION, true);
    const spyClose = new Map(spy.map((bar) => [bar.timestamp, bar.close]));
    const paired = own.filter((bar) => spyClose.has(bar.timestamp)).slice(-BETA_SESSIONS);
    expect(paired.map((bar) => bar.timestamp)).not.toContain(missing);
    const byDate = beta(
      logReturns(paired.map((bar) => bar.close)),
      logReturns(paired.map((bar) => spyClose.get(bar.timestamp) as number)),
    );
    expect(served).toBe(round6(byDate));
    // Pairing by position would have shifted SPY's closes by a session before the gap.
    const byPosition = beta(
      logReturns(own.slice(-BETA_SESSIONS).map((bar) => bar.close)),
      logReturns(spy.slice(-BETA_SESSIONS).map((bar) => bar.close)),
    );
    expect(served).not.toBe(round6(byPosition));
  });

  it("is 0 with fewer than 20 paired returns, or when the source does not list SPY", async () => {
    const { sim } = depsAt(REGULAR_SESSION);
    // 20 completed sessions (19 returns) and today's in progress.
    const short = withSpyBars(sim, (bars) => bars.slice(-21));
    expect(await servedBetas(depsAt(REGULAR_SESSION, short).deps, "AAPL_NASDAQ")).toBe(0);
    // 21 completed sessions: 20 returns are enough.
    const enough = withSpyBars(sim, (bars) => bars.slice(-22));
    expect(await servedBetas(depsAt(REGULAR_SESSION, enough).deps, "AAPL_NASDAQ")).not.toBe(0);

    const unlisted: MarketDataProvider = {
      ...sim,
      async instruments() {
        return (await sim.instruments()).filter((instrument) => instrument.symbol !== "SPY");
      },
    };
    expect(await servedBetas(depsAt(REGULAR_SESSION, unlisted).deps, "AAPL_NASDAQ")).toBe(0);
  });
});
