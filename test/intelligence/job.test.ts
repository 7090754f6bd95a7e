import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { intelligenceCommitteeRoutes } from "../../lib/api/groups/intelligence/routes/committee";
import type { Deps, Logger } from "../../lib/deps";
import { assessStock } from "../../lib/intelligence/analysis";
import { runVerdictJob } from "../../lib/intelligence/job";
import { TARGET_DTE } from "../../lib/intelligence/rules";
import { INTELLIGENCE_VERDICT_TEMPLATES } from "../../lib/intelligence/templates";
import type { Instrument } from "../../lib/market/ports";
import { NarrativeUnavailable, type NarrativeWriter } from "../../lib/narrative/ports";
import { createTemplateWriter } from "../../lib/narrative/template-writer";
import { createDynamoClient } from "../../lib/store/client";
import { createDocumentStore } from "../../lib/store/document-store";
import { ensureTable } from "../../lib/store/table";
import { createVerdictStore, type VerdictStore } from "../../lib/store/verdicts";
import { callRoute } from "../setup/call-route";
import { simulatedWorldDeps } from "../setup/graph-deps";

/**
 * The scheduled verdict job (lib/intelligence/job.ts) on the simulated world at a pinned instant
 * after a close, with the verdict store on DynamoDB Local (a table per test: no other test's
 * verdicts, none of the previous test's): the most active stocks are the highest share volumes,
 * a failing narrative backend fails every stock without stopping the run and stores nothing,
 * what the job stores is what GET /intelligence/{code}/conviction serves, a stopped run skips
 * the rest of the universe.
 */

/** A Tuesday, 16:30 New York (EST): after the close, as the AWS schedule runs. */
const INSTANT = "2026-11-24T21:30:00.000Z";
const MOST_ACTIVE = 3;

const endpoint = inject("dynamoEndpoint");
const admin = createDynamoClient({ region: "us-east-1", endpoint });
const db = createDocumentStore({ region: "us-east-1", endpoint, requestTimeoutMs: 30_000 });
afterAll(() => admin.destroy());

const templates = createTemplateWriter(INTELLIGENCE_VERDICT_TEMPLATES);
const failingNarrative: NarrativeWriter = {
  name: "down",
  write: async () => {
    throw new NarrativeUnavailable("the model backend timed out");
  },
};

interface World {
  deps: Deps;
  verdicts: VerdictStore;
  errors: { message: string; fields?: object }[];
}

/** The simulated world at INSTANT with a verdict store in a fresh table, errors kept. */
async function freshWorld(narrative: NarrativeWriter = templates): Promise<World> {
  const tableName = `intelligence-job-${randomUUID()}`;
  await ensureTable(admin, tableName);
  const verdicts = createVerdictStore(db, tableName);
  const errors: World["errors"] = [];
  const log: Logger = {
    info: () => undefined,
    error: (message, fields) => errors.push({ message, fields }),
  };
  return { deps: simulatedWorldDeps(INSTANT, { narrative, verdicts, log }), verdicts, errors };
}

/** Optionable stocks, listed independently of the job. */
async function optionable(deps: Deps): Promise<Instrument[]> {
  const listed = await deps.market.instruments();
  return listed.filter((i) => i.contractType === "Stock" && i.hasOptions);
}

/** Every optionable stock's code with its quote's share volume, most first. */
async function byVolume(deps: Deps): Promise<{ code: string; volume: number }[]> {
  const rows = [];
  for (const stock of await optionable(deps)) {
    const quote = await deps.market.quote(stock.code);
    rows.push({ code: stock.code, volume: quote?.volume ?? 0 });
  }
  return rows.sort((a, b) => b.volume - a.volume);
}

describe("the most-active scope", () => {
  let world: World;
  let ranked: { code: string; volume: number }[];
  let summary: Awaited<ReturnType<typeof runVerdictJob>>;
  beforeAll(async () => {
    world = await freshWorld();
    ranked = await byVolume(world.deps);
    summary = await runVerdictJob(world.deps, { scope: "most-active", mostActive: MOST_ACTIVE });
  }, 180_000);

  it("stores a verdict for each of the N highest share volumes, and for no other stock", async () => {
    const top = ranked.slice(0, MOST_ACTIVE).map((row) => row.code);
    // Distinct volumes: the ranking is not decided by the tie-break.
    expect(ranked[MOST_ACTIVE - 1]?.volume).toBeGreaterThan(ranked[MOST_ACTIVE]?.volume ?? 0);
    for (const code of top) {
      const stored = await world.verdicts.latest(code);
      expect(stored, code).toMatchObject({ code, trigger: "schedule", analysedAt: INSTANT });
    }
    const next = ranked[MOST_ACTIVE]?.code as string;
    expect(await world.verdicts.latest(next)).toBeUndefined();
  });

  it("sums up the run: every stock attempted and stored, counted by verdict", () => {
    expect(summary).toMatchObject({
      scope: "most-active",
      targetDte: TARGET_DTE.default,
      selected: MOST_ACTIVE,
      attempted: MOST_ACTIVE,
      stored: MOST_ACTIVE,
      failed: [],
      skipped: 0,
      marketTime: INSTANT,
    });
    const counted = Object.values(summary.byVerdict).reduce((sum, n) => sum + n, 0);
    expect(counted).toBe(MOST_ACTIVE);
    expect(Date.parse(summary.finishedAt)).toBeGreaterThanOrEqual(Date.parse(summary.startedAt));
    expect(world.errors).toEqual([]);
  });

  it("stored exactly what GET /intelligence/{code}/conviction then serves", async () => {
    const code = ranked[0]?.code as string;
    const served = await callRoute(
      intelligenceCommitteeRoutes.conviction,
      { params: { code } },
      world.deps,
    );
    // The committee again at the same instant: the same evidence, the same verdict.
    const instrument = (await optionable(world.deps)).find((i) => i.code === code) as Instrument;
    const fresh = await assessStock(world.deps, instrument, {
      targetDte: TARGET_DTE.default,
      trigger: "schedule",
    });
    expect(served).toEqual(JSON.parse(JSON.stringify(fresh)));
    const counted = summary.byVerdict[served.FinalVerdict];
    expect(counted).toBeGreaterThan(0);
  });
});

describe("a narrative backend that is down", () => {
  it("fails every stock with AI_ERROR, logged and counted, and stores nothing", async () => {
    const world = await freshWorld(failingNarrative);
    const summary = await runVerdictJob(world.deps, {
      scope: "most-active",
      mostActive: MOST_ACTIVE,
    });
    const top = (await byVolume(world.deps)).slice(0, MOST_ACTIVE).map((row) => row.code);
    expect(summary).toMatchObject({ attempted: MOST_ACTIVE, stored: 0, skipped: 0 });
    expect(summary.byVerdict).toEqual({ SELL_PUT: 0, CAUTION: 0, AVOID: 0 });
    expect(summary.failed.map((f) => f.code).sort()).toEqual([...top].sort());
    for (const failure of summary.failed) expect(failure.error.code).toBe("AI_ERROR");
    for (const code of top) expect(await world.verdicts.latest(code)).toBeUndefined();
    // One line per stock, naming what the backend said.
    expect(world.errors).toHaveLength(MOST_ACTIVE);
    expect(JSON.stringify(world.errors[0]?.fields)).toContain("the model backend timed out");
  });
});

describe("the universe scope", () => {
  it("selects every optionable stock; a stopped run starts no further stock", async () => {
    const world = await freshWorld();
    const universe = await optionable(world.deps);
    // Asked before each start: the first two (one per worker) start, then the run stops.
    let asked = 0;
    const summary = await runVerdictJob(world.deps, {
      scope: "universe",
      shouldStop: () => ++asked > 2,
    });
    expect(universe.length).toBeGreaterThan(MOST_ACTIVE);
    expect(summary).toMatchObject({
      scope: "universe",
      selected: universe.length,
      attempted: 2,
      stored: 2,
      skipped: universe.length - 2,
    });
    // In the listing's order: the first two stocks, nothing after them.
    for (const stock of universe.slice(0, 2)) {
      expect(await world.verdicts.latest(stock.code), stock.code).toBeDefined();
    }
    expect(await world.verdicts.latest(universe[2]?.code as string)).toBeUndefined();
  }, 180_000);
});
