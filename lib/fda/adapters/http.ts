import type { ReadThroughCache } from "../../store/read-through-cache";
import { FdaDataUnavailable } from "../ports";
import type { RequestBudget } from "./request-budget";

/**
 * One GET of a public JSON or text source for the FDA adapters: through the read-through
 * cache when one is given (the body, fresh for `freshSeconds`), within the source's request
 * budget, with a timeout. `notFound` statuses are answered as null (openFDA answers 404 for a
 * search without matches); any other failure is FdaDataUnavailable naming the source.
 */

export interface SourceHttp {
  provider: string;
  fetch: typeof globalThis.fetch;
  budget: RequestBudget;
  cache?: ReadThroughCache | undefined;
  timeoutMs: number;
  userAgent: string;
}

/** A body far larger than any answer asked for is not one. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

export async function getText(
  http: SourceHttp,
  url: string,
  freshSeconds: number,
  notFound: readonly number[] = [],
): Promise<string | null> {
  const load = async (): Promise<string | null> => {
    await http.budget.take();
    const where = `GET ${new URL(url).host}${new URL(url).pathname}`;
    let response: Response;
    let bytes: ArrayBuffer;
    try {
      response = await http.fetch(url, {
        headers: { "user-agent": http.userAgent, accept: "application/json, text/plain" },
        signal: AbortSignal.timeout(http.timeoutMs),
      });
      if (notFound.includes(response.status)) {
        await response.body?.cancel();
        return null;
      }
      bytes = await response.arrayBuffer();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new FdaDataUnavailable(http.provider, `${where}: ${reason}`);
    }
    if (!response.ok) {
      throw new FdaDataUnavailable(http.provider, `${where}: HTTP ${response.status}`);
    }
    if (bytes.byteLength > MAX_BODY_BYTES) {
      throw new FdaDataUnavailable(http.provider, `${where}: ${bytes.byteLength} bytes`);
    }
    return new TextDecoder("utf-8").decode(bytes);
  };
  if (!http.cache) return load();
  return http.cache.readThrough(`${http.provider}#${url}`, { freshSeconds }, load);
}
