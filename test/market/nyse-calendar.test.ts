import { describe, expect, it } from "vitest";
import {
  civilDate,
  dayNumber,
  easterSunday,
  isoDate,
  isWeekendDay,
  nthWeekday,
  weekday,
} from "../../lib/market/civil-date";
import {
  earlyClosesOfYear,
  holidayName,
  holidaysOfYear,
  isEarlyClose,
  isHoliday,
  isTradingDay,
} from "../../lib/market/nyse-calendar";

/** Day number of an ISO date, computed here without the code under test. */
function day(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
}

/** Weekday (0 = Sunday) of an ISO date, via the platform's Date, not the code under test. */
function dow(iso: string): number {
  return new Date(`${iso}T00:00:00Z`).getUTCDay();
}

/** Every ISO date of a year, in order. */
function datesOfYear(year: number): string[] {
  const dates: string[] = [];
  for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += 86_400_000) {
    dates.push(new Date(t).toISOString().slice(0, 10));
  }
  return dates;
}

describe("civil-date", () => {
  it("numbers days from 1970-01-01", () => {
    expect(dayNumber(1970, 1, 1)).toBe(0);
    expect(dayNumber(1970, 1, 2)).toBe(1);
    expect(dayNumber(1969, 12, 31)).toBe(-1);
    expect(dayNumber(2000, 1, 1)).toBe(10_957);
    expect(dayNumber(2026, 1, 1)).toBe(20_454);
  });

  it("converts day numbers back to dates", () => {
    expect(civilDate(20_454)).toEqual({ year: 2026, month: 1, day: 1 });
    expect(isoDate(10_957 + 59)).toBe("2000-02-29");
    expect(isoDate(dayNumber(2024, 3, 1) - 1)).toBe("2024-02-29");
    expect(isoDate(dayNumber(2100, 3, 1) - 1)).toBe("2100-02-28");
  });

  it("knows the weekday", () => {
    expect(weekday(0)).toBe(4); // 1970-01-01 Thursday
    expect(weekday(-1)).toBe(3); // 1969-12-31 Wednesday
    expect(weekday(dayNumber(2026, 1, 1))).toBe(4);
    expect(weekday(dayNumber(2026, 3, 8))).toBe(0);
    expect(weekday(dayNumber(2026, 11, 28))).toBe(6);
    expect(weekday(dayNumber(2025, 1, 9))).toBe(4);
    expect(isWeekendDay(dayNumber(2026, 3, 7))).toBe(true);
    expect(isWeekendDay(dayNumber(2026, 3, 8))).toBe(true);
    expect(isWeekendDay(dayNumber(2026, 3, 9))).toBe(false);
    expect(isWeekendDay(dayNumber(2026, 3, 6))).toBe(false);
  });

  it("finds the n-th and last weekday of a month", () => {
    expect(isoDate(nthWeekday(2026, 1, 1, 3))).toBe("2026-01-19"); // 3rd Monday of Jan
    expect(isoDate(nthWeekday(2026, 9, 1, 1))).toBe("2026-09-07"); // 1st Monday of Sep
    expect(isoDate(nthWeekday(2026, 11, 4, 4))).toBe("2026-11-26"); // 4th Thursday of Nov
    expect(isoDate(nthWeekday(2026, 5, 1, -1))).toBe("2026-05-25"); // last Monday of May
    expect(isoDate(nthWeekday(2027, 5, 1, -1))).toBe("2027-05-31"); // last day is the Monday
    expect(isoDate(nthWeekday(2026, 6, 1, 1))).toBe("2026-06-01"); // first day is the Monday
    expect(isoDate(nthWeekday(2026, 12, 4, -1))).toBe("2026-12-31"); // December, year end
    expect(isoDate(nthWeekday(2026, 2, 6, -1))).toBe("2026-02-28");
  });

  it.each([
    [2000, "2000-04-23"],
    [2008, "2008-03-23"],
    [2011, "2011-04-24"],
    [2019, "2019-04-21"],
    [2024, "2024-03-31"],
    [2025, "2025-04-20"],
    [2026, "2026-04-05"],
    [2027, "2027-03-28"],
    [2038, "2038-04-25"],
    [2049, "2049-04-18"], // the two Meeus corrections (would be April 25 / 26 uncorrected)
    [2076, "2076-04-19"],
    [2100, "2100-03-28"],
    [2285, "2285-03-22"],
  ])("Easter Sunday %i is %s", (year, iso) => {
    expect(isoDate(easterSunday(year))).toBe(iso);
    expect(dow(iso)).toBe(0);
  });
});

interface PublishedYear {
  year: number;
  holidays: string[];
  earlyCloses: string[];
}

/** NYSE Group published calendars (full closures and 13:00 early closes). */
const PUBLISHED: PublishedYear[] = [
  {
    year: 2021,
    holidays: [
      "2021-01-01",
      "2021-01-18",
      "2021-02-15",
      "2021-04-02",
      "2021-05-31",
      "2021-07-05",
      "2021-09-06",
      "2021-11-25",
      "2021-12-24",
    ],
    earlyCloses: ["2021-11-26"],
  },
  {
    year: 2022,
    holidays: [
      "2022-01-17",
      "2022-02-21",
      "2022-04-15",
      "2022-05-30",
      "2022-06-20",
      "2022-07-04",
      "2022-09-05",
      "2022-11-24",
      "2022-12-26",
    ],
    earlyCloses: ["2022-11-25"],
  },
  {
    year: 2023,
    holidays: [
      "2023-01-02",
      "2023-01-16",
      "2023-02-20",
      "2023-04-07",
      "2023-05-29",
      "2023-06-19",
      "2023-07-04",
      "2023-09-04",
      "2023-11-23",
      "2023-12-25",
    ],
    earlyCloses: ["2023-07-03", "2023-11-24"],
  },
  {
    year: 2024,
    holidays: [
      "2024-01-01",
      "2024-01-15",
      "2024-02-19",
      "2024-03-29",
      "2024-05-27",
      "2024-06-19",
      "2024-07-04",
      "2024-09-02",
      "2024-11-28",
      "2024-12-25",
    ],
    earlyCloses: ["2024-07-03", "2024-11-29", "2024-12-24"],
  },
  {
    year: 2025,
    holidays: [
      "2025-01-01",
      "2025-01-09",
      "2025-01-20",
      "2025-02-17",
      "2025-04-18",
      "2025-05-26",
      "2025-06-19",
      "2025-07-04",
      "2025-09-01",
      "2025-11-27",
      "2025-12-25",
    ],
    earlyCloses: ["2025-07-03", "2025-11-28", "2025-12-24"],
  },
  {
    year: 2026,
    holidays: [
      "2026-01-01",
      "2026-01-19",
      "2026-02-16",
      "2026-04-03",
      "2026-05-25",
      "2026-06-19",
      "2026-07-03",
      "2026-09-07",
      "2026-11-26",
      "2026-12-25",
    ],
    earlyCloses: ["2026-11-27", "2026-12-24"],
  },
  {
    year: 2027,
    holidays: [
      "2027-01-01",
      "2027-01-18",
      "2027-02-15",
      "2027-03-26",
      "2027-05-31",
      "2027-06-18",
      "2027-07-05",
      "2027-09-06",
      "2027-11-25",
      "2027-12-24",
    ],
    earlyCloses: ["2027-11-26"],
  },
];

describe.each(PUBLISHED)("published NYSE calendar $year", ({ year, holidays, earlyCloses }) => {
  it("lists exactly the published full holidays", () => {
    expect(holidaysOfYear(year).map((h) => h.date)).toEqual(holidays);
  });

  it("lists exactly the published early closes", () => {
    expect(earlyClosesOfYear(year)).toEqual(earlyCloses);
  });

  it("classifies every day of the year", () => {
    const holidaySet = new Set(holidays);
    const earlySet = new Set(earlyCloses);
    const mismatches: string[] = [];
    for (const iso of datesOfYear(year)) {
      const d = day(iso);
      const weekend = dow(iso) === 0 || dow(iso) === 6;
      const expectHoliday = holidaySet.has(iso);
      const expectTrading = !weekend && !expectHoliday;
      const expectEarly = earlySet.has(iso);
      if (
        isHoliday(d) !== expectHoliday ||
        isTradingDay(d) !== expectTrading ||
        isEarlyClose(d) !== expectEarly ||
        (holidayName(d) !== undefined) !== expectHoliday
      ) {
        mismatches.push(iso);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("has published holidays and early closes only on weekdays", () => {
    for (const iso of [...holidays, ...earlyCloses]) {
      expect(dow(iso)).toBeGreaterThanOrEqual(1);
      expect(dow(iso)).toBeLessThanOrEqual(5);
    }
  });
});

describe("holiday names and rules", () => {
  it("names the 2025 National Day of Mourning", () => {
    expect(holidayName(day("2025-01-09"))).toMatch(/Carter/);
    expect(holidaysOfYear(2025).find((h) => h.date === "2025-01-09")?.name).toMatch(/Mourning/);
  });

  it("names the rule holidays of 2026", () => {
    expect(holidaysOfYear(2026).map((h) => h.name)).toEqual([
      "New Year's Day",
      "Martin Luther King, Jr. Day",
      "Washington's Birthday",
      "Good Friday",
      "Memorial Day",
      "Juneteenth National Independence Day",
      "Independence Day",
      "Labor Day",
      "Thanksgiving Day",
      "Christmas Day",
    ]);
  });

  it("does not observe a Saturday New Year's Day on the Friday before", () => {
    expect(isHoliday(day("2021-12-31"))).toBe(false);
    expect(isTradingDay(day("2021-12-31"))).toBe(true);
    expect(holidaysOfYear(2021).map((h) => h.date)).not.toContain("2021-12-31");
    expect(holidaysOfYear(2022).some((h) => h.date.startsWith("2022-01-0"))).toBe(false);
    // Same for 2028 (New Year's Day is a Saturday): Friday 2027-12-31 trades.
    expect(isTradingDay(day("2027-12-31"))).toBe(true);
    expect(holidaysOfYear(2028).some((h) => h.date.startsWith("2028-01-0"))).toBe(false);
  });

  it("moves a Sunday holiday to Monday and a Saturday holiday to Friday", () => {
    expect(isHoliday(day("2023-01-02"))).toBe(true); // New Year, Sunday -> Monday
    expect(isHoliday(day("2022-06-20"))).toBe(true); // Juneteenth, Sunday -> Monday
    expect(isHoliday(day("2027-06-18"))).toBe(true); // Juneteenth, Saturday -> Friday
    expect(isHoliday(day("2021-07-05"))).toBe(true); // Independence, Sunday -> Monday
    expect(isHoliday(day("2026-07-03"))).toBe(true); // Independence, Saturday -> Friday
    expect(isHoliday(day("2021-12-24"))).toBe(true); // Christmas, Saturday -> Friday
    expect(isHoliday(day("2022-12-26"))).toBe(true); // Christmas, Sunday -> Monday
  });

  it("has no Juneteenth before 2022", () => {
    expect(isHoliday(day("2021-06-18"))).toBe(false);
    expect(isHoliday(day("2021-06-21"))).toBe(false);
    expect(isHoliday(day("2020-06-19"))).toBe(false);
  });

  it("has no early close on a Friday before a Monday holiday (2023-12-22)", () => {
    expect(isEarlyClose(day("2023-12-22"))).toBe(false);
    expect(isEarlyClose(day("2026-07-02"))).toBe(false); // day before the observed Jul 3
  });

  it("never reports a holiday as an early close", () => {
    expect(isEarlyClose(day("2027-12-24"))).toBe(false);
    expect(isEarlyClose(day("2021-12-24"))).toBe(false);
    expect(isEarlyClose(day("2026-07-03"))).toBe(false);
  });

  it.each([
    [2024, "2024-03-29"],
    [2025, "2025-04-18"],
    [2026, "2026-04-03"],
    [2027, "2027-03-26"],
    [2038, "2038-04-23"],
    [2285, "2285-03-20"],
  ])("Good Friday %i is a holiday on %s", (year, iso) => {
    expect(holidayName(day(iso))).toBe("Good Friday");
    expect(dow(iso)).toBe(5);
    expect(holidaysOfYear(year).filter((h) => h.name === "Good Friday")).toEqual([
      { date: iso, name: "Good Friday" },
    ]);
  });

  it("includes the unscheduled closures", () => {
    for (const iso of [
      "2001-09-11",
      "2001-09-12",
      "2001-09-13",
      "2001-09-14",
      "2004-06-11",
      "2007-01-02",
      "2012-10-29",
      "2012-10-30",
      "2018-12-05",
    ]) {
      expect(isHoliday(day(iso)), iso).toBe(true);
      expect(isTradingDay(day(iso)), iso).toBe(false);
    }
    expect(isTradingDay(day("2001-09-10"))).toBe(true);
    expect(isTradingDay(day("2001-09-17"))).toBe(true);
    expect(isTradingDay(day("2012-10-31"))).toBe(true);
  });

  it("is not a trading day on weekends", () => {
    expect(isTradingDay(day("2026-03-07"))).toBe(false);
    expect(isTradingDay(day("2026-03-08"))).toBe(false);
    expect(isHoliday(day("2026-03-07"))).toBe(false);
  });
});
