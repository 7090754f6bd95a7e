import { type GlossaryTerm, termsOf } from "./types";

export const API_USAGE: GlossaryTerm[] = termsOf("api-usage", {
  "api-key": {
    term: "API key",
    short: "The secret sent in the X-Api-Key header that identifies and meters an application.",
    long: "The full key is shown once, at registration or creation; listings show only its prefix, and the service stores only a hash. Use one key per application and revoke a compromised key at once: a revoked key answers 403, a missing or unknown one 401.",
    related: ["rate-limit", "tier", "keyless-request"],
    endpoint: "GET /account/keys",
    aliases: ["X-Api-Key", "key"],
  },
  tier: {
    term: "Tier",
    short: "An account's plan, which sets its per-minute and daily request limits.",
    long: "Free (60 a minute, 1,000 a day), Starter (60, 10,000), Professional (300, 50,000), Business (1,000 a minute, no daily limit) and Enterprise (custom).",
    related: ["rate-limit", "api-key"],
    endpoint: "GET /account/tiers",
    aliases: ["plan"],
  },
  "rate-limit": {
    term: "Rate limit",
    short: "The most requests a key may make per minute (a sliding window) and per UTC day.",
    long: "Over a limit the API answers 429 RATE_LIMIT_EXCEEDED with a Retry-After header (seconds until the minute window clears, or until 00:00 UTC for the daily limit) and no data key. Every request that carries a key counts against it.",
    related: ["tier", "api-key", "keyless-request", "error-code"],
    endpoint: "GET /account/usage",
    aliases: ["429", "quota", "throttling"],
  },
  "keyless-request": {
    term: "Keyless request",
    short:
      "A request without X-Api-Key to one of the few routes that need none, metered per client IP.",
    long: "Registration, login, the tiers, the contact forms, the webhook event catalogue and the supply-chain coverage need no key. Keyless requests are counted per IP address (IPv6 per /64) in counters kept two days; the descriptor at GET /v1 is not metered, so it can serve as a readiness probe.",
    related: ["rate-limit", "api-key", "service-descriptor"],
    endpoint: "GET /account/tiers",
  },
  envelope: {
    term: "Response envelope",
    short:
      "The JSON wrapper of every answer: success, data, error {code, message, details} and meta.",
    long: "meta carries requestId (also in the X-Request-Id header), timestamp and version v1. On an error data is null; a 429 omits data, and a 405 has an empty body.",
    related: ["error-code", "request-id"],
    aliases: ["response format"],
  },
  "request-id": {
    term: "Request id",
    short: "The unique id of one request, in meta.requestId and the X-Request-Id header.",
    long: "Quote it when reporting a problem: every unexpected error is logged in full with it, while the answer says only INTERNAL_ERROR.",
    related: ["envelope", "error-code"],
  },
  "error-code": {
    term: "Error code",
    short: "The machine-readable error.code of a failed request, e.g. INVALID_PARAMETER.",
    long: "Every code is declared once, with its status and wording; the documentation lists, per operation, the codes it can answer with an example of each. A 400 names the first offending field in its message and lists every problem in details.",
    related: ["envelope", "rate-limit"],
    endpoint: "GET /swagger/v1/swagger.json",
    aliases: ["error"],
  },
  "contract-code": {
    term: "Contract code",
    short: "This API's identifier of an instrument: SYMBOL_EXCHANGE, e.g. AAPL_NASDAQ.",
    long: "Most data endpoints take it as {code}; it is case-insensitive. GET /market/exchanges/{symbol} lists the codes of a ticker, GET /market/tradeable every active one. Indices end in _INDEX, futures carry month and year (ESZ26_CME).",
    related: ["ticker-symbol", "stock", "futures"],
    endpoint: "GET /market/tradeable",
    aliases: ["code", "SYMBOL_EXCHANGE"],
  },
  "cursor-pagination": {
    term: "Cursor pagination",
    short: "Paging a long list by passing back the opaque cursor of the previous page.",
    long: "Lists longer than a page take limit (documented default and maximum) and cursor; the answer's nextCursor (null on the last page) fetches the next. A cursor marks a position by the last row's sort key, so rows are neither repeated nor skipped as the list grows.",
    related: ["envelope"],
    endpoint: "GET /glossary",
    aliases: ["cursor", "nextCursor", "pagination"],
  },
  webhook: {
    term: "Webhook",
    short: "An HTTPS callback the service POSTs to when a subscribed event happens.",
    long: "Subscriptions name a URL and the event types wanted; deliveries are signed, retried with backoff on failure and logged. A 410 answer disables the subscription. Subscriptions cannot be edited: delete and recreate (spec fact 13).",
    related: ["webhook-signature", "price-alert"],
    endpoint: "GET /webhooks/events",
    aliases: ["callback"],
  },
  "webhook-signature": {
    term: "Webhook signature",
    short:
      "The HMAC that proves a delivery came from this service, per the Standard Webhooks specification.",
    long: "Each delivery carries webhook-id, webhook-timestamp and webhook-signature headers; the signature is v1, followed by the base64 HMAC-SHA256 of id.timestamp.body keyed with the subscription's secret. Receivers should verify it and reject old timestamps.",
    formula: 'signature = base64(HMAC-SHA256(secret, id + "." + timestamp + "." + body))',
    related: ["webhook"],
    endpoint: "POST /webhooks/{id}/test",
    aliases: ["Standard Webhooks"],
  },
  "price-alert": {
    term: "Alert",
    short:
      "A condition on a price, implied volatility or volume that fires a webhook event when it holds.",
    long: "Alerts are evaluated every minute against the market; each fires once when its condition becomes true and is delivered through the account's webhook subscriptions.",
    related: ["webhook"],
    endpoint: "POST /alerts/subscribe",
    aliases: ["alert subscription"],
  },
  "simulated-market": {
    term: "Simulated market",
    short:
      "The deterministic market this API serves by default: real tickers, prices from a seeded model.",
    long: "Prices come from a seeded factor model with the NYSE calendar, option chains priced off one volatility surface, and companies, filings, news and insiders consistent with them. The same clock gives the same answers on every machine; simulated people are fictional.",
    related: ["sim-now", "contract-code"],
    endpoint: "GET /market/status",
    aliases: ["sim", "MARKET_PROVIDER=sim"],
  },
  "sim-now": {
    term: "SIM_NOW",
    short:
      "The setting that pins the simulated market's clock to an instant, for reproducible answers.",
    long: "Set on a local or test deployment (e.g. 2026-11-23T15:00:00Z, a Monday 10:00 in New York), every endpoint answers as of that instant: the world knows only its past.",
    related: ["simulated-market"],
  },
  "openapi-document": {
    term: "OpenAPI document",
    short:
      "The machine-readable description of every operation, served at /swagger/v1/swagger.json and rendered at /docs.",
    long: "Each operation shows a realistic request and answer and, per status, an example of each error code it can answer. Client generators can read it directly.",
    related: ["error-code", "service-descriptor"],
    endpoint: "GET /swagger/v1/swagger.json",
    aliases: ["Swagger", "OpenAPI"],
  },
  "service-descriptor": {
    term: "Service descriptor",
    short: "GET /v1: the service's name, version, links and endpoint counts, without a key.",
    long: "Its surface counts and endpoint map are computed from the route table, so they always match what is served. It touches no database and is not metered without a key, which makes it the readiness probe.",
    related: ["openapi-document", "keyless-request"],
    endpoint: "GET /",
    aliases: ["descriptor", "readiness probe"],
  },
  "ip-geolocation": {
    term: "IP geolocation",
    short: "Placing an IP address in a country from a database of address blocks.",
    long: "Country-level databases built from registry records are right for most addresses but place VPNs, mobile carriers and cloud providers where the block is registered, not where the user is. This API's /geo answers private and loopback addresses as unknown and stores nothing about the address.",
    related: ["regional-content"],
    endpoint: "GET /geo",
    aliases: ["geo", "GeoIP"],
  },
  "regional-content": {
    term: "Regional content",
    short:
      "What this API tailors to a language and country: local market hours, currency, holidays, disclaimer.",
    long: "Given lang and country, the API answers the US market's sessions in the country's time zone, its currency and number formats, upcoming US market holidays, the regulatory disclaimer and glossary entries in the language where they are translated.",
    related: ["ip-geolocation", "market-holiday", "regular-session"],
    endpoint: "GET /regional-content",
    aliases: ["localisation", "localization", "i18n"],
  },
});
