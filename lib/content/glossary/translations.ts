import type { OfferedLanguage } from "../languages";

/**
 * Glossary entries translated from English: the term and its short definition only (the long
 * definition, formula and related terms stay English). Ten core terms per language, written
 * for this API and not yet reviewed by a native speaker of each language. The texts are in
 * glossary.json (`translations`, by language and slug); every offered language other than
 * English has every slug below (checked when the file is read).
 */
export interface TranslatedEntry {
  term: string;
  shortDefinition: string;
}

export const TRANSLATED_SLUGS = [
  "option",
  "call-option",
  "put-option",
  "strike-price",
  "expiration-date",
  "implied-volatility",
  "delta",
  "dividend",
  "market-capitalization",
  "bid-ask-spread",
] as const;

export type TranslatedSlug = (typeof TRANSLATED_SLUGS)[number];

/** The offered languages that carry translations (every one but the source, English). */
export type TranslatedLanguage = Exclude<OfferedLanguage, "en">;

export type Translations = Readonly<Record<TranslatedSlug, TranslatedEntry>>;
