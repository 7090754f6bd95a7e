import { join } from "node:path";
import { build, type Metafile } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import {
  lambdaEsbuildOptions,
  SIMULATED_WORLD_FILES,
  SIMULATED_WORLD_GROUPS,
} from "../../infra/bundling";
import { GROUPS } from "../../lib/api/generated/manifest";

/**
 * Each function bundles only its own group (issue 10): built with the deployed esbuild
 * settings, its metafile lists every source file it holds. A group's function may not hold
 * another group's folder, the simulated market unless the group serves market data, or the
 * build-time modules (the registry of every group, the OpenAPI examples, the generators).
 */

const ROOT = join(import.meta.dirname, "../..");
const FUNCTIONS = [...GROUPS, "fallback"] as const;
type FunctionName = (typeof FUNCTIONS)[number];

/** Groups whose implementations read market data; the others must not carry the simulator. */
const MARKET_DATA_GROUPS = SIMULATED_WORLD_GROUPS;

/** Build-time and test-time modules: every route, the documentation's examples, generators. */
const BUILD_TIME_ONLY = [
  "lib/api/groups/registry.ts",
  "lib/api/openapi-examples.ts",
  "lib/api/generate.ts",
  "lib/api/sample-events.ts",
];

const SIMULATED_MARKET = "lib/market/sim/";
const GROUP_FOLDERS = "lib/api/groups/";

interface Contents {
  /** Source files, relative to the project root with `/` separators. */
  inputs: string[];
  /** Modules left to the runtime (`@aws-sdk/*`), as the bundle imports them. */
  externals: string[];
}

async function contentsOf(name: FunctionName): Promise<Contents> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [join(ROOT, "functions", `${name}.ts`)],
    outfile: join(ROOT, "cdk.out", "bundle-contents", `${name}.mjs`),
    write: false,
    metafile: true,
    logLevel: "silent",
    ...lambdaEsbuildOptions(),
  });
  return { inputs: Object.keys(result.metafile.inputs), externals: externalsOf(result.metafile) };
}

function externalsOf(metafile: Metafile): string[] {
  const imports = Object.values(metafile.outputs).flatMap((output) => output.imports);
  return [...new Set(imports.filter((item) => item.external).map((item) => item.path))];
}

/** `lib/api/groups/market/routes/core.ts` → `market`. */
function groupFolderOf(input: string): string | undefined {
  if (!input.startsWith(GROUP_FOLDERS)) return undefined;
  const folder = input.slice(GROUP_FOLDERS.length).split("/")[0];
  return folder?.endsWith(".ts") ? undefined : folder;
}

const bundles = new Map<FunctionName, Contents>();

beforeAll(async () => {
  const built = await Promise.all(FUNCTIONS.map(async (name) => [name, await contentsOf(name)]));
  for (const [name, contents] of built as [FunctionName, Contents][]) bundles.set(name, contents);
}, 120_000);

function contents(name: FunctionName): Contents {
  const found = bundles.get(name);
  if (!found) throw new Error(`${name} was not built`);
  return found;
}

describe.each(GROUPS)("the %s function", (group) => {
  it("holds its own group's folder and no other group's", () => {
    const { inputs } = contents(group);
    const folders = new Set(inputs.map(groupFolderOf).filter((folder) => folder !== undefined));
    expect([...folders]).toEqual([group]);
  });

  it(
    MARKET_DATA_GROUPS.has(group)
      ? "may hold the simulated market (it serves market data)"
      : "holds no simulated market (it serves no market data)",
    () => {
      const simulator = contents(group).inputs.filter((input) =>
        input.startsWith(SIMULATED_MARKET),
      );
      if (MARKET_DATA_GROUPS.has(group)) expect(simulator).not.toEqual([]);
      else expect(simulator).toEqual([]);
    },
  );

  it("reads the simulated world's data files beside the bundle instead of bundling them", () => {
    const inputs = contents(group).inputs;
    expect(inputs.filter((input) => SIMULATED_WORLD_FILES.includes(input as never))).toEqual([]);
  });
});

describe.each(FUNCTIONS)("the %s bundle", (name) => {
  it("holds none of the build-time modules (registry, OpenAPI examples, generators)", () => {
    const inputs = contents(name).inputs;
    expect(inputs.filter((input) => BUILD_TIME_ONLY.includes(input))).toEqual([]);
  });
});

describe("the fallback function", () => {
  it("holds no group at all: it answers 404 and 405 from the zod-free manifest", () => {
    const { inputs } = contents("fallback");
    expect(inputs.filter((input) => input.startsWith(GROUP_FOLDERS))).toEqual([]);
    expect(inputs).toContain("lib/api/generated/manifest.ts");
  });

  it("imports nothing of the AWS SDK", () => {
    const { externals, inputs } = contents("fallback");
    expect(externals.filter((path) => path.startsWith("@aws-sdk/"))).toEqual([]);
    expect(inputs.filter((input) => input.includes("@aws-sdk/"))).toEqual([]);
  });
});
