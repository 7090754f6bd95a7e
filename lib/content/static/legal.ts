import type { DocumentDraft } from "./types";

/**
 * Terms and privacy. They describe what this service does (checked against the code: what is
 * stored, for how long, what is logged); they are a template for an operator, who must adapt
 * them to its jurisdiction and have them reviewed before a public launch.
 */

export const TERMS: Record<string, DocumentDraft> = {
  "terms-of-service": {
    title: "Terms of service",
    summary: "The rules for using the API: accounts, keys, limits, acceptable use and liability.",
    lastUpdated: "2026-11-25",
    sections: [
      {
        heading: "The service",
        body: "The API serves market data, option analytics, company data, news and related content over HTTPS in JSON. Data may be simulated, delayed or incomplete; see the market-data disclaimer.",
      },
      {
        heading: "Accounts and keys",
        body: "You register with an email address and a password and receive an API key, shown once. You are responsible for keeping your keys secret and for all requests made with them. Revoke a key at once if it is exposed (DELETE /v1/account/keys/{keyId}).",
      },
      {
        heading: "Limits",
        body: "Each key may make the requests its tier allows per minute and per UTC day (GET /v1/account/tiers). Requests over a limit are refused with 429 and a Retry-After header. Do not work around the limits by spreading traffic over several accounts.",
      },
      {
        heading: "Acceptable use",
        body: "Do not probe or disrupt the service, resell raw data without an agreement, or use it to break the law. We may suspend keys that do.",
      },
      {
        heading: "No advice, no warranty",
        body: "Nothing the API serves is investment advice. The service is provided as is, without warranty of accuracy, completeness or availability, and to the extent the law allows we are not liable for losses arising from its use.",
      },
    ],
    related: [
      "/content/disclaimers/investment-risk",
      "/content/privacy/privacy-policy",
      "/account/tiers",
    ],
  },
  "acceptable-use": {
    title: "Acceptable use policy",
    summary: "What you may and may not do with the API and its data.",
    lastUpdated: "2026-11-25",
    sections: [
      {
        heading: "Allowed",
        body: "Building tools, dashboards, research and trading applications for yourself or your customers, within your tier's limits, and showing the data to your users with its source and timestamp.",
      },
      {
        heading: "Not allowed",
        body: "Sharing or publishing your API key; scraping the API to rebuild its data set; load testing without our agreement; sending webhook deliveries to systems you do not control; presenting simulated data as real market data.",
      },
    ],
    related: ["/content/terms/terms-of-service"],
  },
};

export const PRIVACY: Record<string, DocumentDraft> = {
  "privacy-policy": {
    title: "Privacy policy",
    summary: "What personal data the service keeps, why, and for how long.",
    lastUpdated: "2026-11-25",
    sections: [
      {
        heading: "What we keep",
        body: "Your account: email address, a hash of your password (never the password), your tier and the time it was created. Your API keys: a SHA-256 hash of each key (never the key), its first characters for display, its name and dates. Usage counters per key and per day. Your webhooks (URL, event types, signing secret) with a log of delivery attempts, and your alerts.\n\nRequests without a key are counted per client IP address (per /64 network for IPv6) in counters that expire after two days. Messages you send through a contact form are kept to answer you.",
      },
      {
        heading: "What we do not keep",
        body: "We do not store request bodies, and our database keeps no IP address of a keyed request. GET /v1/geo looks up the country of an address in memory and stores nothing about it.",
      },
      {
        heading: "Logs",
        body: "The API gateway's access log records one line per request: request id, client IP address, user agent, time, method, path (without the query string), status, sizes and latencies (no other headers, so no API keys). Unexpected errors are logged with the request id for diagnosis. Both logs are kept two weeks (three months in production).",
      },
      {
        heading: "Your rights",
        body: "You may ask for a copy of your data or for your account to be deleted through the contact form (POST /v1/account/contact).",
      },
    ],
    related: ["/content/privacy/ip-geolocation", "/content/terms/terms-of-service"],
  },
  "ip-geolocation": {
    title: "IP geolocation and your privacy",
    summary: "How GET /v1/geo places an IP address, and what it does not do.",
    lastUpdated: "2026-11-25",
    sections: [
      {
        heading: "What it does",
        body: "It looks the address up in a country-level database bundled with the service (ip-location-db's geo-whois-asn-country, built from the regional internet registries' data, CC BY 4.0 by the NRO) and answers the country, its currency, time zone and a suggested language. Loopback, private and other special-purpose addresses are answered as unknown without a lookup.",
      },
      {
        heading: "What it does not do",
        body: "It gives no city, region or coordinates, uses no third-party service, and the service stores neither the address nor the answer (the gateway's access log still records the caller's own address, as for every request). Addresses of VPNs, mobile carriers and cloud providers are placed where their block is registered, which may not be where the user is.",
      },
    ],
    related: ["/geo", "/content/privacy/privacy-policy"],
  },
};
