import { loadConfig } from "../config";
import { API_GROUPS, ROUTES } from "./groups/registry";
import { manifestModule } from "./manifest";
import { buildOpenApiDocument } from "./openapi";
import { operationExamples } from "./openapi-examples";

/**
 * What `npm run generate` writes, computed from the route table: the zod-free route manifest
 * (lib/api/generated/manifest.ts) and the OpenAPI document the docs function serves
 * (lib/api/generated/openapi.json). test/api/generated.test.ts compares the committed files
 * with these, so a route changed without regenerating fails the tests.
 */
export function generatedManifest(): string {
  return manifestModule(
    API_GROUPS.map((group) => group.name),
    ROUTES,
  );
}

/**
 * The OpenAPI document with its examples. The computed examples use the deployment defaults
 * (the calculators' 4 % risk-free rate); nothing here does I/O.
 */
export async function generatedOpenApi(): Promise<object> {
  const { defaultRiskFreeRatePercent } = loadConfig({});
  return buildOpenApiDocument(
    ROUTES,
    await operationExamples(ROUTES, { defaultRiskFreeRatePercent }),
  );
}
