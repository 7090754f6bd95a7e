/**
 * The narrative port: every piece of prose the API returns (hedge rationales now; intelligence
 * summaries and graph reports later) is written from facts the deterministic engines computed,
 * through this one interface. The numbers never come from the writer: it only words them.
 *
 * Adapters: the template writer (template-writer.ts, the default: deterministic, never fails)
 * and Amazon Bedrock (bedrock.ts, NARRATIVE_BACKEND=bedrock). A writer that cannot answer
 * rejects; the API turns that into 500 AI_ERROR (answer.ts) and returns no half-answer.
 */

/** One fact: a number (in the unit its name says), a word or phrase, a flag, or a short list. */
export type NarrativeFact = string | number | boolean | null | readonly (string | number)[];

/** Named facts, e.g. `{ strategy: "collar", netCostUsd: 212.5, floorPercent: 93.1 }`. */
export type NarrativeFacts = Readonly<Record<string, NarrativeFact>>;

export interface NarrativeRequest {
  /**
   * What text to write, namespaced by its reader, e.g. `hedge.suggestion`, `hedge.analysis`;
   * the template writer keys its templates by it, a model backend names it in the prompt.
   */
  kind: string;
  facts: NarrativeFacts;
  /**
   * What the text must say and how long it may be, for model backends (the templates encode it
   * themselves), e.g. "Two sentences: what the hedge protects, what it costs, what it gives up."
   */
  instructions?: string;
}

/** Writes one piece of text from facts; rejects when the backend cannot (→ 500 AI_ERROR). */
export interface NarrativeWriter {
  /** Which backend this is, for logs: "template", "bedrock:<model id>". */
  readonly name: string;
  write(request: NarrativeRequest): Promise<string>;
}

/** The backend failed or answered nothing usable; `cause` holds what it said, for the log. */
export class NarrativeUnavailable extends Error {
  override name = "NarrativeUnavailable";
}
