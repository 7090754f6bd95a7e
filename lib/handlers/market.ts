import type { Implementations } from "../api/route";
import type { marketRoutes } from "../api/routes/market";
import { marketStatus } from "../market/sessions";

export const marketImplementations: Implementations<typeof marketRoutes> = {
  "market.status": (_input, deps) => marketStatus(deps.marketClock.now()),
};
