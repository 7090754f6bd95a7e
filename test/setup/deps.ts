import { createDeps, loadConfig } from "../../lib/config";
import type { Deps } from "../../lib/deps";

/** The dependencies a Lambda would build, from the test environment (see env.ts). */
export function testDeps(overrides: Partial<Deps> = {}): Deps {
  return { ...createDeps(loadConfig(process.env)), ...overrides };
}
