import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createGroupHandler } from "../../functions/shared/http-handler";
import { market } from "../../lib/api/groups/market";
import { pinnedClock } from "../../lib/deps";
import { novaSuggestions } from "../../lib/market/nova/nova";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { createDocumentClient, createDynamoClient } from "../../lib/store/client";
import { ensureTable } from "../../lib/store/table";
import { testDeps } from "../setup/deps";

/**
 * Nova behind the market cache: the market function, wired from the environment with
 * MARKET_PROVIDER=sim and MARKET_CACHE=on, answers the suggestions sample with 200 and the same
 * suggestions as the bare simulated market, and its market data went through the cache.
 */

const ROOT = join(import.meta.dirname, "../..");
const AT = "2026-11-24T16:00:00Z";
const context = { getRemainingTimeInMillis: () => 30_000 } as unknown as Context;
const dynamo = createDynamoClient({
  region: "us-east-1",
  endpoint: String(process.env.DYNAMODB_ENDPOINT),
  requestTimeoutMs: 30_000,
});
/** A table of its own: no other test's cached Nova answer or cache entry can stand in. */
const tableName = `nova-cache-${randomUUID()}`;
let apiKey = "";

beforeAll(async () => {
  await ensureTable(dynamo, tableName);
  vi.stubEnv("TABLE_NAME", tableName);
  vi.stubEnv("MARKET_PROVIDER", "sim");
  vi.stubEnv("MARKET_CACHE", "on");
  vi.stubEnv("SIM_NOW", AT);
  const created = await testDeps().accounts.register(
    `nova-${randomUUID()}@example.com`,
    "$argon2id$unused",
    new Date().toISOString(),
  );
  apiKey = created.apiKey;
}, 60_000);

afterAll(() => {
  vi.unstubAllEnvs();
  dynamo.destroy();
});

function suggestionsEvent(): APIGatewayProxyEventV2 {
  const event = JSON.parse(
    readFileSync(join(ROOT, "events", "market.novaSuggestions.json"), "utf8"),
  ) as APIGatewayProxyEventV2;
  event.headers["x-api-key"] = apiKey;
  return event;
}

describe("Nova with MARKET_CACHE=on over the simulated market", () => {
  it("answers 200 with the uncached market's suggestions, read through the cache", async () => {
    const handler = createGroupHandler(market);
    const response = await handler(suggestionsEvent(), context);
    const body = JSON.parse(response.body);
    expect(response.statusCode, response.body).toBe(200);
    const query = suggestionsEvent().queryStringParameters ?? {};
    const expected = await novaSuggestions(
      createSimulatedMarket(pinnedClock(new Date(AT))),
      Date.parse(AT),
      {
        topN: Number(query.topN),
        minDte: Number(query.minDte),
        maxDte: Number(query.maxDte),
      },
    );
    expect(expected.suggestions.length).toBeGreaterThan(0);
    expect(body.data).toEqual(expected);

    const { Items = [] } = await createDocumentClient(dynamo).send(
      new ScanCommand({ TableName: tableName }),
    );
    const cached = Items.map((item) => String(item.pk)).filter((pk) => pk.startsWith("CACHE#sim#"));
    // Quotes and option chains of Nova's universe, stored by the read-through cache.
    expect(cached.some((pk) => pk.startsWith("CACHE#sim#quote#"))).toBe(true);
    expect(cached.some((pk) => pk.startsWith("CACHE#sim#chain#"))).toBe(true);
  }, 120_000);
});
