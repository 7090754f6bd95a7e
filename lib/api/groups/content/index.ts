import { wireGroup } from "../../../wiring/core";
import { geoDatabase } from "../../../wiring/geo";
import { defineGroup } from "../../group";
import { type ContentDeps, contentImplementations } from "./implementations";
import { contentRoutes } from "./routes";

/** Content (issue 20): languages, the glossary, regional content, static documents and /geo. */
export const content = defineGroup<typeof contentRoutes, ContentDeps>({
  name: "content",
  routes: contentRoutes,
  implementations: contentImplementations,
  wire: (config) => wireGroup(config, () => ({ geo: geoDatabase() })),
});
