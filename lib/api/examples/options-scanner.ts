import type { ExampleSource } from "../openapi-examples";

/**
 * OpenAPI examples of the options group's scanner routes, keyed by route id: what each route
 * answers at EXAMPLE_TIME on the simulated market (see ../openapi-examples.ts).
 */
export const OPTIONS_SCANNER_EXAMPLES: Record<string, ExampleSource> = {};
