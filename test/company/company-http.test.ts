import { describe, expect, it } from "vitest";
import { localApiWithKey } from "../setup/keyed-api";

/**
 * The Company endpoints through the local server (HTTP, the company Lambda's handler, the
 * envelope), the simulated world's clock pinned: every endpoint answers, and agrees with the
 * market endpoints it must match.
 */

const SIM_NOW = "2026-11-24T16:00:00Z"; // Tuesday 11:00 New York
process.env.SIM_NOW = SIM_NOW;

const { get } = localApiWithKey();

describe("the company endpoints over HTTP", () => {
  it("answer profile, events, social, filings, sector and description for AAPL", async () => {
    for (const path of ["", "/events", "/social", "/filings", "/sector", "/description"]) {
      const { status, body } = await get(`/company/AAPL_NASDAQ${path}`);
      expect(status, path).toBe(200);
      expect(body.data.symbol, path).toBe("AAPL");
    }
  });

  it("serve the market capitalisation and earnings date /extended serves", async () => {
    const [profile, events, extended] = await Promise.all([
      get("/company/MSFT_NASDAQ"),
      get("/company/MSFT_NASDAQ/events"),
      get("/market/stocks/MSFT_NASDAQ/extended"),
    ]);
    expect(profile.body.data.marketCap).toBe(extended.body.data.marketCap);
    const earnings = events.body.data.events.find(
      (event: { eventType: string }) => event.eventType === "EarningsCalendar",
    );
    expect(`${earnings.eventDate} ${earnings.earnings.hour.toUpperCase()}`).toBe(
      extended.body.data.upcomingEarnings,
    );
  });

  it("route /company/search to search, not to a company called 'search'", async () => {
    const { status, body } = await get("/company/search?q=nvidia");
    expect(status).toBe(200);
    expect(body.data.results[0]).toMatchObject({ symbol: "NVDA", code: "NVDA_NASDAQ" });
    const missing = await get("/company/search");
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe("INVALID_PARAMETER");
    expect(missing.body.error.message).toContain("'q'");
  });

  it("answer the documented 404s in the envelope", async () => {
    const cases = [
      ["/company/AAPX_NASDAQ", "SYMBOL_NOT_FOUND"],
      ["/company/SPX_INDEX/filings", "NO_DATA"],
      ["/company/BTC_COINBASE/events", "NO_DATA"],
      ["/company/ARKK_BATS/events", "NO_EVENTS"],
    ];
    for (const [path, code] of cases) {
      const { status, body } = await get(path as string);
      expect(status, path).toBe(404);
      expect(body.error.code, path).toBe(code);
      expect(body.data, path).toBeNull();
    }
  });

  it("filter filings by form and limit, and refuse a bad limit naming it", async () => {
    const { body } = await get("/company/JPM_NYSE/filings?form=10-Q&limit=2");
    expect(body.data.filings.map((filing: { form: string }) => filing.form)).toEqual([
      "10-Q",
      "10-Q",
    ]);
    const refused = await get("/company/JPM_NYSE/filings?limit=500");
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain("'limit'");
  });
});
