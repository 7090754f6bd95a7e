import { afterAll, beforeAll, expect } from "vitest";
import type { LocalRuntime } from "../../local/runtime";
import { registerAccount } from "./accounts";
import { fetchFrom } from "./http";
import { startTestApi } from "./local-api";

/** An answer's status and parsed envelope (fields as the test reads them). */
export interface EnvelopeAnswer {
  status: number;
  body: { data: any; error: any };
}

/**
 * The local runtime for one test file, with a fresh account's key: started before the file's
 * tests and stopped after them, whatever happens. `get` and `post` send the key.
 */
export function localApiWithKey() {
  let api: LocalRuntime | undefined;
  let apiKey = "";
  beforeAll(async () => {
    api = await startTestApi();
    apiKey = (await registerAccount(api.apiUrl)).apiKey;
  }, 120_000);
  afterAll(() => api?.stop());

  async function send(path: string, init: { method?: string; body?: string }) {
    if (!api) throw new Error("the local runtime has not started");
    const headers: Record<string, string> = { "x-api-key": apiKey };
    if (init.body !== undefined) headers["content-type"] = "application/json";
    const response = await fetchFrom(`${api.apiUrl}${path}`, { ...init, headers });
    return { status: response.status, body: await response.json() } as EnvelopeAnswer;
  }

  return {
    get: (path: string) => send(path, {}),
    post: (path: string, body: unknown) =>
      send(path, { method: "POST", body: JSON.stringify(body) }),
    /** Any method, with the key or without; the raw response (a 405's body is empty). */
    async raw(method: string, path: string, body?: unknown, withKey = true): Promise<Response> {
      if (!api) throw new Error("the local runtime has not started");
      const headers: Record<string, string> = withKey ? { "x-api-key": apiKey } : {};
      if (body !== undefined) headers["content-type"] = "application/json";
      const init = {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      };
      return fetchFrom(`${api.apiUrl}${path}`, init);
    },
  };
}

/** A GET expected to be refused: path, status, error code, and a text its message names. */
export type Refusal = readonly [path: string, status: number, code: string, named: string];

/** Each GET answers its status and code, names what it refuses, and carries no data. */
export async function expectRefusals(
  get: (path: string) => Promise<EnvelopeAnswer>,
  refusals: readonly Refusal[],
): Promise<void> {
  for (const [path, status, code, named] of refusals) {
    const answer = await get(path);
    expect(answer.status, path).toBe(status);
    expect(answer.body.error.code, path).toBe(code);
    expect(answer.body.error.message, path).toContain(named);
    expect(answer.body.data, path).toBeNull();
  }
}
