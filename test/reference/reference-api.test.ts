import { describe, expect, it } from "vitest";
import { GROUPS, ROUTE_MANIFEST } from "../../lib/api/generated/manifest";
import { referenceRoutes as routes } from "../../lib/api/groups/reference/routes";
import { createRouter } from "../../lib/api/router";
import { pinnedClock } from "../../lib/deps";
import { createSimulatedFx } from "../../lib/reference/fx/sim";
import { callRoute } from "../setup/call-route";
import { expectInvalid, refusal } from "../setup/refusals";

/**
 * The reference lists and the holiday calendar in-process at EXAMPLE_TIME (Monday 2026-11-23
 * 10:00 New York), the router's choice among the FX paths, and the refusals naming the field.
 */

const clock = pinnedClock(new Date("2026-11-23T15:00:00Z"));
const deps = { clock, marketClock: clock, fx: createSimulatedFx(clock) } as never;

describe("currencies and countries", () => {
  it("lists the current ISO 4217 currencies: XCG in, the withdrawn ANG out", async () => {
    const { currencies, count } = await callRoute(routes.currencies, {}, deps);
    expect(count).toBe(currencies.length);
    expect(count).toBeGreaterThan(150);
    const byCode = new Map(currencies.map((c) => [c.code, c]));
    expect(byCode.get("USD")).toMatchObject({ numericCode: "840", minorUnits: 2, symbol: "$" });
    expect(byCode.get("USD")?.countries).toContain("US");
    expect(byCode.get("JPY")?.minorUnits).toBe(0);
    expect(byCode.get("KWD")?.minorUnits).toBe(3);
    expect(byCode.get("XCG")).toMatchObject({ numericCode: "532" });
    expect(byCode.get("XCG")?.countries).toEqual(["CW", "SX"]);
    expect(byCode.has("ANG")).toBe(false);
    expect(byCode.get("EUR")?.countries).toContain("DE");
    expect(currencies.map((c) => c.code)).toEqual([...currencies.map((c) => c.code)].sort());
  });

  it("lists countries with ISO codes, and filters by continent and currency", async () => {
    const all = await callRoute(routes.countries, {}, deps);
    const us = all.countries.find((c) => c.code === "US");
    expect(us).toMatchObject({ alpha3: "USA", capital: "Washington D.C.", callingCodes: ["+1"] });
    expect(us?.continent).toEqual({ code: "NA", name: "North America" });
    expect(all.countries.find((c) => c.code === "XK")?.userAssigned).toBe(true);
    const euro = await callRoute(routes.countries, { query: { currency: "eur" } }, deps);
    expect(euro.countries.map((c) => c.code)).toContain("FR");
    expect(euro.countries.every((c) => c.currencies.includes("EUR"))).toBe(true);
    const oceania = await callRoute(routes.countries, { query: { continent: "OC" } }, deps);
    expect(oceania.countries.map((c) => c.code)).toContain("AU");
    expect(oceania.countries.every((c) => c.continent.code === "OC")).toBe(true);
    await expectInvalid(
      () => callRoute(routes.countries, { query: { continent: "XX" } }, deps),
      "continent",
    );
  });
});

describe("time zones", () => {
  it("gives each zone's offset and DST state at the clock", async () => {
    const { timezones, asOf } = await callRoute(routes.timezones, {}, deps);
    expect(asOf).toBe("2026-11-23T15:00:00.000Z");
    expect(timezones.length).toBeGreaterThan(400);
    const byId = new Map(timezones.map((z) => [z.id, z]));
    expect(byId.get("America/New_York")).toMatchObject({
      utcOffsetMinutes: -300,
      utcOffset: "-05:00",
      isDst: false,
    });
    // November: southern summer.
    expect(byId.get("Australia/Sydney")).toMatchObject({ utcOffsetMinutes: 660, isDst: true });
    expect(byId.get("Asia/Kathmandu") ?? byId.get("Asia/Katmandu")).toMatchObject({
      utcOffset: "+05:45",
    });
    expect(byId.get("UTC")).toMatchObject({ utcOffsetMinutes: 0, isDst: false });
  });

  it("finds a zone by any IANA name, keeps a region, and refuses unknown ones", async () => {
    const kolkata = await callRoute(routes.timezones, { query: { zone: "asia/kolkata" } }, deps);
    expect(kolkata.timezones.map((z) => z.utcOffset)).toEqual(["+05:30"]);
    const summer = pinnedClock(new Date("2026-07-01T12:00:00Z"));
    const july = await callRoute(routes.timezones, { query: { zone: "Europe/London" } }, {
      ...(deps as object),
      marketClock: summer,
    } as never);
    expect(july.timezones[0]).toMatchObject({
      utcOffsetMinutes: 60,
      standardOffsetMinutes: 0,
      isDst: true,
    });
    const europe = await callRoute(routes.timezones, { query: { region: "europe" } }, deps);
    expect(europe.timezones.every((z) => z.region === "Europe")).toBe(true);
    await expectInvalid(
      () => callRoute(routes.timezones, { query: { zone: "Mars/Olympus" } }, deps),
      "zone",
    );
    await expectInvalid(
      () => callRoute(routes.timezones, { query: { region: "Moon" } }, deps),
      "region",
    );
  });
});

describe("exchanges and markets", () => {
  it("lists the API's venues and major exchanges, filtered by country and by quoted", async () => {
    const all = await callRoute(routes.exchanges, {}, deps);
    const quoted = await callRoute(routes.exchanges, { query: { quoted: "true" } }, deps);
    expect(quoted.exchanges.map((e) => e.apiExchange).sort()).toEqual([
      "ARCA",
      "BATS",
      "CBOT",
      "CME",
      "COINBASE",
      "COMEX",
      "NASDAQ",
      "NYMEX",
      "NYSE",
    ]);
    expect(all.count).toBeGreaterThan(quoted.count + 10);
    const nyse = all.exchanges.find((e) => e.mic === "XNYS");
    expect(nyse).toMatchObject({
      operatingMic: "XNYS",
      timezone: "America/New_York",
      holidayCalendar: true,
    });
    expect(all.exchanges.find((e) => e.mic === "XTKS")?.regularHours.breaks).toEqual([
      { start: "11:30", end: "12:30" },
    ]);
    const japan = await callRoute(routes.exchanges, { query: { country: "jp" } }, deps);
    expect(japan.exchanges.map((e) => e.mic)).toEqual(["XTKS"]);
    for (const exchange of all.exchanges) {
      expect(
        Intl.DateTimeFormat("en-US", { timeZone: exchange.timezone }).resolvedOptions().timeZone,
      ).toBeTruthy();
    }
  });

  it("names markets with sessions and real endpoint groups", async () => {
    const { markets } = await callRoute(routes.markets, {}, deps);
    expect(markets.map((m) => m.id)).toEqual([
      "us-equities",
      "us-options",
      "us-indices",
      "us-futures",
      "crypto",
    ]);
    const venues = new Set(
      (await callRoute(routes.exchanges, {}, deps)).exchanges.map((e) => e.apiExchange),
    );
    for (const market of markets) {
      for (const { group } of market.coverage)
        expect(GROUPS as readonly string[], group).toContain(group);
      for (const venue of market.venues) {
        if (venue !== "INDEX") expect(venues, venue).toContain(venue);
      }
      expect(market.venues).toContain(market.exampleCode.split("_")[1]);
    }
  });
});

describe("NYSE holidays", () => {
  /** NYSE's published holidays and early closes (nyse.com, "Holidays & Trading Hours"). */
  const PUBLISHED: Record<number, { holidays: string[]; earlyCloses: string[] }> = {
    2025: {
      holidays: [
        "2025-01-01", // New Year's Day
        "2025-01-09", // National Day of Mourning, President Carter
        "2025-01-20", // Martin Luther King, Jr. Day
        "2025-02-17", // Washington's Birthday
        "2025-04-18", // Good Friday
        "2025-05-26", // Memorial Day
        "2025-06-19", // Juneteenth
        "2025-07-04", // Independence Day
        "2025-09-01", // Labor Day
        "2025-11-27", // Thanksgiving Day
        "2025-12-25", // Christmas Day
      ],
      earlyCloses: ["2025-07-03", "2025-11-28", "2025-12-24"],
    },
    2026: {
      holidays: [
        "2026-01-01",
        "2026-01-19",
        "2026-02-16",
        "2026-04-03",
        "2026-05-25",
        "2026-06-19",
        "2026-07-03", // Independence Day (Saturday) observed
        "2026-09-07",
        "2026-11-26",
        "2026-12-25",
      ],
      earlyCloses: ["2026-11-27", "2026-12-24"],
    },
    2027: {
      holidays: [
        "2027-01-01",
        "2027-01-18",
        "2027-02-15",
        "2027-03-26",
        "2027-05-31",
        "2027-06-18", // Juneteenth (Saturday) observed
        "2027-07-05", // Independence Day (Sunday) observed
        "2027-09-06",
        "2027-11-25",
        "2027-12-24", // Christmas Day (Saturday) observed
      ],
      earlyCloses: ["2027-11-26"],
    },
  };

  it("equal NYSE's published calendar for 2025, 2026 and 2027, early closes at 13:00", async () => {
    for (const [year, expected] of Object.entries(PUBLISHED)) {
      const answer = await callRoute(routes.holidays, { query: { exchange: "XNYS", year } }, deps);
      expect(
        answer.holidays.map((h) => h.date),
        year,
      ).toEqual(expected.holidays);
      expect(
        answer.earlyCloses.map((e) => e.date),
        year,
      ).toEqual(expected.earlyCloses);
      expect(answer.earlyCloses.every((e) => e.closeTime === "13:00")).toBe(true);
      expect(answer.tradingDays).toBeGreaterThan(248);
    }
  });

  it("serves the same calendar by API code (NASDAQ) and for the current year by default", async () => {
    const nasdaq = await callRoute(routes.holidays, { query: { exchange: "nasdaq" } }, deps);
    expect(nasdaq.exchange.mic).toBe("XNAS");
    expect(nasdaq.year).toBe(2026);
    expect(nasdaq.holidays.map((h) => h.date)).toEqual(PUBLISHED[2026]?.holidays);
  });

  it("is 404 HOLIDAY_CALENDAR_NOT_FOUND naming the exchange and the calendars served", async () => {
    for (const exchange of ["XLON", "NOPE"]) {
      const error = await refusal(() => callRoute(routes.holidays, { query: { exchange } }, deps));
      expect(error).toMatchObject({ status: 404, code: "HOLIDAY_CALENDAR_NOT_FOUND" });
      expect(error.message).toContain(exchange);
      expect(error.details).toContain("XNYS");
    }
    await expectInvalid(
      () => callRoute(routes.holidays, { query: { year: "1999" } }, deps),
      "year",
    );
  });
});

describe("the FX routes", () => {
  it("are matched literal first: /fx-rates/convert is never a pair", () => {
    const router = createRouter(ROUTE_MANIFEST);
    const idOf = (path: string) => {
      const match = router.match("GET", path);
      return match.kind === "route" ? match.route.id : match.kind;
    };
    expect(idOf("/v1/reference/fx-rates")).toBe("reference.fxRates");
    expect(idOf("/v1/reference/fx-rates/convert")).toBe("reference.convert");
    expect(idOf("/v1/reference/fx-rates/USD/EUR")).toBe("reference.fxPair");
    expect(idOf("/v1/reference/fx-rates/USD/EUR/history")).toBe("reference.fxHistory");
  });

  it("refuse unknown currencies naming base, from or to, and non-positive amounts", async () => {
    await expectInvalid(() => callRoute(routes.fxRates, { query: { base: "XYZ" } }, deps), "base");
    await expectInvalid(() => callRoute(routes.fxRates, { query: { base: "US" } }, deps), "base");
    await expectInvalid(
      () => callRoute(routes.fxPair, { params: { from: "BGN", to: "USD" } }, deps),
      "from",
    );
    await expectInvalid(
      () => callRoute(routes.fxPair, { params: { from: "USD", to: "ANG" } }, deps),
      "to",
    );
    for (const amount of ["0", "-5", "abc"]) {
      await expectInvalid(
        () => callRoute(routes.convert, { query: { from: "USD", to: "EUR", amount } }, deps),
        "amount",
      );
    }
  });

  it("bound the history: from ≤ to, at most 1827 days, not before 1999 nor after today", async () => {
    const history = (query: Record<string, string>) =>
      callRoute(routes.fxHistory, { params: { from: "EUR", to: "USD" }, query }, deps);
    const recent = await history({});
    expect(recent.end).toBe("2026-11-23");
    expect(recent.start).toBe("2026-10-24");
    expect(recent.count).toBe(21);
    await expectInvalid(() => history({ from: "2026-11-20", to: "2026-11-10" }), "from");
    await expectInvalid(() => history({ from: "2020-01-01", to: "2026-11-20" }), "from");
    await expectInvalid(() => history({ from: "1998-12-01", to: "1999-02-01" }), "from");
    await expectInvalid(() => history({ to: "2026-11-24" }), "to");
    await expectInvalid(() => history({ to: "2026-13-01" }), "to");
    const weekend = await history({ from: "2026-11-21", to: "2026-11-22" });
    expect(weekend).toMatchObject({ count: 0, points: [], summary: null });
  });
});
