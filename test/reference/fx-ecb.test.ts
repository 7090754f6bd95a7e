import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referenceRoutes as routes } from "../../lib/api/groups/reference/routes";
import { pinnedClock } from "../../lib/deps";
import { createEcbFx, EcbFormatError, parseEcbRates } from "../../lib/reference/fx/ecb";
import { FxDataUnavailable } from "../../lib/reference/fx/ports";
import { callRoute } from "../setup/call-route";
import { refusal } from "../setup/refusals";

/**
 * The ECB adapter on files in the ECB's published format (test/fixtures/reference, written by
 * hand in that format: see its SOURCES.md), parsed, and read from a local HTTP server as the
 * adapter reads www.ecb.europa.eu; an unreachable or unreadable source is 503
 * FX_DATA_UNAVAILABLE with Retry-After.
 */

const FIXTURES = join(import.meta.dirname, "../fixtures/reference");
const fixture = (name: string) => readFileSync(join(FIXTURES, name), "utf8");
const DAILY = fixture("eurofxref-daily.xml");
const HIST = fixture("eurofxref-hist.xml");

describe("the ECB file parser", () => {
  it("reads every day and rate of the daily file, as written", () => {
    const [day, ...rest] = parseEcbRates(DAILY);
    expect(rest).toEqual([]);
    expect(day?.date).toBe("2026-11-20");
    const written = [...DAILY.matchAll(/currency='([A-Z]{3})' rate='([\d.]+)'/g)];
    expect(written.length).toBe(29);
    expect(day?.rates.size).toBe(29);
    for (const [, code, rate] of written) expect(day?.rates.get(code as string)).toBe(Number(rate));
    expect(day?.rates.get("USD")).toBe(1.1492);
    expect(day?.rates.get("GBP")).toBe(0.87655);
  });

  it("reads the history oldest first, with each day's own currency set", () => {
    const days = parseEcbRates(HIST);
    expect(days.map((d) => d.date)).toEqual([
      "1999-01-04",
      "1999-01-05",
      "2025-12-30",
      "2025-12-31",
      "2026-01-02",
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
    ]);
    expect(days[0]?.rates.get("USD")).toBe(1.1789);
    expect(days[0]?.rates.get("TRL")).toBe(372274);
    expect(days[3]?.rates.get("BGN")).toBe(1.9558);
    expect(days[4]?.rates.has("BGN")).toBe(false);
  });

  it("refuses anything off the format whole", () => {
    const bad = [
      "<html><body>Service unavailable</body></html>",
      DAILY.slice(0, DAILY.length / 2),
      DAILY.replace("rate='1.1492'", "rate='n/a'"),
      DAILY.replace("rate='1.1492'", "rate='0'"),
      DAILY.replace("time='2026-11-20'", "time='20-11-2026'"),
      DAILY.replace("currency='JPY'", "currency='USD'"),
      HIST.replace("time='2026-11-19'", "time='2026-11-20'"),
    ];
    for (const text of bad) expect(() => parseEcbRates(text)).toThrow(EcbFormatError);
  });
});

describe("the ECB adapter over HTTP", () => {
  let server: Server;
  let baseUrl = "";
  let down = false;
  const requested: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      const file = (request.url ?? "").split("/").pop() ?? "";
      requested.push(file);
      if (down) {
        response.writeHead(503).end("Service Unavailable");
        return;
      }
      try {
        const body = fixture(file);
        response.writeHead(200, { "content-type": "text/xml" }).end(body);
      } catch {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const ecbAt = (iso: string) => createEcbFx({ clock: pinnedClock(new Date(iso)), baseUrl });

  it("serves the daily file's day once it is published", async () => {
    const day = await ecbAt("2026-11-23T15:00:00Z").latest();
    expect(day.date).toBe("2026-11-20");
    expect(requested.at(-1)).toBe("eurofxref-daily.xml");
  });

  it("at a clock before the daily file's publication, serves the last day out then", async () => {
    const day = await ecbAt("2026-11-20T14:59:00Z").latest();
    expect(day.date).toBe("2026-11-19");
  });

  it("reads recent windows from the 90-day file and older ones from the full history", async () => {
    const ecb = ecbAt("2026-11-23T15:00:00Z");
    const recent = await ecb.history("2026-11-17", "2026-11-19");
    expect(recent.map((d) => d.date)).toEqual(["2026-11-17", "2026-11-18", "2026-11-19"]);
    expect(requested.at(-1)).toBe("eurofxref-hist-90d.xml");
    const old = await ecb.history("1998-06-01", "2026-01-31");
    expect(old.map((d) => d.date)).toEqual([
      "1999-01-04",
      "1999-01-05",
      "2025-12-30",
      "2025-12-31",
      "2026-01-02",
    ]);
    expect(requested.at(-1)).toBe("eurofxref-hist.xml");
  });

  it("answers the routes from the files: pairs are crosses of the published euro rates", async () => {
    const clock = pinnedClock(new Date("2026-11-23T15:00:00Z"));
    const deps = { clock, marketClock: clock, fx: createEcbFx({ clock, baseUrl }) } as never;
    const pair = await callRoute(routes.fxPair, { params: { from: "USD", to: "JPY" } }, deps);
    expect(pair.rate).toBe(181.57 / 1.1492);
    expect(pair.inverse).toBe(1.1492 / 181.57);
    expect(pair.eurRates).toEqual({ from: 1.1492, to: 181.57 });
    expect(pair.source.provider).toBe("ecb");
    expect(pair.source.note).toContain("for information purposes only");
    const history = await callRoute(
      routes.fxHistory,
      { params: { from: "EUR", to: "USD" }, query: { from: "2026-11-01", to: "2026-11-20" } },
      deps,
    );
    expect(history.points.at(-1)).toEqual({ date: "2026-11-20", rate: 1.1492 });
  });

  it("is 503 FX_DATA_UNAVAILABLE with Retry-After while the ECB is down", async () => {
    down = true;
    try {
      const ecb = ecbAt("2026-11-23T15:00:00Z");
      await expect(ecb.latest()).rejects.toBeInstanceOf(FxDataUnavailable);
      const clock = pinnedClock(new Date("2026-11-23T15:00:00Z"));
      const deps = { clock, marketClock: clock, fx: createEcbFx({ clock, baseUrl }) } as never;
      const error = await refusal(() =>
        callRoute(routes.convert, { query: { from: "USD", to: "EUR", amount: "10" } }, deps),
      );
      expect(error).toMatchObject({ status: 503, code: "FX_DATA_UNAVAILABLE" });
      expect(error.headers["retry-after"]).toBe("60");
    } finally {
      down = false;
    }
  });
});
