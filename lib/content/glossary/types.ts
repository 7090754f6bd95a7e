/**
 * The glossary's shape. The entries themselves are in glossary.json (read by ./glossary-file.ts),
 * as drafts (TermDraft) keyed by category and slug. Every entry is written for this API (its
 * conventions: percent units, years = days / 365, theta per calendar day, vega per volatility
 * point) and reviewed against the code of the endpoint it names. `related` slugs and `endpoint`
 * paths are checked by test/content/glossary.test.ts (every related slug exists, every endpoint
 * is in the route table).
 */

export const CATEGORIES = [
  {
    slug: "options-basics",
    name: "Options basics",
    description: "Contracts, prices and positioning: what an option is and how its chain is read.",
  },
  {
    slug: "greeks",
    name: "Greeks and dealer positioning",
    description: "Sensitivities of an option's price and the gamma dealers carry.",
  },
  {
    slug: "volatility",
    name: "Volatility",
    description: "Implied and realised volatility, their ranks, surfaces, skews and models.",
  },
  {
    slug: "option-strategies",
    name: "Option strategies",
    description: "Multi-leg positions, income strategies and hedges.",
  },
  {
    slug: "markets-trading",
    name: "Markets and trading",
    description: "Instruments, sessions, orders, quotes and short selling.",
  },
  {
    slug: "fundamentals",
    name: "Fundamentals",
    description: "Financial statements, valuation ratios, dividends and earnings.",
  },
  {
    slug: "filings-ownership",
    name: "Filings and ownership",
    description: "SEC filings, insiders and institutions.",
  },
  {
    slug: "technical-analysis",
    name: "Technical analysis and breadth",
    description: "Indicators over price and volume, and market-breadth measures.",
  },
  {
    slug: "risk-portfolio",
    name: "Risk and portfolio",
    description: "Return, risk and performance measures of positions and portfolios.",
  },
  {
    slug: "api-usage",
    name: "Using this API",
    description: "Keys, limits, errors, pagination, webhooks and the simulated market.",
  },
  {
    slug: "api-analytics",
    name: "This API's analytics",
    description: "The composite scores and models this API computes, with what they are built on.",
  },
] as const;

export type CategorySlug = (typeof CATEGORIES)[number]["slug"];

export interface GlossaryEndpoint {
  method: "GET" | "POST";
  /** Relative to /v1, in {param} syntax, as the route table declares it. */
  path: string;
}

export interface GlossaryTerm {
  slug: string;
  term: string;
  category: CategorySlug;
  /** Other names the term goes by (searched by q). */
  aliases: string[];
  shortDefinition: string;
  definition: string;
  /** Plain-text formula in this API's notation; null when the term has none. */
  formula: string | null;
  related: string[];
  /** The route that computes or serves it; null when none does. */
  endpoint: GlossaryEndpoint | null;
}

export interface TermDraft {
  term: string;
  short: string;
  long: string;
  formula?: string;
  related?: string[];
  /** `GET /options/{code}/max-pain` */
  endpoint?: `${"GET" | "POST"} /${string}`;
  aliases?: string[];
}

/** A category's entries from drafts keyed by slug. */
export function termsOf(category: CategorySlug, drafts: Record<string, TermDraft>): GlossaryTerm[] {
  return Object.entries(drafts).map(([slug, draft]) => {
    const [method, path] = (draft.endpoint?.split(" ") ?? []) as [
      GlossaryEndpoint["method"],
      string,
    ];
    return {
      slug,
      term: draft.term,
      category,
      aliases: draft.aliases ?? [],
      shortDefinition: draft.short,
      definition: draft.long,
      formula: draft.formula ?? null,
      related: draft.related ?? [],
      endpoint: draft.endpoint ? { method, path } : null,
    };
  });
}
