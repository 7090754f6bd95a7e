import { describe, expect, it } from "vitest";
import { contentRoutes as routes } from "../../lib/api/groups/content/routes";
import { ROUTES } from "../../lib/api/groups/registry";
import {
  CATEGORIES,
  GLOSSARY_TERM_COUNT,
  glossaryPage,
  glossaryTerms,
  relevance,
  SLUG_PATTERN,
  termBySlug,
  translationsIn,
} from "../../lib/content/glossary";
import { TRANSLATED_SLUGS } from "../../lib/content/glossary/translations";
import { OFFERED_LANGUAGES } from "../../lib/content/languages";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";
import { expectInvalid, refusal } from "../setup/refusals";

/**
 * The glossary: at least 150 terms, every slug well formed and unique, every related slug and
 * every endpoint real (the route table), every list slug answering GET /glossary/{slug}, and
 * the list's filters, search and cursor pages.
 */

const deps = testDeps();
const GLOSSARY = glossaryTerms();

/** Every term through GET /glossary, page by page. */
async function everyListedTerm(query: Record<string, string> = {}) {
  const seen: { slug: string; category: string }[] = [];
  let cursor: string | undefined;
  do {
    const page = await callRoute(
      routes.glossary,
      { query: { ...query, limit: "37", ...(cursor ? { cursor } : {}) } },
      deps,
    );
    seen.push(...page.terms);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return seen;
}

describe("the glossary's terms", () => {
  it("number at least 150, with unique, well-formed slugs and non-empty texts", () => {
    expect(GLOSSARY.length).toBeGreaterThanOrEqual(150);
    // The count the route's documentation and GET /languages state without reading the file.
    expect(GLOSSARY_TERM_COUNT).toBe(GLOSSARY.length);
    const slugs = GLOSSARY.map((term) => term.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const term of GLOSSARY) {
      expect(term.slug, term.slug).toMatch(SLUG_PATTERN);
      expect(term.slug).not.toBe("categories"); // GET /glossary/categories is the list's route
      expect(term.term.length, term.slug).toBeGreaterThan(1);
      expect(term.shortDefinition.length, term.slug).toBeGreaterThan(20);
      expect(term.definition.length, term.slug).toBeGreaterThan(term.shortDefinition.length / 2);
      expect(term.shortDefinition, term.slug).toMatch(/[.)]$/);
      expect(term.definition, term.slug).toMatch(/[.)]$/);
    }
  });

  it("relate only to terms that exist, never to themselves or twice", () => {
    const missing = GLOSSARY.flatMap((term) =>
      term.related.filter((slug) => !termBySlug(slug)).map((slug) => `${term.slug} → ${slug}`),
    );
    expect(missing).toEqual([]);
    for (const term of GLOSSARY) {
      expect(term.related, term.slug).not.toContain(term.slug);
      expect(new Set(term.related).size, term.slug).toBe(term.related.length);
    }
  });

  it("name only endpoints of the route table", () => {
    const table = new Set(ROUTES.map((route) => `${route.method} ${route.path}`));
    const unknown = GLOSSARY.filter((term) => term.endpoint)
      .map((term) => `${term.endpoint?.method} ${term.endpoint?.path}`)
      .filter((endpoint) => !table.has(endpoint));
    expect(unknown).toEqual([]);
    // Most terms point at the code that computes them.
    expect(GLOSSARY.filter((term) => term.endpoint).length).toBeGreaterThan(GLOSSARY.length / 2);
  });

  it("fill every category, each with several terms", () => {
    for (const category of CATEGORIES) {
      const count = GLOSSARY.filter((term) => term.category === category.slug).length;
      expect(count, category.slug).toBeGreaterThanOrEqual(8);
    }
  });

  it("are translated only where an English entry exists, in every offered language", () => {
    for (const slug of TRANSLATED_SLUGS) expect(termBySlug(slug), slug).toBeDefined();
    for (const language of OFFERED_LANGUAGES.filter((code) => code !== "en")) {
      const entries = translationsIn(language);
      expect(Object.keys(entries).sort(), language).toEqual([...TRANSLATED_SLUGS].sort());
      for (const entry of Object.values(entries)) {
        expect(entry.term.length, language).toBeGreaterThan(0);
        expect(entry.shortDefinition.length, language).toBeGreaterThan(5);
      }
    }
  });
});

describe("GET /glossary and /glossary/{slug}", () => {
  it("lists every term once over its cursor pages, each answering its own route", async () => {
    const listed = await everyListedTerm();
    expect(listed.map((term) => term.slug)).toEqual(GLOSSARY.map((term) => term.slug));
    for (const { slug } of listed) {
      const term = await callRoute(routes.glossaryTerm, { params: { slug } }, deps);
      expect(term.slug).toBe(slug);
      expect(term.relatedTerms.map((related) => related.slug)).toEqual(term.related);
    }
  });

  it("filters by category, and its categories count what it lists", async () => {
    const { categories, total } = await callRoute(routes.glossaryCategories, {}, deps);
    expect(total).toBe(GLOSSARY.length);
    expect(categories.reduce((sum, c) => sum + c.termCount, 0)).toBe(GLOSSARY.length);
    for (const category of categories) {
      const listed = await everyListedTerm({ category: category.slug });
      expect(listed.length, category.slug).toBe(category.termCount);
      expect(new Set(listed.map((t) => t.category))).toEqual(new Set([category.slug]));
    }
  });

  it("searches names before definitions, case- and accent-insensitively", async () => {
    const answer = await callRoute(routes.glossary, { query: { q: "Gámma", limit: "200" } }, deps);
    expect(answer.total).toBe(answer.terms.length);
    const ranks = answer.terms.map((term) => relevance(termBySlug(term.slug) as never, "gamma"));
    expect(ranks.every((rank) => rank > 0)).toBe(true);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect(answer.terms[0]?.slug).toBe("gamma");
    // An alias finds its term.
    const byAlias = glossaryPage({ q: "GEX", limit: 5 });
    expect(byAlias.terms.map((term) => term.slug)).toContain("gamma-exposure");
    const none = await callRoute(routes.glossary, { query: { q: "zyxwvut" } }, deps);
    expect(none).toMatchObject({ total: 0, count: 0, nextCursor: null, terms: [] });
  });

  it("refuses an unknown slug (404), a malformed one, a foreign cursor and bounds (400)", async () => {
    const unknown = await refusal(() =>
      callRoute(routes.glossaryTerm, { params: { slug: "gamma-squeeze" } }, deps),
    );
    expect(unknown).toMatchObject({ status: 404, code: "TERM_NOT_FOUND" });
    expect(unknown.message).toContain("gamma-squeeze");
    await expectInvalid(
      () => callRoute(routes.glossaryTerm, { params: { slug: "IV Rank" } }, deps),
      "slug",
    );
    await expectInvalid(
      () => callRoute(routes.glossary, { query: { cursor: "not-ours" } }, deps),
      "cursor",
    );
    await expectInvalid(
      () => callRoute(routes.glossary, { query: { limit: "201" } }, deps),
      "limit",
    );
    await expectInvalid(
      () => callRoute(routes.glossary, { query: { category: "astrology" } }, deps),
      "category",
    );
  });
});
