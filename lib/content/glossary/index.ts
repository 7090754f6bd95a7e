import { rankedPage } from "../../api/pages";
import { loadGlossary } from "./glossary-file";
import type { TranslatedLanguage, Translations } from "./translations";
import { CATEGORIES, type CategorySlug, type GlossaryTerm } from "./types";

export { CATEGORIES, type CategorySlug, type GlossaryTerm } from "./types";

/**
 * How many terms glossary.json holds, for what is written before the file is read: the route's
 * documentation (built when its module loads) and GET /languages, which need not read 126 KB
 * to count. test/content/glossary.test.ts fails when it differs from the file.
 */
export const GLOSSARY_TERM_COUNT = 218;

/** Every term, sorted by slug (the first call reads glossary.json). */
export function glossaryTerms(): readonly GlossaryTerm[] {
  return loadGlossary().terms;
}

/** A slug: lower-case ASCII letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function termBySlug(slug: string): GlossaryTerm | undefined {
  return loadGlossary().bySlug.get(slug);
}

/** The core entries translated into `language` (./translations.ts), by slug. */
export function translationsIn(language: TranslatedLanguage): Translations {
  return loadGlossary().translations[language];
}

export function isCategory(slug: string): slug is CategorySlug {
  return CATEGORIES.some((category) => category.slug === slug);
}

export function categoryList() {
  const terms = glossaryTerms();
  return CATEGORIES.map((category) => ({
    ...category,
    termCount: terms.filter((term) => term.category === category.slug).length,
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
  const rows = glossaryTerms()
    .filter((term) => !query.category || term.category === query.category)
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
