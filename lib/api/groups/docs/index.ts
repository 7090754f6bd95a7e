import { wireGroup } from "../../../wiring/core";
import { fileDocsAssets } from "../../docs";
import { defineGroup } from "../../group";
import { type DocsDeps, docsImplementations } from "./implementations";
import { docsRoutes } from "./routes";

/** The OpenAPI document (generated at build time), the docs page and swagger-ui's files. */
export const docs = defineGroup<typeof docsRoutes, DocsDeps>({
  name: "docs",
  routes: docsRoutes,
  implementations: docsImplementations,
  wire: (config) =>
    wireGroup(config, () => ({ docs: fileDocsAssets(config.docsAssetDir, config.openApiPath) })),
});
