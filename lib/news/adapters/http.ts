import { NewsUnavailable } from "../ports";

/**
 * One GET of a feed document for the news adapters, and a short in-memory cache in front of it.
 * Every failure (network, timeout, non-2xx, oversized body) is a NewsUnavailable naming the
 * provider, the request and the cause.
 */

export type Fetch = typeof globalThis.fetch;

/** A feed larger than this is refused rather than parsed (EDGAR's 100-entry page is ~80 KB). */
export const FEED_MAX_BYTES = 5 * 1024 * 1024;

export interface GetTextOptions {
  provider: string;
  fetch: Fetch;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Adds a provider's reading of an error status, e.g. EDGAR's 403. */
  explainStatus?: (status: number) => string | undefined;
}

function statusKind(status: number): string {
  if (status === 403) return "forbidden";
  if (status === 404) return "not found";
  if (status === 429) return "rate limited";
  return status >= 500 ? "server error" : "request refused";
}

/**
 * The charset a response declares (Content-Type, else the XML declaration), "utf-8" when none.
 * fetch's Response.text() always decodes UTF-8, which garbles EDGAR's ISO-8859-1 documents.
 */
export function charsetOf(contentType: string | null, head: Uint8Array): string {
  const declared = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? "")?.[1];
  if (declared) return declared;
  const prolog = new TextDecoder("latin1").decode(head.subarray(0, 200));
  return /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/.exec(prolog)?.[1] ?? "utf-8";
}

function decoderFor(label: string) {
  try {
    return new TextDecoder(label);
  } catch {
    return new TextDecoder("utf-8"); // an unknown charset label
  }
}

function decodeBody(bytes: Uint8Array, contentType: string | null): string {
  return decoderFor(charsetOf(contentType, bytes)).decode(bytes);
}

function describe(error: unknown, timeoutMs: number): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError") return `no answer within ${timeoutMs} ms`;
  const cause = error instanceof Error && error.cause ? ` (${String(error.cause)})` : "";
  return `network error: ${error instanceof Error ? error.message : String(error)}${cause}`;
}

/** GETs `url` and returns its body decoded as text. */
export async function getText(url: string, options: GetTextOptions): Promise<string> {
  const { provider, fetch, headers, timeoutMs, explainStatus } = options;
  const parsed = new URL(url);
  const where = `GET ${parsed.host}${parsed.pathname}`;
  let response: Response;
  let bytes: Uint8Array;
  try {
    response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    const declared = Number(response.headers.get("content-length") ?? 0);
    if (response.ok && declared > FEED_MAX_BYTES) {
      await response.body?.cancel();
      throw new NewsUnavailable(provider, `${where}: ${declared} bytes, over ${FEED_MAX_BYTES}`);
    }
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    if (error instanceof NewsUnavailable) throw error;
    throw new NewsUnavailable(provider, `${where}: ${describe(error, timeoutMs)}`);
  }
  if (!response.ok) {
    const hint = explainStatus?.(response.status);
    const kind = statusKind(response.status);
    throw new NewsUnavailable(
      provider,
      `${where}: HTTP ${response.status} (${kind}${hint ? `; ${hint}` : ""})`,
    );
  }
  if (bytes.byteLength > FEED_MAX_BYTES) {
    throw new NewsUnavailable(
      provider,
      `${where}: ${bytes.byteLength} bytes, over ${FEED_MAX_BYTES}`,
    );
  }
  return decodeBody(bytes, response.headers.get("content-type"));
}

/**
 * Keeps the last successful load for `ttlMs` of `clockMs` time. Concurrent callers share one
 * load; a failed load is not kept, so the next call tries again.
 */
export function cachedFor<T>(
  ttlMs: number,
  clockMs: () => number,
  load: () => Promise<T>,
): () => Promise<T> {
  let entry: { loadedAtMs: number; value: Promise<T> } | undefined;
  return () => {
    const nowMs = clockMs();
    if (entry && nowMs - entry.loadedAtMs < ttlMs && nowMs >= entry.loadedAtMs) return entry.value;
    const value = load();
    const current = { loadedAtMs: nowMs, value };
    entry = current;
    value.catch(() => {
      if (entry === current) entry = undefined;
    });
    return value;
  };
}
