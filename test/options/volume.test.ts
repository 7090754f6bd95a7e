import { describe, expect, it } from "vitest";
import { OPTIONS_VOLUME_EXAMPLES } from "../../lib/api/examples/options-volume";
import { optionsVolumeRoutes as routes } from "../../lib/api/groups/options/routes/volume";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import { pinnedClock } from "../../lib/deps";
import type { MarketDataProvider, OptionSideActivity } from "../../lib/market/ports";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { correlation } from "../../lib/quant/statistics";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";
import { refusal } from "../setup/refusals";

/**
 * Option volume against its 20-session averages on the simulated market at a pinned instant:
 * today's figures are summed here from the chains the port serves, the averages recomputed from
 * the port's record of past sessions, and the record itself checked against the chains of a
 * session's close and against the underlying's share volume.
 */

const SIM_NOW = "2026-11-24T16:00:00.000Z"; // Tuesday 11:00 New York, regular session
const AAPL = "AAPL_NASDAQ";

function marketAt(iso: string, adapt?: (sim: MarketDataProvider) => MarketDataProvider) {
  const clock = pinnedClock(new Date(iso));
  const sim = createSimulatedMarket(clock);
  const market = adapt ? adapt(sim) : sim;
  return { sim, market, deps: testDeps({ market, marketClock: clock }) };
}

const { sim, deps } = marketAt(SIM_NOW);
const volume = (code = AAPL, on = deps) => callRoute(routes.volume, { params: { code } }, on);

const round2 = (value: number) => Math.round(value * 100) / 100;
const ratio = (today: number, average: number) =>
  average === 0 ? null : Math.round((today / average) * 1e6) / 1e6;

/** Calls and puts of every listed expiration now, summed from both chains through the port. */
async function todayFromChains(market: MarketDataProvider, code: string) {
  const expirations = (await market.optionExpirations?.expirations(code)) ?? [];
  const rows = [];
  for (const expiration of expirations) {
    const side = async (right: "C" | "P") => {
      const chain = (await market.optionChain(code, expiration, right)) ?? [];
      expect(chain.length).toBeGreaterThan(0);
      return {
        volume: chain.reduce((sum, c) => sum + c.volume, 0),
        openInterest: chain.reduce((sum, c) => sum + (c.openInterest ?? Number.NaN), 0),
      };
    };
    rows.push({ expiration, calls: await side("C"), puts: await side("P") });
  }
  return rows;
}

const meanOf = (sides: readonly OptionSideActivity[], field: keyof OptionSideActivity) =>
  sides.reduce((sum, side) => sum + side[field], 0) / sides.length;

describe("GET /options/{code}/volume", () => {
  it("answers today's volume and open interest as the sum of today's chains", async () => {
    const answer = await volume();
    const rows = await todayFromChains(sim, AAPL);
    expect(answer.session).toBe("2026-11-24");
    expect(answer.expirations.map((row) => row.expiration)).toEqual(rows.map((r) => r.expiration));
    const total = { callVolume: 0, putVolume: 0, callOpenInterest: 0, putOpenInterest: 0 };
    for (const [i, row] of rows.entries()) {
      const shown = answer.expirations[i] as (typeof answer.expirations)[number];
      expect(shown).toMatchObject({
        callVolume: row.calls.volume,
        putVolume: row.puts.volume,
        totalVolume: row.calls.volume + row.puts.volume,
        callOpenInterest: row.calls.openInterest,
        putOpenInterest: row.puts.openInterest,
        totalOpenInterest: row.calls.openInterest + row.puts.openInterest,
      });
      total.callVolume += row.calls.volume;
      total.putVolume += row.puts.volume;
      total.callOpenInterest += row.calls.openInterest;
      total.putOpenInterest += row.puts.openInterest;
    }
    expect(answer.total).toMatchObject({
      ...total,
      totalVolume: total.callVolume + total.putVolume,
      totalOpenInterest: total.callOpenInterest + total.putOpenInterest,
    });
    expect(answer.total.totalVolume).toBeGreaterThan(0);
  });

  it("averages the 20 completed sessions before today, recomputed from the port's record", async () => {
    const answer = await volume();
    const history = await sim.optionActivity.history(AAPL, 20);
    const sessions = history?.sessions ?? [];
    expect(history?.currentSession).toBe("2026-11-24");
    expect(sessions).toHaveLength(20);
    expect(sessions.every((s) => s.date < "2026-11-24")).toBe(true);
    expect(answer).toMatchObject({
      averageSessions: 20,
      averageFrom: sessions[0]?.date,
      averageTo: "2026-11-23",
    });
    const calls = sessions.map((s) => s.calls);
    const puts = sessions.map((s) => s.puts);
    const both = sessions.map((s) => ({
      volume: s.calls.volume + s.puts.volume,
      openInterest: s.calls.openInterest + s.puts.openInterest,
    }));
    const average = {
      averageCallVolume: round2(meanOf(calls, "volume")),
      averagePutVolume: round2(meanOf(puts, "volume")),
      averageTotalVolume: round2(meanOf(both, "volume")),
      averageCallOpenInterest: round2(meanOf(calls, "openInterest")),
      averagePutOpenInterest: round2(meanOf(puts, "openInterest")),
      averageTotalOpenInterest: round2(meanOf(both, "openInterest")),
    };
    const t = answer.total;
    expect(t).toMatchObject(average);
    expect(t.callVolumeToAverage).toBe(ratio(t.callVolume, meanOf(calls, "volume")));
    expect(t.putVolumeToAverage).toBe(ratio(t.putVolume, meanOf(puts, "volume")));
    expect(t.totalVolumeToAverage).toBe(ratio(t.totalVolume, meanOf(both, "volume")));
    expect(t.totalOpenInterestToAverage).toBe(
      ratio(t.totalOpenInterest, meanOf(both, "openInterest")),
    );

    // Per expiration: the sessions in which it was listed.
    for (const row of answer.expirations) {
      const listed = sessions.flatMap((s) =>
        s.byExpiration.filter((e) => e.expiration === row.expiration),
      );
      expect(row.averageSessions, row.expiration).toBe(listed.length);
      if (listed.length === 0) {
        expect(row.averageCallVolume).toBeNull();
        expect(row.callVolumeToAverage).toBeNull();
        continue;
      }
      const rowCalls = listed.map((e) => e.calls);
      expect(row.averageCallVolume).toBe(round2(meanOf(rowCalls, "volume")));
      expect(row.averagePutOpenInterest).toBe(
        round2(
          meanOf(
            listed.map((e) => e.puts),
            "openInterest",
          ),
        ),
      );
      expect(row.callVolumeToAverage).toBe(ratio(row.callVolume, meanOf(rowCalls, "volume")));
    }
    // A LEAPS is listed throughout; a weekly listed last week is not.
    expect(answer.expirations.at(-1)?.averageSessions).toBe(20);
    expect(answer.expirations.some((row) => row.averageSessions < 20)).toBe(true);
  });

  it("records each session as its chains stood at the close", async () => {
    // 2026-11-23's chains at 15:59:30 New York hold the whole session's volume; the record
    // prices the same chains at the close (the chains use the mark), so they agree closely.
    const { market: closing } = marketAt("2026-11-23T20:59:30.000Z");
    const rows = await todayFromChains(closing, AAPL);
    const record = (await sim.optionActivity.history(AAPL, 20))?.sessions.at(-1);
    expect(record?.date).toBe("2026-11-23");
    const volumeAtClose = rows.reduce((sum, r) => sum + r.calls.volume + r.puts.volume, 0);
    const recorded = (record?.calls.volume ?? 0) + (record?.puts.volume ?? 0);
    expect(Math.abs(recorded / volumeAtClose - 1)).toBeLessThan(0.02);
    expect(record?.byExpiration.map((e) => e.expiration)).toEqual(rows.map((r) => r.expiration));
  });

  it("varies option volume by day, higher on the underlying's high-volume days", async () => {
    const history = (await sim.optionActivity.history(AAPL, 60))?.sessions ?? [];
    expect(history).toHaveLength(60);
    const from = Date.parse(`${history[0]?.date}T00:00:00Z`);
    const bars =
      (await sim.bars(AAPL, { period: 5, from, to: Date.parse(SIM_NOW), extended: false })) ?? [];
    const shareVolume = new Map(
      bars.map((bar) => [
        new Date(bar.timestamp + 12 * 3_600_000).toISOString().slice(0, 10),
        bar.volume,
      ]),
    );
    const days = history.map((s) => ({
      optionVolume: s.calls.volume + s.puts.volume,
      shareVolume: shareVolume.get(s.date) as number,
    }));
    expect(days.every((d) => d.shareVolume > 0)).toBe(true);
    expect(new Set(days.map((d) => d.optionVolume)).size).toBe(60);
    expect(
      correlation(
        days.map((d) => d.shareVolume),
        days.map((d) => d.optionVolume),
      ),
    ).toBeGreaterThan(0.3);
    const median = [...days.map((d) => d.shareVolume)].sort((a, b) => a - b)[30] as number;
    const mean = (list: typeof days) => list.reduce((s, d) => s + d.optionVolume, 0) / list.length;
    expect(mean(days.filter((d) => d.shareVolume >= median))).toBeGreaterThan(
      mean(days.filter((d) => d.shareVolume < median)),
    );
  });

  it("varies a contract's volume from day to day and grows it during the session", async () => {
    const contractVolumes = [];
    for (const iso of ["2026-11-23T16:00:00Z", SIM_NOW, "2026-11-25T16:00:00Z"]) {
      const { market } = marketAt(iso);
      const chain = (await market.optionChain(AAPL, "2026-12-18", "C")) ?? [];
      contractVolumes.push(chain.map((c) => [c.contract, c.volume] as const));
    }
    const byContract = contractVolumes.map((day) => new Map(day));
    const shared = [...(byContract[0] as Map<string, number>).keys()].filter((c) =>
      byContract.every((day) => day.has(c)),
    );
    expect(shared.length).toBeGreaterThan(20);
    const changed = shared.filter((c) => new Set(byContract.map((day) => day.get(c))).size > 1);
    expect(changed.length).toBeGreaterThan(shared.length * 0.8);

    const morning = await volume();
    const afternoon = await volume(AAPL, marketAt("2026-11-24T20:00:00.000Z").deps);
    expect(afternoon.total.totalVolume).toBeGreaterThan(morning.total.totalVolume);
  });

  it("counts the last session whole before the open, and averages the 20 before it", async () => {
    const answer = await volume(AAPL, marketAt("2026-11-24T13:00:00.000Z").deps); // 08:00
    expect(answer).toMatchObject({ session: "2026-11-23", averageTo: "2026-11-20" });
    const record = (await sim.optionActivity.history(AAPL, 1))?.sessions[0];
    expect(record?.date).toBe("2026-11-23");
    // The chains now are priced at the pre-market mark and the record at Monday's close: open
    // interest, and the volume that scales with it, follow the spot, hence the tolerance.
    const recorded = (record?.calls.volume ?? 0) + (record?.puts.volume ?? 0);
    expect(Math.abs(answer.total.totalVolume / recorded - 1)).toBeLessThan(0.06);
  });

  it("answers for an optionable index", async () => {
    const answer = await volume("SPX_INDEX");
    expect(answer.total.totalVolume).toBeGreaterThan(0);
    expect(answer.total.averageTotalVolume).toBeGreaterThan(0);
  });

  it("states null averages and ratios when no past session is recorded", async () => {
    const { deps: bare } = marketAt(SIM_NOW, (market) => ({
      ...market,
      optionActivity: {
        history: async () => ({ currentSession: "2026-11-24", sessions: [] }),
      },
    }));
    const answer = await volume(AAPL, bare);
    expect(answer).toMatchObject({ averageSessions: 0, averageFrom: null, averageTo: null });
    expect(answer.total).toMatchObject({ averageTotalVolume: null, totalVolumeToAverage: null });
    expect(answer.expirations[0]).toMatchObject({ averageSessions: 0, averageCallVolume: null });
  });

  it("404 NO_CHAIN_DATA for an unknown or a non-optionable code", async () => {
    for (const code of ["AAPX_NASDAQ", "BTC_COINBASE"]) {
      expect(await refusal(() => volume(code))).toMatchObject({
        status: 404,
        code: "NO_CHAIN_DATA",
      });
    }
  });

  it("503 when the source keeps no record of past option activity", async () => {
    const { deps: alpacaLike } = marketAt(SIM_NOW, (market) => ({
      ...market,
      optionActivity: undefined,
    }));
    expect(await refusal(() => volume(AAPL, alpacaLike))).toMatchObject({
      status: 503,
      code: "MARKET_DATA_UNAVAILABLE",
    });
  });
});

describe("OpenAPI example of the volume route", () => {
  it("is what the route answers at EXAMPLE_TIME (expirations shortened to the first ones)", async () => {
    const example = OPTIONS_VOLUME_EXAMPLES["options.volume"];
    const data = example?.data as { expirations: unknown[] };
    const answer = JSON.parse(JSON.stringify(await volume(AAPL, marketAt(EXAMPLE_TIME).deps)));
    answer.expirations = answer.expirations.slice(0, data.expirations.length);
    expect(answer).toEqual(data);
  });
});
