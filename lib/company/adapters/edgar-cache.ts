import type { Clock, Logger } from "../../deps";
import type { DocumentStore } from "../../store/document-store";
import { createReadThroughCache } from "../../store/read-through-cache";
import { EDGAR_CACHE_TTL_SECONDS, type EdgarDocumentKind, type EdgarFetchText } from "./edgar";

/**
 * EDGAR's answers through the shared read-through cache (memory, then DynamoDB items
 * `CACHE#edgar#<kind>#<url>`), fresh for their kind's EDGAR_CACHE_TTL_SECONDS: submissions
 * files 10 minutes, Form 4 XMLs and 10-K business summaries 30 days. A 404 is remembered
 * (as null) for at most NOT_FOUND_TTL_SECONDS, in case the document appears later.
 *
 * The tickers file is not cached here: the adapter keeps it parsed for a day per instance,
 * and at about 800 KB it exceeds a DynamoDB item (a copy in memory would only double it).
 * Outages are not papered over: an expired entry does not stand in for a failed GET.
 */

/** How long a "not found" is believed, in seconds (a kind's TTL, if shorter). */
export const NOT_FOUND_TTL_SECONDS = 3600;

const UNCACHED_KINDS: ReadonlySet<EdgarDocumentKind> = new Set(["tickers"]);

/** A body's freshness by its kind; a 404 (null) is believed for NOT_FOUND_TTL_SECONDS at most. */
function freshSecondsOf(kind: EdgarDocumentKind, body: string | null): number {
  const seconds = EDGAR_CACHE_TTL_SECONDS[kind];
  return body === null ? Math.min(seconds, NOT_FOUND_TTL_SECONDS) : seconds;
}

export interface EdgarCacheOptions {
  db: DocumentStore;
  tableName: string;
  /** Real time: a pinned market clock would keep entries fresh forever. */
  clock: Clock;
  log?: Logger;
  memoryBudgetJsonChars?: number;
}

export function edgarCache(
  options: EdgarCacheOptions,
): (fetchText: EdgarFetchText) => EdgarFetchText {
  const cache = createReadThroughCache({ ...options, namespace: "edgar", label: "EDGAR cache" });
  return (fetchText) => async (url, kind) => {
    if (UNCACHED_KINDS.has(kind)) return fetchText(url, kind);
    const text = await cache.readThrough(
      `${kind}#${url}`,
      (body) => ({ freshSeconds: freshSecondsOf(kind, body) }),
      async () => (await fetchText(url, kind)) ?? null,
    );
    return text ?? undefined;
  };
}
