import { intelligenceCommitteeRoutes } from "./committee";
import { intelligenceReportRoutes } from "./reports";

/** Every route of the intelligence group: the committee, and the reports of one company. */
export const intelligenceRoutes = {
  ...intelligenceCommitteeRoutes,
  ...intelligenceReportRoutes,
};
