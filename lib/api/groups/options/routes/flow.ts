import { groupRoutes } from "../../../route";

/** Chain analytics: see the options issue (filled in by its endpoints). */
export const optionsFlowRoutes = groupRoutes("options", {});
