import { describe, expect, it } from "vitest";
import { localApiWithKey } from "../setup/keyed-api";

/**
 * The calendar endpoints through the local server (HTTP, the calendar Lambda's handler, the
 * envelope) with the simulated market's clock pinned: each answers, and a refusal arrives in the
 * error envelope naming its field.
 */

const SIM_NOW = "2026-11-24T16:00:00Z"; // Tuesday 11:00 New York
process.env.SIM_NOW = SIM_NOW;

const { get } = localApiWithKey();

describe("the calendar endpoints over HTTP", () => {
  it("GET /calendar/economic answers the week's releases; 400 naming to for to before from", async () => {
    const { status, body } = await get("/calendar/economic");
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ from: "2026-11-24", to: "2026-12-01", source: "simulated" });
    expect(body.data.releases.map((r: { id: string }) => r.id)).toContain("us-gdp-2026-q3-second");
    const refused = await get("/calendar/economic?from=2026-12-01&to=2026-11-01");
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "INVALID_PARAMETER" });
    expect(refused.body.error.details).toMatch(/^to:/);
    expect(refused.body.data).toBeNull();
  });

  it("GET /calendar/earnings answers the reports by date", async () => {
    const { status, body } = await get("/calendar/earnings?limit=5");
    expect(status).toBe(200);
    expect(body.data.earnings).toHaveLength(5);
    expect(body.data.earnings[0]).toMatchObject({ date: "2026-11-24", timing: "bmo" });
    expect(body.data.nextCursor).toEqual(expect.any(String));
  });

  it("GET /calendar/earnings/enhanced answers the options' view of each report", async () => {
    const { status, body } = await get("/calendar/earnings/enhanced?limit=2");
    expect(status).toBe(200);
    expect(body.data.earnings).toHaveLength(2);
    expect(body.data.earnings[0]).toMatchObject({
      hasOptions: true,
      ivRank: expect.any(Number),
      averageAbsoluteMovePercent: expect.any(Number),
    });
  });

  it("GET /calendar/dividends answers ex-dates from today, soonest first", async () => {
    const { status, body } = await get("/calendar/dividends?from=2026-01-01&days=14");
    expect(status).toBe(200);
    expect(body.data.from).toBe("2026-11-24");
    const dates = body.data.dividends.map((d: { exDate: string }) => d.exDate);
    expect(dates.length).toBeGreaterThan(0);
    expect(dates).toEqual([...dates].sort());
    expect(dates[0] >= "2026-11-24").toBe(true);
  });

  it("GET /calendar/upcoming answers the coming week in time order", async () => {
    const { status, body } = await get("/calendar/upcoming");
    expect(status).toBe(200);
    const events = body.data.events as { datetime: string; type: string }[];
    expect(events.length).toBeGreaterThan(10);
    const times = events.map((event) => event.datetime);
    expect(times).toEqual([...times].sort());
    expect(events.some((event) => event.type === "market-holiday")).toBe(true);
  });
});
