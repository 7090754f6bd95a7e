import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { build, type Plugin } from "esbuild";
import {
  GEO_DATABASE_FILES,
  GLOSSARY_FILES,
  lambdaEsbuildOptions,
  SIMULATED_WORLD_FILES,
} from "../infra/bundling";
import { GROUPS, ROUTE_MANIFEST } from "../lib/api/generated/manifest";
import { BACKGROUND_FUNCTIONS } from "../lib/api/group-access";
import type { RouteEntry } from "../lib/api/route";
import { createAccountStore } from "../lib/store/accounts";
import { createDynamoClient } from "../lib/store/client";
import { createDocumentStore } from "../lib/store/document-store";
import { ensureTable } from "../lib/store/table";
import { startDynamoDbLocal } from "../local/dynamodb-local";
import { formatNumber, recordAtMost, recordFigure, recordInfo } from "./report";
import { median } from "./stats";

/**
 * For each Lambda bundle (each group's and the fallback's), built with the deployed esbuild
 * settings: its minified size, and the median time to import it in a fresh Node process minus
 * an empty process (10 runs each, the three interleaved so load drifts hit them alike). The
 * current tree is shown next to a baseline commit (BENCH_BASELINE_REF, default ca8fc99, the
 * tree before issue 10 split the groups), built from a temporary git worktree
 * (BENCH_BASELINE_REF=none: no baseline, no worktree). The report records the current tree's.
 * Targets: ≤ 300 KB per bundle; import − empty ≤ 60 ms for market, ≤ 40 ms for the others.
 * Then a projection: the route table padded to 180 routes over 23 groups with synthetic
 * groups modelled on options, and real functions built against it: a function imports only
 * its group, so only the manifest (the 404/405 table and the descriptor) grows.
 * Last, a cold start as a user meets it: a fresh process imports the bundle and answers one
 * sample request (events/) with a real API key against DynamoDB Local; not a target, but
 * it shows work that module loading merely postponed to the first request.
 */

const ROOT = join(import.meta.dirname, "..");
/** Inside the project so the runtime-provided @aws-sdk/* resolve from node_modules. */
const OUT_DIR = join(ROOT, "node_modules", ".bench-bundles");
const RUNS = 10;
const DEFAULT_BASELINE_REF = "ca8fc99";
/** BENCH_BASELINE_REF's value for no baseline (no git worktree is made). */
const NO_BASELINE = "none";

const SIZE_TARGET_KB = 300;
/** Import time over an empty process, in ms: market loads the simulated market. */
const IMPORT_TARGET_MS: Record<string, number> = { market: 60 };
const DEFAULT_IMPORT_TARGET_MS = 40;

/** The issue's projection: about 180 endpoints in the spec's 23 controllers. */
const PROJECTED = { routes: 180, groups: 23 } as const;
/** Functions rebuilt against the padded table (the manifest reaches meta and fallback too). */
const PROJECTED_FUNCTIONS = ["market", "account", "meta", "fallback"] as const;

interface Bundle {
  name: string;
  /** The built file, or undefined when this tree has no such function. */
  file: string | undefined;
  sizeKb: number;
}

interface Row {
  name: string;
  before: Bundle;
  after: Bundle;
  /** Medians in ms of the empty process and of importing each bundle, measured interleaved. */
  emptyMs: number;
  beforeMs: number;
  afterMs: number;
}

// ---------------------------------------------------------------------------------------------
// Building and timing

/** Builds `entry` as the stack does; returns its size in KB (1,000 bytes). */
async function buildBundle(
  entry: string,
  outfile: string,
  workingDir = ROOT,
  plugins: Plugin[] = [],
): Promise<number> {
  await build({
    absWorkingDir: workingDir,
    entryPoints: [entry],
    outfile,
    logLevel: "error",
    plugins,
    ...lambdaEsbuildOptions(),
  });
  // As the stack ships them: the simulated world's data, the geo database and the glossary
  // beside the bundle.
  for (const file of [...SIMULATED_WORLD_FILES, ...GEO_DATABASE_FILES, ...GLOSSARY_FILES]) {
    const source = join(workingDir, file);
    if (existsSync(source)) copyFileSync(source, join(dirname(outfile), basename(file)));
  }
  return statSync(outfile).size / 1000;
}

/** Wall time of a fresh `node` process running `script`, in ms; throws its last error line. */
function processMs(script: string, env?: NodeJS.ProcessEnv): number {
  const started = process.hrtime.bigint();
  try {
    execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: ROOT,
      env,
      stdio: "pipe",
    });
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? "");
    const lines = stderr.split("\n").filter((line) => /^\w*Error\b/.test(line));
    throw new Error(lines.at(-1) ?? "the process failed");
  }
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** Medians of RUNS fresh processes per script, the scripts taking turns in each round. */
function interleavedMedians(scripts: readonly string[], env?: NodeJS.ProcessEnv): number[] {
  for (const script of scripts) processMs(script, env); // warm the file system cache
  const times = scripts.map((): number[] => []);
  for (let run = 0; run < RUNS; run++) {
    for (const [index, script] of scripts.entries()) times[index]?.push(processMs(script, env));
  }
  return times.map((sample) => median(sample));
}

const importScript = (file: string | undefined) =>
  file ? `await import(${JSON.stringify(file)});` : "";

/**
 * Times the empty process and the row's bundles that exist (no baseline: the current one
 * alone), interleaved; NaN for a bundle that is missing or when an import fails.
 */
function timeRow(name: string, before: Bundle, after: Bundle): Row {
  const files = [before.file, after.file].filter((file) => file !== undefined);
  let medians: number[] = [];
  try {
    medians = interleavedMedians(["", ...files.map(importScript)]);
  } catch (error) {
    console.log(`  ${name}: importing a bundle failed: ${(error as Error).message}`);
  }
  const [emptyMs = Number.NaN, ...importMs] = medians;
  const msOf = (bundle: Bundle) =>
    bundle.file === undefined ? Number.NaN : (importMs[files.indexOf(bundle.file)] ?? Number.NaN);
  return { name, before, after, emptyMs, beforeMs: msOf(before), afterMs: msOf(after) };
}

// ---------------------------------------------------------------------------------------------
// Targets and printing

function importTargetMs(name: string): number {
  return IMPORT_TARGET_MS[name] ?? DEFAULT_IMPORT_TARGET_MS;
}

const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");
const fixed = (value: number, width: number) =>
  (Number.isNaN(value) ? "-" : value.toFixed(1)).padStart(width);

/** One printed row, its two figures recorded; returns how many of its two targets failed. */
function printRow(row: Row, label = row.name, reportLabel = label): number {
  const importOver = row.afterMs - row.emptyMs;
  const sizeOk = row.after.sizeKb <= SIZE_TARGET_KB;
  const importOk = importOver <= importTargetMs(row.name); // false when the import failed
  recordRow(row, reportLabel, importOver);
  console.log(
    `  ${label.padEnd(18)} ${fixed(row.before.sizeKb, 7)} → ${fixed(row.after.sizeKb, 6)}   ` +
      `${fixed(row.beforeMs - row.emptyMs, 6)} → ${fixed(importOver, 5)}   ${fixed(row.emptyMs, 5)}   ` +
      `≤ ${SIZE_TARGET_KB} KB ${verdict(sizeOk)}, ≤ ${importTargetMs(row.name)} ms ${verdict(importOk)}`,
  );
  return (sizeOk ? 0 : 1) + (importOk ? 0 : 1);
}

/** The row's size and import time in the report (an import that failed: a target not met). */
function recordRow(row: Row, label: string, importOverMs: number): void {
  recordAtMost(`${label}: size`, row.after.sizeKb, SIZE_TARGET_KB, "KB", 1);
  const name = `${label}: import − empty process`;
  const targetMs = importTargetMs(row.name);
  if (Number.isNaN(importOverMs)) {
    recordFigure({ name, value: "import failed", target: `≤ ${targetMs} ms`, met: false });
  } else recordAtMost(name, importOverMs, targetMs, "ms", 1);
}

function printHeader(before: string, after: string): void {
  const sizes = `size KB ${before} → ${after}`;
  const imports = `import − empty ms ${before} → ${after}`;
  console.log(`  ${"bundle".padEnd(18)} ${sizes.padEnd(19)}   ${imports}   empty   targets`);
}

// ---------------------------------------------------------------------------------------------
// The baseline: the same bundles built from another commit

function git(args: string[]): string {
  return execFileSync("git", args, { cwd: ROOT, encoding: "utf8", stdio: "pipe" }).trim();
}

/**
 * Runs `use` with `ref` checked out in a temporary worktree sharing this node_modules; the
 * worktree is removed afterwards, on failure and on Ctrl-C too.
 */
async function withWorktree<T>(ref: string, use: (dir: string) => Promise<T>): Promise<T> {
  const commit = git(["rev-parse", "--verify", `${ref}^{commit}`]);
  const dir = mkdtempSync(join(tmpdir(), "bench-baseline-"));
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    // The link first: the worktree's removal must never reach the shared node_modules.
    if (existsSync(join(dir, "node_modules"))) unlinkSync(join(dir, "node_modules"));
    try {
      git(["worktree", "remove", "--force", dir]);
    } catch {
      rmSync(dir, { recursive: true, force: true });
      git(["worktree", "prune"]);
    }
  };
  const interrupted = (signal: NodeJS.Signals) => {
    remove();
    process.kill(process.pid, signal);
  };
  process.once("exit", remove);
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    git(["worktree", "add", "--detach", dir, commit]);
    symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
    return await use(dir);
  } finally {
    remove();
    process.off("exit", remove);
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
  }
}

/** The functions a tree deploys: functions/*.ts, each a bundle. */
function functionNames(dir: string): string[] {
  return readdirSync(join(dir, "functions"))
    .filter((file) => file.endsWith(".ts"))
    .map((file) => file.slice(0, -".ts".length));
}

async function buildTree(dir: string, names: readonly string[], out: string) {
  mkdirSync(out, { recursive: true });
  const bundles = new Map<string, Bundle>();
  for (const name of names) {
    const file = join(out, `${name}.mjs`);
    const sizeKb = await buildBundle(join(dir, "functions", `${name}.ts`), file, dir);
    bundles.set(name, { name, file, sizeKb });
  }
  return bundles;
}

const missing = (name: string): Bundle => ({ name, file: undefined, sizeKb: Number.NaN });

async function baselineBundles(ref: string, names: readonly string[]) {
  if (ref === NO_BASELINE) return new Map<string, Bundle>();
  try {
    return await withWorktree(ref, (dir) => {
      const present = new Set(functionNames(dir));
      const built = names.filter((name) => present.has(name));
      return buildTree(dir, built, join(OUT_DIR, "before"));
    });
  } catch (error) {
    console.log(`  baseline ${ref} not built: ${(error as Error).message.split("\n")[0]}`);
    return new Map<string, Bundle>();
  }
}

// ---------------------------------------------------------------------------------------------
// The projection: synthetic groups padding the route table

/** A manifest entry of a synthetic group (its name is no `Group`, hence not a RouteEntry). */
type SyntheticRoute = Omit<RouteEntry, "group"> & { group: string };

interface SyntheticGroup {
  name: string;
  routes: SyntheticRoute[];
}

/** Spreads the missing routes over the missing groups, larger groups first. */
function syntheticGroups(): SyntheticGroup[] {
  const groupCount = PROJECTED.groups - GROUPS.length;
  const routeCount = PROJECTED.routes - ROUTE_MANIFEST.length;
  return Array.from({ length: Math.max(0, groupCount) }, (_, index) => {
    const name = `synthetic${String(index + 1).padStart(2, "0")}`;
    const size = Math.floor(routeCount / groupCount) + (index < routeCount % groupCount ? 1 : 0);
    const routes = Array.from(
      { length: size },
      (_, r): SyntheticRoute => ({
        id: `${name}.calc${r + 1}`,
        group: name,
        method: "POST",
        path: `/${name}/calc${r + 1}`,
        auth: "key",
      }),
    );
    return { name, routes };
  });
}

const importOf = (file: string) => JSON.stringify(join(ROOT, file));

/** A route like options.calculator: its own body and response schemas, written out. */
function syntheticRouteSource(group: string, index: number): string {
  const bound = 1_000 + index; // every schema differs, as every real route's does
  return `  calc${index}: {
    method: "POST",
    path: "/${group}/calc${index}",
    auth: "key",
    summary: "Synthetic calculator ${index} of ${group}",
    description: "Padding for the bench's projection, modelled on options.calculator: a body of six validated fields and a response of fifteen.",
    body: object({
      underlyingPrice: number().positive("must be a positive price").max(1e9, "must be at most 1e9"),
      strike: number().positive("must be a positive strike").max(1e9, "must be at most 1e9"),
      daysToExpiration: number().min(0, "must be zero or positive").max(${bound}, "must be at most ${bound}").meta({ description: "Calendar days" }),
      impliedVolatility: number().min(0, "must be zero or positive").max(${bound}).meta({ description: "Percent" }),
      right: string().trim().toUpperCase().pipe(zEnum(["C", "P"], { error: "must be C or P" })).default("C"),
      riskFreeRate: number().min(-20).max(100).optional().meta({ description: "Percent" }),
    }),
    response: object({
      theoreticalPrice: number(), delta: number(), gamma: number(),
      theta: number().meta({ description: "Per calendar day" }),
      vega: number().meta({ description: "Per volatility point" }),
      rho: number().meta({ description: "Per rate point" }),
      underlyingPrice: number(), strike: number(), daysToExpiration: number(),
      impliedVolatility: number().meta({ description: "Percent" }),
      riskFreeRate: number().meta({ description: "Percent" }),
      expectedMove: number(), intrinsic: number(), extrinsic: number(),
      right: zEnum(["Call", "Put"]),
      legs: array(object({ strike: number(), weight: int() })).optional(),
      capped: boolean().optional(),
    }),
  },`;
}

function syntheticImplementationSource(group: string, index: number): string {
  return `  "${group}.calc${index}": ({ body }, deps) => {
    const rate = body.riskFreeRate ?? deps.defaultRiskFreeRatePercent;
    const years = body.daysToExpiration / 365;
    const sigma = body.impliedVolatility / 100;
    const intrinsic = Math.max(0, body.right === "C" ? body.underlyingPrice - body.strike : body.strike - body.underlyingPrice);
    const price = intrinsic + body.underlyingPrice * sigma * Math.sqrt(years) * ${(0.4 + index / 100).toFixed(2)};
    return {
      theoreticalPrice: price, delta: 0.5, gamma: 0.01, theta: -price / 365, vega: 0.1, rho: 0.05,
      underlyingPrice: body.underlyingPrice, strike: body.strike, daysToExpiration: body.daysToExpiration,
      impliedVolatility: body.impliedVolatility, riskFreeRate: rate,
      expectedMove: body.underlyingPrice * sigma * Math.sqrt(years), intrinsic, extrinsic: price - intrinsic,
      right: body.right === "C" ? "Call" : "Put",
    };
  },`;
}

/** Writes a synthetic group's folder (routes, implementations, index) and its function. */
function writeSyntheticGroup(dir: string, group: SyntheticGroup): void {
  const folder = join(dir, "groups", group.name);
  mkdirSync(folder, { recursive: true });
  const indexes = group.routes.map((_, r) => r + 1);
  writeFileSync(
    join(folder, "routes.ts"),
    `import { array, boolean, int, number, object, string, enum as zEnum } from "zod";
import { groupRoutes } from ${importOf("lib/api/route.ts")};

export const routes = groupRoutes(${JSON.stringify(group.name)}, {
${indexes.map((r) => syntheticRouteSource(group.name, r)).join("\n")}
});
`,
  );
  writeFileSync(
    join(folder, "implementations.ts"),
    `export const implementations = {
${indexes.map((r) => syntheticImplementationSource(group.name, r)).join("\n")}
};
`,
  );
  writeFileSync(
    join(folder, "index.ts"),
    `import { defineGroup } from ${importOf("lib/api/group.ts")};
import { coreDeps, wiringOf } from ${importOf("lib/wiring/core.ts")};
import { implementations } from "./implementations";
import { routes } from "./routes";

export const group = defineGroup({
  name: ${JSON.stringify(group.name)},
  routes,
  implementations,
  wire: (config) => ({
    ...coreDeps(wiringOf(config)),
    defaultRiskFreeRatePercent: config.defaultRiskFreeRatePercent,
  }),
});
`,
  );
  writeFileSync(
    join(dir, `${group.name}.function.ts`),
    `import { createGroupHandler } from ${importOf("functions/shared/http-handler.ts")};
import { group } from "./groups/${group.name}/index";

export const handler = createGroupHandler(group);
`,
  );
}

/** The padded manifest and registry: every real route and group, then the synthetic ones. */
function writePaddedTables(dir: string, groups: readonly SyntheticGroup[]): void {
  const names = [...GROUPS, ...groups.map((group) => group.name)];
  const routes = [...ROUTE_MANIFEST, ...groups.flatMap((group) => group.routes)];
  writeFileSync(
    join(dir, "manifest.ts"),
    `export const GROUPS = ${JSON.stringify(names)};
export const ROUTE_MANIFEST = ${JSON.stringify(routes, null, 1)};
`,
  );
  writeFileSync(
    join(dir, "registry.ts"),
    `import { API_GROUPS as REAL } from ${importOf("lib/api/groups/registry.ts")};
${groups.map((group, i) => `import { group as g${i} } from "./groups/${group.name}/index";`).join("\n")}

export const API_GROUPS = [...REAL, ${groups.map((_, i) => `g${i}`).join(", ")}];
export const ROUTES = API_GROUPS.flatMap((group) => group.routes);
`,
  );
}

/** Points every import of the generated manifest at the padded one. */
function paddedManifest(file: string): Plugin {
  return {
    name: "padded-manifest",
    setup(builder) {
      builder.onResolve({ filter: /(^|\/)generated\/manifest(\.ts)?$/ }, () => ({ path: file }));
    },
  };
}

async function runProjection(current: Map<string, Bundle>): Promise<number> {
  const groups = syntheticGroups();
  const total = ROUTE_MANIFEST.length + groups.reduce((sum, g) => sum + g.routes.length, 0);
  console.log(
    `\n  Projection: route table padded to ${total} routes over ${GROUPS.length + groups.length} groups ` +
      `(${groups.length} synthetic groups modelled on options, one zod body and response per route)`,
  );
  if (groups.length === 0) {
    console.log("  (the table already has the projected groups; nothing to pad)");
    return 0;
  }
  const dir = join(ROOT, "node_modules", ".bench-projection");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  try {
    for (const group of groups) writeSyntheticGroup(dir, group);
    writePaddedTables(dir, groups);
    const plugins = [paddedManifest(join(dir, "manifest.ts"))];
    const out = join(OUT_DIR, "padded");
    mkdirSync(out, { recursive: true });
    printHeader("now", "padded");
    let failures = 0;
    for (const name of PROJECTED_FUNCTIONS) {
      const file = join(out, `${name}.mjs`);
      const sizeKb = await buildBundle(join(ROOT, "functions", `${name}.ts`), file, ROOT, plugins);
      const row = timeRow(name, current.get(name) ?? missing(name), { name, file, sizeKb });
      failures += printRow(row, name, `${name} at ${total} routes`);
    }
    const [first] = groups;
    if (first) {
      const file = join(out, `${first.name}.mjs`);
      const sizeKb = await buildBundle(join(dir, `${first.name}.function.ts`), file, ROOT, plugins);
      const row = timeRow(first.name, missing(first.name), { name: first.name, file, sizeKb });
      const label = `${first.name} (${first.routes.length} r.)`;
      failures += printRow(row, label, `${label} at ${total} routes`);
    }
    // The registry of every group is what the build tools load (npm run generate, CDK synth).
    const registry = join(out, "registry.mjs");
    const registryKb = await buildBundle(join(dir, "registry.ts"), registry, ROOT, plugins);
    const [emptyMs = 0, registryMs = 0] = interleavedMedians(["", importScript(registry)]);
    const registryFigures = `${registryKb.toFixed(1)} KB, import − empty ${(registryMs - emptyMs).toFixed(1)} ms`;
    console.log(
      `  (all ${total} routes' schemas in one module, as the build tools load them: ` +
        `${registryFigures}; no function loads this)`,
    );
    recordInfo(`all ${total} routes' schemas in one module (build tools only)`, registryFigures);
    return failures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// The run

export async function runBundleBench(): Promise<void> {
  const ref = process.env.BENCH_BASELINE_REF || DEFAULT_BASELINE_REF;
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const names = [...GROUPS, "fallback", ...BACKGROUND_FUNCTIONS];
  console.log(
    `Lambda bundles (esbuild, minified, ESM, node24; median of ${RUNS} fresh processes each, ` +
      "the empty process and both bundles interleaved)",
  );
  const baseline =
    ref === NO_BASELINE ? "no baseline (BENCH_BASELINE_REF=none)" : `${ref} (git worktree)`;
  console.log(`  before = ${baseline}, after = this working tree`);
  const after = await buildTree(ROOT, names, join(OUT_DIR, "after"));
  const before = await baselineBundles(ref, names);
  printHeader("before", "after");
  let failures = 0;
  for (const name of names) {
    const row = timeRow(name, before.get(name) ?? missing(name), after.get(name) ?? missing(name));
    failures += printRow(row);
  }
  failures += await runProjection(after);
  console.log(`  targets: ${failures === 0 ? "all PASS" : `${failures} FAIL`}`);
  const emptyMs = median(Array.from({ length: RUNS }, () => processMs("")));
  // The queue functions answer no HTTP request: sizes and import times only.
  await runColdRequests(
    names
      .filter((name) => COLD_REQUEST_EVENT[name] !== undefined)
      .map((name) => [name, after.get(name)?.file ?? ""]),
    join(OUT_DIR, "after"),
    emptyMs,
  );
  rmSync(OUT_DIR, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------
// Cold start with a first request

/** The sample request each bundle answers in the cold-start figure (a 2xx unless said below). */
const COLD_REQUEST_EVENT: Record<string, string> = {
  meta: "meta.descriptor",
  docs: "docs.openapi",
  account: "account.usage",
  corporate: "corporate.preflight",
  market: "market.quote",
  options: "options.calculator",
  company: "company.profile",
  news: "news.top",
  companyExtra: "companyExtra.news",
  calendar: "calendar.economic",
  graph: "graph.suppliers",
  fundamentals: "fundamentals.ratios",
  marketAnalysis: "marketAnalysis.breadth",
  screener: "screener.presets",
  intelligence: "intelligence.conviction",
  congressional: "congressional.topTraders",
  fda: "fda.ticker",
  reference: "reference.markets",
  content: "content.languages",
  webhooks: "webhooks.list",
  alerts: "alerts.list",
  fallback: "meta.descriptor",
};

/**
 * The requests whose documented answer on the bench's empty table is not a 2xx: the fallback's
 * unknown path, and a conviction (stored verdicts only: 404 NO_VERDICT after the key's checks
 * and the table read; an analysis would build the day's graph and news in every fresh process).
 */
const COLD_REQUEST_STATUS: Record<string, number> = { fallback: 404, intelligence: 404 };

/** A script that imports `bundle`, answers `event` once and fails unless the status is expected. */
function coldRequestScript(bundle: string, name: string, apiKey: string): string {
  const event = JSON.parse(
    readFileSync(join(ROOT, "events", `${COLD_REQUEST_EVENT[name]}.json`), "utf8"),
  );
  event.headers["x-api-key"] = apiKey;
  if (name === "fallback") {
    Object.assign(event, { routeKey: "$default", rawPath: "/v1/no-such-route" });
    event.requestContext.routeKey = "$default";
  }
  const expected = COLD_REQUEST_STATUS[name] ?? 200;
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

async function runColdRequests(
  bundles: [string, string][],
  bundleDir: string,
  baseline: number,
): Promise<void> {
  // As deployed, the docs function reads the generated document beside its bundle.
  copyFileSync(
    join(ROOT, "lib", "api", "generated", "openapi.json"),
    join(bundleDir, "openapi.json"),
  );
  const { dynamo, apiKey } = await coldStartTable();
  const env = {
    ...process.env,
    LAMBDA_TASK_ROOT: bundleDir,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    TABLE_NAME: "bench-cold",
    SIM_NOW: "2026-11-23T15:00:00Z",
    CORS_ORIGINS: "https://www.example.com", // the preflight sample's origin
  };
  try {
    console.log(`  cold start: import + first request (${RUNS} fresh processes, DynamoDB Local)`);
    console.log(`  empty node process: ${baseline.toFixed(1)} ms`);
    recordInfo("empty node process", `${baseline.toFixed(1)} ms`);
    console.log("  bundle      request               process (ms)   process − baseline (ms)");
    for (const [name, outfile] of bundles) {
      let ms = Number.NaN;
      const figure = `${name}: cold start, import + ${COLD_REQUEST_EVENT[name]} − empty process`;
      try {
        [ms = Number.NaN] = interleavedMedians([coldRequestScript(outfile, name, apiKey)], env);
        recordInfo(figure, `${formatNumber(ms - baseline, 1)} ms`);
      } catch (error) {
        console.log(`  ${name}: the cold request failed: ${(error as Error).message}`);
        recordInfo(figure, `failed: ${(error as Error).message}`);
      }
      console.log(
        `  ${name.padEnd(10)}  ${(COLD_REQUEST_EVENT[name] ?? "").padEnd(20)} ${ms.toFixed(1).padStart(12)}   ${(ms - baseline).toFixed(1).padStart(23)}`,
      );
    }
  } finally {
    await dynamo.stop();
  }
}
