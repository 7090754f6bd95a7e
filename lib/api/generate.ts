import { loadConfig } from "../config";
import { API_GROUPS, ROUTES } from "./groups/registry";
import { manifestModule } from "./manifest";
import { buildOpenApiDocument } from "./openapi";
import { operationExamples } from "./openapi-examples";
import { sampleEventFiles } from "./sample-events";

/**
 * What `npm run generate` writes, computed from the route table: the zod-free route manifest
 * (lib/api/generated/manifest.ts), the OpenAPI document the docs function serves
 * (lib/api/generated/openapi.json) and the events/ samples. test/api/generated.test.ts
 * compares the committed files with these, so a route changed without regenerating fails the
 * tests.
 */
export function generatedManifest(): string {
  return manifestModule(
    API_GROUPS.map((group) => group.name),
    ROUTES,
  );
}

/**
 * Every documented route's examples. The computed examples use the deployment defaults
 * (the calculators' 4 % risk-free rate); nothing here does I/O.
 */
async function documentedExamples() {
  const { defaultRiskFreeRatePercent } = loadConfig({});
  return operationExamples(ROUTES, { defaultRiskFreeRatePercent });
}

/** The OpenAPI document with its examples. */
export async function generatedOpenApi(): Promise<object> {
  return buildOpenApiDocument(ROUTES, await documentedExamples());
}

/**
 * The events/ files, keyed by file name (`<route id>.json`): each route's sample sends its
 * documented request example, so `sam local invoke -e` and the docs show the same request.
 */
export async function generatedSampleEvents(): Promise<Record<string, string>> {
  const examples = await documentedExamples();
  return sampleEventFiles(ROUTES, (route) => examples[route.id]?.request);
}
