import { randomUUID } from "node:crypto";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../lib/account/passwords";
import type { HttpResult } from "../../lib/api/envelope";
import { routeErrorCodes } from "../../lib/api/error-catalogue";
import { ROUTES } from "../../lib/api/groups/registry";
import type { RouteSpec } from "../../lib/api/route";
import { testDeps } from "../setup/deps";
import type { ArbitraryOptions } from "./fuzz/arbitraries";
import { type AccountThings, type KnownValues, knownValues } from "./fuzz/known-values";
import {
  type DrawKind,
  fuzzedRequest,
  type RequestParts,
  requestEvent,
  sampleParts,
  validParts,
  wireForm,
} from "./fuzz/requests";

/**
 * Every route through its Lambda handler with generated and hostile input (see fuzz/requests.ts):
 * inputs drawn from the route's zod schemas, the same with one or two mutations, the route's
 * `events/` sample mutated, wholly random requests, and abuse of the request itself. Whatever
 * arrives, the answer is a 2xx whose data matches the route's documented response schema, or a
 * 4xx in the error envelope with a code the route declares; never a 5xx.
 */

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<HttpResult>;
const context = { getRemainingTimeInMillis: () => 30_000 } as unknown as Context;
/** Requests across all routes per run: 20,000 in CI; FUZZ_RUNS for longer local runs. */
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 20_000);
/** A fixed seed keeps CI reproducible; FUZZ_SEED explores other inputs locally. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
/** Schema-valid draws per route for the generator's own check. */
const GENERATOR_DRAWS = 100;

const PASSWORD = "correct horse battery";
let apiKey: string;
let userId: number;
let known: KnownValues;

const fuzzed = ROUTES.filter((route) => route.response !== "raw");
const deps = testDeps();

async function handlerOf(group: string): Promise<Handler> {
  return ((await import(`../../functions/${group}.ts`)) as { handler: Handler }).handler;
}

/** Calls a route with its sample, as the fuzz account; the answer's data. */
async function callWithSample(routeId: string): Promise<{ id: string }> {
  const route = ROUTES.find((candidate) => candidate.id === routeId) as RouteSpec;
  const handler = await handlerOf(route.group);
  const response = await handler(requestEvent(route, sampleParts(route), apiKey), context);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return JSON.parse(response.body).data;
}

/** The fuzz account, with a spare key, a webhook and an alert for the routes that name them. */
beforeAll(async () => {
  const { accounts } = deps;
  const email = `fuzz-${randomUUID()}@example.com`;
  const now = new Date().toISOString();
  const created = await accounts.register(email, await hashPassword(PASSWORD), now);
  await accounts.setCustomLimits(created.record.userId, { perMinute: 1_000_000, daily: null });
  apiKey = created.apiKey;
  userId = created.record.userId;
  const spare = await accounts.createKey(userId, "fuzz-spare", now);
  const account: AccountThings = {
    email,
    password: PASSWORD,
    spareKeyId: spare.record.keyId,
    webhookId: (await callWithSample("webhooks.create")).id,
    alertId: (await callWithSample("alerts.subscribe")).id,
  };
  known = knownValues(account);
});

const generatorOptions = (): ArbitraryOptions => ({
  knownValues: (field) => known.get(field) ?? [],
});

/** Routes that write the account's data: a refused request must leave it as it was. */
const writesAccountData = (route: RouteSpec) =>
  route.method !== "GET" && ["account", "webhooks", "alerts"].includes(route.group);

/** The fuzz account's keys (without their last use), webhooks and alerts. */
async function storedState() {
  const keys = await deps.accounts.listKeys(userId);
  return {
    keys: keys.map(({ lastUsedAt: _lastUsed, ...key }) => key),
    webhooks: await deps.webhooks.list(userId),
    alerts: await deps.alerts.list(userId),
  };
}

/** An answer in the route's declared other representation (e.g. CSV), outside the envelope. */
const isAlternateContent = (route: RouteSpec, response: HttpResult) =>
  route.alternateContent !== undefined &&
  (response.headers["content-type"] ?? "").startsWith(route.alternateContent.contentType);

/** Answers by kind of request (abused ones apart), as `2xx` or the error code. */
const tally = new Map<string, Map<string, number>>();
/** Valid draws refused, by route and code, to see what keeps them from the implementations. */
const validRefusals = new Map<string, number>();

function count(kind: DrawKind, abuse: string | null, route: RouteSpec, response: HttpResult) {
  const answer = response.statusCode < 300 ? "2xx" : errorCodeOf(response);
  const key = abuse ? "abused" : kind;
  const answers = tally.get(key) ?? new Map<string, number>();
  answers.set(answer, (answers.get(answer) ?? 0) + 1);
  tally.set(key, answers);
  if (key === "valid" && answer !== "2xx") {
    const where = `${route.id} ${answer}`;
    validRefusals.set(where, (validRefusals.get(where) ?? 0) + 1);
  }
}

function errorCodeOf(response: HttpResult): string {
  try {
    return `${response.statusCode} ${JSON.parse(response.body).error?.code ?? ""}`.trim();
  } catch {
    return String(response.statusCode);
  }
}

const sum = (counts: Iterable<number>) => [...counts].reduce((total, n) => total + n, 0);
const top = (counts: Map<string, number>, n: number) =>
  [...counts]
    .sort(([, a], [, b]) => b - a)
    .slice(0, n)
    .map(([what, times]) => `${what} ×${times}`)
    .join(", ");

afterAll(() => {
  const lines = [...tally]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, answers]) => {
      const requests = sum(answers.values());
      const ok = answers.get("2xx") ?? 0;
      const share = ((100 * ok) / requests).toFixed(1);
      return `  ${kind}: ${requests} requests, ${ok} answered 2xx (${share} %); ${top(answers, 5)}`;
    });
  const total = sum([...tally.values()].map((answers) => sum(answers.values())));
  console.log(
    [
      `fuzz: ${total} requests over ${fuzzed.length} routes (seed ${SEED})`,
      ...lines,
      `  valid draws refused most: ${top(validRefusals, 12)}`,
    ].join("\n"),
  );
});

/** The problems zod finds in a draw, as `code` per issue; none for a valid draw. */
function problemsOf(route: RouteSpec, parts: RequestParts): string[] {
  const wire = wireForm(parts);
  return (["params", "query", "body"] as const).flatMap(
    (part) => route[part]?.safeParse(wire[part]).error?.issues.map((issue) => issue.code) ?? [],
  );
}

describe("the schema-driven generator", () => {
  it(`draws inputs the routes' schemas accept (${GENERATOR_DRAWS} per route)`, () => {
    let valid = 0;
    let structural = 0;
    const weak: string[] = [];
    for (const route of fuzzed) {
      const draws = fc.sample(validParts(route, generatorOptions()), {
        numRuns: GENERATOR_DRAWS,
        seed: SEED,
      });
      const problems = draws.map((parts) => problemsOf(route, parts));
      const routeValid = problems.filter((found) => found.length === 0).length;
      valid += routeValid;
      // Refinements ("custom": give quantity or weight, not both) are met by chance only.
      structural += problems.filter((found) => found.some((code) => code !== "custom")).length;
      if (routeValid < GENERATOR_DRAWS / 4) weak.push(`${route.id}: ${routeValid}`);
    }
    const draws = fuzzed.length * GENERATOR_DRAWS;
    console.log(
      `generator: ${valid}/${draws} draws (${((100 * valid) / draws).toFixed(1)} %) pass the ` +
        `routes' schemas; ${structural} fail more than a refinement`,
    );
    expect(weak, "routes with under a quarter of valid draws").toEqual([]);
    expect(valid / draws).toBeGreaterThan(0.95);
    // Only a pipe through a transform (a comma-separated list) is drawn without its shape.
    expect(structural / draws).toBeLessThan(0.01);
  });
});

describe("generated and hostile input never gets a 5xx", () => {
  const runsPerRoute = Math.ceil(FUZZ_RUNS / fuzzed.length);
  it.each(fuzzed.map((route, index) => [route.id, route, index] as const))(
    "%s",
    async (_id, route, index) => {
      const handler = await handlerOf(route.group);
      const declared = new Set<string>(routeErrorCodes(route));
      const checksStore = writesAccountData(route);
      await fc.assert(
        fc.asyncProperty(
          fuzzedRequest(route, apiKey, generatorOptions()),
          async ({ kind, abuse, event }) => {
            const before = checksStore ? await storedState() : undefined;
            const response = await handler(event, context);
            count(kind, abuse, route, response);
            const what =
              `${kind} ${event.rawPath}?${event.rawQueryString} ${event.body ?? ""}`.slice(0, 300);
            expect(response.statusCode, what).toBeLessThan(500);
            if (response.statusCode === 204) return;
            if (isAlternateContent(route, response)) {
              expect(response.statusCode, what).toBe(200);
              return;
            }
            const body = JSON.parse(response.body);
            expect(body.meta?.version, what).toBe("v1");
            expect(typeof body.meta?.requestId, what).toBe("string");
            if (response.statusCode >= 400) {
              expect(body.success, what).toBe(false);
              expect(typeof body.error.message, what).toBe("string");
              expect(declared, `${what}\nanswered ${body.error.code}`).toContain(body.error.code);
              if (before) expect(await storedState(), what).toEqual(before);
              return;
            }
            expect(body.success, what).toBe(true);
            if (route.response !== "raw") {
              const parsed = route.response.safeParse(body.data);
              expect(parsed.success, `${what}\n${parsed.error?.message ?? ""}`).toBe(true);
            }
          },
        ),
        // One seed per route, so routes do not all draw the same sequence of kinds.
        { numRuns: runsPerRoute, seed: SEED + index },
      );
    },
    600_000,
  );
});
