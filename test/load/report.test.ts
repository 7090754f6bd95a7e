import { describe, expect, it } from "vitest";
import { beginSection, recordedFigures } from "../../bench/report";
import { recordLoadFigures } from "../../scripts/load/report";
import type { LoadSummary } from "../../scripts/load/summary";

/** The load's rows in `npm run bench`'s report: each target judged from the summary's figures. */

const latency = (p99: number) => ({ p50: 40, p97_5: 180, p99, max: 400, mean: 60 });
const cpu = { wallSeconds: 20, node: 6, java: 8, generator: 2 };

function summary(overrides: { perSecond: number; p99: number; keyed5xx: number }): LoadSummary {
  return {
    options: { seconds: 15, connections: 100, rawSeconds: 10, simNow: undefined },
    startedAt: "2026-11-25T00:00:00.000Z",
    loadAverageBefore: [1, 1, 1],
    settleSeconds: 5,
    database: {
      sqliteModes: "journal_mode=wal synchronous=1 temp_store=2",
      jit: "c1",
      maxInFlight: 8,
    },
    keyed: {
      answered: 1500,
      seconds: 15,
      perSecond: overrides.perSecond,
      latencyMs: latency(overrides.p99),
      errors: 0,
      timeouts: 0,
      statuses: { "200": 1500 - overrides.keyed5xx, "503": overrides.keyed5xx },
      non2xx: overrides.keyed5xx,
      server5xx: overrides.keyed5xx,
      counter: 1550,
      answeredWithKey: 1550,
    },
    raw: {
      updates: 1000,
      seconds: 10,
      perSecond: 100,
      failures: {},
      latencyMs: latency(900),
      cpu,
    },
    limiter: {
      tier: "Free",
      perMinuteLimit: 60,
      sent: 180,
      statuses: { "200": 60, "429": 120 },
      errors: 0,
      admitted: 60,
      maxAdmittedIn60s: 60,
      counter: 60,
      seconds: 20,
    },
    cpu,
    targets: [],
  };
}

/** A row's name up to its first detail: "keyed throughput, 100 connections …" → "keyed throughput". */
const shortName = (name: string) => name.split(/ \(|, /)[0];

function rowsAfter(record: () => void) {
  const before = recordedFigures().length;
  record();
  return recordedFigures().slice(before);
}

describe("the load's figures in the bench report", () => {
  it("meets throughput at 0.8 × raw and p99 at 250 ms; no errors, no 5xx, the limiter within", () => {
    beginSection("Load");
    const rows = rowsAfter(() =>
      recordLoadFigures(summary({ perSecond: 80, p99: 250, keyed5xx: 0 })),
    );
    const met = Object.fromEntries(rows.map((row) => [shortName(row.name), row.met]));
    expect(met).toMatchObject({
      "keyed throughput": true,
      "keyed latency p99": true,
      errors: true,
      "5xx answers": true,
      "Free key: most admitted in any 60 s": true,
      "Free key: its counter": true,
    });
    expect(rows.every((row) => row.section === "Load")).toBe(true);
    const info = rows.filter((row) => row.met === undefined).map((row) => row.name);
    expect(info.join("; ")).toMatch(/p50 \/ p97.5.*raw DynamoDB Local.*CPU split/);
  });

  it("fails each speed and correctness target that is missed", () => {
    const rows = rowsAfter(() =>
      recordLoadFigures(summary({ perSecond: 79, p99: 251, keyed5xx: 3 })),
    );
    const missed = rows.filter((row) => row.met === false).map((row) => shortName(row.name));
    expect(missed).toEqual(["keyed throughput", "keyed latency p99", "5xx answers"]);
  });
});
