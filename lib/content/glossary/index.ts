import { rankedPage } from "../../api/pages";
import { API_ANALYTICS } from "./analytics";
import { API_USAGE } from "./api";
import { FILINGS_OWNERSHIP } from "./filings";
import { FUNDAMENTALS } from "./fundamentals";
import { GREEKS } from "./greeks";
import { MARKETS_TRADING } from "./markets";
import { OPTIONS_BASICS } from "./options-basics";
import { RISK_PORTFOLIO } from "./risk";
import { OPTION_STRATEGIES } from "./strategies";
import { TECHNICAL_ANALYSIS } from "./technical";
import { CATEGORIES, type CategorySlug, type GlossaryTerm } from "./types";
import { VOLATILITY } from "./volatility";

export { CATEGORIES, type CategorySlug, type GlossaryTerm } from "./types";

/** Every term, sorted by slug. */
export const GLOSSARY: readonly GlossaryTerm[] = [
  ...OPTIONS_BASICS,
  ...GREEKS,
  ...VOLATILITY,
  ...OPTION_STRATEGIES,
  ...MARKETS_TRADING,
  ...FUNDAMENTALS,
  ...FILINGS_OWNERSHIP,
  ...TECHNICAL_ANALYSIS,
  ...RISK_PORTFOLIO,
  ...API_USAGE,
  ...API_ANALYTICS,
].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));

const BY_SLUG = new Map(GLOSSARY.map((term) => [term.slug, term]));

/** A slug: lower-case ASCII letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function termBySlug(slug: string): GlossaryTerm | undefined {
  return BY_SLUG.get(slug);
}

export function isCategory(slug: string): slug is CategorySlug {
  return CATEGORIES.some((category) => category.slug === slug);
}

export function categoryList() {
  return CATEGORIES.map((category) => ({
    ...category,
    termCount: GLOSSARY.filter((term) => term.category === category.slug).length,
  }));
}

function folded(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** 2 when q is in the term, its slug or an alias; 1 in a definition; 0 otherwise. */
export function relevance(term: GlossaryTerm, q: string): number {
  const needle = folded(q);
  const names = [term.term, term.slug.replaceAll("-", " "), ...term.aliases].map(folded);
  if (names.some((name) => name.includes(needle))) return 2;
  if (folded(`${term.shortDefinition} ${term.definition}`).includes(needle)) return 1;
  return 0;
}

export interface GlossaryQuery {
  category?: CategorySlug;
  q?: string;
  limit: number;
  cursor?: string;
}

/**
 * The page of terms matching the filters: by slug without q; with q, name matches (term, slug,
 * alias) before definition matches, each by slug. The cursor is keyset (rank and slug).
 */
export function glossaryPage(query: GlossaryQuery) {
  const rows = GLOSSARY.filter((term) => !query.category || term.category === query.category)
    .map((term) => ({ term, rank: query.q ? relevance(term, query.q) : 0, id: term.slug }))
    .filter((row) => !query.q || row.rank > 0)
    .sort((a, b) => b.rank - a.rank || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const page = rankedPage(rows, query.limit, query.cursor);
  return {
    total: rows.length,
    terms: page.rows.map((row) => row.term),
    nextCursor: page.nextCursor,
  };
}
