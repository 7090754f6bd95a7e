import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../lib/config";
import { pinnedClock } from "../../../lib/deps";
import { createSimulatedMarket } from "../../../lib/market/sim/simulated-market";
import { wiringOf } from "../../../lib/wiring/core";
import { graphWiring } from "../../../lib/wiring/graph";

/**
 * COMPANY_PROVIDER=edgar wires the graph to SEC EDGAR: people and institutions, no supply chain;
 * GRAPH_13F_FILERS names the 13F filers (none by default). Missing or malformed settings fail at
 * wiring (a cold start), not on the first request. Nothing here reaches the network.
 */

const clock = pinnedClock(new Date("2026-11-23T15:00:00Z"));
const market = createSimulatedMarket(clock);
const wire = (env: Record<string, string>) =>
  graphWiring(wiringOf(loadConfig({ ...process.env, ...env })), market, clock);
const EDGAR = { COMPANY_PROVIDER: "edgar", EDGAR_USER_AGENT: "Example ops@example.com" };

describe("graph wiring with EDGAR", () => {
  it("reads GRAPH_13F_FILERS, empty by default", () => {
    expect(loadConfig({}).graph13fFilers).toBe("");
    expect(loadConfig({ GRAPH_13F_FILERS: "1067983" }).graph13fFilers).toBe("1067983");
  });

  it("wires EDGAR people and institutions without a supply chain", async () => {
    const { company, graph } = wire({ ...EDGAR, GRAPH_13F_FILERS: "" });
    expect(company.social).toBeUndefined();
    expect(graph.provider).toBe("edgar");
    expect(graph.supplyChain).toBeUndefined();
    expect(await graph.institutions.institutions()).toEqual([]);
    expect(wire({ ...EDGAR, GRAPH_13F_FILERS: "1067983,102909|index-fund" }).graph.provider).toBe(
      "edgar",
    );
  });

  it("refuses EDGAR without a User-Agent, a malformed filer list and an unknown provider", () => {
    expect(() => wire({ COMPANY_PROVIDER: "edgar", EDGAR_USER_AGENT: "" })).toThrow(
      /EDGAR_USER_AGENT/,
    );
    expect(() => wire({ ...EDGAR, GRAPH_13F_FILERS: "berkshire" })).toThrow(/GRAPH_13F_FILERS/);
    expect(() => wire({ COMPANY_PROVIDER: "gossip" })).toThrow(/unknown/);
  });

  it("keeps the simulated world by default", () => {
    expect(wire({ COMPANY_PROVIDER: "sim" }).graph.provider).toBe("sim");
  });
});
