import type { RouteSpec } from "./route";

/**
 * Every error code the API answers, declared once: its status, its message (a template of
 * typed arguments where the message has variable parts), its details, its Retry-After and a
 * one-line "when" for the documentation. `apiError` (errors.ts) builds every ApiError from
 * here; each route declares the codes it may answer beyond those its kind shares
 * (`sharedErrorCodes`), and the OpenAPI document lists them with an example each.
 */

/** Headers and the logged cause an answer may carry beyond what its template gives. */
export interface ErrorExtras {
  /** Extra response headers, e.g. the X-RateLimit-* figures of a 429. */
  headers?: Record<string, string>;
  /** What failed behind a 5xx; logged by the envelope, never sent to the client. */
  cause?: unknown;
}

/** A template part: fixed, or computed from the code's arguments. */
type Part<A, T> = T | ((args: A) => T);

/** How one code is answered. `A` are the arguments it needs; `object` when it needs none. */
export type ErrorTemplate<A extends object> = {
  status: number;
  message: Part<A, string>;
  /** null unless stated. */
  details?: Part<A, string | null>;
  /** Seconds for the Retry-After header, when the answer carries one. */
  retryAfterSeconds?: Part<A, number | undefined>;
  /** When an operation answers it, for the documentation, e.g. "no X-Api-Key header". */
  when: Part<A, string>;
} & (object extends A
  ? { example?: undefined }
  : {
      /** Arguments of the documented example where an operation shows none of its own. */
      example: A;
    });

const template = <A extends object = object>(entry: ErrorTemplate<A>): ErrorTemplate<A> => entry;

/** One invalid field of a request and what is wrong with it. */
export interface FieldProblem {
  /** `legs[2].right`, `expiry`, `body`. */
  field: string;
  /** `must be C or P`. */
  problem: string;
}

/** Every problem found, the first named in the message: the arguments of every 400. */
export interface FieldProblems {
  problems: readonly [FieldProblem, ...FieldProblem[]];
}

/**
 * The one format of every 400, whatever its code: the message names the first offending field,
 * details list every problem as `field: problem`, joined with `; `.
 */
const invalidInput = (example: FieldProblem) =>
  template<FieldProblems>({
    status: 400,
    message: ({ problems: [first] }) => `Invalid parameter '${first.field}': ${first.problem}`,
    details: ({ problems }) => problems.map((p) => `${p.field}: ${p.problem}`).join("; "),
    when: "invalid input: the message names the first field, details list every problem",
    example: { problems: [example] },
  });

/** A contract looked up by its code (`AAPL_NASDAQ`) or by its ticker symbol (`AAPL`). */
type ContractLookup = { code: string } | { symbol: string };

const lookupOf = (args: ContractLookup) =>
  "code" in args ? { by: "code", value: args.code } : { by: "symbol", value: args.symbol };

export const ERROR_CATALOGUE = {
  INVALID_PARAMETER: invalidInput({ field: "code", problem: "must be SYMBOL_EXCHANGE" }),
  INVALID_EMAIL: invalidInput({ field: "email", problem: "must be a valid email address" }),
  INVALID_NAME: invalidInput({ field: "name", problem: "must not be empty" }),
  INVALID_MESSAGE: invalidInput({ field: "message", problem: "must not be empty" }),

  MISSING_API_KEY: template<{ authorizationSent: boolean }>({
    status: 401,
    message: "This endpoint needs an API key in the X-Api-Key header.",
    details: ({ authorizationSent }) =>
      authorizationSent
        ? "Authorization headers (account tokens) are not accepted by this API."
        : null,
    when: "no X-Api-Key header",
    example: { authorizationSent: false },
  }),
  INVALID_API_KEY: template({
    status: 401,
    message: "The API key is not valid.",
    when: "X-Api-Key is malformed or unknown",
  }),
  INVALID_CREDENTIALS: template({
    status: 401,
    message: "Invalid email or password.",
    when: "wrong email or password",
  }),

  KEY_REVOKED: template({
    status: 403,
    message: "The API key has been revoked.",
    when: "X-Api-Key was revoked",
  }),
  ORIGIN_NOT_ALLOWED: template<{ origin: string }>({
    status: 403,
    message: ({ origin }) => `Origin ${origin} may not call this endpoint.`,
    when: "a browser request from an origin not in CORS_ORIGINS",
    example: { origin: "https://evil.example" },
  }),
  DEMO_ACCOUNT_ONLY: template({
    status: 403,
    message: "This feed is available to the demo account only.",
    details:
      "GET /v1/options/{code}/premium-scanner serves the same candidates for one contract to every key.",
    when: "the key does not belong to the demo account (the operator's DEMO_ACCOUNT_EMAIL)",
  }),

  NOT_FOUND: template<{ method: string; path: string }>({
    status: 404,
    message: ({ method, path }) => `No endpoint at ${method} ${path}.`,
    details: "See /docs for the list of endpoints.",
    when: "no endpoint at this path",
    example: { method: "GET", path: "/v1/market/stock/AAPL_NASDAQ/quote" },
  }),
  SYMBOL_NOT_FOUND: template<ContractLookup>({
    status: 404,
    message: (args) => `No contract with ${lookupOf(args).by} ${lookupOf(args).value}.`,
    // Codes are found by symbol; the symbol lookup itself has nowhere further to point.
    details: (args) => ("code" in args ? "See GET /v1/market/exchanges/{symbol}." : null),
    when: (args) => `no contract has the ${lookupOf(args).by}`,
    example: { code: "AAPX_NASDAQ" },
  }),
  NO_DATA: template<{ what: string; code: string; reason: string }>({
    status: 404,
    message: ({ what, code, reason }) => `No ${what} for ${code}: ${reason}.`,
    when: "the contract has none of these data",
    example: { what: "dividends", code: "SPX_INDEX", reason: "indices have none" },
  }),
  NO_CHAIN_DATA: template<{ code: string; reason: string }>({
    status: 404,
    message: ({ code, reason }) => `No option chain data for ${code}: ${reason}.`,
    details: "See GET /v1/options/{code}/expirations for the listed expirations.",
    when: "the contract is unknown, has no listed options, or the expiration or contract is not listed",
    example: { code: "AAPL_NASDAQ", reason: "no expiration 2026-12-19 is listed" },
  }),
  INSUFFICIENT_OPTION_DATA: template<{ code: string; reason: string }>({
    status: 404,
    message: ({ code, reason }) => `Too little option data for ${code}: ${reason}.`,
    details:
      "The contract has listed options, but too few expirations or strikes for this computation.",
    when: "the listed options are too few for the computation (expirations with an ATM volatility, strikes reaching the deltas, strikes with open interest)",
    example: { code: "AMC_NYSE", reason: "the smile's call deltas do not reach 0.25 and 0.75" },
  }),
  NO_EVENTS: template<{ code: string }>({
    status: 404,
    message: ({ code }) => `No corporate event is scheduled for ${code}.`,
    when: "the company has no upcoming earnings report or ex-dividend date",
    example: { code: "ARKK_BATS" },
  }),
  WEBHOOK_NOT_FOUND: template<{ id: string }>({
    status: 404,
    message: ({ id }) => `No webhook ${id} on this account.`,
    details: "See GET /v1/webhooks for the account's subscriptions.",
    when: "no subscription of the caller's account has this id",
    example: { id: "wh_q4vq2k7c5m3x6n2p6r2t" },
  }),
  ALERT_NOT_FOUND: template<{ id: string }>({
    status: 404,
    message: ({ id }) => `No alert ${id} on this account.`,
    details: "See GET /v1/alerts for the account's alerts.",
    when: "no alert of the caller's account has this id",
    example: { id: "al_7d2kq6m4x6c3v5b2n5z3" },
  }),
  ARTICLE_NOT_FOUND: template<{ id: string }>({
    status: 404,
    message: ({ id }) => `No news article ${id} in the last 30 days.`,
    details: "Article ids come from the news lists (GET /v1/news/top, /news/ticker/{code}, ...).",
    when: "no article of the news window (30 days and the 72 hours before) has this id",
    example: { id: "n-0a1b2c3d4e5f" },
  }),
  NO_MATCH: template<{ q: string }>({
    status: 404,
    message: ({ q }) => `Nothing in the company graph matches '${q}'.`,
    details: "Search by a company's, a person's or an institution's name, or by a ticker.",
    when: "no company, person or institution of the graph matches q",
    example: { q: "Zyxwvut" },
  }),
  PRESET_NOT_FOUND: template<{ name: string; known: readonly string[] }>({
    status: 404,
    message: ({ name }) => `No screener preset named '${name}'.`,
    details: ({ known }) => `Presets: ${known.join(", ")} (GET /v1/graph/screener/presets).`,
    when: "no screener preset has this name",
    example: { name: "cheap-stocks", known: ["strong-and-sturdy", "insider-buying"] },
  }),
  NO_VERDICT: template<{ code: string }>({
    status: 404,
    message: ({ code }) => `No stored verdict for ${code}: the committee has not run on it.`,
    details: ({ code }) =>
      `GET /v1/intelligence/${code}/analysis runs the committee and stores its verdict.`,
    when: "the intelligence committee has never run on the stock (spec fact 4)",
    example: { code: "AAPL_NASDAQ" },
  }),
  CLUSTER_NOT_FOUND: template<{ id: string }>({
    status: 404,
    message: ({ id }) => `No story cluster ${id} in the last 30 days.`,
    details: "See GET /v1/news/clusters for the current clusters.",
    when: "no story cluster of the news window has this id",
    example: { id: "c-0a1b2c3d4e5f" },
  }),
  TOPIC_NOT_FOUND: template<{ name: string }>({
    status: 404,
    message: ({ name }) => `No article of the last 30 days has the topic ${name}.`,
    details: "See GET /v1/news/topics for the topics of the window.",
    when: "no article of the news window carries the topic",
    example: { name: "quantum-widgets" },
  }),
  HOLIDAY_CALENDAR_NOT_FOUND: template<{ exchange: string; known: readonly string[] }>({
    status: 404,
    message: ({ exchange }) => `No holiday calendar for exchange '${exchange}'.`,
    details: ({ known }) =>
      `Calendars: ${known.join(", ")} (MIC or API exchange code; GET /v1/reference/exchanges lists every exchange).`,
    when: "the exchange is unknown or has no holiday calendar here",
    example: { exchange: "XLON", known: ["XNYS", "XNAS", "ARCX", "BATS"] },
  }),
  LANGUAGE_NOT_OFFERED: template<{ lang: string; name: string; offered: readonly string[] }>({
    status: 404,
    message: ({ lang, name }) => `Content is not offered in ${name ? `${name} (${lang})` : lang}.`,
    details: ({ offered }) => `Offered languages: ${offered.join(", ")} (GET /v1/languages).`,
    when: "the language is a valid ISO 639-1 code the API offers no content in",
    example: { lang: "sw", name: "Swahili", offered: ["en", "es", "de", "fr", "ja", "zh", "pt"] },
  }),
  TERM_NOT_FOUND: template<{ slug: string }>({
    status: 404,
    message: ({ slug }) => `No glossary term '${slug}'.`,
    details: "See GET /v1/glossary (q searches terms, aliases and definitions).",
    when: "no glossary term has this slug",
    example: { slug: "gamma-squeeze" },
  }),
  CONTENT_NOT_FOUND: template<{ contentType: string; key: string; available: string }>({
    status: 404,
    message: ({ contentType, key }) => `No content '${key}' of type '${contentType}'.`,
    details: ({ available }) => `Available: ${available}.`,
    when: "no static document has this type and key",
    example: {
      contentType: "help",
      key: "billing",
      available:
        "terms/terms-of-service, privacy/privacy-policy, disclaimers/investment-risk, help/getting-started, faq/general",
    },
  }),
  NO_CHART_DATA: template<{ code: string }>({
    status: 404,
    message: ({ code }) => `No chart data for ${code} in that period.`,
    when: "the contract has no bars in the period",
    example: { code: "ESZ26_CME" },
  }),
  KEY_NOT_FOUND: template<{ keyId: string }>({
    status: 404,
    message: ({ keyId }) => `No key with id ${keyId} on this account.`,
    when: "no key with the id, or another account's",
    example: { keyId: "8" },
  }),

  EMAIL_ALREADY_REGISTERED: template({
    status: 409,
    message: "An account with this email already exists.",
    details: "email: already registered",
    when: "the email is taken",
  }),
  KEY_NAME_TAKEN: template<{ name: string }>({
    status: 409,
    message: ({ name }) => `A key named '${name}' already exists.`,
    details: "name: taken by a live key",
    when: "a live key of the account has the name",
    example: { name: "ci" },
  }),
  WEBHOOK_LIMIT_REACHED: template<{ limit: number }>({
    status: 409,
    message: ({ limit }) => `The account already has ${limit} webhooks, the most it may hold.`,
    details: "Delete one (DELETE /v1/webhooks/{id}) to create another.",
    when: "the account holds the most webhook subscriptions it may",
    example: { limit: 10 },
  }),
  ALERT_LIMIT_REACHED: template<{ limit: number }>({
    status: 409,
    message: ({ limit }) => `The account already has ${limit} alerts, the most it may hold.`,
    details: "Delete one (DELETE /v1/alerts/{id}) to create another.",
    when: "the account holds the most alerts it may",
    example: { limit: 100 },
  }),
  WEBHOOK_DISABLED: template<{ id: string }>({
    status: 409,
    message: ({ id }) => `Webhook ${id} is disabled; it receives no deliveries.`,
    details: "Its receiver answered 410 Gone. Delete it and create a new subscription.",
    when: "the subscription was disabled (its receiver answered 410 Gone)",
    example: { id: "wh_q4vq2k7c5m3x6n2p6r2t" },
  }),
  KEY_IN_USE: template({
    status: 409,
    message: "A key cannot revoke itself.",
    details: "Send the request with another key of this account.",
    when: "the key in X-Api-Key is the one being revoked",
  }),

  PAYLOAD_TOO_LARGE: template<{ limitBytes: number; receivedBytes: number }>({
    status: 413,
    message: ({ limitBytes }) => `Request body exceeds ${limitBytes} bytes.`,
    details: ({ receivedBytes }) => `Received ${receivedBytes} bytes.`,
    when: ({ limitBytes }) => `the body is larger than ${limitBytes / 1024} KiB`,
    example: { limitBytes: 64 * 1024, receivedBytes: 70_312 },
  }),

  /** Spec, Errors rule 3: the exact messages, the tier and wait in details, Retry-After. */
  RATE_LIMIT_EXCEEDED: template<{
    limit: "minute" | "daily";
    /** The tier or bucket label, e.g. `Free`, `Contact form`. */
    tier: string;
    retryAfterSeconds: number;
  }>({
    status: 429,
    message: ({ limit }) =>
      limit === "minute" ? "Per-minute rate limit exceeded." : "Daily rate limit exceeded.",
    details: ({ tier, retryAfterSeconds }) => `${tier}: retry in ${retryAfterSeconds} seconds.`,
    retryAfterSeconds: ({ retryAfterSeconds }) => retryAfterSeconds,
    when: ({ limit }) =>
      limit === "minute"
        ? "over the per-minute limit; Retry-After gives the seconds to wait"
        : "over the daily quota (reset at 00:00 UTC); Retry-After gives the seconds to wait",
    example: { limit: "minute", tier: "Free", retryAfterSeconds: 41 },
  }),

  INTERNAL_ERROR: template({
    status: 500,
    message: "An unexpected error occurred.",
    when: "an unexpected fault, logged with the request id",
  }),
  AI_ERROR: template({
    status: 500,
    message: "The analysis text could not be written: the model backend is unavailable.",
    details: "Nothing of the answer was returned. Retry later.",
    when: "the narrative model backend (NARRATIVE_BACKEND=bedrock) failed or could not be reached",
  }),
  SEND_FAILED: template({
    status: 502,
    message: "The message could not be sent. Please try again later.",
    when: "the mail hand-off was rejected",
  }),

  RATE_LIMITER_UNAVAILABLE: template<{ mayHaveCounted: boolean }>({
    status: 503,
    message: "The rate limiter is temporarily unavailable. Retry shortly.",
    details: ({ mayHaveCounted }) =>
      mayHaveCounted ? "This request may have counted once against its rate limits." : null,
    retryAfterSeconds: 1,
    when: "the rate limiter's table is unreachable",
    example: { mayHaveCounted: false },
  }),
  REQUEST_TIMEOUT: template({
    status: 503,
    message: "The request ran out of time before it could be answered. Retry shortly.",
    details:
      "It was stopped just before its function's time limit. A write may have completed: read it back before retrying.",
    retryAfterSeconds: 2,
    when: "the request needed longer than its function's time limit (10 s; 29 s for the graph, market-analysis, screener and intelligence groups), e.g. while a backing service was slow",
  }),
  DATABASE_UNAVAILABLE: template({
    status: 503,
    message: "The database is temporarily unavailable. Retry shortly.",
    retryAfterSeconds: 1,
    when: "the account table is unreachable",
  }),
  MARKET_DATA_UNAVAILABLE: template<{ lacking?: string }>({
    status: 503,
    message: ({ lacking }) =>
      lacking === undefined
        ? "Market data is temporarily unavailable."
        : `The configured market-data source does not supply ${lacking}.`,
    // A source that never supplies something is not worth retrying: no Retry-After then.
    details: ({ lacking }) =>
      lacking === undefined ? null : "Retrying will not help; the simulated market supplies it.",
    retryAfterSeconds: ({ lacking }) => (lacking === undefined ? 5 : undefined),
    when: "the market-data source is unreachable, or does not supply what the operation reads",
  }),
  COMPANY_DATA_UNAVAILABLE: template<{ lacking?: string }>({
    status: 503,
    message: ({ lacking }) =>
      lacking === undefined
        ? "Company data is temporarily unavailable."
        : `The configured company-data source does not supply ${lacking}.`,
    details: ({ lacking }) =>
      lacking === undefined ? null : "Retrying will not help; the simulated world supplies it.",
    retryAfterSeconds: ({ lacking }) => (lacking === undefined ? 10 : undefined),
    when: "the company-data source (SEC EDGAR) is unreachable, or does not supply what the operation reads",
  }),
  CONGRESSIONAL_DATA_UNAVAILABLE: template<{ lacking?: string; note?: string }>({
    status: 503,
    message: ({ lacking }) =>
      lacking === undefined
        ? "Congressional trade data is temporarily unavailable."
        : `The configured congressional-trades source does not supply ${lacking}.`,
    details: ({ lacking, note }) =>
      lacking === undefined
        ? null
        : `${note ? `${note} ` : ""}Retrying will not help; the simulated world supplies them.`,
    retryAfterSeconds: ({ lacking }) => (lacking === undefined ? 30 : undefined),
    when: "the congressional-trades source is unreachable, or lists filings without their transactions (CONGRESSIONAL_PROVIDER=house)",
  }),
  FDA_DATA_UNAVAILABLE: template<{ provider: string }>({
    status: 503,
    message: "FDA data is temporarily unavailable.",
    details: ({ provider }) => `The source that did not answer: ${provider}.`,
    retryAfterSeconds: 60,
    when: "the FDA source (openFDA's Drugs@FDA or the Federal Register, FDA_PROVIDER=openfda) is unreachable, answered something unreadable, or its request budget (openFDA: 240 a minute, 1,000 a day) is spent",
    example: { provider: "openFDA" },
  }),
  NEWS_UNAVAILABLE: template({
    status: 503,
    message: "News is temporarily unavailable.",
    retryAfterSeconds: 30,
    when: "the news source (the newsroom, SEC EDGAR's feed or the configured RSS/Atom feeds) is unreachable or answered something unreadable",
  }),
  FX_DATA_UNAVAILABLE: template({
    status: 503,
    message: "Foreign exchange rates are temporarily unavailable.",
    retryAfterSeconds: 60,
    when: "the FX source (the ECB's reference-rate files with FX_PROVIDER=ecb) is unreachable or answered something unreadable",
  }),
  QUEUE_UNAVAILABLE: template({
    status: 503,
    message: "The webhook queue is temporarily unavailable. Retry shortly.",
    details: "Nothing was enqueued.",
    retryAfterSeconds: 5,
    when: "the webhook delivery queue (SQS) refused or could not be reached",
  }),
  NOVA_UNAVAILABLE: template({
    status: 503,
    message: "Suggestions are temporarily unavailable.",
    retryAfterSeconds: 30,
    when: "the model cannot be loaded or scored, or the source lists no options",
  }),
  REPORT_UNAVAILABLE: template({
    status: 503,
    message: "Reports are temporarily unavailable.",
    retryAfterSeconds: 30,
    when: "the analysis service (the narrative backend) is down",
  }),
};

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** The arguments code `C`'s answer is built from; `object` when it needs none. */
export type ErrorArgs<C extends ErrorCode> =
  (typeof ERROR_CATALOGUE)[C] extends ErrorTemplate<infer A> ? A : never;

/** The codes of invalid input, which validation picks per field (RouteSpec.fieldErrorCodes). */
export type FieldErrorCode = {
  [C in ErrorCode]: ErrorArgs<C> extends FieldProblems ? C : never;
}[ErrorCode];

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CATALOGUE, code);
}

/** One answer as the catalogue words it: the envelope's error, its status and Retry-After. */
export interface ErrorAnswer {
  status: number;
  code: ErrorCode;
  message: string;
  details: string | null;
  /** Seconds; undefined when the answer carries no Retry-After. */
  retryAfterSeconds: number | undefined;
  when: string;
}

const evaluate = <A, T>(part: Part<A, T>, args: A): T =>
  typeof part === "function" ? (part as (args: A) => T)(args) : part;

/** The answer for `code` built from `args`; the documentation's example args when omitted. */
export function errorAnswer<C extends ErrorCode>(code: C, args?: ErrorArgs<C>): ErrorAnswer {
  const entry = ERROR_CATALOGUE[code] as ErrorTemplate<object>;
  const given = (args ?? entry.example ?? {}) as object;
  const when = evaluate(entry.when, given);
  const retry = entry.retryAfterSeconds;
  return {
    status: entry.status,
    code,
    message: evaluate(entry.message, given),
    details: evaluate(entry.details ?? null, given),
    retryAfterSeconds: retry === undefined ? undefined : evaluate(retry, given),
    // A fixed wait is worth stating; a computed one (429) is explained by its `when`.
    when: typeof retry === "number" ? `${when}; Retry-After: ${retry}` : when,
  };
}

/** What a route's kind decides about the errors it shares; see `sharedErrorCodes`. */
export type RouteKind = Pick<
  RouteSpec,
  "auth" | "versioned" | "unmetered" | "params" | "query" | "body" | "fieldErrorCodes"
>;

/**
 * The codes every route of its kind answers, which routes do not repeat: 400 for routes with
 * inputs (and the route's field codes), authentication and rate limiting on API routes (a
 * request carrying X-Api-Key is checked and counted on every one, keyless and unmetered ones
 * included; `key` routes answer 401 without one), 413 for routes with a body, 500, and 503 for
 * a request that outlasts its function's time limit. The documentation routes (unversioned) are neither authenticated nor metered.
 */
export function sharedErrorCodes(route: RouteKind): ErrorCode[] {
  const api = route.versioned !== false;
  const inputs = route.params || route.query || route.body;
  const fieldCodes = Object.values(route.fieldErrorCodes ?? {});
  const invalid = new Set<ErrorCode>(["INVALID_PARAMETER", ...fieldCodes]);
  return [
    ...(inputs ? invalid : []),
    ...(api && route.auth === "key" ? ["MISSING_API_KEY" as const] : []),
    ...(api ? ["INVALID_API_KEY" as const, "KEY_REVOKED" as const] : []),
    ...(route.body ? ["PAYLOAD_TOO_LARGE" as const] : []),
    ...(api ? ["RATE_LIMIT_EXCEEDED" as const] : []),
    "INTERNAL_ERROR",
    ...(api ? ["RATE_LIMITER_UNAVAILABLE" as const] : []),
    "REQUEST_TIMEOUT",
  ];
}

/** Every code the route may answer: those its kind shares, then those it declares. */
export function routeErrorCodes(route: RouteKind & Pick<RouteSpec, "errors">): ErrorCode[] {
  return [...new Set([...sharedErrorCodes(route), ...(route.errors ?? [])])];
}
