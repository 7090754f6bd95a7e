import { describe, expect, it } from "vitest";
import { companyRoutes as routes } from "../../lib/api/groups/company/routes";
import { marketCompanyRoutes } from "../../lib/api/groups/market/routes/details";
import { createSimulatedCompanyData } from "../../lib/company/sim";
import { pinnedClock } from "../../lib/deps";
import { isTradingDay } from "../../lib/market/nyse-calendar";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { STOCKS } from "../../lib/market/sim/universe";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";
import { expectInvalid, refusal } from "../setup/refusals";

/**
 * The company endpoints in-process on the simulated world at a pinned instant, checked against
 * the market endpoints and the simulated market they must agree with.
 */

const SIM_NOW = "2026-11-24T16:00:00.000Z"; // Tuesday 11:00 New York
const AAPL = { code: "AAPL_NASDAQ" };
const DAY_MS = 86_400_000;

const clock = pinnedClock(new Date(SIM_NOW));
const market = createSimulatedMarket(clock);
const deps = testDeps({
  market,
  marketClock: clock,
  company: createSimulatedCompanyData(market, clock),
});

const call = <K extends keyof typeof routes>(key: K, request: object) =>
  callRoute(routes[key], request as never, deps);

describe("GET /company/{code}", () => {
  it("states the market capitalisation /extended shows: shares × live price", async () => {
    const profile = await call("profile", { params: AAPL });
    const extended = await callRoute(marketCompanyRoutes.extended, { params: AAPL }, deps);
    expect(profile.marketCap).toBe(extended.marketCap);
    expect(profile.marketCap).toBeCloseTo(profile.sharesOutstanding * profile.livePrice, 1);
    expect(profile).toMatchObject({ symbol: "AAPL", contractType: "STK", currency: "USD" });
    expect(profile.sector).toBe("Information Technology");
    expect(profile.logoUrl).toBeNull();
  });

  it("404 SYMBOL_NOT_FOUND for an unknown code and NO_DATA for what is no company", async () => {
    expect(await refusal(() => call("profile", { params: { code: "AAPX_NASDAQ" } }))).toMatchObject(
      { status: 404, code: "SYMBOL_NOT_FOUND" },
    );
    for (const code of ["SPX_INDEX", "BTC_COINBASE", "ESZ26_CME"]) {
      expect(await refusal(() => call("profile", { params: { code } })), code).toMatchObject({
        status: 404,
        code: "NO_DATA",
      });
    }
  });
});

describe("GET /company/search", () => {
  const symbols = async (q: string) =>
    (await call("search", { query: { q } })).results.map((r) => r.symbol);

  it("ranks the exact ticker first, then ticker prefixes, then name words", async () => {
    const results = (await call("search", { query: { q: "ma" } })).results;
    expect(results[0]).toMatchObject({ symbol: "MA", match: "ticker", code: "MA_NYSE" });
    const ranks = results.map((r) =>
      ["ticker", "tickerPrefix", "namePrefix", "fuzzy"].indexOf(r.match),
    );
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(await symbols("micro")).toEqual(expect.arrayContaining(["MSFT", "MU"]));
    expect(await symbols("  coca-cola ")).toContain("KO");
    expect(await symbols("brkb")).toContain("BRK.B");
  });

  it("finds typos fuzzily, after every exact kind of match", async () => {
    const results = (await call("search", { query: { q: "Microsfot" } })).results;
    expect(results[0]).toMatchObject({ symbol: "MSFT", match: "fuzzy" });
    expect(await symbols("qq")).not.toContain("AAPL");
  });

  it("answers at most 25 and 400 naming q when missing, empty or too long", async () => {
    expect((await call("search", { query: { q: "a" } })).results.length).toBeLessThanOrEqual(25);
    await expectInvalid(() => call("search", { query: {} }), "q");
    await expectInvalid(() => call("search", { query: { q: "   " } }), "q");
    await expectInvalid(() => call("search", { query: { q: "x".repeat(65) } }), "q");
  });
});

describe("GET /company/{code}/events", () => {
  it("lists future events soonest first, the first earnings date the one /extended shows", async () => {
    const { events } = await call("events", { params: AAPL });
    const extended = await callRoute(marketCompanyRoutes.extended, { params: AAPL }, deps);
    const earnings = events.filter((e) => e.eventType === "EarningsCalendar");
    expect(`${earnings[0]?.eventDate} ${earnings[0]?.earnings?.hour.toUpperCase()}`).toBe(
      extended.upcomingEarnings,
    );
    const today = Date.parse(SIM_NOW.slice(0, 10));
    for (const event of events) {
      expect(event.daysToEvent).toBe((Date.parse(event.eventDate) - today) / DAY_MS);
      expect(event.daysToEvent).toBeGreaterThanOrEqual(0);
      expect(event.daysToEvent).toBeLessThanOrEqual(365);
    }
    expect(events.map((e) => e.eventDate)).toEqual(events.map((e) => e.eventDate).sort());
    expect(earnings.length).toBe(4);
    expect(earnings.every((e) => e.earnings?.epsActual === null)).toBe(true);
  });

  it("gives each earnings event the simulated market's estimates and each ex-date its amount", async () => {
    const { events } = await call("events", { params: AAPL });
    const [first] = events.filter((e) => e.eventType === "EarningsCalendar");
    const reports = await market.earningsHistory?.earningsReports(
      "AAPL_NASDAQ",
      first?.eventDate ?? "",
      first?.eventDate ?? "",
    );
    expect(first?.earnings?.epsEstimate).toBe(reports?.[0]?.epsEstimate);
    expect(first?.earnings?.revenueEstimate).toBe(reports?.[0]?.revenueEstimate);
    const exDates = events.filter((e) => e.eventType === "ExDividend");
    expect(exDates.length).toBe(4);
    for (const exDate of exDates) {
      expect(isTradingDay(Date.parse(exDate.eventDate) / DAY_MS)).toBe(true);
      expect(exDate.dividend?.amountPerShare).toBe(0.26);
    }
  });

  it("404 NO_EVENTS for a fund without distributions, NO_DATA for an index", async () => {
    expect(await refusal(() => call("events", { params: { code: "ARKK_BATS" } }))).toMatchObject({
      status: 404,
      code: "NO_EVENTS",
    });
    expect(await refusal(() => call("events", { params: { code: "SPX_INDEX" } }))).toMatchObject({
      status: 404,
      code: "NO_DATA",
    });
  });
});

describe("GET /company/{code}/filings", () => {
  it("lists filings newest first, filters by form and honours limit", async () => {
    const all = await call("filings", { params: AAPL, query: {} });
    expect(all.filings.length).toBe(40);
    const dates = all.filings.map((f) => f.filingDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((dates[0] ?? "9999") <= SIM_NOW.slice(0, 10)).toBe(true);
    const tenKs = await call("filings", { params: AAPL, query: { form: "10-k", limit: "3" } });
    expect(tenKs.filings.map((f) => f.form)).toEqual(["10-K", "10-K", "10-K"]);
    expect(all.cik).toMatch(/^\d{10}$/);
  });

  it("summarises each Form 4 in prose from its parsed transactions", async () => {
    const { filings } = await call("filings", { params: AAPL, query: { form: "4", limit: "20" } });
    expect(filings.length).toBeGreaterThan(0);
    for (const filing of filings) {
      const insider = filing.insider;
      expect(insider).not.toBeNull();
      expect(filing.filingAccessionNumber).toBe(filing.accessionNumber);
      expect(filing.url).toBeNull();
      expect(filing.summary).toContain(insider?.ownerName);
      expect(filing.summary).toContain(insider?.role);
      for (const t of insider?.transactions ?? []) {
        expect(filing.summary).toContain(
          t.shares.toLocaleString("en-US", { maximumFractionDigits: 4 }),
        );
        if (t.pricePerShare !== null) {
          expect(t.value).toBeCloseTo(t.shares * t.pricePerShare, 2);
        }
      }
    }
  });

  it("400 naming limit or form when out of range", async () => {
    for (const limit of ["0", "201", "abc", "2.5"]) {
      await expectInvalid(() => call("filings", { params: AAPL, query: { limit } }), "limit");
    }
    await expectInvalid(() => call("filings", { params: AAPL, query: { form: "" } }), "form");
  });
});

describe("GET /company/{code}/social", () => {
  it("counts the tags of the window's messages and derives the ratio and label from them", async () => {
    const social = await call("social", { params: { code: "TSLA_NASDAQ" } });
    expect(social.messages.length).toBeGreaterThan(0);
    expect(social.bullishCount + social.bearishCount).toBeLessThanOrEqual(social.messageCount);
    const tagged = social.bullishCount + social.bearishCount;
    expect(social.sentimentRatio).toBeCloseTo(social.bullishCount / tagged, 4);
    const ratio = social.sentimentRatio ?? 0.5;
    expect(social.sentiment).toBe(ratio >= 0.6 ? "Bullish" : ratio <= 0.4 ? "Bearish" : "Neutral");
    const times = social.messages.map((m) => m.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(times.every((t) => t <= SIM_NOW)).toBe(true);
    expect(social.title).toBe("Tesla, Inc.");
  });
});

describe("GET /company/{code}/sector", () => {
  it("ranks the company among its sector's and industry's companies by market cap", async () => {
    const sector = await call("sector", { params: AAPL });
    const inSector = STOCKS.filter((s) => s.sector === "Information Technology");
    expect(sector.sectorCount).toBe(inSector.length);
    expect(sector.industryCount).toBe(
      inSector.filter((s) => s.industry === sector.industry).length,
    );
    const caps = sector.sectorPeers.map((p) => p.marketCap);
    expect(caps).toEqual([...caps].sort((a, b) => b - a));
    const profile = await call("profile", { params: AAPL });
    expect(sector.marketCap).toBe(profile.marketCap);
    const larger = sector.sectorPeers.filter((p) => p.marketCap > sector.marketCap).length;
    expect(sector.sectorRank).toBe(larger + 1);
  });
});

describe("GET /company/{code}/description", () => {
  it("serves the written description, labelled AI-generated", async () => {
    const answer = await call("description", { params: AAPL });
    expect(answer).toMatchObject({ symbol: "AAPL", source: "AI-generated", exchange: "NASDAQ" });
    expect(answer.description.length).toBeGreaterThan(200);
    expect(answer.updatedOn <= SIM_NOW).toBe(true);
  });
});
