import { loadConfig } from "../lib/config";
import type { AnalysisDeps } from "../lib/intelligence/analysis";
import {
  runVerdictJob,
  type VerdictJobScope,
  type VerdictJobSummary,
} from "../lib/intelligence/job";
import { intelligenceDeps } from "../lib/wiring/intelligence";

/**
 * The intelligence committee's verdict job: an EventBridge schedule invokes it daily after the
 * US close (infra/intelligence-job.ts) with the universe's optionable stocks; a manual
 * invocation may name `{ "scope": "most-active" }` (and `mostActive`, `targetDte`). Each stock's
 * verdict is stored as its latest (lib/intelligence/job.ts). `npm start` runs this same handler
 * (local/verdict-schedule.ts). The run's summary is logged as one JSON line.
 */
export interface IntelligenceJobEvent {
  scope?: VerdictJobScope;
  mostActive?: number;
  targetDte?: number;
}

/** What the handler reads of the Lambda context. */
export interface JobContext {
  getRemainingTimeInMillis(): number;
}

/**
 * No stock is started with less than this left of the invocation: the two in progress finish
 * (a cold stock takes a few seconds) and the summary is logged before Lambda ends the run.
 */
export const STOP_MARGIN_MS = 60_000;

let deps: AnalysisDeps | undefined;

export const handler = async (
  event: IntelligenceJobEvent | null | undefined,
  context: JobContext,
): Promise<VerdictJobSummary> => {
  // Wired on the first invocation (once per cold start), from the environment at that time.
  deps ??= intelligenceDeps(loadConfig(process.env));
  const summary = await runVerdictJob(deps, {
    scope: scopeOf(event),
    ...(event?.mostActive === undefined ? {} : { mostActive: event.mostActive }),
    ...(event?.targetDte === undefined ? {} : { targetDte: event.targetDte }),
    shouldStop: () => context.getRemainingTimeInMillis() < STOP_MARGIN_MS,
  });
  const { failed, ...counts } = summary;
  deps.log.info("intelligence job run", { ...counts, failed: failed.length });
  // Every stock failing is the run failing (the narrative backend or a source down): the
  // function's Errors alarm pages. Some failing is logged above, stock by stock.
  if (summary.attempted > 0 && summary.stored === 0) {
    throw new Error(`intelligence job: all ${summary.attempted} analyses failed`);
  }
  return summary;
};

/** The scheduled event names no scope: the universe. */
function scopeOf(event: IntelligenceJobEvent | null | undefined): VerdictJobScope {
  const scope = event?.scope ?? "universe";
  if (scope !== "universe" && scope !== "most-active") {
    throw new Error(`intelligence job: unknown scope '${String(scope)}'`);
  }
  return scope;
}
