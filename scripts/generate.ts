import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { generatedManifest, generatedOpenApi } from "../lib/api/generate";

/**
 * `npm run generate`: rewrites what is derived from the route table — the route manifest,
 * the OpenAPI document and the events/ samples — then formats them as the linter expects.
 * Run it after adding or changing a route; the tests fail while a generated file is stale.
 */
const ROOT = join(import.meta.dirname, "..");
const GENERATED = join(ROOT, "lib", "api", "generated");

writeFileSync(join(GENERATED, "manifest.ts"), generatedManifest());
writeFileSync(
  join(GENERATED, "openapi.json"),
  `${JSON.stringify(await generatedOpenApi(), null, 2)}\n`,
);
execFileSync(join(ROOT, "node_modules", ".bin", "biome"), ["format", "--write", GENERATED], {
  stdio: "inherit",
});
console.log("generated lib/api/generated/manifest.ts and openapi.json");
