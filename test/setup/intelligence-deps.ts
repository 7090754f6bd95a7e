import { loadConfig } from "../../lib/config";
import type { Deps } from "../../lib/deps";
import { INTELLIGENCE_REPORT_TEMPLATES } from "../../lib/intelligence/report-templates";
import { INTELLIGENCE_VERDICT_TEMPLATES } from "../../lib/intelligence/templates";
import { createTemplateWriter } from "../../lib/narrative/template-writer";
import type { StoredVerdict, VerdictStore } from "../../lib/store/verdicts";
import { wiringOf } from "../../lib/wiring/core";
import { newsDesk } from "../../lib/wiring/news";
import { simulatedWorldDeps } from "./graph-deps";

/**
 * The simulated world at a pinned instant as the intelligence group wires it: the news desk
 * over the same market and clock (so the news specialist reads that instant's news), and the
 * committee's templates. The verdict store is the real one (DynamoDB Local) unless overridden.
 */
export function intelligenceWorldDeps(instant: string, overrides: Partial<Deps> = {}): Deps {
  const deps = simulatedWorldDeps(instant);
  return {
    ...deps,
    news: newsDesk(wiringOf(loadConfig(process.env)), deps.market, deps.marketClock),
    narrative: createTemplateWriter({
      ...INTELLIGENCE_VERDICT_TEMPLATES,
      ...INTELLIGENCE_REPORT_TEMPLATES,
    }),
    ...overrides,
  };
}

/** A verdict store in memory, for the examples' generator (no table there). */
export function memoryVerdictStore(): VerdictStore {
  const stored = new Map<string, StoredVerdict>();
  return {
    save: async (record) => {
      stored.set(record.code, structuredClone(record));
    },
    latest: async (code) => stored.get(code),
  };
}

/** A narrative backend that fails every text, as an unreachable model does. */
export const narrativeDown = {
  name: "down",
  write: () => Promise.reject(new Error("test: the model backend is unavailable")),
};
