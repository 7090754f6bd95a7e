import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { clientSchemaSource } from "../../packages/client/scripts/generate-schema";

/**
 * The typed client's types (packages/client/src/schema.d.ts) are what openapi-typescript makes
 * of the committed OpenAPI document (test/api/generated.test.ts checks that document against
 * the route table): a route added or changed without `npm run generate` fails here.
 */
const ROOT = join(import.meta.dirname, "../..");
const STALE = "stale: run `npm run generate` and commit the result";

function committedDocument(): { paths: Record<string, Record<string, { summary?: string }>> } {
  return JSON.parse(readFileSync(join(ROOT, "lib/api/generated/openapi.json"), "utf8"));
}

describe("the typed client's schema", () => {
  it("is the one openapi-typescript generates from the committed OpenAPI document", async () => {
    const committed = readFileSync(join(ROOT, "packages/client/src/schema.d.ts"), "utf8");
    // Compared as text, not with toBe: a 1.7 MB diff would drown the message.
    const expected = await clientSchemaSource(committedDocument());
    expect(committed === expected, STALE).toBe(true);
  });

  it("changes with the document (the comparison above can fail)", async () => {
    const document = committedDocument();
    const quote = document.paths["/market/stocks/{code}/quote"]?.get;
    if (!quote) throw new Error("the document has no quote operation");
    quote.summary = `${quote.summary ?? ""} (changed)`;
    const changed = await clientSchemaSource(document);
    expect(changed).toContain("(changed)");
    expect(changed).not.toBe(await clientSchemaSource(committedDocument()));
  });

  it("leaves the operations' request and answer examples out, keeping descriptions", async () => {
    const source = readFileSync(join(ROOT, "packages/client/src/schema.d.ts"), "utf8");
    expect(source).not.toContain('"requestId": "');
    expect(source).toContain("@description");
    expect(source).toContain('"market.quote": {');
  });
});
