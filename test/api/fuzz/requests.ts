import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import fc from "fast-check";
import type { ZodObject, ZodType } from "zod";
import { fullPath, type RouteSpec, routeKey } from "../../../lib/api/route";
import { gatewayEvent } from "../../setup/events";
import { type ArbitraryOptions, arbitraryOf } from "./arbitraries";
import {
  hostileJson,
  hostileText,
  malformedJson,
  numericText,
  pathAttack,
  replacementFor,
} from "./hostile";

/**
 * The fuzz test's requests to one route, as API Gateway events: drawn from the route's zod
 * schemas (valid), valid then mutated, the route's `events/` sample mutated, or wholly hostile;
 * any of them sometimes abused (content type, size, base64, duplicate query parameters).
 */

export type DrawKind = "valid" | "valid-mutated" | "sample-mutated" | "hostile";

export interface Drawn {
  kind: DrawKind;
  /** The abuse of the request itself, if any (see `abused`). */
  abuse: string | null;
  event: APIGatewayProxyEventV2;
}

/** A request before it becomes an event: values of any type, a body as a value or raw text. */
export interface RequestParts {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** Sent instead of `JSON.stringify(body)` (malformed JSON). */
  bodyText?: string;
}

const ROOT = join(import.meta.dirname, "../../..");

export function paramNames(route: RouteSpec): string[] {
  return [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
}

function objectKeys(schema: ZodType | undefined): string[] {
  const shape = (schema as ZodObject | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** A value as API Gateway hands it over in a path or query string: text. */
export const asText = (value: unknown): string =>
  typeof value === "string" ? value : (JSON.stringify(value) ?? "");

const textOf = (record: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(record)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, asText(value)]),
  );

/** What the route's schemas receive for these parts: text in the path and query, parsed JSON. */
export function wireForm(parts: RequestParts): RequestParts {
  const text = parts.bodyText ?? JSON.stringify(parts.body);
  return {
    params: textOf(parts.params),
    query: textOf(parts.query),
    body: text === undefined ? undefined : JSON.parse(text),
  };
}

/** An event for the route as API Gateway would build it, with the given API key. */
export function requestEvent(route: RouteSpec, parts: RequestParts, apiKey: string) {
  const pathParameters = textOf(parts.params);
  const query = textOf(parts.query);
  const body = route.method === "GET" ? undefined : (parts.bodyText ?? JSON.stringify(parts.body));
  // A lone surrogate cannot be percent-encoded: the raw path carries U+FFFD, the parameter itself.
  const segment = (name: string) => encodeURIComponent((pathParameters[name] ?? "").toWellFormed());
  const path = paramNames(route).reduce(
    (built, name) => built.replace(`{${name}}`, segment(name)),
    fullPath(route),
  );
  const event = gatewayEvent({
    method: route.method,
    path,
    routeKey: routeKey(route),
    sourceIp: `198.18.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`,
    ...(body === undefined ? {} : { body }),
  });
  event.headers["x-api-key"] = apiKey;
  event.headers.origin = "https://www.example.com";
  event.pathParameters = pathParameters;
  event.queryStringParameters = query;
  event.rawQueryString = new URLSearchParams(query).toString();
  return event;
}

/** The route's valid `events/` sample as parts. */
export function sampleParts(route: RouteSpec): RequestParts {
  const sample = JSON.parse(
    readFileSync(join(ROOT, "events", `${route.id}.json`), "utf8"),
  ) as APIGatewayProxyEventV2;
  return {
    params: { ...sample.pathParameters },
    query: { ...sample.queryStringParameters },
    body: sample.body ? JSON.parse(sample.body) : route.method === "GET" ? undefined : {},
  };
}

const partArbitrary = (schema: ZodType | undefined, options: ArbitraryOptions, empty: unknown) =>
  schema ? arbitraryOf(schema, options) : fc.constant(empty);

/** Parts drawn from the route's schemas: inputs they accept, barring refinements. */
export function validParts(route: RouteSpec, options: ArbitraryOptions) {
  return fc.record({
    params: partArbitrary(route.params, options, {}) as fc.Arbitrary<Record<string, unknown>>,
    query: partArbitrary(route.query, options, {}) as fc.Arbitrary<Record<string, unknown>>,
    body: partArbitrary(route.body, options, undefined),
  });
}

type Part = "params" | "query" | "body";
type Path = readonly [Part, ...(string | number)[]];

/** Every place a mutation can hit: the schemas' top-level fields and every nested value drawn. */
function mutablePaths(route: RouteSpec, parts: RequestParts): Path[] {
  const paths = new Map<string, Path>();
  const visit = (path: Path, value: unknown, depth: number) => {
    if (path.length > 1) paths.set(JSON.stringify(path), path);
    if (depth >= 3 || typeof value !== "object" || value === null) return;
    for (const [key, inner] of Object.entries(value)) {
      visit([...path, Array.isArray(value) ? Number(key) : key], inner, depth + 1);
    }
  };
  for (const name of paramNames(route)) visit(["params", name], parts.params[name], 1);
  for (const key of objectKeys(route.query)) visit(["query", key], parts.query[key], 1);
  // A query parameter no route declares: ignored or refused, never a 5xx.
  visit(["query", "unknownParameter"], undefined, 1);
  for (const key of objectKeys(route.body)) visit(["body", key], undefined, 1);
  visit(["body"], parts.body, 0);
  return [...paths.values()];
}

const MISSING = Symbol("missing field");
const EXTRA = Symbol("extra field");

type Mutation =
  | { path: Path; value: unknown }
  | { path: Path; value: typeof MISSING }
  | { path: Path; value: { [EXTRA]: unknown } }
  | { bodyText: string };

const isExtra = (value: unknown): value is { [EXTRA]: unknown } =>
  typeof value === "object" && value !== null && EXTRA in value;

function valueAt(parts: RequestParts, path: Path): unknown {
  let value: unknown = parts;
  for (const key of path) value = (value as Record<string | number, unknown> | undefined)?.[key];
  return value;
}

/** What replaces the value at `path`: edge and wrong-typed values; attacks in a path segment. */
function replacementAt(parts: RequestParts, path: Path): fc.Arbitrary<unknown> {
  const original = valueAt(parts, path);
  const replacement = replacementFor(original ?? "");
  if (path[0] !== "params") return fc.oneof(replacement, numericText);
  return fc.oneof(
    replacement,
    pathAttack,
    pathAttack.map((attack) => `${original}${attack}`),
  );
}

/** One mutation of `parts`: replace, drop or add a field, or break the body's JSON. */
function mutationOf(route: RouteSpec, parts: RequestParts): fc.Arbitrary<Mutation> {
  const paths = mutablePaths(route, parts);
  const fieldMutation = fc
    .constantFrom(...paths)
    .chain((path) =>
      fc
        .oneof(
          { arbitrary: replacementAt(parts, path), weight: 6 },
          { arbitrary: fc.constant(MISSING), weight: 1 },
          { arbitrary: hostileJson.map((value) => ({ [EXTRA]: value })), weight: 1 },
        )
        .map((value): Mutation => ({ path, value })),
    );
  const bodyText = JSON.stringify(parts.body ?? {});
  const brokenBody = malformedJson(bodyText).map((text): Mutation => ({ bodyText: text }));
  if (!route.body) return fieldMutation;
  return fc.oneof({ arbitrary: fieldMutation, weight: 6 }, { arbitrary: brokenBody, weight: 1 });
}

function applied(parts: RequestParts, mutations: readonly Mutation[]): RequestParts {
  const result = structuredClone(parts);
  for (const mutation of mutations) {
    if ("bodyText" in mutation) {
      result.bodyText = mutation.bodyText;
      continue;
    }
    const path = mutation.path;
    const parent = valueAt(result, path.slice(0, -1) as unknown as Path);
    if (typeof parent !== "object" || parent === null) continue;
    const holder = parent as Record<string | number, unknown>;
    const key = path[path.length - 1] as string | number;
    if (mutation.value === MISSING) delete holder[key];
    else if (isExtra(mutation.value)) holder[`unexpected_${key}`] = mutation.value[EXTRA];
    else holder[key] = mutation.value;
  }
  return result;
}

/** `parts` with one or two mutations. */
export function mutated(
  route: RouteSpec,
  parts: fc.Arbitrary<RequestParts>,
): fc.Arbitrary<RequestParts> {
  return parts.chain((drawn) => {
    const withBody = route.body && drawn.body === undefined ? { ...drawn, body: {} } : drawn;
    return fc
      .array(mutationOf(route, withBody), { minLength: 1, maxLength: 2 })
      .map((mutations) => applied(withBody, mutations));
  });
}

/** A request whose every part comes from the hostile generators. */
export function hostileParts(route: RouteSpec): fc.Arbitrary<RequestParts> {
  const queryKeys = objectKeys(route.query);
  const bodyKeys = objectKeys(route.body);
  const names = paramNames(route);
  return fc.record({
    params: fc
      .tuple(...names.map(() => fc.oneof(hostileText, pathAttack)))
      .map((values) => Object.fromEntries(names.map((name, i) => [name, values[i] ?? ""]))),
    query: fc.dictionary(
      queryKeys.length ? fc.constantFrom(...queryKeys) : fc.string({ maxLength: 8 }),
      hostileText,
      { maxKeys: 6 },
    ),
    body: fc.constant(undefined),
    bodyText: fc.oneof(
      fc
        .dictionary(
          bodyKeys.length ? fc.constantFrom(...bodyKeys) : fc.string({ maxLength: 8 }),
          hostileJson,
          { maxKeys: 8 },
        )
        .map((value) => JSON.stringify(value)),
      hostileJson.map((value) => JSON.stringify(value)),
      fc.constantFrom("{", "not json", "[1,2", ""),
    ),
  });
}

/**
 * Abuse of the request itself, in one of five: a wrong content type, an oversized body, a body
 * flagged base64 that is not, or a query parameter given twice (API Gateway joins the values
 * with a comma).
 */
export function abused(
  route: RouteSpec,
  events: fc.Arbitrary<{ kind: DrawKind; event: APIGatewayProxyEventV2 }>,
): fc.Arbitrary<Drawn> {
  const abuse = fc.constantFrom("content-type", "oversized", "base64", "duplicate-query");
  const contentType = fc.constantFrom(
    "text/plain",
    "application/xml",
    "multipart/form-data; boundary=x",
    "application/x-www-form-urlencoded",
  );
  return fc
    .tuple(
      events,
      fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: abuse, weight: 1 }),
      contentType,
    )
    .map(([{ kind, event: generated }, abuseKind, type]) => {
      const event = structuredClone(generated);
      if (abuseKind === "content-type") event.headers["content-type"] = type;
      if (abuseKind === "oversized" && route.method !== "GET") {
        event.body = JSON.stringify({ padding: "x".repeat(70 * 1024) });
      }
      if (abuseKind === "base64" && event.body !== undefined) {
        event.body = "%%% not base64 %%%";
        event.isBase64Encoded = true;
      }
      if (abuseKind === "duplicate-query") {
        const [key, value] = Object.entries(event.queryStringParameters ?? {})[0] ?? ["limit", "1"];
        event.queryStringParameters = {
          ...event.queryStringParameters,
          [key]: `${value},${value}`,
        };
        event.rawQueryString = `${event.rawQueryString}&${new URLSearchParams({ [key]: value ?? "" })}`;
      }
      return { kind, abuse: abuseKind, event };
    });
}

/** How often each kind of request is drawn, out of 10. */
const KIND_WEIGHTS: Record<DrawKind, number> = {
  valid: 3,
  "valid-mutated": 3,
  "sample-mutated": 2,
  hostile: 2,
};

/** Every kind of request to `route`, sometimes abused. */
export function fuzzedRequest(
  route: RouteSpec,
  apiKey: string,
  options: ArbitraryOptions,
): fc.Arbitrary<Drawn> {
  const valid = validParts(route, options);
  const byKind: Record<DrawKind, fc.Arbitrary<RequestParts>> = {
    valid,
    "valid-mutated": mutated(route, valid),
    "sample-mutated": mutated(route, fc.constant(sampleParts(route))),
    hostile: hostileParts(route),
  };
  const kinds = (Object.keys(byKind) as DrawKind[]).map((kind) => ({
    weight: KIND_WEIGHTS[kind],
    arbitrary: byKind[kind].map((parts) => ({ kind, event: requestEvent(route, parts, apiKey) })),
  }));
  return abused(route, fc.oneof(...kinds));
}
