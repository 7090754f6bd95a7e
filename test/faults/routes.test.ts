import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { HttpResult } from "../../lib/api/envelope";
import { type ErrorCode, routeErrorCodes } from "../../lib/api/error-catalogue";
import { ROUTES } from "../../lib/api/groups/registry";
import type { RouteSpec } from "../../lib/api/route";
import type { Deps } from "../../lib/deps";
import {
  type Caller,
  call,
  callerIsDemo,
  conflictingTransactions,
  congressVendor,
  deadPort,
  edgarVendor,
  type FetchFault,
  failingFetch,
  fdaVendor,
  fxVendor,
  limiterOver,
  marketDown,
  marketVendor,
  narrativeVendor,
  newCaller,
  newsVendor,
  queueAt,
  refusingSqs,
  requestFor,
  shortVolumeVendor,
  silentServer,
  storeAt,
  storeOver,
  tableOver,
  throttledTransport,
  useFaults,
} from "./fault-kit";

/**
 * Fault injection per subsystem (issue 21): every route of the route table, through its group's
 * Lambda handler, with one subsystem failing as it really fails: DynamoDB throttling, not
 * answering, refusing connections or cancelling transactions; SQS refusing; each vendor adapter
 * (market, EDGAR, news, ECB, FINRA, the House Clerk, openFDA) timing out, refused, answering 503
 * or something unreadable; the Bedrock narrative backend unreachable. Each route either answers
 * as without the fault (it does not use the subsystem, or degrades as documented) or answers
 * that subsystem's documented code, declared by the route, in the envelope, with Retry-After on
 * a 503; never 500 INTERNAL_ERROR and never another code (a 404 or an empty answer in place of
 * an outage would be a silent loss). Once the faults are gone, every route answers as before:
 * no failure is kept in a cache.
 */

interface Row {
  name: string;
  /** The codes the failing subsystem is documented to answer. */
  codes: readonly ErrorCode[];
  /** The replacements that fail; built per row, for the row's own caller. */
  faults(caller: Caller): Partial<Deps>;
  /** Only the routes another row found using the subsystem (see `users`). */
  usersOf?: string;
  /** Routes whose answer with the replacement differs by configuration, not by the fault. */
  configured?: Readonly<Record<string, ErrorCode>>;
}

interface Answer {
  status: number;
  code: string | undefined;
  retryAfter: string | undefined;
  body: string;
}

const closers: (() => Promise<void>)[] = [];
const endpoints = { dead: "", silent: "", refusingSqs: "" };

beforeAll(async () => {
  // Every 5xx is logged in full by design (the envelope); this matrix makes hundreds.
  vi.spyOn(console, "error").mockImplementation(() => {});
  endpoints.dead = `http://127.0.0.1:${await deadPort()}`;
  const silent = await silentServer();
  const sqs = await refusingSqs();
  closers.push(silent.close, sqs.close);
  endpoints.silent = silent.url;
  endpoints.refusingSqs = sqs.url;
});

afterAll(async () => {
  useFaults({});
  vi.restoreAllMocks();
  await Promise.allSettled(closers.map((close) => close()));
});

/**
 * The table's code; and the contact forms' 502 SEND_FAILED, whose mail hand-off is the table
 * where the outbox mailer (MAILER=outbox, the local default) keeps the messages.
 */
const DB: readonly ErrorCode[] = ["DATABASE_UNAVAILABLE", "SEND_FAILED"];

const vendorRows = (
  subsystem: string,
  codes: readonly ErrorCode[],
  faults: (fetch: typeof globalThis.fetch) => Partial<Deps>,
  configured?: Row["configured"],
): Row[] => {
  const kinds: FetchFault[] = ["timeout", "refused", "http-503", "unreadable"];
  const first = `${subsystem}: ${kinds[0]}`;
  return kinds.map((kind, i) => ({
    name: `${subsystem}: ${kind}`,
    codes,
    faults: () => faults(failingFetch(kind)),
    ...(i === 0 ? {} : { usersOf: first }),
    ...(configured ? { configured } : {}),
  }));
};

const refused = () =>
  Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:443"), { code: "ECONNREFUSED" });
const timedOut = () =>
  Object.assign(new Error("Connection timed out after 10000 ms"), { name: "TimeoutError" });

const ROWS: Row[] = [
  {
    name: "DynamoDB: ThrottlingException on every attempt",
    codes: DB,
    faults: (caller) => tableOver(storeOver(throttledTransport()), caller),
  },
  {
    name: "DynamoDB: ProvisionedThroughputExceededException on every attempt",
    codes: DB,
    faults: (caller) =>
      tableOver(storeOver(throttledTransport("ProvisionedThroughputExceededException")), caller),
  },
  {
    name: "DynamoDB: no answer within the timeout",
    codes: DB,
    faults: (caller) => tableOver(storeAt(endpoints.silent), caller),
  },
  {
    name: "DynamoDB: connection refused",
    codes: DB,
    faults: (caller) => tableOver(storeAt(endpoints.dead), caller),
  },
  {
    name: "DynamoDB: every transaction cancelled by a TransactionConflict",
    codes: DB,
    faults: (caller) => tableOver(storeOver(conflictingTransactions), caller),
  },
  {
    name: "DynamoDB: throttled, with the market behind its cache (MARKET_CACHE=on)",
    codes: DB,
    faults: (caller) => tableOver(storeOver(throttledTransport()), caller, { marketCache: true }),
  },
  {
    name: "DynamoDB: the rate limiter throttled",
    codes: ["RATE_LIMITER_UNAVAILABLE"],
    faults: () => limiterOver(storeOver(throttledTransport())),
  },
  {
    name: "DynamoDB: the rate limiter refused a connection",
    codes: ["RATE_LIMITER_UNAVAILABLE"],
    faults: () => limiterOver(storeAt(endpoints.dead)),
  },
  {
    name: "SQS: connection refused",
    codes: ["QUEUE_UNAVAILABLE"],
    faults: () => queueAt(endpoints.dead),
  },
  {
    name: "SQS: every entry of each batch refused",
    codes: ["QUEUE_UNAVAILABLE"],
    faults: () => queueAt(endpoints.refusingSqs),
  },
  {
    name: "market provider: every capability down (the port's outage)",
    codes: ["MARKET_DATA_UNAVAILABLE"],
    faults: () => marketDown(),
  },
  // Alpaca lists no option expirations: Nova answers its documented NOVA_UNAVAILABLE ("the
  // source lists no options") with Alpaca whatever its state; the row above covers Nova's outage.
  ...vendorRows("market provider (Alpaca)", ["MARKET_DATA_UNAVAILABLE"], marketVendor, {
    "market.novaSuggestions": "NOVA_UNAVAILABLE",
  }),
  ...vendorRows("company source (SEC EDGAR)", ["COMPANY_DATA_UNAVAILABLE"], edgarVendor),
  ...vendorRows("news source (EDGAR 8-K and RSS)", ["NEWS_UNAVAILABLE"], newsVendor),
  ...vendorRows("FX source (ECB)", ["FX_DATA_UNAVAILABLE"], fxVendor),
  ...vendorRows("FDA source (openFDA)", ["FDA_DATA_UNAVAILABLE"], fdaVendor),
  ...vendorRows(
    "congressional source (House Clerk)",
    ["CONGRESSIONAL_DATA_UNAVAILABLE"],
    congressVendor,
  ),
  ...vendorRows("short-volume source (FINRA)", ["MARKET_DATA_UNAVAILABLE"], shortVolumeVendor),
  {
    name: "narrative backend (Bedrock): connection refused",
    codes: ["AI_ERROR", "REPORT_UNAVAILABLE"],
    faults: () => narrativeVendor(refused()),
  },
  {
    name: "narrative backend (Bedrock): timed out",
    codes: ["AI_ERROR", "REPORT_UNAVAILABLE"],
    faults: () => narrativeVendor(timedOut()),
    usersOf: "narrative backend (Bedrock): connection refused",
  },
];

/** The answers without any fault, by route id. */
const baseline = new Map<string, Answer>();
/** Per row, the routes whose answer the fault changed. */
const users = new Map<string, string[]>();

/** Calls `route` for a fresh caller with `faults` in place; the caller is the demo account. */
async function answerOf(
  route: RouteSpec,
  caller: Caller,
  faults: Partial<Deps>,
): Promise<{ answer: Answer; response: HttpResult }> {
  const event = await requestFor(route, caller);
  useFaults({ demoAccount: callerIsDemo(caller), ...faults });
  try {
    const response = await call(route, event);
    const parsed = parse(response.body);
    return {
      response,
      answer: {
        status: response.statusCode,
        code: parsed?.error?.code,
        retryAfter: response.headers["retry-after"],
        body: response.body,
      },
    };
  } finally {
    useFaults({});
  }
}

function parse(body: string): { success?: boolean; error?: { code: string; details: string } } {
  try {
    return JSON.parse(body);
  } catch {
    return {};
  }
}

/** What is wrong with `answer` under the row's fault, or undefined. */
function problemOf(route: RouteSpec, row: Row, answer: Answer): string | undefined {
  const before = baseline.get(route.id);
  if (!before) return "no baseline";
  const same = answer.status === before.status && answer.code === before.code;
  if (same) return undefined;
  const what = `${answer.status} ${answer.code ?? ""} (without the fault ${before.status} ${before.code ?? ""})`;
  const parsed = parse(answer.body);
  if (answer.status < 400) return `answered ${what}`;
  if (parsed.success !== false || !answer.code) return `not the error envelope: ${what}`;
  if (answer.code === "INTERNAL_ERROR") return `answered ${what}`;
  if (!(routeErrorCodes(route) as string[]).includes(answer.code)) {
    return `answered ${what}, which the route does not declare`;
  }
  if (
    !(row.codes as string[]).includes(answer.code) &&
    row.configured?.[route.id] !== answer.code
  ) {
    return `answered ${what}, not the subsystem's ${row.codes.join(" or ")}`;
  }
  const permanent = /Retrying will not help/.test(parsed.error?.details ?? "");
  if (answer.status === 503 && !permanent && !(Number(answer.retryAfter) > 0)) {
    return `answered ${what} without Retry-After`;
  }
  return undefined;
}

describe("every route under each subsystem's fault", () => {
  beforeAll(async () => {
    const caller = await newCaller();
    for (const route of ROUTES) {
      const { answer } = await answerOf(route, caller, {});
      baseline.set(route.id, answer);
    }
  }, 600_000);

  it("answers every sample without faults (the baseline is not all errors)", () => {
    const failed = ROUTES.filter((route) => (baseline.get(route.id)?.status ?? 500) >= 400).map(
      (route) => `${route.id}: ${baseline.get(route.id)?.body.slice(0, 200)}`,
    );
    expect(failed).toEqual([]);
  });

  it.each(ROWS.map((row) => [row.name, row] as const))(
    "%s",
    async (_name, row) => {
      const caller = await newCaller();
      const faults = row.faults(caller);
      const routes = row.usersOf
        ? ROUTES.filter((route) => users.get(row.usersOf as string)?.includes(route.id))
        : ROUTES;
      const problems: string[] = [];
      const changed: string[] = [];
      for (const route of routes) {
        const { answer } = await answerOf(route, caller, faults);
        const before = baseline.get(route.id);
        if (answer.status !== before?.status || answer.code !== before?.code) {
          changed.push(route.id);
        }
        const problem = problemOf(route, row, answer);
        if (problem) problems.push(`${route.id}: ${problem}`);
      }
      users.set(row.name, changed);
      expect(problems).toEqual([]);
      // The fault reached something: a row no route notices tests nothing.
      expect(changed.length, "routes the fault changed").toBeGreaterThan(0);
    },
    600_000,
  );

  it("answers as before once the faults are gone (no failure is kept)", async () => {
    const caller = await newCaller();
    const different: string[] = [];
    for (const route of ROUTES) {
      const { answer } = await answerOf(route, caller, {});
      const before = baseline.get(route.id);
      if (answer.status !== before?.status || answer.code !== before?.code) {
        different.push(`${route.id}: ${answer.status} ${answer.code ?? ""}`);
      }
    }
    expect(different).toEqual([]);
  }, 600_000);
});
