import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generatedOpenApi, generatedSampleEvents } from "../../lib/api/generate";
import { GROUPS, ROUTE_MANIFEST } from "../../lib/api/generated/manifest";
import { API_GROUPS, ROUTES } from "../../lib/api/groups/registry";
import { manifestEntry } from "../../lib/api/manifest";

/**
 * The files `npm run generate` writes must match the route table they come from: a route
 * added or changed without regenerating fails here, with the command to run.
 */
const ROOT = join(import.meta.dirname, "../..");
const STALE = "stale: run `npm run generate` and commit the result";

describe("generated files", () => {
  it("the route manifest lists every route of every group, without schemas", () => {
    expect(GROUPS, STALE).toEqual(API_GROUPS.map((group) => group.name));
    expect(ROUTE_MANIFEST, STALE).toEqual(ROUTES.map(manifestEntry));
  });

  it("the served OpenAPI document is the one the route table and examples give", async () => {
    const committed = JSON.parse(
      readFileSync(join(ROOT, "lib/api/generated/openapi.json"), "utf8"),
    );
    expect(committed, STALE).toEqual(await generatedOpenApi());
  });

  it("events/ holds exactly the samples the route table and request examples give", async () => {
    const samples = await generatedSampleEvents();
    for (const [file, text] of Object.entries(samples)) {
      const path = join(ROOT, "events", file);
      expect(existsSync(path), `events/${file} is missing; ${STALE}`).toBe(true);
      expect(readFileSync(path, "utf8"), `events/${file}: ${STALE}`).toBe(text);
    }
    const extra = readdirSync(join(ROOT, "events")).filter(
      (file) => file.endsWith(".json") && !(file in samples),
    );
    expect(extra, `samples of no route; ${STALE}`).toEqual([]);
  });

  it("each group's routes carry the group's name and ids under its prefix", () => {
    for (const group of API_GROUPS) {
      for (const route of group.routes) {
        expect(route.group).toBe(group.name);
        expect(route.id.startsWith(`${group.name}.`)).toBe(true);
        expect(Object.keys(group.implementations)).toContain(route.id);
      }
    }
  });
});
