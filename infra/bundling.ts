import { join } from "node:path";
import type { BuildOptions } from "esbuild";
import { GEO_DATABASE } from "../lib/content/geo/database-file";

/**
 * How each Lambda entry point is bundled. The CDK stack and `npm run bench` share these
 * settings so the measured bundles are the deployed ones.
 */
export const LAMBDA_BUNDLING = {
  format: "esm",
  platform: "node",
  target: "node24",
  minify: true,
  sourcemap: false,
  mainFields: ["module", "main"],
  /** The Node 24 Lambda runtime ships AWS SDK v3; bundling it again only adds cold-start time. */
  external: ["@aws-sdk/*"],
  /** Built-ins reached through a CommonJS shim (see infra/builtins/node-http.cjs). */
  alias: { "node:http": join(import.meta.dirname, "builtins", "node-http.cjs") },
  /** CommonJS dependencies inside an ES module bundle still call `require`. */
  banner:
    "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
} as const;

/**
 * Data files the simulated world reads at load, from beside its module: copied next to the
 * bundle of every function that holds the simulator (those that read market data).
 * Paths relative to the project root.
 */
export const SIMULATED_WORLD_FILES = [
  "lib/market/sim/universe.json",
  "lib/company/sim/companies.json",
] as const;

/**
 * Functions that hold the simulated world (test/infra/bundle-contents.test.ts): the groups
 * that serve market data, the alert evaluator, which watches it, and the verdict job.
 */
export const SIMULATED_WORLD_FUNCTIONS: ReadonlySet<string> = new Set([
  "market",
  "options",
  "company",
  "alerts",
  "alert-evaluator",
  "volatility",
  "optionsExtra",
  "hedge",
  "portfolio",
  "news",
  "companyExtra",
  "calendar",
  "graph",
  "fundamentals",
  "marketAnalysis",
  "screener",
  "intelligence",
  "intelligence-job",
  "congressional",
  "fda",
]);

/**
 * The IP-to-country database /geo reads (lib/content/geo/database-file.ts), copied next to the
 * bundle of the functions that look addresses up, where the runtime finds it beside its module.
 * Paths relative to the project root (the package is installed at the top of node_modules).
 */
export const GEO_DATABASE_FILES = [
  join("node_modules", GEO_DATABASE.package, GEO_DATABASE.file),
] as const;

/** Functions that read the IP database (test/infra/bundle-contents.test.ts, stack.test.ts). */
export const GEO_DATABASE_FUNCTIONS: ReadonlySet<string> = new Set(["content"]);

/**
 * The glossary's text (lib/content/glossary/glossary-file.ts), copied next to the bundle of the
 * functions that serve it, where the runtime finds it beside its module. Paths relative to the
 * project root.
 */
export const GLOSSARY_FILES = ["lib/content/glossary/glossary.json"] as const;

/** Functions that read the glossary (test/infra/bundle-contents.test.ts, stack.test.ts). */
export const GLOSSARY_FUNCTIONS: ReadonlySet<string> = new Set(["content"]);

/** swagger-ui files the docs function serves, copied next to its bundle. */
export const DOCS_ASSET_FILES = ["swagger-ui-bundle.js", "swagger-ui.css"] as const;

/** LAMBDA_BUNDLING as esbuild's own options, for the bench and the bundle-contents test. */
export function lambdaEsbuildOptions() {
  return {
    bundle: true,
    format: LAMBDA_BUNDLING.format,
    platform: LAMBDA_BUNDLING.platform,
    target: LAMBDA_BUNDLING.target,
    minify: LAMBDA_BUNDLING.minify,
    sourcemap: LAMBDA_BUNDLING.sourcemap,
    mainFields: [...LAMBDA_BUNDLING.mainFields],
    external: [...LAMBDA_BUNDLING.external],
    banner: { js: LAMBDA_BUNDLING.banner },
    alias: { ...LAMBDA_BUNDLING.alias },
  } satisfies BuildOptions;
}
