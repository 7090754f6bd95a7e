import { TIERS } from "../account/tiers";
import type { Implementations } from "../api/route";
import type { accountRoutes } from "../api/routes/account";

export const accountImplementations: Implementations<typeof accountRoutes> = {
  "account.tiers": () => TIERS.map((tier) => ({ ...tier })),
};
