import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { copyFileSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GLOSSARY_FILES, lambdaEsbuildOptions } from "../../infra/bundling";
import { termBySlug } from "../../lib/content/glossary";
import {
  GLOSSARY_FILE_NAME,
  glossaryFilePath,
  loadGlossary,
  parseGlossary,
} from "../../lib/content/glossary/glossary-file";
import { createAccountStore } from "../../lib/store/accounts";
import { createDocumentStore } from "../../lib/store/document-store";

/**
 * The glossary's text is a data file (lib/content/glossary/glossary.json), read on first use:
 * checked whole when read, and found beside the module both from source and in the deployed
 * bundle, where infra/bundling.ts GLOSSARY_FILES puts it (test/infra checks the CDK asset).
 */

const ROOT = join(import.meta.dirname, "../..");
const SOURCE_TEXT = readFileSync(glossaryFilePath(), "utf8");

/** The real file with one change made to its parsed content. */
function edited(change: (file: any) => void): string {
  const file = JSON.parse(SOURCE_TEXT);
  change(file);
  return JSON.stringify(file);
}

describe("the glossary file", () => {
  it("is the one infra/bundling.ts ships, read from beside its reader", () => {
    expect(GLOSSARY_FILES.map((file) => join(ROOT, file))).toEqual([glossaryFilePath()]);
    expect(basename(glossaryFilePath())).toBe(GLOSSARY_FILE_NAME);
    expect(parseGlossary(SOURCE_TEXT)).toEqual(loadGlossary());
    expect(loadGlossary()).toBe(loadGlossary()); // read once
  });

  it("is refused whole, naming where, when a term or translation is off its shape", () => {
    const refusals: [string, (file: any) => void, string][] = [
      ["no long definition", (f) => delete f.terms.greeks.delta.long, "terms.greeks.delta.long"],
      [
        "an unknown field",
        (f) => (f.terms.greeks.delta.shrt = "x"),
        'terms.greeks.delta: Unrecognized key: "shrt"',
      ],
      [
        "an unknown category",
        (f) => (f.terms.astrology = {}),
        'terms: Unrecognized key: "astrology"',
      ],
      ["a missing category", (f) => delete f.terms.greeks, "terms.greeks"],
      ["a malformed slug", (f) => (f.terms.greeks["Delta X"] = {}), "terms.greeks.Delta X"],
      [
        "an endpoint without its method",
        (f) => (f.terms.greeks.delta.endpoint = "/options/calculator"),
        "terms.greeks.delta.endpoint",
      ],
      ["a missing translation", (f) => delete f.translations.ja.delta, "translations.ja.delta"],
      ["a missing language", (f) => delete f.translations.pt, "translations.pt"],
      ["an empty term", (f) => (f.translations.de.delta.term = ""), "translations.de.delta.term"],
    ];
    for (const [what, change, named] of refusals) {
      expect(() => parseGlossary(edited(change)), what).toThrow(named);
    }
    expect(() => parseGlossary(SOURCE_TEXT.slice(0, 1000))).toThrow(`${GLOSSARY_FILE_NAME}: `);
  });

  it("is refused when a slug is in two categories", () => {
    const twice = edited((f) => (f.terms.volatility.delta = f.terms.greeks.delta));
    expect(() => parseGlossary(twice)).toThrow("delta twice");
  });
});

/** Built with the deployed settings into the project (the runtime's @aws-sdk/* resolve there). */
const OUT_DIR = join(ROOT, "cdk.out", `glossary-file-test-${randomUUID()}`);
const BUNDLE = join(OUT_DIR, "index.mjs");

/** The sample request (events/) with a key, answered by a fresh process importing the bundle. */
async function invokeBundle(apiKey: string): Promise<{ statusCode: number; body: any }> {
  const event = JSON.parse(readFileSync(join(ROOT, "events", "content.glossaryTerm.json"), "utf8"));
  event.headers["x-api-key"] = apiKey;
  const script = `const { handler } = await import(${JSON.stringify(pathToFileURL(BUNDLE).href)});
const response = await handler(${JSON.stringify(event)}, { getRemainingTimeInMillis: () => 10000 });
console.log("RESPONSE " + JSON.stringify(response));`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--input-type=module", "-e", script],
    { cwd: ROOT, env: process.env, timeout: 60_000 },
  );
  const line = stdout.split("\n").find((text) => text.startsWith("RESPONSE "));
  if (!line) throw new Error(`no response in ${stdout}`);
  const response = JSON.parse(line.slice("RESPONSE ".length));
  return { statusCode: response.statusCode, body: JSON.parse(response.body) };
}

describe("the content function's bundle", () => {
  let apiKey = "";

  beforeAll(async () => {
    mkdirSync(OUT_DIR, { recursive: true });
    await build({
      absWorkingDir: ROOT,
      entryPoints: [join(ROOT, "functions", "content.ts")],
      outfile: BUNDLE,
      logLevel: "error",
      ...lambdaEsbuildOptions(),
    });
    const accounts = createAccountStore(
      createDocumentStore({ region: "us-east-1", endpoint: process.env.DYNAMODB_ENDPOINT }),
      process.env.TABLE_NAME as string,
    );
    const email = `glossary-${randomUUID()}@example.com`;
    apiKey = (await accounts.register(email, "-", new Date().toISOString())).apiKey;
  }, 120_000);

  afterAll(() => rmSync(OUT_DIR, { recursive: true, force: true }));

  it("answers a term from the glossary file shipped beside it, and fails without it", async () => {
    for (const file of GLOSSARY_FILES)
      copyFileSync(join(ROOT, file), join(OUT_DIR, basename(file)));
    const served = await invokeBundle(apiKey);
    expect(served.statusCode, JSON.stringify(served.body.error)).toBe(200);
    const { relatedTerms, ...term } = served.body.data;
    expect(term).toEqual(termBySlug("iv-rank"));
    expect(relatedTerms.map((related: { slug: string }) => related.slug)).toEqual(term.related);

    rmSync(join(OUT_DIR, GLOSSARY_FILE_NAME));
    const missing = await invokeBundle(apiKey);
    expect(missing.statusCode).toBe(500);
    expect(missing.body.error.code).toBe("INTERNAL_ERROR");
  });
});
