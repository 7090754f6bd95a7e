import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api/errors";
import { marketAnalysisDarkPoolImplementations as implementations } from "../../lib/api/groups/marketAnalysis/implementations/dark-pool";
import { marketAnalysisDarkPoolRoutes as routes } from "../../lib/api/groups/marketAnalysis/routes/dark-pool";
import { pinnedClock } from "../../lib/deps";
import { isoDate } from "../../lib/market/civil-date";
import { nyWallClock } from "../../lib/market/ny-time";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { createSimulatedShortVolume } from "../../lib/short-volume/sim";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";

/**
 * The three dark-pool endpoints on the simulated world at a pinned clock, their figures redone
 * here from the short-volume source and the market's daily bars.
 */

const SIM_NOW = "2026-11-23T15:00:00Z"; // Monday 10:00 New York: Friday 2026-11-20 is the latest file
const clock = pinnedClock(new Date(SIM_NOW));
const market = createSimulatedMarket(clock);
const shortVolume = createSimulatedShortVolume(createSimulatedMarket(clock), clock);
const deps = testDeps({ marketClock: clock, market, shortVolume });

const darkPool = (code: string) =>
  callRoute(
    routes.darkPool,
    { params: { code } },
    deps,
    implementations["marketAnalysis.darkPool"],
  );
const highShortRatio = (query: Record<string, string> = {}) =>
  callRoute(
    routes.highShortRatio,
    { query },
    deps,
    implementations["marketAnalysis.highShortRatio"],
  );
const darkMoneyFlow = (query: Record<string, string> = {}) =>
  callRoute(routes.darkMoneyFlow, { query }, deps, implementations["marketAnalysis.darkMoneyFlow"]);

const round4 = (value: number) => Math.round(value * 1e4) / 1e4;

async function refusal(call: Promise<unknown>) {
  const error = await call.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** Daily closes of a code by date, read off the market's bars. */
async function closesOf(code: string, from: string, to: string) {
  const bars = await market.bars(code, {
    period: 5,
    from: Date.parse(`${from}T00:00:00Z`),
    to: Date.parse(`${to}T23:59:59Z`),
    extended: false,
  });
  return new Map((bars ?? []).map((bar) => [isoDate(nyWallClock(bar.timestamp).day), bar.close]));
}

describe("GET /market/analysis/dark-pool/{code}", () => {
  it("lists the last 30 published sessions with their ratios and averages", async () => {
    const answer = await darkPool("AAPL_NASDAQ");
    expect(answer).toMatchObject({
      symbol: "AAPL",
      code: "AAPL_NASDAQ",
      contractType: "Stock",
      source: "sim",
      asOf: "2026-11-23T15:00:00.000Z",
      windowSessions: 30,
      to: "2026-11-20",
      sessions: 30,
    });
    // 30 sessions back from Friday 2026-11-20: six weeks of weekdays, none a holiday.
    expect(answer.from).toBe("2026-10-12");
    expect(answer.days.map((d) => d.date)).toEqual([...answer.days.map((d) => d.date)].sort());
    for (const day of answer.days) {
      const weekday = new Date(`${day.date}T12:00:00Z`).getUTCDay();
      expect(weekday).toBeGreaterThanOrEqual(1);
      expect(weekday).toBeLessThanOrEqual(5);
      expect(day.shortRatioPercent).toBe(round4((day.shortVolume / day.totalVolume) * 100));
      expect(day.shortExemptVolume).toBeLessThanOrEqual(day.shortVolume);
    }
    const short = answer.days.reduce((sum, d) => sum + d.shortVolume, 0);
    const total = answer.days.reduce((sum, d) => sum + d.totalVolume, 0);
    const mean =
      answer.days.reduce((sum, d) => sum + (d.shortVolume / d.totalVolume) * 100, 0) / 30;
    expect(answer.shortVolume).toBe(short);
    expect(answer.totalVolume).toBe(total);
    expect(answer.volumeWeightedShortRatioPercent).toBe(round4((short / total) * 100));
    expect(answer.averageShortRatioPercent).toBe(round4(mean));
  });

  it("serves funds, and refuses indices, futures, coins and unknown codes", async () => {
    expect((await darkPool("SPY_ARCA")).contractType).toBe("ETF");
    for (const code of ["SPX_INDEX", "ESZ26_CME", "BTC_COINBASE"]) {
      const error = await refusal(darkPool(code));
      expect([error.status, error.code], code).toEqual([404, "NO_DATA"]);
      expect(error.message).toContain(code);
    }
    const unknown = await refusal(darkPool("AAPX_NASDAQ"));
    expect([unknown.status, unknown.code]).toEqual([404, "SYMBOL_NOT_FOUND"]);
    expect((await refusal(darkPool("AAPL"))).status).toBe(400);
  });
});

describe("GET /market/analysis/dark-pool/high-short-ratio", () => {
  it("ranks the stocks and funds above the volume floor by their 5-session ratio", async () => {
    const answer = await highShortRatio();
    expect(answer).toMatchObject({
      days: 5,
      from: "2026-11-16",
      to: "2026-11-20",
      minVolume: 500_000,
    });
    expect(answer.candidates).toBe(155);
    expect(answer.rows.length).toBe(20);
    // Redone here: every stock and fund's records of the five sessions, summed.
    const instruments = (await market.instruments()).filter(
      (i) => i.contractType === "Stock" || i.contractType === "ETF",
    );
    const expected = [];
    for (const instrument of instruments) {
      const records =
        (await shortVolume.dailyShortVolume(instrument.symbol, "2026-11-16", "2026-11-20")) ?? [];
      const short = records.reduce((sum, r) => sum + r.shortVolume, 0);
      const total = records.reduce((sum, r) => sum + r.totalVolume, 0);
      if (total / records.length >= 500_000) {
        expected.push({ code: instrument.code, ratio: round4((short / total) * 100) });
      }
    }
    expected.sort((a, b) => b.ratio - a.ratio || (a.code < b.code ? -1 : 1));
    expect(answer.matched).toBe(expected.length);
    expect(answer.rows.map((row) => [row.code, row.shortRatioPercent])).toEqual(
      expected.slice(0, 20).map((row) => [row.code, row.ratio]),
    );
    answer.rows.forEach((row, index) => {
      expect(row.rank).toBe(index + 1);
      expect(row.sessions).toBe(5);
      expect(row.averageDailyVolume).toBeGreaterThanOrEqual(500_000);
    });
  });

  it("filters by the volume floor and limits the rows", async () => {
    const loose = await highShortRatio({ minVolume: "0", limit: "100", days: "1" });
    const strict = await highShortRatio({ minVolume: "20000000", limit: "100", days: "1" });
    expect(loose.matched).toBe(155);
    expect(strict.matched).toBeLessThan(loose.matched);
    expect(strict.rows.every((row) => row.averageDailyVolume >= 20_000_000)).toBe(true);
    // Day 1's ratio is the latest session's.
    for (const row of loose.rows) expect(row.shortRatioPercent).toBe(row.latestShortRatioPercent);
    expect((await highShortRatio({ limit: "3" })).rows).toHaveLength(3);
  });

  it("refuses out-of-range parameters with 400 naming them", async () => {
    for (const [field, value] of [
      ["days", "0"],
      ["days", "31"],
      ["limit", "101"],
      ["minVolume", "-1"],
      ["minVolume", "lots"],
    ] as const) {
      const error = await refusal(highShortRatio({ [field]: value }));
      expect([error.status, error.code]).toEqual([400, "INVALID_PARAMETER"]);
      expect(error.message).toContain(field);
    }
  });
});

describe("GET /market/analysis/dark-money-flow", () => {
  it("weights the large caps' short ratios by dollar volume, session by session", async () => {
    const answer = await darkMoneyFlow({ limit: "500" });
    expect(answer).toMatchObject({ days: 30, from: "2026-10-12", to: "2026-11-20" });
    expect(answer.history.length).toBe(30);
    expect(answer.latest).toEqual(answer.history.at(-1));
    // The constituents: stocks worth ≥ USD 10 bn at Friday's close, redone from the bars.
    const stocks = (await market.instruments()).filter((i) => i.contractType === "Stock");
    const members = [];
    for (const stock of stocks) {
      const close = (await closesOf(stock.code, "2026-11-20", "2026-11-20")).get(
        "2026-11-20",
      ) as number;
      if ((stock.sharesOutstanding as number) * close >= 10e9) members.push(stock);
    }
    expect(answer.universe.constituents).toBe(members.length);
    expect(answer.contributions.length).toBe(members.length);
    // Friday's level from the source's records and the closes (to the cent, as served).
    const day = await shortVolume.day("2026-11-20");
    let dollarShort = 0;
    let dollarTotal = 0;
    for (const stock of members) {
      const close =
        Math.round(
          ((await closesOf(stock.code, "2026-11-20", "2026-11-20")).get("2026-11-20") as number) *
            100,
        ) / 100;
      const record = day?.get(stock.symbol);
      dollarShort += close * (record?.shortVolume ?? 0);
      dollarTotal += close * (record?.totalVolume ?? 0);
    }
    expect(answer.latest?.indexPercent).toBe(round4((dollarShort / dollarTotal) * 100));
    expect(answer.latest?.dollarTotalVolume).toBeCloseTo(dollarTotal, 0);
    // The contributions add up to the level, and are sorted by dollar short volume.
    const points = answer.contributions.reduce((sum, c) => sum + c.contributionPoints, 0);
    expect(points).toBeCloseTo(answer.latest?.indexPercent as number, 2);
    const dollars = answer.contributions.map((c) => c.dollarShortVolume);
    expect(dollars).toEqual([...dollars].sort((a, b) => b - a));
    const mean = answer.history.reduce((sum, h) => sum + h.indexPercent, 0) / answer.history.length;
    expect(answer.averageIndexPercent).toBeCloseTo(mean, 3);
  });

  it("keeps the contributions to the limit, and refuses a bad one", async () => {
    const answer = await darkMoneyFlow({ days: "5", limit: "3" });
    expect(answer.history.map((h) => h.date)).toEqual([
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
    ]);
    expect(answer.contributions).toHaveLength(3);
    const queries: Record<string, string>[] = [{ days: "61" }, { days: "0" }, { limit: "0" }];
    for (const query of queries) {
      const error = await refusal(darkMoneyFlow(query));
      expect(error.status).toBe(400);
    }
  });
});
