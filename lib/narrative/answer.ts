import { apiError } from "../api/errors";
import type { NarrativeRequest, NarrativeWriter } from "./ports";

/**
 * Texts for one answer, all or nothing: every request is written (concurrently), and if any
 * write fails the whole answer is 500 AI_ERROR (spec fact 5), or the code the reader names
 * (the graph's reports: 503 REPORT_UNAVAILABLE, spec fact 7), the cause logged, so a client
 * never receives numbers with some of their text missing.
 */
export async function narrateAll(
  writer: NarrativeWriter,
  requests: readonly NarrativeRequest[],
  failure: "AI_ERROR" | "REPORT_UNAVAILABLE" = "AI_ERROR",
): Promise<string[]> {
  try {
    return await Promise.all(requests.map((request) => writer.write(request)));
  } catch (error) {
    throw apiError(failure, {
      cause: new Error(`narrative backend ${writer.name} failed`, { cause: error }),
    });
  }
}
