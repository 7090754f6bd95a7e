import type { Implementations } from "../../../route";
import type { intelligenceRoutes } from "../routes";
import type { IntelligenceDeps } from "../shared";
import { intelligenceCommitteeImplementations } from "./committee";
import { intelligenceReportImplementations } from "./reports";

export type { IntelligenceDeps };

export const intelligenceImplementations: Implementations<
  typeof intelligenceRoutes,
  IntelligenceDeps
> = {
  ...intelligenceCommitteeImplementations,
  ...intelligenceReportImplementations,
};
