import type { DocumentDraft } from "./types";

export const HELP: Record<string, DocumentDraft> = {
  "getting-started": {
    title: "Getting started",
    summary: "Register, get a key, make a first request.",
    lastUpdated: "2026-11-25",
    sections: [
      {
        heading: "1. Register",
        body: 'POST /v1/account/register with {"email", "password"} (a passphrase of at least 8 characters). The answer carries your API key once: store it in a secret manager.',
      },
      {
        heading: "2. Call the API",
        body: "Send the key in the X-Api-Key header on every request, e.g. GET /v1/market/stocks/AAPL_NASDAQ/quote. Every answer is an envelope: read data on success, error.code and error.message otherwise.",
      },
      {
        heading: "3. Explore",
        body: "The documentation at /docs shows every operation with an example request and answer, and each error it can return. GET /v1 lists the endpoint groups.",
      },
    ],
    related: [
      "/content/help/authentication",
      "/content/help/rate-limits",
      "/glossary/contract-code",
    ],
  },
  authentication: {
    title: "Authentication and keys",
    summary: "How keys work, how to rotate them, and what 401 and 403 mean.",
    lastUpdated: "2026-11-25",
    sections: [
      {
        heading: "Keys",
        body: "Every endpoint except registration, login, the tiers, the contact forms, the webhook event catalogue and the supply-chain coverage needs X-Api-Key. The key issued at registration can create and revoke the account's other keys (GET and POST /v1/account/keys, DELETE /v1/account/keys/{keyId}).",
      },
      {
        heading: "Rotation",
        body: "Create a new key, deploy it, then revoke the old one. Listings show only a key's prefix.",
      },
      {
        heading: "Errors",
        body: "401 MISSING_API_KEY or INVALID_API_KEY: no key or an unknown one. 403 KEY_REVOKED: the key was revoked. An Authorization: Bearer header authenticates nothing here: the login token is for first-party applications.",
      },
    ],
    related: ["/content/help/getting-started", "/glossary/api-key"],
  },
  "rate-limits": {
    title: "Rate limits",
    summary: "Per-minute and daily limits by tier, the 429 answer and how to back off.",
    lastUpdated: "2026-11-25",
    sections: [
      {
        heading: "Limits",
        body: "Each key has a per-minute limit (a sliding window) and a daily limit (UTC day) from its tier; GET /v1/account/usage shows today's count. Keyless requests share a per-IP bucket.",
      },
      {
        heading: "When limited",
        body: "A 429 RATE_LIMIT_EXCEEDED answer has no data key and a Retry-After header in seconds: wait that long before retrying, and add jitter when many clients share a key.",
      },
    ],
    related: ["/account/tiers", "/glossary/rate-limit"],
  },
  errors: {
    title: "Errors",
    summary: "How errors are reported and what to do about each status.",
    lastUpdated: "2026-11-25",
    sections: [
      {
        heading: "The error object",
        body: "error.code is stable and machine-readable; error.message is for people and names the offending field on a 400 (\"Invalid parameter 'expiry': ...\"); error.details lists every problem as field: problem.",
      },
      {
        heading: "By status",
        body: "400: fix the request. 401/403: check the key. 404: the resource or identifier does not exist; the message usually says where to find valid ones. 405: the path exists with another method (empty body). 429: wait Retry-After seconds. 500: a bug; report the request id. 503: a backing service is down; retry after Retry-After.",
      },
    ],
    related: ["/glossary/error-code", "/glossary/request-id"],
  },
  pagination: {
    title: "Pagination",
    summary: "How long lists are paged with limit and cursor.",
    lastUpdated: "2026-11-25",
    sections: [
      {
        heading: "limit and cursor",
        body: "Pass limit (each list documents its default and maximum). When more rows follow, the answer's nextCursor is a string: send it as cursor to get the next page. nextCursor is null on the last page. Cursors are opaque: do not build or edit them; a cursor the API did not issue is a 400 naming cursor.",
      },
    ],
    related: ["/glossary/cursor-pagination", "/glossary"],
  },
  webhooks: {
    title: "Webhooks and alerts",
    summary: "Subscribe to events, verify signatures, handle retries.",
    lastUpdated: "2026-11-25",
    sections: [
      {
        heading: "Subscribe",
        body: "GET /v1/webhooks/events lists the event types. POST /v1/webhooks with an HTTPS URL and the types wanted; the answer shows the signing secret once. POST /v1/webhooks/{id}/test sends a test event.",
      },
      {
        heading: "Verify",
        body: "Deliveries follow the Standard Webhooks specification: verify webhook-signature (HMAC-SHA256 of id.timestamp.body with your secret) and reject stale timestamps. Answer 2xx quickly; failures are retried with backoff, and 410 Gone disables the subscription.",
      },
    ],
    related: ["/glossary/webhook", "/glossary/webhook-signature", "/webhooks/events"],
  },
};
