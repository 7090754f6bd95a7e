import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { LAMBDA_BUNDLING } from "../infra/bundling";
import { GROUPS } from "../lib/api/route";
import { median } from "./stats";

/**
 * For each Lambda bundle: its minified size, and the median time to import it in a fresh
 * Node process (10 runs) next to an empty process's start-up, with the deployed esbuild
 * settings. Targets: ≤ 600 KB per bundle, import time minus baseline ≤ 80 ms.
 */

const ROOT = join(import.meta.dirname, "..");
/** Inside the project so the runtime-provided @aws-sdk/* resolve from node_modules. */
const OUT_DIR = join(ROOT, "node_modules", ".bench-bundles");
const RUNS = 10;

/** Wall time of a fresh `node` process running `script`, in ms. */
function processMs(script: string): number {
  const started = process.hrtime.bigint();
  execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT });
  return Number(process.hrtime.bigint() - started) / 1e6;
}

function medianProcessMs(script: string): number {
  processMs(script); // warm the file system cache
  return median(Array.from({ length: RUNS }, () => processMs(script)));
}

export async function runBundleBench(): Promise<void> {
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const baseline = medianProcessMs("");
  console.log(`Lambda bundles (esbuild, minified, ESM, node24; median of ${RUNS} fresh processes)`);
  console.log(`  empty node process: ${baseline.toFixed(1)} ms`);
  console.log("  bundle      size (KB)   import (ms)   import − baseline (ms)");
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
    });
    const sizeKb = statSync(outfile).size / 1000;
    const importMs = medianProcessMs(`await import(${JSON.stringify(outfile)});`);
    console.log(
      `  ${name.padEnd(10)} ${sizeKb.toFixed(1).padStart(9)}   ${importMs.toFixed(1).padStart(11)}   ${(importMs - baseline).toFixed(1).padStart(22)}`,
    );
  }
  rmSync(OUT_DIR, { recursive: true, force: true });
}
