import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { demoAccountOf } from "../../lib/account/demo-account";
import { optionsScannerRoutes } from "../../lib/api/groups/options/routes/scanner";
import { optionsVolatilityRoutes } from "../../lib/api/groups/options/routes/volatility";
import { clearFeedSnapshots } from "../../lib/api/groups/optionsExtra/feed";
import { optionsExtraRoutes as routes } from "../../lib/api/groups/optionsExtra/routes";
import type { RawPayload } from "../../lib/api/route";
import { pinnedClock } from "../../lib/deps";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import type { KeyRecord } from "../../lib/store/rate-limiter";
import { newCallerKey } from "../setup/accounts";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";
import { expectInvalid, refusal } from "../setup/refusals";
import { asCsvField, csvObjects } from "./csv-parse";

/**
 * The premium-selling feed and its statistics on the simulated market at a pinned instant: the
 * rows are the premium scanner's candidates of every optionable stock and ETF, the pages walk
 * them in order, the statistics are the aggregates of the rows, the CSV reads back to the JSON,
 * and only the demo account's keys are answered.
 */

const SIM_NOW = "2026-11-24T16:00:00.000Z"; // Tuesday 11:00 New York, regular session
const clock = pinnedClock(new Date(SIM_NOW));
const market = createSimulatedMarket(clock);
const base = testDeps({ market, marketClock: clock });
const demoEmail = `demo-feed-${randomUUID()}@example.com`;
const deps = { ...base, demoAccount: demoAccountOf(base.accounts, demoEmail) };

let demo: KeyRecord;
let stranger: KeyRecord;

beforeAll(async () => {
  const now = new Date().toISOString();
  demo = (await base.accounts.register(demoEmail, "unused-hash", now)).record;
  stranger = await newCallerKey(base.accounts, "not-demo");
  clearFeedSnapshots(deps);
});

type Query = Record<string, string>;

const opportunities = (query: Query = {}, apiKey: KeyRecord = demo) =>
  callRoute(routes.opportunities, { query, context: { apiKey } }, deps);
const stats = (query: Query = {}, apiKey: KeyRecord = demo) =>
  callRoute(routes.stats, { query, context: { apiKey } }, deps);

type Page = Exclude<Awaited<ReturnType<typeof opportunities>>, RawPayload>;
type Stats = Exclude<Awaited<ReturnType<typeof stats>>, RawPayload>;
type Row = Page["rows"][number];

function json<T extends object>(answer: T | RawPayload): T {
  if ("contentType" in answer && "body" in answer) throw new Error("a CSV answer");
  return answer as T;
}

function csv(answer: unknown): RawPayload {
  const payload = answer as RawPayload;
  expect(payload.contentType).toMatch(/^text\/csv/);
  return payload;
}

/** Every row of the feed for `query`, page after page. */
async function allRows(query: Query = {}): Promise<{ rows: Row[]; pages: Page[] }> {
  const pages: Page[] = [];
  let cursor: string | undefined;
  do {
    const page = json(
      await opportunities({ ...query, limit: "500", ...(cursor ? { cursor } : {}) }),
    );
    pages.push(page);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { rows: pages.flatMap((page) => page.rows), pages };
}

const UNDERLYING_COLUMNS = [
  "symbol",
  "code",
  "companyName",
  "sector",
  "strategy",
  "right",
  "underlyingPrice",
  "underlyingLivePrice",
  "ivRank",
] as const;

function candidateOf(row: Row) {
  const candidate: Record<string, unknown> = { ...row };
  for (const column of UNDERLYING_COLUMNS) delete candidate[column];
  return candidate;
}

const rank = (a: Row, b: Row) =>
  b.annualizedReturnPercent - a.annualizedReturnPercent ||
  b.probabilityOtmPercent - a.probabilityOtmPercent ||
  a.expiration.localeCompare(b.expiration) ||
  a.contract.localeCompare(b.contract);

let everything: Row[];
let firstPage: Page;

beforeAll(async () => {
  const walked = await allRows();
  everything = walked.rows;
  firstPage = walked.pages[0] as Page;
}, 120_000);

describe("the rows", () => {
  it("are the premium scanner's candidates, with their underlying and IV rank", async () => {
    for (const code of ["AAPL_NASDAQ", "XOM_NYSE", "SPY_ARCA"]) {
      const ivRank = await callRoute(optionsVolatilityRoutes.ivRank, { params: { code } }, deps);
      for (const strategy of ["short-put", "short-call"] as const) {
        const scan = await callRoute(
          optionsScannerRoutes.premiumScanner,
          { params: { code }, query: { strategy } },
          deps,
        );
        const rows = everything.filter((row) => row.code === code && row.strategy === strategy);
        expect(rows.map(candidateOf), `${code} ${strategy}`).toEqual(scan.candidates);
        for (const row of rows) {
          expect(row).toMatchObject({
            symbol: scan.symbol,
            right: scan.right,
            underlyingPrice: scan.underlyingPrice,
            underlyingLivePrice: scan.underlyingLivePrice,
            ivRank: ivRank.ivRank,
          });
        }
      }
    }
  });

  it("cover every optionable stock and ETF of a sector, and only them", async () => {
    const page = json(await opportunities({ sector: "energy", limit: "500" }));
    const energy = (await market.instruments()).filter(
      (instrument) => instrument.sector === "Energy" && instrument.contractType === "Stock",
    );
    const expected: Record<string, unknown>[] = [];
    for (const instrument of energy) {
      for (const strategy of ["short-put", "short-call"]) {
        const scan = await callRoute(
          optionsScannerRoutes.premiumScanner,
          { params: { code: instrument.code }, query: { strategy } },
          deps,
        );
        expected.push(...scan.candidates);
      }
    }
    expect(page.universe).toEqual({ underlyingsScanned: energy.length, underlyingsSkipped: 0 });
    expect(page.filters.sectors).toEqual(["Energy"]);
    expect(page.totalRows).toBe(expected.length);
    expect(page.rows.map(candidateOf)).toEqual([...(expected as unknown as Row[])].sort(rank));
  });

  it("are ordered best first, walked by the pages without a gap or a repeat", () => {
    expect(firstPage.totalRows).toBe(everything.length);
    expect(firstPage.universe.underlyingsScanned).toBe(155);
    expect(everything).toEqual([...everything].sort(rank));
    expect(new Set(everything.map((row) => row.contract)).size).toBe(everything.length);
    expect(firstPage.filters).toEqual({
      strategies: ["short-put", "short-call"],
      minDte: 20,
      maxDte: 60,
      maxDelta: 0.3,
      minAnnualizedReturnPercent: null,
      minProbabilityOtmPercent: null,
      sectors: null,
    });
  });

  it("page by the limit and a cursor after the last row", async () => {
    const first = json(await opportunities({ limit: "7" }));
    expect(first.rows).toEqual(everything.slice(0, 7));
    const second = json(await opportunities({ limit: "7", cursor: first.nextCursor as string }));
    expect(second.rows).toEqual(everything.slice(7, 14));
    const last = json(await opportunities({ limit: "500", cursor: encodeLast(everything) }));
    expect(last).toMatchObject({ rows: [], nextCursor: null });
  });

  it("keep only what the filters admit", async () => {
    const filtered = json(
      await opportunities({
        strategy: "SHORT-CALL",
        minAnnualizedReturnPercent: "20",
        minProbabilityOtmPercent: "75",
        limit: "500",
      }),
    );
    const expected = everything.filter(
      (row) =>
        row.strategy === "short-call" &&
        row.annualizedReturnPercent >= 20 &&
        row.probabilityOtmPercent >= 75,
    );
    expect(filtered.rows).toEqual(expected);
    expect(filtered.totalRows).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(0);
  });
});

/** A cursor after the feed's last row, as the service writes cursors. */
function encodeLast(rows: readonly Row[]): string {
  const last = rows.at(-1) as Row;
  const key = [
    last.annualizedReturnPercent,
    last.probabilityOtmPercent,
    last.expiration,
    last.contract,
  ];
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const half = sorted.length / 2;
  const middle =
    sorted.length % 2 === 1
      ? (sorted[Math.floor(half)] as number)
      : ((sorted[half - 1] as number) + (sorted[half] as number)) / 2;
  return Math.round(middle * 10_000) / 10_000;
}

function aggregates(rows: readonly Row[]) {
  return {
    rows: rows.length,
    underlyings: new Set(rows.map((row) => row.code)).size,
    medianAnnualizedReturnPercent: median(rows.map((row) => row.annualizedReturnPercent)),
    medianProbabilityOtmPercent: median(rows.map((row) => row.probabilityOtmPercent)),
  };
}

describe("the statistics", () => {
  let answer: Stats;
  beforeAll(async () => {
    answer = json(await stats());
  });

  it("are the aggregates of the feed's rows", () => {
    expect(answer).toMatchObject(aggregates(everything));
    expect(answer.byStrategy).toEqual(
      ["short-put", "short-call"].map((strategy) => ({
        strategy,
        ...aggregates(everything.filter((row) => row.strategy === strategy)),
      })),
    );
    const sectors = [...new Set(everything.map((row) => row.sector))].sort();
    expect(answer.bySector).toEqual(
      sectors.map((sector) => ({
        sector,
        ...aggregates(everything.filter((row) => row.sector === sector)),
      })),
    );
    const buckets = [
      [1, 14],
      [15, 30],
      [31, 45],
      [46, 60],
      [61, 90],
      [91, 180],
      [181, 365],
    ] as const;
    expect(answer.byDteBucket).toEqual(
      buckets.map(([minDte, maxDte]) => ({
        bucket: `${minDte}-${maxDte}`,
        minDte,
        maxDte,
        ...aggregates(
          everything.filter(
            (row) => row.daysToExpiration >= minDte && row.daysToExpiration <= maxDte,
          ),
        ),
      })),
    );
    expect(answer.byDteBucket.reduce((sum, bucket) => sum + bucket.rows, 0)).toBe(
      everything.length,
    );
  });

  it("spread the underlyings' IV ranks over the buckets", () => {
    const ranks = [...new Map(everything.map((row) => [row.code, row.ivRank])).values()];
    const inBucket = (from: number, to: number) =>
      ranks.filter((r) => r >= from && (r < to || (to === 100 && r === 100))).length;
    expect(answer.ivRankDistribution).toEqual({
      underlyings: ranks.length,
      medianIvRank: median(ranks),
      buckets: [0, 20, 40, 60, 80].map((from) => ({
        bucket: `${from}-${from + 20}`,
        from,
        to: from + 20,
        underlyings: inBucket(from, from + 20),
      })),
    });
  });

  it("follow the filters", async () => {
    const energy = json(await stats({ sector: "Energy", strategy: "short-put" }));
    const rows = everything.filter(
      (row) => row.sector === "Energy" && row.strategy === "short-put",
    );
    expect(energy).toMatchObject(aggregates(rows));
    expect(energy.byStrategy).toEqual([{ strategy: "short-put", ...aggregates(rows) }]);
  });
});

describe("CSV", () => {
  it("reads back to the JSON rows, the next cursor in a header", async () => {
    const query = { strategy: "short-put", limit: "40" };
    const page = json(await opportunities(query));
    const answer = csv(await opportunities({ ...query, format: "CSV" }));
    const records = csvObjects(answer.body);
    expect(Object.keys(records[0] ?? {})).toEqual(Object.keys(page.rows[0] ?? {}));
    expect(records).toEqual(
      page.rows.map((row) =>
        Object.fromEntries(Object.entries(row).map(([key, value]) => [key, asCsvField(value)])),
      ),
    );
    // Names with commas ("Super Micro Computer, Inc.") come back whole.
    expect(answer.body.split("\r\n")[0]).toBe(Object.keys(page.rows[0] ?? {}).join(","));
    expect(answer.headers?.["x-next-cursor"]).toBe(page.nextCursor);
    expect(answer.headers?.["x-total-rows"]).toBe(String(page.totalRows));
    const tail = csv(
      await opportunities({
        limit: "500",
        cursor: encodeLast(everything.slice(0, -3)),
        format: "csv",
      }),
    );
    expect(csvObjects(tail.body)).toHaveLength(3);
    expect(tail.headers?.["x-next-cursor"]).toBeUndefined();
  });

  it("writes the statistics one figure a line", async () => {
    const answer = json(await stats());
    const records = csvObjects(csv(await stats({ format: "csv" })).body);
    const value = (statistic: string, dimension: string, bucket: string) =>
      records.find(
        (record) =>
          record.statistic === statistic &&
          record.dimension === dimension &&
          record.bucket === bucket,
      )?.value;
    expect(value("rows", "all", "")).toBe(String(answer.rows));
    expect(value("medianAnnualizedReturnPercent", "all", "")).toBe(
      String(answer.medianAnnualizedReturnPercent),
    );
    for (const sector of answer.bySector) {
      expect(value("rows", "sector", sector.sector)).toBe(String(sector.rows));
      expect(value("medianProbabilityOtmPercent", "sector", sector.sector)).toBe(
        String(sector.medianProbabilityOtmPercent),
      );
    }
    for (const bucket of answer.byDteBucket) {
      expect(value("rows", "dteBucket", bucket.bucket)).toBe(String(bucket.rows));
      expect(value("medianAnnualizedReturnPercent", "dteBucket", bucket.bucket)).toBe(
        asCsvField(bucket.medianAnnualizedReturnPercent),
      );
    }
    for (const bucket of answer.ivRankDistribution.buckets) {
      expect(value("underlyings", "ivRankBucket", bucket.bucket)).toBe(String(bucket.underlyings));
    }
    expect(value("medianIvRank", "all", "")).toBe(String(answer.ivRankDistribution.medianIvRank));
    expect(records).toHaveLength(
      4 * (1 + answer.byStrategy.length + answer.bySector.length + answer.byDteBucket.length) +
        1 +
        answer.ivRankDistribution.buckets.length,
    );
  });
});

describe("access", () => {
  it("refuses every key but the demo account's with 403 DEMO_ACCOUNT_ONLY", async () => {
    for (const call of [
      () => opportunities({}, stranger),
      () => opportunities({ format: "csv" }, stranger),
      () => stats({}, stranger),
    ]) {
      expect(await refusal(call)).toMatchObject({ status: 403, code: "DEMO_ACCOUNT_ONLY" });
    }
  });

  it("refuses every key when no demo account is configured", async () => {
    const none = { ...deps, demoAccount: demoAccountOf(base.accounts, undefined) };
    const call = () => callRoute(routes.stats, { query: {}, context: { apiKey: demo } }, none);
    expect(await refusal(call)).toMatchObject({ status: 403, code: "DEMO_ACCOUNT_ONLY" });
  });
});

describe("validation", () => {
  it("answers 400 naming the field", async () => {
    await expectInvalid(() => opportunities({ limit: "0" }), "limit");
    await expectInvalid(() => opportunities({ limit: "501" }), "limit");
    await expectInvalid(() => opportunities({ maxDte: "400" }), "maxDte");
    await expectInvalid(() => opportunities({ minDte: "45", maxDte: "30" }), "minDte");
    await expectInvalid(() => opportunities({ maxDelta: "0.9" }), "maxDelta");
    await expectInvalid(() => opportunities({ format: "xml" }), "format");
    await expectInvalid(() => opportunities({ strategy: "long-call" }), "strategy");
    await expectInvalid(
      () => opportunities({ minAnnualizedReturnPercent: "-1" }),
      "minAnnualizedReturnPercent",
    );
    await expectInvalid(
      () => stats({ minProbabilityOtmPercent: "101" }),
      "minProbabilityOtmPercent",
    );
    await expectInvalid(() => stats({ sector: "" }), "sector");
    await expectInvalid(() => stats({ sector: "Energy,Crypto" }), "sector");
    await expectInvalid(() => opportunities({ cursor: "not-a-cursor" }), "cursor");
    const forged = Buffer.from(JSON.stringify([1, 2, "tomorrow", "X"])).toString("base64url");
    await expectInvalid(() => opportunities({ cursor: forged }), "cursor");
  });
});
