import { demoAccountOf } from "../../../account/demo-account";
import { createAccountStore } from "../../../store/accounts";
import { wireGroup } from "../../../wiring/core";
import { marketProvider } from "../../../wiring/market";
import { defineGroup } from "../../group";
import { type OptionsExtraDeps, optionsExtraImplementations } from "./implementations";
import { optionsExtraRoutes } from "./routes";

/** Premium-selling extras: the ripeness score and the cross-universe premium-selling feed (demo account) with its statistics. */
export const optionsExtra = defineGroup<typeof optionsExtraRoutes, OptionsExtraDeps>({
  name: "optionsExtra",
  routes: optionsExtraRoutes,
  implementations: optionsExtraImplementations,
  wire: (config) =>
    wireGroup(config, (wiring, core) => ({
      market: marketProvider(wiring, core.marketClock),
      defaultRiskFreeRatePercent: config.defaultRiskFreeRatePercent,
      // The demo check reads the account table (GetItem of the email and profile items).
      demoAccount: demoAccountOf(
        createAccountStore(wiring.db, config.tableName),
        config.demoAccountEmail,
      ),
    })),
});
