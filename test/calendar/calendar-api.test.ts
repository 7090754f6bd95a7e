import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api/errors";
import { calendarRoutes } from "../../lib/api/groups/calendar/routes";
import { companyRoutes } from "../../lib/api/groups/company/routes";
import { marketCompanyRoutes } from "../../lib/api/groups/market/routes/details";
import { optionsRoutes } from "../../lib/api/groups/options/routes";
import { pinnedClock } from "../../lib/deps";
import type { MarketDataProvider } from "../../lib/market/ports";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";

/**
 * The calendars on a pinned market clock (Tuesday 2026-11-24 11:00 New York, the SIM_NOW of the
 * other tests): the windows and their 400s, the economic releases as the economic module gives
 * them, the same earnings as /company/{code}/events and the options earnings endpoints, the
 * enhanced figures equal to the options endpoints', dividends in spec fact 3's order, the week
 * merged in time order, and pages that add up to the whole list.
 */

const SIM_NOW = "2026-11-24T16:00:00Z";
const TODAY = "2026-11-24";
const DAY_MS = 86_400_000;

function depsAt(nowIso: string, edit?: (sim: MarketDataProvider) => MarketDataProvider) {
  const clock = pinnedClock(new Date(nowIso));
  const sim = createSimulatedMarket(clock);
  return testDeps({ market: edit ? edit(sim) : sim, marketClock: clock });
}

const deps = depsAt(SIM_NOW);
const plusDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const round = (x: number, decimals: number) => Math.round(x * 10 ** decimals) / 10 ** decimals;

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** Expects a 400 whose details name `field`. */
async function expectRefusedNaming(promise: Promise<unknown>, field: string) {
  const error = await refusal(promise);
  expect(error.status).toBe(400);
  expect(error.code).toBe("INVALID_PARAMETER");
  expect(error.details ?? "").toMatch(new RegExp(`^${field}:|; ${field}:`));
}

describe("windows and their refusals", () => {
  it("default to today through today + 7 (New York)", async () => {
    const answer = await callRoute(calendarRoutes.economic, {}, deps);
    expect(answer).toMatchObject({
      from: TODAY,
      to: "2026-12-01",
      asOf: new Date(SIM_NOW).toISOString(),
    });
    const earnings = await callRoute(
      calendarRoutes.earnings,
      { query: { from: "2026-11-30" } },
      deps,
    );
    expect(earnings).toMatchObject({ from: "2026-11-30", to: "2026-12-07" });
  });

  it("answer 400 naming the field: a malformed date, to before from, a window too long", async () => {
    await expectRefusedNaming(
      callRoute(calendarRoutes.economic, { query: { from: "2026-13-01" } }, deps),
      "from",
    );
    await expectRefusedNaming(
      callRoute(calendarRoutes.earnings, { query: { to: "24/11/2026" } }, deps),
      "to",
    );
    await expectRefusedNaming(
      callRoute(calendarRoutes.economic, { query: { from: "2026-12-01", to: "2026-11-30" } }, deps),
      "to",
    );
    // 93 days are allowed, 94 are not.
    await callRoute(
      calendarRoutes.economic,
      { query: { from: TODAY, to: plusDays(TODAY, 92) } },
      deps,
    );
    await expectRefusedNaming(
      callRoute(calendarRoutes.economic, { query: { from: TODAY, to: plusDays(TODAY, 93) } }, deps),
      "to",
    );
    await expectRefusedNaming(
      callRoute(calendarRoutes.earnings, { query: { from: TODAY, to: plusDays(TODAY, 31) } }, deps),
      "to",
    );
    await expectRefusedNaming(
      callRoute(calendarRoutes.earningsEnhanced, { query: { to: plusDays(TODAY, 14) } }, deps),
      "to",
    );
    await expectRefusedNaming(
      callRoute(calendarRoutes.dividends, { query: { to: "2026-12-01", days: "3" } }, deps),
      "days",
    );
    await expectRefusedNaming(
      callRoute(calendarRoutes.dividends, { query: { days: "93" } }, deps),
      "days",
    );
    await expectRefusedNaming(
      callRoute(calendarRoutes.upcoming, { query: { days: "15" } }, deps),
      "days",
    );
    await expectRefusedNaming(
      callRoute(calendarRoutes.upcoming, { query: { cursor: "not-a-cursor" } }, deps),
      "cursor",
    );
    await expectRefusedNaming(
      callRoute(calendarRoutes.earnings, { query: { limit: "201" } }, deps),
      "limit",
    );
  });
});

describe("GET /calendar/economic", () => {
  it("serves each release in UTC and New York time, surprise = actual − consensus once out", async () => {
    const answer = await callRoute(
      calendarRoutes.economic,
      { query: { from: "2026-10-26", to: "2026-12-31", limit: "200" } },
      deps,
    );
    expect(answer.source).toBe("simulated");
    expect(answer.total).toBe(answer.releases.length);
    for (const release of answer.releases) {
      expect(Date.parse(release.datetimeNewYork)).toBe(Date.parse(release.datetime));
      expect(release.datetimeNewYork.slice(0, 10)).toBe(release.date);
      expect(release.datetimeNewYork).toMatch(/-0[45]:00$/);
      expect(release.released).toBe(Date.parse(release.datetime) <= Date.parse(SIM_NOW));
      expect(release.actual === null).toBe(!release.released);
      if (release.actual !== null && release.consensus !== null) {
        expect(release.surprise).toBe(round(release.actual - release.consensus, 2));
      } else {
        expect(release.surprise).toBeNull();
      }
    }
    const payrolls = answer.releases.find((r) => r.id === "us-nonfarm-payrolls-2026-10");
    expect(payrolls).toMatchObject({
      datetimeNewYork: "2026-11-06T08:30:00-05:00",
      datetime: "2026-11-06T13:30:00.000Z",
      importance: "high",
      unit: "thousands of jobs",
    });
    const fomc = answer.releases.find((r) => r.id === "us-fomc-2026-10-28");
    expect(fomc?.datetimeNewYork).toBe("2026-10-28T14:00:00-04:00"); // still daylight time
  });

  it("has no actual at 08:29:59 New York on a CPI day, and has it at 08:30", async () => {
    const cpiAt = async (nowIso: string) => {
      const answer = await callRoute(
        calendarRoutes.economic,
        { query: { from: "2026-11-12", to: "2026-11-12" } },
        depsAt(nowIso),
      );
      return answer.releases.find((release) => release.indicator === "cpi");
    };
    const before = await cpiAt("2026-11-12T13:29:59Z");
    const after = await cpiAt("2026-11-12T13:30:00Z");
    expect(before).toMatchObject({ actual: null, surprise: null, released: false });
    expect(after?.released).toBe(true);
    expect(after?.actual).toEqual(expect.any(Number));
    expect(after?.consensus).toBe(before?.consensus);
  });

  it("pages through the window: the pages add up to the whole list, in time order", async () => {
    const query = { from: TODAY, to: plusDays(TODAY, 92) };
    const whole = await callRoute(
      calendarRoutes.economic,
      { query: { ...query, limit: "200" } },
      deps,
    );
    const paged: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await callRoute(
        calendarRoutes.economic,
        { query: { ...query, limit: "7", ...(cursor ? { cursor } : {}) } },
        deps,
      );
      paged.push(...page.releases.map((release) => release.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(paged).toEqual(whole.releases.map((release) => release.id));
    const times = whole.releases.map((release) => Date.parse(release.datetime));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});

describe("GET /calendar/earnings", () => {
  const window = { from: TODAY, to: plusDays(TODAY, 30), limit: "200" };

  it("lists the reports by date, bmo before amc, then code", async () => {
    const answer = await callRoute(calendarRoutes.earnings, { query: window }, deps);
    expect(answer.earnings.length).toBeGreaterThan(10);
    const keys = answer.earnings.map(
      (row) => `${row.date} ${row.timing === "bmo" ? 0 : 1} ${row.code}`,
    );
    expect(keys).toEqual([...keys].sort());
    for (const row of answer.earnings) {
      expect(row.date >= window.from && row.date <= window.to).toBe(true);
      expect(row.reported).toBe(row.epsActual !== null);
    }
  });

  it("are the events of /company/{code}/events and the options earnings straddle", async () => {
    const answer = await callRoute(calendarRoutes.earnings, { query: window }, deps);
    const upcoming = answer.earnings.filter((row) => !row.reported).slice(0, 8);
    expect(upcoming.length).toBeGreaterThan(3);
    for (const row of upcoming) {
      const { events } = await callRoute(
        companyRoutes.events,
        { params: { code: row.code } },
        deps,
      );
      const event = events.find(
        (e) => e.eventType === "EarningsCalendar" && e.eventDate === row.date,
      );
      expect(event?.earnings, row.code).toEqual({
        quarter: row.quarter,
        year: row.year,
        hour: row.timing,
        epsEstimate: row.epsEstimate,
        epsActual: null,
        revenueEstimate: row.revenueEstimate,
        revenueActual: null,
      });
      const straddle = await callRoute(
        optionsRoutes.earningsStraddle,
        { params: { code: row.code } },
        deps,
      );
      expect(straddle).toMatchObject({
        earningsDate: row.date,
        earningsTiming: row.timing,
        reactionDate: row.reactionDate,
      });
    }
  });

  it("shows actuals and surprises for past dates, as the source's earnings history has them", async () => {
    const past = { from: "2026-10-20", to: "2026-11-10", limit: "200" };
    const answer = await callRoute(calendarRoutes.earnings, { query: past }, deps);
    expect(answer.earnings.length).toBeGreaterThan(20);
    for (const row of answer.earnings) {
      expect(row.reported).toBe(true);
      const [report] =
        (await deps.market.earningsHistory?.earningsReports(row.code, row.date, row.date)) ?? [];
      expect(report?.epsActual).toBe(row.epsActual);
      expect(report?.epsEstimate).toBe(row.epsEstimate);
      const eps = row.epsActual as number;
      const estimate = row.epsEstimate as number;
      expect(row.epsSurprisePercent).toBe(round(((eps - estimate) / Math.abs(estimate)) * 100, 4));
      const revenue = row.revenueActual as number;
      const revenueEstimate = row.revenueEstimate as number;
      expect(row.revenueSurprisePercent).toBe(
        round(((revenue - revenueEstimate) / revenueEstimate) * 100, 4),
      );
    }
  });
});

describe("GET /calendar/earnings/enhanced", () => {
  it("adds the options endpoints' numbers to the earnings rows", async () => {
    const plain = await callRoute(calendarRoutes.earnings, { query: { limit: "6" } }, deps);
    const enhanced = await callRoute(
      calendarRoutes.earningsEnhanced,
      { query: { limit: "6" } },
      deps,
    );
    expect(enhanced.earnings.map(({ code, date }) => ({ code, date }))).toEqual(
      plain.earnings.map(({ code, date }) => ({ code, date })),
    );
    let straddles = 0;
    for (const row of enhanced.earnings) {
      const params = { params: { code: row.code } };
      const [rank, history] = await Promise.all([
        callRoute(optionsRoutes.ivRank, params, deps),
        callRoute(optionsRoutes.earningsMoveHistory, params, deps),
      ]);
      expect(row).toMatchObject({
        hasOptions: true,
        ivRank: rank.ivRank,
        ivPercentile: rank.ivPercentile,
        currentImpliedVolatility: rank.currentImpliedVolatility,
        averageAbsoluteMovePercent: history.averageAbsoluteMovePercent,
        historyQuarterCount: history.quarterCount,
      });
      const straddle = await callRoute(optionsRoutes.earningsStraddle, params, deps);
      if (straddle.earningsDate === row.date) {
        straddles++;
        expect(row).toMatchObject({
          impliedMovePercent: straddle.straddleImpliedMovePercent,
          impliedMove: straddle.straddleImpliedMove,
          straddleExpiration: straddle.expirationDate,
          atmImpliedVolatility: straddle.atmImpliedVolatility,
        });
      } else {
        // Reported already (bmo today): the straddle is of the next report.
        expect(row.reported).toBe(true);
        expect(row.impliedMovePercent).toBeNull();
      }
    }
    expect(straddles).toBeGreaterThan(0);
  });

  it("shows a past report's own move as the earnings-move history lists it", async () => {
    const answer = await callRoute(
      calendarRoutes.earningsEnhanced,
      { query: { from: "2026-10-27", to: "2026-10-28", limit: "3" } },
      deps,
    );
    const row = answer.earnings[0];
    expect(row).toBeDefined();
    const history = await callRoute(
      optionsRoutes.earningsMoveHistory,
      { params: { code: row?.code ?? "" } },
      deps,
    );
    const quarter = history.quarters.find((q) => q.date === row?.date);
    expect(row?.actualMovePercent).toBe(quarter?.movePercent);
    expect(row?.impliedMovePercent).toBeNull();
  });

  it("answers nulls for a stock without listed options", async () => {
    const plain = await callRoute(calendarRoutes.earnings, { query: { limit: "1" } }, deps);
    const code = plain.earnings[0]?.code;
    const withoutOptions = depsAt(SIM_NOW, (sim) => {
      const strip = <T extends { code: string; hasOptions: boolean }>(i: T): T =>
        i.code === code ? { ...i, hasOptions: false } : i;
      return Object.assign(Object.create(sim), {
        instruments: async () => (await sim.instruments()).map(strip),
        instrument: async (c: string) => {
          const found = await sim.instrument(c);
          return found && strip(found);
        },
      });
    });
    const answer = await callRoute(
      calendarRoutes.earningsEnhanced,
      { query: { limit: "1" } },
      withoutOptions,
    );
    expect(answer.earnings[0]).toMatchObject({
      code,
      hasOptions: false,
      impliedMovePercent: null,
      averageAbsoluteMovePercent: null,
      ivRank: null,
    });
  });
});

describe("GET /calendar/dividends", () => {
  it("lists only ex-dates today or later, soonest first, then by descending yield (fact 3)", async () => {
    const answer = await callRoute(
      calendarRoutes.dividends,
      { query: { from: "2026-11-01", limit: "200" } },
      deps,
    );
    expect(answer.from).toBe(TODAY); // a from in the past counts from today
    expect(answer.to).toBe(plusDays(TODAY, 30));
    expect(answer.dividends.length).toBeGreaterThan(10);
    for (const [index, row] of answer.dividends.entries()) {
      expect(row.exDate >= TODAY).toBe(true);
      const next = answer.dividends[index + 1];
      if (!next) continue;
      expect(next.exDate >= row.exDate).toBe(true);
      if (next.exDate === row.exDate)
        expect(next.yieldPercent).toBeLessThanOrEqual(row.yieldPercent);
    }
    const days = new Set(answer.dividends.map((row) => row.exDate));
    expect(
      [...days].some((day) => answer.dividends.filter((r) => r.exDate === day).length > 1),
    ).toBe(true);
  });

  it("serves /company/{code}/events' amounts, /extended's yield and the settlement dates", async () => {
    const answer = await callRoute(calendarRoutes.dividends, { query: { limit: "12" } }, deps);
    for (const row of answer.dividends) {
      const params = { params: { code: row.code } };
      const { events } = await callRoute(companyRoutes.events, params, deps);
      const event = events.find((e) => e.eventType === "ExDividend" && e.eventDate === row.exDate);
      if (row.exDate > TODAY) {
        expect(event?.dividend, row.code).toEqual({
          amountPerShare: row.amount,
          frequency: row.frequency,
        });
      }
      const extended = await callRoute(marketCompanyRoutes.extended, params, deps);
      expect(row.yieldPercent).toBe(extended.dividendYieldPercent);
      expect(row.yieldPercent).toBe(round((row.annualAmount / row.price) * 100, 4));
      expect(row.recordDate).toBe(row.exDate); // T+1 settlement since 2024-05-28
      expect(row.payDate > row.recordDate).toBe(true);
      expect(row.declarationDate < row.exDate).toBe(true);
      expect(row.declared).toBe(row.declarationDate <= TODAY);
      expect(row.daysToExDate).toBe((Date.parse(row.exDate) - Date.parse(TODAY)) / DAY_MS);
    }
  });

  it("takes days instead of to", async () => {
    const answer = await callRoute(calendarRoutes.dividends, { query: { days: "3" } }, deps);
    expect(answer.to).toBe(plusDays(TODAY, 3));
    expect(answer.dividends.every((row) => row.exDate <= plusDays(TODAY, 3))).toBe(true);
  });
});

describe("GET /calendar/upcoming", () => {
  it("merges the week's releases, reports, ex-dates and market events in time order", async () => {
    const answer = await callRoute(calendarRoutes.upcoming, { query: { limit: "200" } }, deps);
    expect(answer).toMatchObject({ from: TODAY, to: plusDays(TODAY, 6) });
    const times = answer.events.map((event) => Date.parse(event.datetime));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const types = new Set(answer.events.map((event) => event.type));
    for (const type of ["economic", "earnings", "ex-dividend", "market-holiday", "early-close"]) {
      expect(types.has(type as never), type).toBe(true);
    }
    expect(answer.events.find((e) => e.type === "market-holiday")).toMatchObject({
      date: "2026-11-26",
      title: "NYSE closed: Thanksgiving Day",
    });
    expect(answer.events.find((e) => e.type === "early-close")?.datetimeNewYork).toBe(
      "2026-11-27T13:00:00-05:00",
    );
    for (const event of answer.events) {
      expect(event.passed).toBe(Date.parse(event.datetime) <= Date.parse(SIM_NOW));
      expect(event.economic !== null).toBe(event.type === "economic");
      expect(event.earnings !== null).toBe(event.type === "earnings");
      expect(event.dividend !== null).toBe(event.type === "ex-dividend");
    }
    const earnings = await callRoute(
      calendarRoutes.earnings,
      { query: { to: plusDays(TODAY, 6), limit: "200" } },
      deps,
    );
    expect(
      answer.events
        .flatMap((event) => (event.earnings ? [event.earnings] : []))
        .sort((a, b) => a.code.localeCompare(b.code)),
    ).toEqual([...earnings.earnings].sort((a, b) => a.code.localeCompare(b.code)));
  });

  it("lists the monthly option expiration when the window holds the third Friday", async () => {
    const answer = await callRoute(
      calendarRoutes.upcoming,
      { query: { days: "14", limit: "200" } },
      depsAt("2026-12-10T15:00:00Z"),
    );
    expect(answer.events.find((e) => e.type === "option-expiration")).toMatchObject({
      id: "option-expiration:2026-12-18",
      datetimeNewYork: "2026-12-18T16:00:00-05:00",
    });
  });
});
