import { wireGroup } from "../../../wiring/core";
import { accountStore, mailer } from "../../../wiring/stores";
import { defineGroup } from "../../group";
import { type AccountDeps, accountImplementations } from "./implementations";
import { accountRoutes } from "./routes";

/** Registration, login, API keys, usage, tiers and the support contact form. */
export const account = defineGroup<typeof accountRoutes, AccountDeps>({
  name: "account",
  routes: accountRoutes,
  implementations: accountImplementations,
  wire: (config) =>
    wireGroup(config, (wiring) => ({ accounts: accountStore(wiring), mailer: mailer(wiring) })),
});
