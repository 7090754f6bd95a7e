import { DISCLAIMERS } from "./disclaimers";
import { FAQ } from "./faq";
import { HELP } from "./help";
import { PRIVACY, TERMS } from "./legal";
import { CONTENT_TYPES, type ContentDocument, type ContentType, type DocumentDraft } from "./types";

export { CONTENT_TYPES, type ContentDocument, type ContentType } from "./types";

const BY_TYPE: Readonly<Record<ContentType, Record<string, DocumentDraft>>> = {
  terms: TERMS,
  privacy: PRIVACY,
  disclaimers: DISCLAIMERS,
  help: HELP,
  faq: FAQ,
};

/** Lower-case ASCII letters and digits in words joined by single hyphens, 1-64 characters. */
export const CONTENT_KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isContentType(value: string): value is ContentType {
  return (CONTENT_TYPES as readonly string[]).includes(value);
}

/** Every document's type and key, for listings and error messages. */
export function contentKeys(): { contentType: ContentType; keys: string[] }[] {
  return CONTENT_TYPES.map((contentType) => ({
    contentType,
    keys: Object.keys(BY_TYPE[contentType]),
  }));
}

export function contentDocument(
  contentType: ContentType,
  key: string,
): ContentDocument | undefined {
  const draft = Object.hasOwn(BY_TYPE[contentType], key) ? BY_TYPE[contentType][key] : undefined;
  return draft && { contentType, key, ...draft };
}
