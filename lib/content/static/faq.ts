import type { DocumentDraft } from "./types";

export const FAQ: Record<string, DocumentDraft> = {
  general: {
    title: "Frequently asked questions",
    summary: "Accounts, keys, limits and the documentation.",
    lastUpdated: "2026-11-25",
    sections: [
      {
        heading: "Is there a free tier?",
        body: "Yes: Free allows 60 requests a minute and 1,000 a day. GET /v1/account/tiers lists every tier.",
      },
      {
        heading: "I lost my API key. Can you show it again?",
        body: "No: only a hash is stored. Create a new key with another key of the account, or contact us if you have none left.",
      },
      {
        heading: "Why do I get 429 when I am under my daily limit?",
        body: "The per-minute limit is a sliding window: bursts above it are refused even with daily quota left. Wait the Retry-After seconds.",
      },
      {
        heading: "Which languages is the content offered in?",
        body: "GET /v1/languages lists them. English is complete; the others have translated disclaimers, session names and a set of glossary entries, and say which parts fall back to English.",
      },
    ],
    related: ["/content/help/getting-started", "/languages"],
  },
  data: {
    title: "Data FAQ",
    summary: "Where the data comes from, how fresh it is, and how figures are computed.",
    lastUpdated: "2026-11-25",
    sections: [
      {
        heading: "Is the market data real?",
        body: "By default the service runs on a deterministic simulated market with real tickers and names; a deployment can use real vendors instead. See the market-data disclaimer.",
      },
      {
        heading: "In what units are percentages?",
        body: "In percent: a changePercent of 1.306 means 1.306 %. Implied volatility in option inputs and riskFreeRate are in percent too.",
      },
      {
        heading: "How are option Greeks computed?",
        body: "With Black-Scholes, no dividends, years = days / 365, a continuously compounded rate (default 4 %); theta is per calendar day, vega per volatility point.",
      },
      {
        heading: "What identifier do endpoints take?",
        body: "A contract code SYMBOL_EXCHANGE, such as AAPL_NASDAQ. GET /v1/market/exchanges/{symbol} finds the codes of a ticker.",
      },
    ],
    related: ["/content/disclaimers/market-data", "/glossary/greeks"],
  },
};
