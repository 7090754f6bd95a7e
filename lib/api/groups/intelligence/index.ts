import { intelligenceDeps } from "../../../wiring/intelligence";
import { defineGroup } from "../../group";
import { type IntelligenceDeps, intelligenceImplementations } from "./implementations";
import { intelligenceRoutes } from "./routes";

/**
 * The intelligence committee (issue 19): verdicts on selling a put, run on request or by the
 * daily job and stored; a company's risk assessment, catalyst timeline and sentiment.
 */
export const intelligence = defineGroup<typeof intelligenceRoutes, IntelligenceDeps>({
  name: "intelligence",
  routes: intelligenceRoutes,
  implementations: intelligenceImplementations,
  wire: intelligenceDeps,
});
