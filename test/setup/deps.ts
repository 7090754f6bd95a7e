import { loadConfig } from "../../lib/config";
import type { Deps } from "../../lib/deps";
import { createDeps } from "../../lib/wiring/all";

/**
 * The tests have no network: webhook URLs on example.com (IANA's documentation domain) resolve
 * to a public address, every other name to nothing.
 */
export async function offlineResolve(host: string): Promise<string[]> {
  return host === "example.com" || host.endsWith(".example.com") ? ["93.184.215.14"] : [];
}

/** The dependencies a Lambda would build, from the test environment (see env.ts). */
export function testDeps(overrides: Partial<Deps> = {}): Deps {
  const deps = createDeps(loadConfig(process.env));
  return {
    ...deps,
    webhookUrls: { ...deps.webhookUrls, resolve: offlineResolve },
    ...overrides,
  };
}
