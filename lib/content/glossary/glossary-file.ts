import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { array, record, strictObject, string, enum as zEnum } from "zod";
import { OFFERED_LANGUAGES, SOURCE_LANGUAGE } from "../languages";
import { TRANSLATED_SLUGS, type TranslatedLanguage, type Translations } from "./translations";
import { CATEGORIES, type GlossaryTerm, termsOf } from "./types";

/**
 * The glossary's text lives in glossary.json, not in code: 126 KB that only the glossary and
 * regional-content routes read, so the content bundle stays small and its import fast. The file
 * is read on the first use, checked whole, and kept for the process's life. It is looked for
 * beside this module: lib/content/glossary/ from source (`npm start`, tests), the bundle's own
 * folder in a Lambda, where infra/bundling.ts GLOSSARY_FILES copies it.
 */

export const GLOSSARY_FILE_NAME = "glossary.json";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const nonEmpty = () => string().min(1);

const draftSchema = strictObject({
  term: nonEmpty(),
  short: nonEmpty(),
  long: nonEmpty(),
  formula: nonEmpty().optional(),
  related: array(string().regex(SLUG)).optional(),
  endpoint: string()
    .regex(/^(GET|POST) \/\S*$/, "must be `GET /path` or `POST /path`")
    .transform((endpoint) => endpoint as `${"GET" | "POST"} /${string}`)
    .optional(),
  aliases: array(nonEmpty()).optional(),
});

const translatedLanguages = OFFERED_LANGUAGES.filter((code) => code !== SOURCE_LANGUAGE) as [
  TranslatedLanguage,
  ...TranslatedLanguage[],
];

/** Records keyed by an enum are exhaustive: every category, language and slug must be there. */
const fileSchema = strictObject({
  terms: record(
    zEnum(CATEGORIES.map((category) => category.slug)),
    record(string().regex(SLUG), draftSchema),
  ),
  translations: record(
    zEnum(translatedLanguages),
    record(
      zEnum(TRANSLATED_SLUGS),
      strictObject({ term: nonEmpty(), shortDefinition: nonEmpty() }),
    ),
  ),
});

export interface Glossary {
  /** Every term, sorted by slug. */
  terms: readonly GlossaryTerm[];
  bySlug: ReadonlyMap<string, GlossaryTerm>;
  translations: Readonly<Record<TranslatedLanguage, Translations>>;
}

/** A glossary file's content, checked; throws naming every problem, or a slug twice. */
export function parseGlossary(text: string): Glossary {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${GLOSSARY_FILE_NAME}: ${(error as Error).message}`);
  }
  const checked = fileSchema.safeParse(json);
  if (!checked.success) {
    const problems = checked.error.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
    throw new Error(`${GLOSSARY_FILE_NAME}: ${problems.join("; ")}`);
  }
  const terms = CATEGORIES.flatMap((category) =>
    termsOf(category.slug, checked.data.terms[category.slug]),
  ).sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  const bySlug = new Map(terms.map((term) => [term.slug, term]));
  if (bySlug.size !== terms.length) {
    const twice = terms.filter((term, index) => terms[index - 1]?.slug === term.slug);
    throw new Error(`${GLOSSARY_FILE_NAME}: ${twice.map((term) => term.slug).join(", ")} twice`);
  }
  return { terms, bySlug, translations: checked.data.translations };
}

/** Where the file is read from: beside this module (or its bundle). */
export function glossaryFilePath(): string {
  return fileURLToPath(new URL(`./${GLOSSARY_FILE_NAME}`, import.meta.url));
}

let loaded: Glossary | undefined;

/** The glossary, read and checked on the first call. */
export function loadGlossary(): Glossary {
  loaded ??= parseGlossary(readFileSync(glossaryFilePath(), "utf8"));
  return loaded;
}
