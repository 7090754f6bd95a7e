import { describe, expect, it } from "vitest";
import { fdaRoutes as routes } from "../../lib/api/groups/fda/routes";
import { marketGroupRoutes } from "../../lib/api/groups/market/routes";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import { pinnedClock } from "../../lib/deps";
import { FDA_ROW_SOURCES, FdaDataUnavailable, type FdaSource } from "../../lib/fda/ports";
import { createSimulatedFda } from "../../lib/fda/sim/source";
import { isoDate } from "../../lib/market/civil-date";
import { nyWallClock } from "../../lib/market/ny-time";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";
import { expectInvalid, refusal } from "../setup/refusals";

/**
 * The FDA routes in-process on the simulated world at EXAMPLE_TIME (Monday 2026-11-23 10:00
 * New York): rows carry one of the spec's three sources; upcoming is soonest first and ahead;
 * approvals are past with outcomes, and each reaction is the move GET
 * /market/stocks/{code}/chart serves for that day; pages walk the whole list; refusals.
 */

const clock = pinnedClock(new Date(EXAMPLE_TIME));
const market = createSimulatedMarket(clock);
const deps = testDeps({ marketClock: clock, market, fda: createSimulatedFda(market, clock) });
const TODAY = "2026-11-23";

/** Every page of a list route, following nextCursor. */
async function allPages(
  call: (
    cursor: string | undefined,
  ) => Promise<{ events: { id: string }[]; nextCursor: string | null; total: number }>,
) {
  const ids: string[] = [];
  let cursor: string | undefined;
  let total = 0;
  for (let i = 0; i < 50; i++) {
    const page = await call(cursor);
    total = page.total;
    ids.push(...page.events.map((e) => e.id));
    if (page.nextCursor === null) break;
    cursor = page.nextCursor;
  }
  return { ids, total };
}

describe("GET /fda/upcoming", () => {
  it("lists PDUFA dates and meetings ahead, soonest first, each from one of the three sources", async () => {
    const answer = await callRoute(routes.upcoming, { query: { days: "365", limit: "200" } }, deps);
    expect(answer.provider).toBe("sim");
    expect(answer.from).toBe(TODAY);
    expect(answer.events.length).toBeGreaterThan(10);
    const dates = answer.events.map((e) => e.date);
    expect(dates).toEqual([...dates].sort());
    for (const event of answer.events) {
      expect(FDA_ROW_SOURCES).toContain(event.source);
      expect(["PDUFA", "AdComm"]).toContain(event.eventType);
      expect(event.date >= TODAY, event.id).toBe(true);
      expect(event.daysToEvent).toBeGreaterThanOrEqual(0);
      expect(event.outcome).toBeNull();
      expect(event.reaction).toBeNull();
      expect(event.publishedOn <= TODAY, event.id).toBe(true);
      expect(event.source).toBe(event.eventType === "PDUFA" ? "SEC-8K" : "FDA-AdComm");
      expect(event.code).toMatch(/^[A-Z]+_(NYSE|NASDAQ)$/);
    }
    expect(answer.events.some((e) => e.dateCertainty === "estimated")).toBe(true);
    const meetings = await callRoute(
      routes.upcoming,
      { query: { days: "365", type: "AdComm" } },
      deps,
    );
    expect(meetings.events.every((e) => e.eventType === "AdComm" && e.committee)).toBe(true);
  });

  it("pages through the whole window without repeating or skipping a row", async () => {
    const whole = await callRoute(routes.upcoming, { query: { days: "365", limit: "200" } }, deps);
    const paged = await allPages((cursor) =>
      callRoute(routes.upcoming, { query: { days: "365", limit: "3", cursor } }, deps),
    );
    expect(paged.total).toBe(whole.total);
    expect(paged.ids).toEqual(whole.events.map((e) => e.id));
  });
});

describe("GET /fda/approvals", () => {
  it("lists past decisions latest first, each with its outcome and the chart's move that day", async () => {
    const answer = await callRoute(
      routes.approvals,
      { query: { days: "730", limit: "200" } },
      deps,
    );
    expect(answer.events.length).toBeGreaterThan(30);
    expect(answer.summary.decisions).toBe(answer.total);
    expect(answer.summary.approvals + answer.summary.completeResponses).toBe(answer.total);
    const dates = answer.events.map((e) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const event of answer.events) {
      expect(event.date <= TODAY, event.id).toBe(true);
      expect(["approval", "CRL"]).toContain(event.eventType);
      expect(event.outcome).toBe(event.eventType === "CRL" ? "complete-response" : "approved");
      expect(event.source).toBe(event.eventType === "CRL" ? "SEC-8K" : "openFDA");
      expect(event.reaction?.date).toBe(event.date);
    }
    // The reaction is the daily chart's close-to-close move of that session, as served.
    for (const event of answer.events.slice(0, 12)) {
      const chart = await callRoute(
        marketGroupRoutes.chart,
        { params: { code: event.code as string }, query: { period: "5" } },
        deps,
      );
      const days = chart.bars.map((bar) => isoDate(nyWallClock(bar.timestamp).day));
      const index = days.indexOf(event.date);
      expect(index, event.id).toBeGreaterThan(0);
      const close = chart.bars[index]?.close as number;
      const previous = chart.bars[index - 1]?.close as number;
      expect(event.reaction).toEqual({
        date: event.date,
        previousClose: previous,
        close,
        changePercent: Math.round((close / previous - 1) * 100 * 10_000) / 10_000,
      });
    }
    const crls = await callRoute(
      routes.approvals,
      { query: { days: "730", outcome: "complete-response" } },
      deps,
    );
    expect(crls.events.length).toBeGreaterThan(0);
    expect(crls.events.every((e) => e.eventType === "CRL")).toBe(true);
    expect(crls.summary).toEqual(answer.summary); // the summary counts the whole window
    // CRLs are the sessions that fell hardest: their reactions are all negative.
    expect(crls.events.every((e) => (e.reaction?.changePercent ?? 0) < 0)).toBe(true);
  });

  it("refuses a window beyond the maximum, an unknown outcome and a foreign cursor", async () => {
    await expectInvalid(
      () => callRoute(routes.approvals, { query: { days: "731" } }, deps),
      "days",
    );
    await expectInvalid(
      () => callRoute(routes.approvals, { query: { outcome: "rejected" } }, deps),
      "outcome",
    );
    await expectInvalid(
      () => callRoute(routes.approvals, { query: { cursor: "not-a-cursor" } }, deps),
      "cursor",
    );
  });
});

describe("GET /fda/ticker/{code}", () => {
  it("serves one covered company's rows, latest first, upcoming and decided", async () => {
    const answer = await callRoute(
      routes.ticker,
      { params: { code: "lly_nyse" }, query: { days: "730", limit: "200" } },
      deps,
    );
    expect(answer).toMatchObject({ code: "LLY_NYSE", symbol: "LLY", covered: true });
    expect(answer.events.length).toBeGreaterThan(5);
    expect(answer.events.every((e) => e.symbol === "LLY" && e.code === "LLY_NYSE")).toBe(true);
    const dates = answer.events.map((e) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(answer.events.some((e) => e.outcome === null)).toBe(true);
    expect(answer.events.some((e) => e.outcome !== null)).toBe(true);
    for (const event of answer.events) {
      expect(event.outcome === null).toBe(event.date >= TODAY);
    }
  });

  it("answers covered false for another stock, 404 for a fund, an index or an unknown code", async () => {
    const apple = await callRoute(routes.ticker, { params: { code: "AAPL_NASDAQ" } }, deps);
    expect(apple).toMatchObject({ covered: false, total: 0, events: [] });
    expect(
      await refusal(() => callRoute(routes.ticker, { params: { code: "SPX_INDEX" } }, deps)),
    ).toMatchObject({ status: 404, code: "NO_DATA" });
    expect(
      await refusal(() => callRoute(routes.ticker, { params: { code: "AAPX_NASDAQ" } }, deps)),
    ).toMatchObject({ status: 404, code: "SYMBOL_NOT_FOUND" });
    await expectInvalid(() => callRoute(routes.ticker, { params: { code: "LLY" } }, deps), "code");
    await expectInvalid(
      () => callRoute(routes.ticker, { params: { code: "LLY_NYSE" }, query: { days: "0" } }, deps),
      "days",
    );
  });
});

describe("a source failure", () => {
  it("answers 503 FDA_DATA_UNAVAILABLE naming the source, with Retry-After", async () => {
    const down: FdaSource = {
      name: "openfda",
      companies: deps.fda.companies,
      limitations: [],
      events: () => Promise.reject(new FdaDataUnavailable("openFDA", "HTTP 503")),
    };
    for (const call of [
      () => callRoute(routes.upcoming, {}, { ...deps, fda: down }),
      () => callRoute(routes.approvals, {}, { ...deps, fda: down }),
      () => callRoute(routes.ticker, { params: { code: "LLY_NYSE" } }, { ...deps, fda: down }),
    ]) {
      const error = await refusal(call);
      expect(error).toMatchObject({ status: 503, code: "FDA_DATA_UNAVAILABLE" });
      expect(error.details).toContain("openFDA");
      expect(error.headers["retry-after"]).toBe("60");
    }
  });
});
