import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  createEdgarCompanyData,
  EDGAR_CACHE_TTL_SECONDS,
  EDGAR_TICKERS_URL,
  type EdgarDocumentKind,
  type EdgarFetchText,
} from "../../lib/company/adapters/edgar";
import { DESCRIPTION_MAX_CHARS } from "../../lib/company/adapters/edgar-10k";
import { edgarCache, NOT_FOUND_TTL_SECONDS } from "../../lib/company/adapters/edgar-cache";
import { CompanyDataUnavailable } from "../../lib/company/ports";
import type { Clock } from "../../lib/deps";
import { createDocumentClient, createDynamoClient } from "../../lib/store/client";
import { createDocumentStore } from "../../lib/store/document-store";
import { MAX_STORED_JSON_CHARS } from "../../lib/store/read-through-cache";
import { ensureTable } from "../../lib/store/table";
import { serverErrorTransport, storeWith } from "../setup/faults";

/**
 * EDGAR's answers through the read-through cache on DynamoDB Local: TTLs by kind of document,
 * remembered 404s, bodies too large for an item, DynamoDB failing, and (through the adapter)
 * a 10-K cached as its business summary. The file has its own table, so that no other test's
 * EDGAR entries answer here; each test's URLs are its own.
 */

const db = createDocumentStore({ region: "us-east-1", endpoint: inject("dynamoEndpoint") });
const dynamo = createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") });
/** The AWS SDK reads what the cache wrote, as an independent check of the stored item. */
const sdk = createDocumentClient(dynamo);
const tableName = `edgar-cache-${randomUUID()}`;

beforeAll(() => ensureTable(dynamo, tableName), 60_000);
afterAll(() => dynamo.destroy());
const START_MS = Date.UTC(2026, 10, 24, 16);

function movableClock(startMs: number): Clock & { advance(ms: number): void } {
  let now = startMs;
  return {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
  };
}

/** A fake EDGAR GET over `bodies` (absent URLs answer 404) that counts what reaches it. */
function countingEdgar(bodies: Record<string, string> = {}) {
  const state = { calls: 0, down: false };
  const fetchText: EdgarFetchText = async (url) => {
    state.calls++;
    if (state.down) throw new CompanyDataUnavailable("edgar", "HTTP 503 (server error)");
    return bodies[url];
  };
  return { fetchText, state };
}

function uniqueUrl(name: string): string {
  return `https://www.sec.gov/Archives/edgar/data/test/${randomUUID()}/${name}`;
}

async function storedItem(kind: EdgarDocumentKind, url: string) {
  const { Item } = await sdk.send(
    new GetCommand({
      TableName: tableName,
      Key: { pk: `CACHE#edgar#${kind}#${url}`, sk: "CACHE" },
    }),
  );
  return Item;
}

describe("EDGAR cache", () => {
  it("answers a second call within the kind's TTL without EDGAR, then asks again after it", async () => {
    const url = uniqueUrl("CIK0000320193.json");
    const edgar = countingEdgar({ [url]: '{"cik":"320193"}' });
    const clock = movableClock(START_MS);
    const cached = edgarCache({ db, tableName, clock })(edgar.fetchText);
    expect(await cached(url, "submissions")).toBe('{"cik":"320193"}');
    expect(await cached(url, "submissions")).toBe('{"cik":"320193"}');
    expect(edgar.state.calls).toBe(1);

    const item = await storedItem("submissions", url);
    expect(item?.value).toBe(JSON.stringify('{"cik":"320193"}'));
    expect(item?.expiresAt).toBe(START_MS / 1000 + EDGAR_CACHE_TTL_SECONDS.submissions);

    clock.advance(EDGAR_CACHE_TTL_SECONDS.submissions * 1000 - 1);
    const coldInstance = edgarCache({ db, tableName, clock })(edgar.fetchText);
    expect(await coldInstance(url, "submissions")).toBe('{"cik":"320193"}');
    expect(edgar.state.calls).toBe(1); // read from DynamoDB
    clock.advance(2);
    expect(await cached(url, "submissions")).toBe('{"cik":"320193"}');
    expect(edgar.state.calls).toBe(2);
  });

  it("keeps a filed document for its own, longer TTL", async () => {
    const url = uniqueUrl("form4.xml");
    const edgar = countingEdgar({ [url]: "<ownershipDocument/>" });
    const clock = movableClock(START_MS);
    const cached = edgarCache({ db, tableName, clock })(edgar.fetchText);
    await cached(url, "form4");
    clock.advance(EDGAR_CACHE_TTL_SECONDS.submissions * 1000 * 10);
    expect(await cached(url, "form4")).toBe("<ownershipDocument/>");
    expect(edgar.state.calls).toBe(1);
    clock.advance(EDGAR_CACHE_TTL_SECONDS.form4 * 1000);
    await cached(url, "form4");
    expect(edgar.state.calls).toBe(2);
  });

  it("remembers a 404 for NOT_FOUND_TTL_SECONDS, in DynamoDB too", async () => {
    const url = uniqueUrl("missing.xml");
    const edgar = countingEdgar();
    const clock = movableClock(START_MS);
    const cached = edgarCache({ db, tableName, clock })(edgar.fetchText);
    expect(await cached(url, "form4")).toBeUndefined();
    expect((await storedItem("form4", url))?.value).toBe("null");
    const coldInstance = edgarCache({ db, tableName, clock })(edgar.fetchText);
    expect(await coldInstance(url, "form4")).toBeUndefined();
    expect(edgar.state.calls).toBe(1);
    clock.advance(NOT_FOUND_TTL_SECONDS * 1000);
    expect(await cached(url, "form4")).toBeUndefined();
    expect(edgar.state.calls).toBe(2);
  });

  it("serves a body too large for a DynamoDB item from memory only", async () => {
    const url = uniqueUrl("CIK0000000001.json");
    const large = `{"filler":"${"x".repeat(MAX_STORED_JSON_CHARS)}"}`;
    const edgar = countingEdgar({ [url]: large });
    const clock = movableClock(START_MS);
    const cached = edgarCache({ db, tableName, clock })(edgar.fetchText);
    expect(await cached(url, "submissions")).toBe(large);
    expect(await cached(url, "submissions")).toBe(large);
    expect(edgar.state.calls).toBe(1);
    expect(await storedItem("submissions", url)).toBeUndefined();
    const coldInstance = edgarCache({ db, tableName, clock })(edgar.fetchText);
    expect(await coldInstance(url, "submissions")).toBe(large);
    expect(edgar.state.calls).toBe(2);
  });

  it("lets EDGAR answer directly when DynamoDB fails, and logs it", async () => {
    const url = uniqueUrl("CIK0000000002.json");
    const edgar = countingEdgar({ [url]: "{}" });
    const logged: string[] = [];
    const log = { info: () => {}, error: (message: string) => logged.push(message) };
    const clock = movableClock(START_MS);
    const failingDb = storeWith(serverErrorTransport);
    const cached = edgarCache({ db: failingDb, tableName, clock, log })(edgar.fetchText);
    expect(await cached(url, "submissions")).toBe("{}");
    expect(edgar.state.calls).toBe(1);
    // The failed read; the write is skipped with the table (read-through-cache.ts, TABLE_BYPASS_MS).
    expect(logged).toEqual(["EDGAR cache unavailable"]);
    const coldInstance = edgarCache({ db: failingDb, tableName, clock, log })(edgar.fetchText);
    expect(await coldInstance(url, "submissions")).toBe("{}");
    expect(edgar.state.calls).toBe(2);
  });

  it("passes EDGAR's outages through and caches nothing for them", async () => {
    const url = uniqueUrl("CIK0000000003.json");
    const edgar = countingEdgar({ [url]: "{}" });
    const clock = movableClock(START_MS);
    const cached = edgarCache({ db, tableName, clock })(edgar.fetchText);
    edgar.state.down = true;
    await expect(cached(url, "submissions")).rejects.toBeInstanceOf(CompanyDataUnavailable);
    expect(await storedItem("submissions", url)).toBeUndefined();
    edgar.state.down = false;
    expect(await cached(url, "submissions")).toBe("{}");
    expect(edgar.state.calls).toBe(2);
  });

  it("leaves the tickers file to the adapter's own parsed copy", async () => {
    const edgar = countingEdgar({ [EDGAR_TICKERS_URL]: "{}" });
    const cached = edgarCache({ db, tableName, clock: movableClock(START_MS) })(edgar.fetchText);
    await cached(EDGAR_TICKERS_URL, "tickers");
    await cached(EDGAR_TICKERS_URL, "tickers");
    expect(edgar.state.calls).toBe(2);
    expect(await storedItem("tickers", EDGAR_TICKERS_URL)).toBeUndefined();
  });
});

describe("EDGAR cache in front of the adapter", () => {
  const fixture = (name: string) =>
    readFileSync(new URL(`../fixtures/edgar/${name}`, import.meta.url), "utf8");
  const TENK_2024_URL =
    "https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/aapl-20240928.htm";

  it("stores a 10-K as its business summary, not its HTML, and answers the next call from it", async () => {
    const recorded: Record<string, string> = {
      [EDGAR_TICKERS_URL]: fixture("company_tickers.json"),
      "https://data.sec.gov/submissions/CIK0000320193.json": fixture(
        "submissions-CIK0000320193.json",
      ),
      [TENK_2024_URL]: fixture("aapl-20240928-10k.htm"),
    };
    const requested: string[] = [];
    const fetch = async (input: string | URL | Request) => {
      const url = String(input);
      requested.push(url);
      const body = recorded[url];
      return body === undefined ? new Response("", { status: 404 }) : new Response(body);
    };
    const clock = movableClock(Date.now());
    const cache = edgarCache({ db, tableName, clock });
    const company = () =>
      createEdgarCompanyData({
        userAgent: "Market Data API tests ops@example.com",
        fetch: fetch as typeof globalThis.fetch,
        now: () => Date.parse("2025-06-02T14:00:00Z"), // FY2024's 10-K is the latest
        limiterClock: { nowMs: () => 0, sleep: async () => {} },
        cache,
      });
    const first = await company().descriptions.description("AAPL");
    expect(first?.description).toMatch(/^The Company designs, manufactures and markets /);
    const summary = await storedItem("annualReport", TENK_2024_URL);
    expect(JSON.parse(String(summary?.value))).toBe(first?.description);
    expect(String(summary?.value).length).toBeLessThan(DESCRIPTION_MAX_CHARS + 100);

    // A new provider (its tickers index empty) reads the submissions and the summary cached.
    expect(await company().descriptions.description("AAPL")).toEqual(first);
    expect(requested.filter((url) => url === TENK_2024_URL)).toHaveLength(1);
    expect(requested.filter((url) => url.includes("/submissions/"))).toHaveLength(1);
  });
});
