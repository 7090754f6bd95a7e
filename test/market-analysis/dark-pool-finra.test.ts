import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api/errors";
import { marketAnalysisDarkPoolImplementations as implementations } from "../../lib/api/groups/marketAnalysis/implementations/dark-pool";
import { marketAnalysisDarkPoolRoutes as routes } from "../../lib/api/groups/marketAnalysis/routes/dark-pool";
import { pinnedClock } from "../../lib/deps";
import { MarketDataUnavailable } from "../../lib/market/ports";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import {
  createFinraShortVolume,
  FINRA_HEADER,
  FinraFormatError,
  parseShortVolumeFile,
} from "../../lib/short-volume/adapters/finra";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";

/**
 * FINRA's consolidated NMS daily short-sale volume files (test/fixtures/finra: two sessions,
 * 2026-11-19 with LF line ends and 2026-11-20 with CRLF, and the header-and-trailer file of a
 * day without data, Thanksgiving 2026-11-26; written in the published format, see its
 * SOURCES.md), parsed, and served by a local HTTP server the
 * adapter reads as it reads cdn.finra.org: 403 for a date without a file, as the CDN answers.
 */

const FIXTURES = join(import.meta.dirname, "../fixtures/finra");
const fixture = (name: string) => readFileSync(join(FIXTURES, name), "utf8");
const NOV_20 = fixture("CNMSshvol20261120.txt");
const NOV_19 = fixture("CNMSshvol20261119.txt");
const SIM_NOW = "2026-11-23T15:00:00Z"; // Monday 10:00 New York

/** The fixture's data rows as fields, split here independently of the parser. */
const rowsOf = (text: string) =>
  text
    .trim()
    .split(/\r?\n/)
    .slice(1, -1)
    .map((line) => line.split("|"));

describe("the CNMS file parser", () => {
  it("reads the header, every row and the trailer's count", () => {
    const records = parseShortVolumeFile(NOV_20, "2026-11-20");
    const rows = rowsOf(NOV_20);
    expect(rows.length).toBe(31);
    expect(records.length).toBe(31);
    expect(NOV_20.trimEnd().split("\r\n").at(-1)).toBe("31");
    records.forEach((record, index) => {
      const [date, , short, exempt, total, market] = rows[index] as string[];
      expect(date).toBe("20261120");
      expect(record.date).toBe("2026-11-20");
      expect(record.shortVolume).toBe(Number(short));
      expect(record.shortExemptVolume).toBe(Number(exempt));
      expect(record.totalVolume).toBe(Number(total));
      expect(record.facilities).toEqual(market?.split(","));
    });
  });

  it("keeps the decimals, the Market field and the symbols, class shares as the market writes them", () => {
    const bySymbol = new Map(parseShortVolumeFile(NOV_20).map((r) => [r.symbol, r]));
    expect(bySymbol.get("AAPL")).toEqual({
      date: "2026-11-20",
      symbol: "AAPL",
      shortVolume: 10151799.388315,
      shortExemptVolume: 21203,
      totalVolume: 19522691.131376,
      facilities: ["B", "Q", "N"],
    });
    expect(bySymbol.has("BRK/B")).toBe(false);
    expect(bySymbol.get("BRK.B")?.facilities).toEqual(["B", "Q", "N"]);
    expect(bySymbol.get("BRK.A")?.facilities).toEqual(["Q", "N"]);
    expect(bySymbol.get("UPST")?.facilities).toEqual(["B", "Q"]);
    expect(bySymbol.get("ZVZZT")?.facilities).toEqual(["N"]);
    expect(bySymbol.get("ABRpD")?.totalVolume).toBeGreaterThan(0);
  });

  it("reads LF files as CRLF ones", () => {
    expect(NOV_19.includes("\r")).toBe(false);
    expect(parseShortVolumeFile(NOV_19, "2026-11-19").length).toBe(26);
  });

  it("reads a day without data (header and a trailer of 0) as no records", () => {
    const holiday = fixture("CNMSshvol20261126.txt");
    expect(holiday).toBe(`${FINRA_HEADER}\r\n0\r\n`);
    expect(parseShortVolumeFile(holiday, "2026-11-26")).toEqual([]);
  });

  it("refuses a file off the layout rather than serve part of it", () => {
    const lines = NOV_20.trimEnd().split("\r\n");
    const rows = lines.slice(1, -1);
    const refusals: [string, RegExp][] = [
      [lines.slice(0, -6).join("\n"), /no trailer/], // cut short
      [[...lines.slice(0, -6), "31"].join("\n"), /trailer counts 31 rows, the file has 26/],
      [["Date|Symbol|ShortVolume|TotalVolume|Market", ...rows, "31"].join("\n"), /header/],
      [[FINRA_HEADER, "20261120|AAPL|1,000|0|2000|Q", "1"].join("\n"), /ShortVolume '1,000'/],
      [[FINRA_HEADER, "20261120|AAPL|1000|0|2000", "1"].join("\n"), /5 fields/],
      [[FINRA_HEADER, "20261120|AAPL|1000|0|2000|BQN", "1"].join("\n"), /Market 'BQN'/],
      [[FINRA_HEADER, "20261131|AAPL|1000|0|2000|Q", "1"].join("\n"), /Date '20261131'/],
      [[FINRA_HEADER, "20261119|AAPL|1000|0|2000|Q", "1"].join("\n"), /trade date 2026-11-19/],
      [[FINRA_HEADER, "20261120|AAPL|1|0|2|Q", "20261120|AAPL|1|0|2|N", "2"].join("\n"), /twice/],
    ];
    for (const [text, problem] of refusals) {
      expect(() => parseShortVolumeFile(text, "2026-11-20")).toThrow(FinraFormatError);
      expect(() => parseShortVolumeFile(text, "2026-11-20")).toThrow(problem);
    }
  });
});

/** A stand-in for cdn.finra.org: the fixtures by name, 403 for the rest, `failing` answers 500. */
const cdn = {
  server: undefined as Server | undefined,
  baseUrl: "",
  requests: [] as string[],
  failing: new Set<string>(),
  truncated: new Set<string>(),
};

beforeAll(async () => {
  const files = new Map(
    ["CNMSshvol20261119.txt", "CNMSshvol20261120.txt", "CNMSshvol20261126.txt"].map((name) => [
      `/${name}`,
      fixture(name),
    ]),
  );
  cdn.server = createServer((request, response) => {
    const path = request.url ?? "";
    cdn.requests.push(path);
    const file = files.get(path);
    if (cdn.failing.has(path)) {
      response.writeHead(500).end("Internal Server Error");
    } else if (file && cdn.truncated.has(path)) {
      response.writeHead(200, { "content-type": "text/plain" }).end(file.slice(0, 900));
    } else if (file) {
      response.writeHead(200, { "content-type": "text/plain" }).end(file);
    } else {
      response
        .writeHead(403, { "content-type": "application/xml" })
        .end("<Error>AccessDenied</Error>");
    }
  });
  await new Promise<void>((resolve) => cdn.server?.listen(0, "127.0.0.1", resolve));
  cdn.baseUrl = `http://127.0.0.1:${(cdn.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => cdn.server?.close(resolve));
});

const finraAt = (instant: string) =>
  createFinraShortVolume({
    clock: pinnedClock(new Date(instant)),
    baseUrl: cdn.baseUrl,
    timeoutMs: 10_000,
  });

describe("the FINRA source", () => {
  it("reads a published day's file once, and its records by symbol", async () => {
    const finra = finraAt(SIM_NOW);
    const before = cdn.requests.length;
    const day = await finra.day("2026-11-20");
    expect(day?.size).toBe(31);
    expect(day?.get("BRK.B")?.date).toBe("2026-11-20");
    await finra.day("2026-11-20");
    expect(cdn.requests.slice(before)).toEqual(["/CNMSshvol20261120.txt"]);
  });

  it("finds no file for a date the CDN has none for (403), and asks again later", async () => {
    const finra = finraAt(SIM_NOW);
    const before = cdn.requests.length;
    expect(await finra.day("2026-11-17")).toBeUndefined();
    expect(await finra.day("2026-11-17")).toBeUndefined();
    expect(cdn.requests.slice(before)).toEqual([
      "/CNMSshvol20261117.txt",
      "/CNMSshvol20261117.txt",
    ]);
  });

  it("asks for no holiday, weekend or file not yet out", async () => {
    const before = cdn.requests.length;
    expect(await finraAt("2026-11-28T12:00:00Z").day("2026-11-26")).toBeUndefined(); // Thanksgiving
    expect(await finraAt(SIM_NOW).day("2026-11-22")).toBeUndefined(); // Sunday
    expect(await finraAt(SIM_NOW).day("2026-11-23")).toBeUndefined(); // today, before 18:00
    expect(await finraAt("2026-11-20T22:59:00Z").day("2026-11-20")).toBeUndefined(); // 17:59
    expect(await finraAt(SIM_NOW).day("2018-07-31")).toBeUndefined(); // before the first file
    expect(cdn.requests.length).toBe(before);
  });

  it("gives one symbol's records of a window, sessions without a file left out", async () => {
    const records = await finraAt(SIM_NOW).dailyShortVolume("AAPL", "2026-10-26", "2026-11-23");
    expect(records?.map((r) => r.date)).toEqual(["2026-11-19", "2026-11-20"]);
    expect(await finraAt(SIM_NOW).dailyShortVolume("XBI", "2026-11-19", "2026-11-20")).toHaveLength(
      1,
    );
  });

  it("is unavailable, naming FINRA, when the CDN fails or a file is cut short", async () => {
    cdn.failing.add("/CNMSshvol20261118.txt");
    cdn.truncated.add("/CNMSshvol20261119.txt");
    try {
      const finra = finraAt(SIM_NOW);
      const failed = finra.day("2026-11-18");
      await expect(failed).rejects.toThrow(MarketDataUnavailable);
      await expect(failed).rejects.toThrow(/CNMSshvol20261118\.txt: HTTP 500/);
      await expect(finra.day("2026-11-19")).rejects.toThrow(/CNMSshvol20261119\.txt: line \d+/);
      const error = await finra.day("2026-11-18").catch((e: unknown) => e);
      expect((error as MarketDataUnavailable).provider).toBe("finra");
    } finally {
      cdn.failing.clear();
      cdn.truncated.clear();
    }
  });

  it("is unavailable when the CDN cannot be reached", async () => {
    const finra = createFinraShortVolume({
      clock: pinnedClock(new Date(SIM_NOW)),
      baseUrl: "http://127.0.0.1:9", // discard port: nothing listens
      timeoutMs: 5_000,
    });
    await expect(finra.day("2026-11-20")).rejects.toThrow(MarketDataUnavailable);
  });
});

describe("the dark-pool endpoint over FINRA's files", () => {
  const clock = pinnedClock(new Date(SIM_NOW));
  const depsWith = (baseUrl: string) =>
    testDeps({
      marketClock: clock,
      market: createSimulatedMarket(clock),
      shortVolume: createFinraShortVolume({ clock, baseUrl, timeoutMs: 10_000 }),
    });

  it("serves the files' figures", async () => {
    const answer = await callRoute(
      routes.darkPool,
      { params: { code: "BRK.B_NYSE" } },
      depsWith(cdn.baseUrl),
      implementations["marketAnalysis.darkPool"],
    );
    const [row19, row20] = ["20261119", "20261120"].map((date) =>
      rowsOf(date === "20261119" ? NOV_19 : NOV_20).find((fields) => fields[1] === "BRK/B"),
    );
    expect(answer.source).toBe("finra");
    expect(answer.sessions).toBe(2);
    expect(answer.days.map((d) => d.date)).toEqual(["2026-11-19", "2026-11-20"]);
    expect(answer.days[1]?.shortVolume).toBe(Number(row20?.[2]));
    expect(answer.days[1]?.totalVolume).toBe(Number(row20?.[4]));
    const short = Number(row19?.[2]) + Number(row20?.[2]);
    const total = Number(row19?.[4]) + Number(row20?.[4]);
    expect(answer.volumeWeightedShortRatioPercent).toBeCloseTo((short / total) * 100, 4);
  });

  it("answers 503 MARKET_DATA_UNAVAILABLE when FINRA fails", async () => {
    cdn.failing.add("/CNMSshvol20261120.txt");
    try {
      const error = await callRoute(
        routes.darkPool,
        { params: { code: "AAPL_NASDAQ" } },
        depsWith(cdn.baseUrl),
        implementations["marketAnalysis.darkPool"],
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(503);
      expect((error as ApiError).code).toBe("MARKET_DATA_UNAVAILABLE");
    } finally {
      cdn.failing.clear();
    }
  });
});
