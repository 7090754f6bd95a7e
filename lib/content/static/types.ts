/** One static document: a page of terms, a policy, a disclaimer, a help article or a FAQ. */

export const CONTENT_TYPES = ["terms", "privacy", "disclaimers", "help", "faq"] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export interface ContentSection {
  /** A heading; in a FAQ, the question. */
  heading: string;
  /** Plain text paragraphs separated by blank lines; in a FAQ, the answer. */
  body: string;
}

export interface ContentDocument {
  contentType: ContentType;
  key: string;
  title: string;
  summary: string;
  /** yyyy-MM-dd: when the text last changed. */
  lastUpdated: string;
  sections: ContentSection[];
  /** Other documents and endpoints worth reading next, as API paths. */
  related: string[];
}

/** Documents as written: contentType is filled in by their file. */
export type DocumentDraft = Omit<ContentDocument, "contentType" | "key">;
