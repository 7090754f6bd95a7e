import { loadConfig } from "../../lib/config";
import type { Deps } from "../../lib/deps";
import { createDeps } from "../../lib/wiring/all";

/** The dependencies a Lambda would build, from the test environment (see env.ts). */
export function testDeps(overrides: Partial<Deps> = {}): Deps {
  return { ...createDeps(loadConfig(process.env)), ...overrides };
}
