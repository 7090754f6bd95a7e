import { describe, expect, it } from "vitest";
import { referenceRoutes as routes } from "../../lib/api/groups/reference/routes";
import { pinnedClock } from "../../lib/deps";
import { dayNumber, isoDate } from "../../lib/market/civil-date";
import { crossRate, quotedCurrencies, summarize } from "../../lib/reference/fx/cross";
import {
  isPublished,
  isTargetClosingDay,
  lastPublishedDay,
  publicationInstant,
} from "../../lib/reference/fx/publication";
import {
  ANCHOR_DATE,
  createSimulatedFx,
  SIM_CODES,
  SIM_CURRENCIES,
} from "../../lib/reference/fx/sim";
import { callRoute } from "../setup/call-route";

/**
 * The simulated euro reference rates and the cross-rate arithmetic: publication on TARGET days
 * at 16:00 CET and never before, the anchor, pegs and volatilities, and over every pair of the
 * 30 quoted currencies: rate × inverse = 1, crosses chain, convert = amount × rate.
 */

const EXAMPLE_TIME = "2026-11-23T15:00:00Z";
const fxAt = (iso: string) => createSimulatedFx(pinnedClock(new Date(iso)));
const depsAt = (iso: string) => {
  const clock = pinnedClock(new Date(iso));
  return { clock, marketClock: clock, fx: createSimulatedFx(clock) } as never;
};

describe("publication (TARGET days, 16:00 CET)", () => {
  it("closes on weekends and the TARGET holidays only", () => {
    const closed = (y: number, m: number, d: number) => isTargetClosingDay(dayNumber(y, m, d));
    // 2026: Good Friday 3 April, Easter Monday 6 April.
    for (const [m, d] of [
      [1, 1],
      [4, 3],
      [4, 6],
      [5, 1],
      [12, 25],
    ] as const) {
      expect(closed(2026, m, d), `2026-${m}-${d}`).toBe(true);
    }
    expect(closed(2025, 12, 26)).toBe(true);
    expect(closed(2026, 11, 21)).toBe(true); // Saturday
    for (const [m, d] of [
      [1, 2],
      [4, 2],
      [4, 7],
      [11, 26],
      [12, 24],
      [12, 31],
    ] as const) {
      expect(closed(2026, m, d), `2026-${m}-${d}`).toBe(false);
    }
  });

  it("publishes at 16:00 Frankfurt time: 15:00 UTC in winter, 14:00 UTC in summer", () => {
    expect(new Date(publicationInstant(dayNumber(2026, 11, 23))).toISOString()).toBe(
      "2026-11-23T15:00:00.000Z",
    );
    expect(new Date(publicationInstant(dayNumber(2026, 7, 1))).toISOString()).toBe(
      "2026-07-01T14:00:00.000Z",
    );
  });

  it("serves the last rates out at the clock, never a day before it is published", async () => {
    const before = await fxAt("2026-11-23T14:59:59Z").latest();
    expect(before.date).toBe("2026-11-20"); // Monday before 16:00 CET: Friday's
    expect((await fxAt("2026-11-23T15:00:00Z").latest()).date).toBe("2026-11-23");
    expect((await fxAt("2026-11-22T12:00:00Z").latest()).date).toBe("2026-11-20"); // Sunday
    expect((await fxAt("2026-12-28T10:00:00Z").latest()).date).toBe("2026-12-24"); // after Christmas
    const history = await fxAt("2026-11-23T14:00:00Z").history("2026-11-16", "2026-11-30");
    expect(history.map((day) => day.date)).toEqual([
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
    ]);
    expect(isPublished(dayNumber(2026, 11, 23), Date.parse("2026-11-23T14:59:00Z"))).toBe(false);
    expect(isoDate(lastPublishedDay(Date.parse("2026-04-06T20:00:00Z")))).toBe("2026-04-02");
  });
});

describe("the simulated series", () => {
  it("is deterministic and passes through the anchor levels on the anchor date", async () => {
    const [a] = await fxAt(EXAMPLE_TIME).history(ANCHOR_DATE, ANCHOR_DATE);
    const [b] = await fxAt("2027-06-01T12:00:00Z").history(ANCHOR_DATE, ANCHOR_DATE);
    expect(a?.date).toBe(ANCHOR_DATE);
    expect([...(a?.rates ?? [])]).toEqual([...(b?.rates ?? [])]);
    for (const [code, spec] of Object.entries(SIM_CURRENCIES)) {
      if (code === "HKD" || code === "DKK") continue;
      expect(a?.rates.get(code), code).toBeCloseTo(spec.level, spec.decimals - 1);
    }
  });

  it("quotes the ECB's 30 currencies, BGN fixed until 2025 and gone with the euro in 2026", async () => {
    const fx = fxAt(EXAMPLE_TIME);
    const [late2025] = await fx.history("2025-12-31", "2025-12-31");
    const latest = await fx.latest();
    expect(late2025?.rates.size).toBe(30);
    expect(late2025?.rates.get("BGN")).toBe(1.9558);
    expect(latest.rates.has("BGN")).toBe(false);
    expect(latest.rates.size).toBe(29);
    expect(SIM_CODES.length).toBe(30);
  });

  it("keeps HKD on its dollar peg, DKK near its central rate, and moves 5-12 % a year", async () => {
    const days = await fxAt(EXAMPLE_TIME).history("2021-11-23", "2026-11-23");
    for (const day of days) {
      const hkdPerUsd = (day.rates.get("HKD") as number) / (day.rates.get("USD") as number);
      expect(hkdPerUsd).toBeGreaterThan(7.74);
      expect(hkdPerUsd).toBeLessThan(7.86);
      expect(Math.abs((day.rates.get("DKK") as number) / 7.46038 - 1)).toBeLessThan(0.0035);
    }
    for (const code of ["USD", "JPY", "GBP", "MXN", "ZAR"]) {
      const logs = days.map((day) => Math.log(day.rates.get(code) as number));
      const moves = logs.slice(1).map((x, i) => x - (logs[i] as number));
      const mean = moves.reduce((s, x) => s + x, 0) / moves.length;
      const variance = moves.reduce((s, x) => s + (x - mean) ** 2, 0) / (moves.length - 1);
      const annual = Math.sqrt(variance * 260) * 100;
      const target = SIM_CURRENCIES[code]?.volPercent as number;
      expect(annual, code).toBeGreaterThan(target * 0.8);
      expect(annual, code).toBeLessThan(target * 1.2);
    }
  });
});

describe("cross rates over every pair", () => {
  it("rate × inverse = 1 and crosses chain, to 1e-12, for all 30 × 30 pairs", async () => {
    const day = await fxAt(EXAMPLE_TIME).latest();
    const codes = quotedCurrencies(day);
    expect(codes.length).toBe(30); // 29 and the euro
    for (const a of codes) {
      for (const b of codes) {
        const ab = crossRate(day, a, b);
        const ba = crossRate(day, b, a);
        if (!ab || !ba) throw new Error(`${a}/${b} not quoted`);
        expect(Math.abs(ab.rate * ab.inverse - 1), `${a}/${b}`).toBeLessThan(1e-12);
        expect(Math.abs(ab.rate * ba.rate - 1), `${a}/${b}`).toBeLessThan(1e-12);
        expect(ab.inverse).toBe(ba.rate);
        const viaUsd =
          (crossRate(day, a, "USD")?.rate as number) * (crossRate(day, "USD", b)?.rate as number);
        expect(Math.abs(viaUsd / ab.rate - 1), `${a}/USD/${b}`).toBeLessThan(1e-12);
      }
    }
  });

  it("serves the same over the routes: pair and its reverse, base lists, convert = amount × rate", async () => {
    const deps = depsAt(EXAMPLE_TIME);
    const day = await fxAt(EXAMPLE_TIME).latest();
    const codes = quotedCurrencies(day);
    for (const a of codes) {
      const listed = await callRoute(routes.fxRates, { query: { base: a } }, deps);
      expect(Object.keys(listed.rates).length).toBe(codes.length - 1);
      for (const b of codes) {
        if (a === b) continue;
        const pair = await callRoute(routes.fxPair, { params: { from: a, to: b } }, deps);
        const reverse = await callRoute(routes.fxPair, { params: { from: b, to: a } }, deps);
        expect(Math.abs(pair.rate * reverse.rate - 1)).toBeLessThan(1e-12);
        expect(Math.abs(pair.rate * pair.inverse - 1)).toBeLessThan(1e-12);
        expect(listed.rates[b]).toBe(pair.rate);
      }
    }
    for (const amount of ["1", "1000", "0.01", "123456.789"]) {
      const converted = await callRoute(
        routes.convert,
        { query: { from: "GBP", to: "JPY", amount } },
        deps,
      );
      const pair = await callRoute(routes.fxPair, { params: { from: "GBP", to: "JPY" } }, deps);
      expect(converted.rate).toBe(pair.rate);
      expect(converted.result).toBe(Number(amount) * pair.rate);
      expect(converted.minorUnits).toBe(0);
      expect(converted.resultRounded).toBe(Math.round(converted.result));
    }
  });

  it("summarizes a series: first, last, extremes and the change in percent", () => {
    const points = [
      { date: "2026-01-01", rate: 2 },
      { date: "2026-01-02", rate: 1.5 },
      { date: "2026-01-03", rate: 3 },
      { date: "2026-01-04", rate: 2.5 },
    ];
    expect(summarize(points)).toEqual({
      first: points[0],
      last: points[3],
      min: points[1],
      max: points[2],
      changePercent: 25,
    });
    expect(summarize([])).toBeNull();
  });
});
