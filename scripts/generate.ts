import { execFileSync } from "node:child_process";
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generatedManifest, generatedOpenApi, generatedSampleEvents } from "../lib/api/generate";

/**
 * `npm run generate`: rewrites what is derived from the route table — the route manifest,
 * the OpenAPI document and the events/ samples — then formats them as the linter expects.
 * Run it after adding or changing a route; the tests fail while a generated file is stale.
 */
const ROOT = join(import.meta.dirname, "..");
const GENERATED = join(ROOT, "lib", "api", "generated");
const EVENTS = join(ROOT, "events");

writeFileSync(join(GENERATED, "manifest.ts"), generatedManifest());
writeFileSync(
  join(GENERATED, "openapi.json"),
  `${JSON.stringify(await generatedOpenApi(), null, 2)}\n`,
);
execFileSync(join(ROOT, "node_modules", ".bin", "biome"), ["format", "--write", GENERATED], {
  stdio: "inherit",
});

// The samples are written as Biome formats them (test/api/generated.test.ts compares them
// byte for byte); a sample whose route is gone is removed.
const samples = await generatedSampleEvents();
for (const file of readdirSync(EVENTS)) {
  if (file.endsWith(".json") && !(file in samples)) rmSync(join(EVENTS, file));
}
for (const [file, text] of Object.entries(samples)) writeFileSync(join(EVENTS, file), text);
console.log(
  `generated lib/api/generated/manifest.ts, openapi.json and ${Object.keys(samples).length} events/ samples`,
);
