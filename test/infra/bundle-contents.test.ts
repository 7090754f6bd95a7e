import { join } from "node:path";
import { build, type Metafile } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import {
  GEO_DATABASE_FILES,
  GEO_DATABASE_FUNCTIONS,
  GLOSSARY_FILES,
  GLOSSARY_FUNCTIONS,
  lambdaEsbuildOptions,
  SIMULATED_WORLD_FILES,
  SIMULATED_WORLD_FUNCTIONS,
} from "../../infra/bundling";
import { GROUPS } from "../../lib/api/generated/manifest";
import { BACKGROUND_FUNCTIONS, WEBHOOK_FUNCTIONS } from "../../lib/api/group-access";

/**
 * Each function bundles only its own group (issue 10): built with the deployed esbuild
 * settings, its metafile lists every source file it holds. A group's function may not hold
 * another group's folder, the simulated market unless the group serves market data, or the
 * build-time modules (the registry of every group, the OpenAPI examples, the generators).
 * The webhook pipeline's functions and the verdict job hold no group at all.
 */

const ROOT = join(import.meta.dirname, "../..");
const FUNCTIONS = [...GROUPS, "fallback", ...BACKGROUND_FUNCTIONS] as const;
type FunctionName = (typeof FUNCTIONS)[number];

/** Groups whose implementations read market data; the others must not carry the simulator. */
const MARKET_DATA_GROUPS = SIMULATED_WORLD_FUNCTIONS;

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

/** The SQS client is left to the runtime and loaded on the first send (event-queue.ts). */
const SQS_CLIENT = "@aws-sdk/client-sqs";
const EVENT_QUEUE = "lib/webhooks/event-queue.ts";

describe("the webhook consumer", () => {
  it("holds the guarded dispatcher and no group, simulated world or market code", () => {
    const { inputs } = contents("webhook-consumer");
    expect(inputs).toContain("lib/webhooks/ssrf-dispatcher.ts");
    expect(inputs.filter((input) => input.startsWith(GROUP_FOLDERS))).toEqual([]);
    // lib/config.ts's default risk-free rate (lib/market/rates.ts) is in every bundle.
    const market = inputs.filter((input) => input.startsWith("lib/market/"));
    expect(market.filter((input) => input !== "lib/market/rates.ts")).toEqual([]);
    expect(inputs.filter((input) => input.startsWith("lib/company/"))).toEqual([]);
  });
});

describe("the alert evaluator", () => {
  it("holds no API group", () => {
    const { inputs } = contents("alert-evaluator");
    expect(inputs.filter((input) => input.startsWith(GROUP_FOLDERS))).toEqual([]);
  });

  it("holds the simulated market it watches, its data files beside the bundle", () => {
    const { inputs } = contents("alert-evaluator");
    expect(SIMULATED_WORLD_FUNCTIONS.has("alert-evaluator")).toBe(true);
    expect(inputs.filter((input) => input.startsWith(SIMULATED_MARKET))).not.toEqual([]);
    expect(inputs.filter((input) => SIMULATED_WORLD_FILES.includes(input as never))).toEqual([]);
  });
});

describe("the verdict job", () => {
  it("holds the committee and no API group (intelligenceDeps needs none)", () => {
    const { inputs } = contents("intelligence-job");
    expect(inputs).toContain("lib/intelligence/job.ts");
    expect(inputs).toContain("lib/wiring/intelligence.ts");
    expect(inputs.filter((input) => input.startsWith(GROUP_FOLDERS))).toEqual([]);
  });

  it("holds the simulated world, its data files beside the bundle", () => {
    const { inputs } = contents("intelligence-job");
    expect(SIMULATED_WORLD_FUNCTIONS.has("intelligence-job")).toBe(true);
    expect(inputs.filter((input) => input.startsWith(SIMULATED_MARKET))).not.toEqual([]);
    expect(inputs.filter((input) => SIMULATED_WORLD_FILES.includes(input as never))).toEqual([]);
  });
});

/** The IP database's reader (lib/content/geo/mmdb.ts); its file ships beside the bundle. */
const GEO_READER = "lib/content/geo/mmdb.ts";

describe("the IP-to-country database", () => {
  it("is read by the content function, with maxmind, from a file beside the bundle", () => {
    expect([...GEO_DATABASE_FUNCTIONS]).toEqual(["content"]);
    const { inputs } = contents("content");
    expect(inputs).toContain(GEO_READER);
    expect(inputs.some((input) => input.includes("node_modules/mmdb-lib/"))).toBe(true);
    expect(inputs.filter((input) => input.endsWith(".mmdb"))).toEqual([]);
    expect(GEO_DATABASE_FILES.every((file) => file.endsWith(".mmdb"))).toBe(true);
  });

  it.each(FUNCTIONS.filter((name) => !GEO_DATABASE_FUNCTIONS.has(name)))(
    "is nowhere in the %s bundle",
    (name) => {
      expect(contents(name).inputs).not.toContain(GEO_READER);
    },
  );
});

/** The glossary's reader (lib/content/glossary/glossary-file.ts); its text ships beside the bundle. */
const GLOSSARY_READER = "lib/content/glossary/glossary-file.ts";

describe("the glossary", () => {
  it("is read by the content function from a file beside the bundle, its text not bundled", () => {
    expect([...GLOSSARY_FUNCTIONS]).toEqual(["content"]);
    const { inputs } = contents("content");
    expect(inputs).toContain(GLOSSARY_READER);
    expect(inputs.filter((input) => GLOSSARY_FILES.includes(input as never))).toEqual([]);
    // Nor in code: the glossary folder holds only its shapes, reader and queries.
    const glossaryModules = inputs.filter((input) => input.startsWith("lib/content/glossary/"));
    expect(glossaryModules.sort()).toEqual([
      GLOSSARY_READER,
      "lib/content/glossary/index.ts",
      "lib/content/glossary/translations.ts",
      "lib/content/glossary/types.ts",
    ]);
  });

  it.each(FUNCTIONS.filter((name) => !GLOSSARY_FUNCTIONS.has(name)))(
    "is nowhere in the %s bundle",
    (name) => {
      expect(contents(name).inputs).not.toContain(GLOSSARY_READER);
    },
  );
});

describe("the SQS client", () => {
  /** Those that may send to the webhook queue (lib/api/group-access.ts). */
  const SENDERS: readonly FunctionName[] = ["webhooks", ...WEBHOOK_FUNCTIONS];

  it.each(FUNCTIONS.filter((name) => !SENDERS.includes(name)))(
    "is nowhere in the %s bundle, which never sends",
    (name) => {
      const { externals, inputs } = contents(name);
      expect(externals).not.toContain(SQS_CLIENT);
      expect(inputs).not.toContain(EVENT_QUEUE);
    },
  );

  it.each(SENDERS)("is left to the runtime by the %s function, never bundled", (name) => {
    const { externals, inputs } = contents(name);
    expect(inputs).toContain(EVENT_QUEUE);
    expect(externals).toContain(SQS_CLIENT);
    expect(inputs.filter((input) => input.includes("@aws-sdk/client-sqs"))).toEqual([]);
  });
});
