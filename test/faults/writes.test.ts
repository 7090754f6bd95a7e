import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ROUTES } from "../../lib/api/groups/registry";
import type { RouteSpec } from "../../lib/api/route";
import { loadConfig } from "../../lib/config";
import { httpTransport, type Transport } from "../../lib/store/document-store";
import { answersLost, throttledTransport } from "../setup/faults";
import {
  type Caller,
  call,
  callerIsDemo,
  newCaller,
  requestFor,
  storeOver,
  tableOver,
  useFaults,
} from "./fault-kit";

/**
 * Writes interrupted by DynamoDB failing part-way (issue 21: "never half-written"). Every route
 * that writes (each POST and DELETE, and GET /intelligence/{code}/analysis, which stores its
 * verdict) is called once with a counting transport to learn how many DynamoDB calls it makes;
 * then once per call N with DynamoDB failing from call N on, as refusing (throttled: nothing
 * applied) and as losing its answers (applied, the outcome unknown to the client). After each
 * failed request the caller's account must be whole: every per-account count equals the items
 * it counts, every key reference has its key and every key name its reference, and a new
 * account either exists with its profile and first key or not at all.
 */

const { tableName } = loadConfig(process.env);

/** Routes whose requests write to the table. */
const WRITES = ROUTES.filter(
  (route) =>
    (route.method !== "GET" && route.group !== "docs") || route.id === "intelligence.analysis",
);

/** Sends the first `healthyCalls` calls to DynamoDB Local, every later one to `after`. */
function failingFrom(
  healthyCalls: number,
  after: Transport,
): { transport: Transport; calls(): number } {
  let calls = 0;
  const transport: Transport = (request, timeoutMs) => {
    calls++;
    return calls <= healthyCalls ? httpTransport(request, timeoutMs) : after(request, timeoutMs);
  };
  return { transport, calls: () => calls };
}

/** DynamoDB applies the request, but its answer never arrives. */
const lostAnswer: Transport = answersLost(Number.POSITIVE_INFINITY).transport;

type Item = Record<string, unknown>;

async function partition(pk: string): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await healthyDb().query({
      TableName: tableName,
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": pk },
      ConsistentRead: true,
      ...(start ? { ExclusiveStartKey: start } : {}),
    });
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

const healthyDb = () => storeOver(httpTransport);

/** What is inconsistent in the account's items (empty when whole). */
async function brokenParts(userId: number): Promise<string[]> {
  const items = await partition(`ACCOUNT#${userId}`);
  const sks = items.map((item) => String(item.sk));
  const problems: string[] = [];
  for (const count of items.filter((item) => String(item.sk).startsWith("COUNT#"))) {
    const kind = String(count.sk).slice("COUNT#".length);
    const held = sks.filter((sk) => sk.startsWith(`${kind}#`)).length;
    if (Number(count.n ?? 0) !== held) problems.push(`COUNT#${kind} is ${count.n}, ${held} held`);
  }
  const refs = items.filter((item) => /^KEY#\d+$/.test(String(item.sk)));
  for (const ref of refs) {
    const { Item } = await healthyDb().get({
      TableName: tableName,
      Key: { pk: `KEY#${String(ref.keyHash)}`, sk: "KEY" },
      ConsistentRead: true,
    });
    if (!Item) problems.push(`key ${String(ref.keyId)} has a reference but no key item`);
  }
  for (const name of items.filter((item) => String(item.sk).startsWith("KEYNAME#"))) {
    if (!refs.some((ref) => ref.keyId === name.keyId)) {
      problems.push(`${String(name.sk)} names key ${String(name.keyId)}, which has no reference`);
    }
  }
  if (!items.some((item) => item.sk === "PROFILE")) problems.push("no profile");
  if (refs.length === 0) problems.push("no key");
  return problems;
}

/** A registration's email: either no account, or a whole one. */
async function registrationProblems(email: string): Promise<string[]> {
  const { Item } = await healthyDb().get({
    TableName: tableName,
    Key: { pk: `EMAIL#${email}`, sk: "EMAIL" },
    ConsistentRead: true,
  });
  if (!Item) return [];
  return (await brokenParts(Number(Item.userId))).map((problem) => `${email}: ${problem}`);
}

beforeAll(() => {
  // The 5xx answers are logged in full by design; this matrix makes hundreds.
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterAll(() => {
  useFaults({});
  vi.restoreAllMocks();
});

describe("a write interrupted at each of its DynamoDB calls leaves the account whole", () => {
  it("has writes to interrupt", () => {
    expect(WRITES.map((route) => route.id)).toEqual(
      expect.arrayContaining(["account.register", "webhooks.create", "alerts.subscribe"]),
    );
  });

  it("finds a half-written account (the check can fail)", async () => {
    const caller = await newCaller();
    expect(await brokenParts(caller.key.userId)).toEqual([]);
    // A webhook counted but never stored: what a create without its transaction could leave.
    await healthyDb().put({
      TableName: tableName,
      Item: { pk: `ACCOUNT#${caller.key.userId}`, sk: "COUNT#WEBHOOK", n: 1 },
    });
    expect(await brokenParts(caller.key.userId)).toEqual(["COUNT#WEBHOOK is 1, 0 held"]);
  });

  it.each(WRITES.map((route) => [route.id, route] as const))(
    "%s",
    async (_id, route) => {
      const counting = failingFrom(Number.POSITIVE_INFINITY, httpTransport);
      const probe = await newCaller();
      await send(route, probe, counting.transport);
      const total = counting.calls();
      const problems: string[] = [];
      const statuses = new Set<number>();
      for (let n = 0; n < total; n++) {
        for (const [kind, after] of [
          ["refused", throttledTransport()],
          ["answer lost", lostAnswer],
        ] as const) {
          const caller = await newCaller();
          const { status, email } = await send(route, caller, failingFrom(n, after).transport);
          statuses.add(status);
          const broken = [
            ...(await brokenParts(caller.key.userId)),
            ...(email && route.id === "account.register" ? await registrationProblems(email) : []),
          ];
          for (const problem of broken) {
            problems.push(
              `DynamoDB ${kind} from call ${n + 1} of ${total} (${status}): ${problem}`,
            );
          }
          if (status === 500) problems.push(`DynamoDB ${kind} from call ${n + 1}: 500`);
        }
      }
      expect(problems).toEqual([]);
      // Each route that reaches the table was interrupted somewhere (a 503, or the contact
      // forms' 502 SEND_FAILED).
      if (total > 0)
        expect(
          [...statuses].some((status) => status >= 502),
          route.id,
        ).toBe(true);
    },
    600_000,
  );
});

/** The route's sample for `caller` with the table's dependencies over `transport`. */
async function send(route: RouteSpec, caller: Caller, transport: Transport) {
  const event = await requestFor(route, caller);
  const body = event.body ? (JSON.parse(event.body) as { email?: string }) : {};
  useFaults({ demoAccount: callerIsDemo(caller), ...tableOver(storeOver(transport), caller) });
  try {
    const response = await call(route, event);
    return { status: response.statusCode, email: body.email };
  } finally {
    useFaults({});
  }
}
