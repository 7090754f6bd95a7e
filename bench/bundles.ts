import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { LAMBDA_BUNDLING } from "../infra/bundling";
import { GROUPS } from "../lib/api/generated/manifest";
import { createAccountStore } from "../lib/store/accounts";
import { createDynamoClient } from "../lib/store/client";
import { createDocumentStore } from "../lib/store/document-store";
import { ensureTable } from "../lib/store/table";
import { startDynamoDbLocal } from "../local/dynamodb-local";
import { median } from "./stats";

/**
 * For each Lambda bundle: its minified size, and the median time to import it in a fresh
 * Node process (10 runs) next to an empty process's start-up, with the deployed esbuild
 * settings. Targets: ≤ 600 KB per bundle, import time minus baseline ≤ 80 ms.
 * Then a cold start as a user meets it: a fresh process imports the bundle and answers one
 * sample request (events/) with a real API key against DynamoDB Local; not a target, but
 * it shows work that module loading merely postponed to the first request.
 */

const ROOT = join(import.meta.dirname, "..");
/** Inside the project so the runtime-provided @aws-sdk/* resolve from node_modules. */
const OUT_DIR = join(ROOT, "node_modules", ".bench-bundles");
const RUNS = 10;

/** Wall time of a fresh `node` process running `script`, in ms. */
function processMs(script: string, env?: NodeJS.ProcessEnv): number {
  const started = process.hrtime.bigint();
  execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, env });
  return Number(process.hrtime.bigint() - started) / 1e6;
}

function medianProcessMs(script: string, env?: NodeJS.ProcessEnv): number {
  processMs(script, env); // warm the file system cache
  return median(Array.from({ length: RUNS }, () => processMs(script, env)));
}

/** The sample request each bundle answers in the cold-start figure (a 2xx when keyed). */
const COLD_REQUEST_EVENT: Record<string, string> = {
  meta: "meta.descriptor",
  docs: "docs.openapi",
  account: "account.usage",
  corporate: "corporate.preflight",
  market: "market.quote",
  options: "options.calculator",
  fallback: "meta.descriptor",
};

/** A script that imports `bundle`, answers `event` once and fails unless the status is 2xx. */
function coldRequestScript(bundle: string, name: string, apiKey: string): string {
  const event = JSON.parse(
    readFileSync(join(ROOT, "events", `${COLD_REQUEST_EVENT[name]}.json`), "utf8"),
  );
  event.headers["x-api-key"] = apiKey;
  if (name === "fallback") {
    Object.assign(event, { routeKey: "$default", rawPath: "/v1/no-such-route" });
    event.requestContext.routeKey = "$default";
  }
  const expected = name === "fallback" ? 404 : 200;
  return `const { handler } = await import(${JSON.stringify(bundle)});
const response = await handler(${JSON.stringify(event)}, { getRemainingTimeInMillis: () => 10000 });
const status = response.statusCode ?? 200;
if (status !== ${expected} && !(status >= 200 && status < 300)) throw new Error("answered " + status);`;
}

/** DynamoDB Local with one account whose key has no practical limit. */
async function coldStartTable() {
  const dynamo = await startDynamoDbLocal();
  const admin = createDynamoClient({ region: "us-east-1", endpoint: dynamo.endpoint });
  await ensureTable(admin, "bench-cold");
  admin.destroy();
  const accounts = createAccountStore(
    createDocumentStore({ region: "us-east-1", endpoint: dynamo.endpoint }),
    "bench-cold",
  );
  const created = await accounts.register("cold@example.com", "-", new Date().toISOString());
  await accounts.setCustomLimits(created.record.userId, { perMinute: 1_000_000, daily: null });
  return { dynamo, apiKey: created.apiKey };
}

export async function runBundleBench(): Promise<void> {
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const baseline = medianProcessMs("");
  console.log(`Lambda bundles (esbuild, minified, ESM, node24; median of ${RUNS} fresh processes)`);
  console.log(`  empty node process: ${baseline.toFixed(1)} ms`);
  console.log("  bundle      size (KB)   import (ms)   import − baseline (ms)");
  const bundles: [string, string][] = [];
  for (const name of [...GROUPS, "fallback"]) {
    const outfile = join(OUT_DIR, `${name}.mjs`);
    await build({
      entryPoints: [join(ROOT, "functions", `${name}.ts`)],
      outfile,
      bundle: true,
      logLevel: "error",
      format: LAMBDA_BUNDLING.format,
      platform: LAMBDA_BUNDLING.platform,
      target: LAMBDA_BUNDLING.target,
      minify: LAMBDA_BUNDLING.minify,
      sourcemap: LAMBDA_BUNDLING.sourcemap,
      mainFields: [...LAMBDA_BUNDLING.mainFields],
      external: [...LAMBDA_BUNDLING.external],
      banner: { js: LAMBDA_BUNDLING.banner },
      alias: { ...LAMBDA_BUNDLING.alias },
    });
    bundles.push([name, outfile]);
    const sizeKb = statSync(outfile).size / 1000;
    const importMs = medianProcessMs(`await import(${JSON.stringify(outfile)});`);
    console.log(
      `  ${name.padEnd(10)} ${sizeKb.toFixed(1).padStart(9)}   ${importMs.toFixed(1).padStart(11)}   ${(importMs - baseline).toFixed(1).padStart(22)}`,
    );
  }
  await runColdRequests(bundles, baseline);
  rmSync(OUT_DIR, { recursive: true, force: true });
}

async function runColdRequests(bundles: [string, string][], baseline: number): Promise<void> {
  const { dynamo, apiKey } = await coldStartTable();
  const env = {
    ...process.env,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    TABLE_NAME: "bench-cold",
    SIM_NOW: "2026-11-23T15:00:00Z",
    CORS_ORIGINS: "https://www.example.com", // the preflight sample's origin
  };
  try {
    console.log(`  cold start: import + first request (${RUNS} fresh processes, DynamoDB Local)`);
    console.log("  bundle      request               process (ms)   process − baseline (ms)");
    for (const [name, outfile] of bundles) {
      const ms = medianProcessMs(coldRequestScript(outfile, name, apiKey), env);
      console.log(
        `  ${name.padEnd(10)}  ${(COLD_REQUEST_EVENT[name] ?? "").padEnd(20)} ${ms.toFixed(1).padStart(12)}   ${(ms - baseline).toFixed(1).padStart(23)}`,
      );
    }
  } finally {
    await dynamo.stop();
  }
}
