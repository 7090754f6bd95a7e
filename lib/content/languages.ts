import ISO6391 from "iso-639-1";

/**
 * The languages the API's content is offered in. English is the source of every text; the
 * others carry translated disclaimers, market-session names and a set of glossary entries
 * (lib/content/glossary/glossary.json), and fall back to English elsewhere, saying so.
 */
export const OFFERED_LANGUAGES = ["en", "es", "de", "fr", "ja", "zh", "pt"] as const;
export type OfferedLanguage = (typeof OFFERED_LANGUAGES)[number];

export const SOURCE_LANGUAGE: OfferedLanguage = "en";

/** Two ASCII letters, any case: the shape of an ISO 639-1 code. */
export const LANGUAGE_CODE_PATTERN = /^[A-Za-z]{2}$/;

export function isOffered(code: string): code is OfferedLanguage {
  return (OFFERED_LANGUAGES as readonly string[]).includes(code);
}

/** Whether `code` (lower case) is assigned in ISO 639-1 (the iso-639-1 package's list). */
export function isIsoLanguage(code: string): boolean {
  return ISO6391.validate(code);
}

export interface LanguageNames {
  code: string;
  /** English name, from ISO 639-1. */
  name: string;
  /** The language's name for itself. */
  nativeName: string;
}

/** ISO 639-1 names of an assigned code. */
export function languageNames(code: string): LanguageNames {
  return { code, name: ISO6391.getName(code), nativeName: ISO6391.getNativeName(code) };
}

/** The number of codes ISO 639-1 assigns (the package's list). */
export const ISO_LANGUAGE_COUNT = ISO6391.getAllCodes().length;
