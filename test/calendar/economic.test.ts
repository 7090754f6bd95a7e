import { describe, expect, it } from "vitest";
import { type EconomicRelease, economicReleases } from "../../lib/calendar/economic";
import { isFederalHoliday } from "../../lib/calendar/federal-holidays";

/**
 * The simulated economic calendar against the official calendars' rules, checked with dates
 * computed here independently (Date arithmetic, the agencies' published dates), and against the
 * one-world rule: nothing is known before it happens.
 */

const DAY_MS = 86_400_000;
const FAR_FUTURE = Date.UTC(2100, 0, 1);

/** New York wall clock of an instant, by the platform's time-zone data (not lib/market/ny-time). */
function newYork(instantMs: number): { date: string; time: string; weekday: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: "America/New_York",
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      weekday: "short",
    })
      .formatToParts(instantMs)
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    weekday: parts.weekday as string,
  };
}

function releasesOfYear(year: number, nowMs = FAR_FUTURE): EconomicRelease[] {
  return economicReleases(Date.UTC(year, 0, 1, 5), Date.UTC(year + 1, 0, 1, 5), nowMs);
}

const ofIndicator = (releases: EconomicRelease[], indicator: string) =>
  releases.filter((release) => release.indicator === indicator);

/** The first Friday of a month, by Date's own weekday arithmetic. */
function firstFriday(year: number, month: number): string {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const offset = (5 - first.getUTCDay() + 7) % 7;
  return new Date(first.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
}

describe("the Employment Situation (payrolls, unemployment rate)", () => {
  const releases = [...releasesOfYear(2025), ...releasesOfYear(2026)];
  const payrolls = ofIndicator(releases, "nonfarm-payrolls");
  const dateOf = (period: string) =>
    newYork(payrolls.find((release) => release.period === period)?.releaseAtMs ?? 0).date;

  it("comes out on the first Friday of the month in the ordinary months", () => {
    const ordinary: [period: string, year: number, month: number][] = [
      ["January 2025", 2025, 2],
      ["February 2025", 2025, 3],
      ["March 2025", 2025, 4],
      ["April 2025", 2025, 5],
      ["May 2025", 2025, 6],
      ["July 2025", 2025, 8],
      ["August 2025", 2025, 9],
      ["January 2026", 2026, 2],
      ["February 2026", 2026, 3],
      ["March 2026", 2026, 4], // Good Friday 2026-04-03: the agencies publish
    ];
    for (const [period, year, month] of ordinary) {
      expect(dateOf(period), period).toBe(firstFriday(year, month));
    }
  });

  it("keeps BLS's published exceptions: a holiday Friday, and December's data a week later", () => {
    // BLS schedule: June 2025 data on Thursday 2025-07-03 (July 4 a Friday); December data on
    // 2025-01-10 and 2026-01-09, not on the first Friday (2025-01-03, 2026-01-02).
    expect(dateOf("June 2025")).toBe("2025-07-03");
    expect(dateOf("December 2024")).toBe("2025-01-10");
    expect(dateOf("December 2025")).toBe("2026-01-09");
    expect(firstFriday(2025, 1)).toBe("2025-01-03");
  });

  it("publishes payrolls and the unemployment rate together at 08:30 New York", () => {
    const unemployment = ofIndicator(releases, "unemployment-rate");
    expect(unemployment.map((r) => r.releaseAtMs)).toEqual(payrolls.map((r) => r.releaseAtMs));
    expect(payrolls.length).toBe(24);
    for (const release of payrolls) expect(newYork(release.releaseAtMs).time).toBe("08:30");
  });
});

describe("the FOMC", () => {
  it("decides eight times a year, 14:00 New York, on the Fed's published dates", () => {
    for (const year of [2024, 2025, 2026, 2027, 2028]) {
      const decisions = ofIndicator(releasesOfYear(year), "fomc-rate-decision");
      expect(decisions.length, String(year)).toBe(8);
      for (const decision of decisions) expect(newYork(decision.releaseAtMs).time).toBe("14:00");
    }
    const dates2026 = ofIndicator(releasesOfYear(2026), "fomc-rate-decision").map(
      (decision) => newYork(decision.releaseAtMs).date,
    );
    expect(dates2026).toEqual([
      "2026-01-28",
      "2026-03-18",
      "2026-04-29",
      "2026-06-17",
      "2026-07-29",
      "2026-09-16",
      "2026-10-28",
      "2026-12-09",
    ]);
    const december = ofIndicator(releasesOfYear(2026), "fomc-rate-decision").at(-1);
    expect(december).toMatchObject({ id: "us-fomc-2026-12-09", period: "December 2026 meeting" });
  });

  it("moves the target's upper bound only at meetings, in 25 bp steps", () => {
    const decisions = ofIndicator(
      economicReleases(Date.UTC(2020, 0, 1), Date.UTC(2028, 0, 1), FAR_FUTURE),
      "fomc-rate-decision",
    );
    for (const decision of decisions) {
      const { actual, previous } = decision;
      expect(actual !== null && previous !== null).toBe(true);
      expect(Math.abs((actual as number) - (previous as number))).toBeLessThanOrEqual(0.25);
      expect(((actual as number) * 100) % 25).toBe(0);
    }
  });
});

describe("initial jobless claims", () => {
  const claims = ofIndicator(releasesOfYear(2026), "initial-jobless-claims");

  it("come out every Thursday at 08:30, on the Wednesday when Thursday is a holiday", () => {
    // 2026 has 53 Thursdays, but Thursday 2026-01-01 is New Year's Day: that week's claims
    // came out on Wednesday 2025-12-31.
    expect(claims.length).toBe(52);
    const newYearWeek = ofIndicator(releasesOfYear(2025), "initial-jobless-claims").at(-1);
    expect(newYearWeek?.period).toBe("week ending 2025-12-27");
    expect(newYork(newYearWeek?.releaseAtMs ?? 0).date).toBe("2025-12-31");
    for (const release of claims) {
      const { date, time, weekday } = newYork(release.releaseAtMs);
      expect(time).toBe("08:30");
      const thursday = new Date(`${date}T00:00:00Z`).getTime() + (weekday === "Wed" ? DAY_MS : 0);
      expect(weekday === "Thu" || (weekday === "Wed" && isFederalHoliday(thursday / DAY_MS))).toBe(
        true,
      );
    }
    // Thanksgiving 2026 is Thursday 2026-11-26: claims on Wednesday 2026-11-25.
    const thanksgivingWeek = claims.find((r) => r.period === "week ending 2026-11-21");
    expect(newYork(thanksgivingWeek?.releaseAtMs ?? 0).date).toBe("2026-11-25");
  });
});

describe("the other schedules", () => {
  const releases = releasesOfYear(2026);

  it("CPI mid-month (10th-17th), PPI the business day after, ISM manufacturing the 1st business day", () => {
    const cpi = ofIndicator(releases, "cpi");
    const ppi = ofIndicator(releases, "ppi");
    expect(cpi.length).toBe(12);
    for (const [index, release] of cpi.entries()) {
      const { date, time } = newYork(release.releaseAtMs);
      const dayOfMonth = Number(date.slice(8));
      expect(dayOfMonth).toBeGreaterThanOrEqual(10);
      expect(dayOfMonth).toBeLessThanOrEqual(17);
      expect(time).toBe("08:30");
      expect(ppi[index]?.releaseAtMs).toBeGreaterThan(release.releaseAtMs);
      expect((ppi[index]?.releaseAtMs ?? 0) - release.releaseAtMs).toBeLessThanOrEqual(4 * DAY_MS);
    }
    // 2026-11-11 (the Wednesday of the rule) is Veterans Day: CPI on Thursday the 12th.
    expect(newYork(cpi.find((r) => r.period === "October 2026")?.releaseAtMs ?? 0).date).toBe(
      "2026-11-12",
    );
    const ism = ofIndicator(releases, "ism-manufacturing").map((r) => newYork(r.releaseAtMs));
    expect(ism.map((clock) => clock.time)).toEqual(Array(12).fill("10:00"));
    expect(ism[0]?.date).toBe("2026-01-02"); // January 1st is a holiday
  });

  it("GDP: advance, second and third estimate of each quarter, a month apart", () => {
    const gdp = ofIndicator(releases, "gdp").map((r) => r.period);
    expect(gdp.slice(0, 4)).toEqual([
      "Q4 2025 (advance)",
      "Q4 2025 (second estimate)",
      "Q4 2025 (third estimate)",
      "Q1 2026 (advance)",
    ]);
    expect(gdp.length).toBe(12);
  });

  it("lists releases in time order within [from, to), stably across calls", () => {
    const times = releases.map((release) => release.releaseAtMs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(releasesOfYear(2026)).toEqual(releases);
    const from = Date.parse("2026-11-12T13:30:00Z");
    const window = economicReleases(from, from + 1, FAR_FUTURE);
    // A Thursday: claims come out at the same instant, listed after CPI.
    expect(window.map((release) => release.indicator)).toEqual([
      "cpi",
      "core-cpi",
      "initial-jobless-claims",
    ]);
    expect(
      economicReleases(from + 1, from + DAY_MS, FAR_FUTURE).some((r) => r.indicator === "cpi"),
    ).toBe(false);
  });
});

describe("nothing is known before it happens", () => {
  const cpiInstant = Date.parse("2026-11-12T13:30:00Z"); // 08:30 EST on the CPI day

  it("CPI's actual is null at 08:29:59 New York and known at 08:30:00", () => {
    const at = (nowMs: number) =>
      economicReleases(cpiInstant, cpiInstant + 1, nowMs).find((r) => r.indicator === "cpi");
    const before = at(cpiInstant - 1000);
    const after = at(cpiInstant);
    expect(newYork(cpiInstant)).toMatchObject({ date: "2026-11-12", time: "08:30" });
    expect(before?.actual).toBeNull();
    expect(after?.actual).toEqual(expect.any(Number));
    expect(before?.consensus).toBe(after?.consensus);
    expect(before?.previous).toBe(after?.previous);
  });

  it("previous is the preceding release's actual; both it and the consensus wait for that release", () => {
    const all = economicReleases(Date.UTC(2025, 0, 1), Date.UTC(2027, 0, 1), FAR_FUTURE);
    const indicators = [...new Set(all.map((release) => release.indicator))];
    expect(indicators.length).toBe(11);
    for (const indicator of indicators) {
      const series = ofIndicator(all, indicator);
      for (let i = 1; i < series.length; i++) {
        expect(series[i]?.previous, `${series[i]?.id}`).toBe(series[i - 1]?.actual);
      }
    }
    // At a clock between two CPI releases, the next one has consensus and previous, the one
    // after it neither.
    const now = Date.parse("2026-11-24T16:00:00Z");
    const ahead = ofIndicator(economicReleases(now, Date.UTC(2027, 1, 1), now), "cpi");
    expect(ahead[0]?.actual).toBeNull();
    expect(ahead[0]?.previous).toEqual(expect.any(Number));
    expect(ahead[0]?.consensus).toEqual(expect.any(Number));
    expect(ahead[1]).toMatchObject({ actual: null, previous: null, consensus: null });
  });

  it("keeps values in plausible ranges and consensus a noisy forecast of the actual", () => {
    const all = economicReleases(Date.UTC(2020, 0, 1), Date.UTC(2027, 0, 1), FAR_FUTURE);
    const range = (indicator: string) => {
      const values = ofIndicator(all, indicator).map((r) => r.actual as number);
      return [Math.min(...values), Math.max(...values)];
    };
    expect(range("cpi")[0]).toBeGreaterThanOrEqual(-0.1);
    expect(range("cpi")[1]).toBeLessThanOrEqual(0.6);
    expect(range("nonfarm-payrolls")[0]).toBeGreaterThanOrEqual(20);
    expect(range("nonfarm-payrolls")[1]).toBeLessThanOrEqual(340);
    expect(range("unemployment-rate")[0]).toBeGreaterThanOrEqual(3.8);
    expect(range("unemployment-rate")[1]).toBeLessThanOrEqual(4.6);
    const cpi = ofIndicator(all, "cpi");
    const misses = cpi.filter((r) => r.consensus !== r.actual).length;
    expect(misses).toBeGreaterThan(cpi.length * 0.2); // a forecast, not the answer
    const meanError =
      cpi.reduce((sum, r) => sum + Math.abs((r.actual as number) - (r.consensus as number)), 0) /
      cpi.length;
    expect(meanError).toBeLessThan(0.15);
  });
});
