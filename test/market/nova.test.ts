import { describe, expect, it } from "vitest";
import { marketNovaImplementations } from "../../lib/api/groups/market/implementations/nova";
import { marketNovaRoutes } from "../../lib/api/groups/market/routes/nova";
import type { RouteInput } from "../../lib/api/route";
import { validate } from "../../lib/api/validation";
import { pinnedClock } from "../../lib/deps";
import { FEATURE_NAMES } from "../../lib/market/nova/features";
import { parseModel, scoreOf } from "../../lib/market/nova/model";
import artifact from "../../lib/market/nova/model.json";
import type { MarketDataProvider } from "../../lib/market/ports";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { testDeps } from "../setup/deps";

/** Nova: the trained artifact, its scoring, and the suggestions endpoint in-process. */

const route = marketNovaRoutes.novaSuggestions;
const context = { requestId: "r", sourceIp: "", baseUrl: "", apiKey: undefined, origin: undefined };

function input(query: Record<string, string>): RouteInput<typeof route> {
  return {
    params: undefined,
    body: undefined,
    query: validate(route.query, query, "query"),
    context,
  };
}

describe("the model artifact", () => {
  it("matches the feature set and records its out-of-sample quality", () => {
    const model = parseModel(artifact);
    expect(model.features).toEqual([...FEATURE_NAMES]);
    const quality = (
      model.training as { outOfSample: { auc: number; baseRate: number; topDecileWinRate: number } }
    ).outOfSample;
    expect(quality.auc).toBeGreaterThan(0.6);
    expect(quality.topDecileWinRate).toBeGreaterThan(quality.baseRate);
  });

  it("is refused when it does not match the features", () => {
    expect(() => parseModel({ ...artifact, weights: [1, 2] })).toThrow();
    expect(() => parseModel({ ...artifact, features: ["x"] })).toThrow();
    expect(() => parseModel(null)).toThrow();
  });

  it("scores a probability that falls as |delta| rises, all else equal", () => {
    const model = parseModel(artifact);
    const base = [0.15, 1.2, 7, 5, 20, 50, 0, 1];
    const riskier = [0.45, ...base.slice(1)];
    const p = scoreOf(model, base);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1);
    expect(scoreOf(model, riskier)).toBeLessThan(p);
  });
});

describe("GET /market/nova/suggestions", () => {
  const at = new Date("2026-11-24T16:00:00Z");
  const deps = testDeps({
    market: createSimulatedMarket(pinnedClock(at)),
    marketClock: pinnedClock(at),
  });

  it("ranks topN candidates by score within the requested days to expiry", async () => {
    const result = await marketNovaImplementations["market.novaSuggestions"](
      input({ topN: "12", minDte: "2", maxDte: "14" }),
      deps,
    );
    expect(route.response.parse(result)).toEqual(result);
    expect(result.modelVersion).toBe(parseModel(artifact).modelVersion);
    expect(result.suggestions).toHaveLength(12);
    const scores = result.suggestions.map((s) => s.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    for (const s of result.suggestions) {
      const days = (Date.parse(`${s.expiry}T00:00:00Z`) - Date.UTC(2026, 10, 24)) / 86_400_000;
      expect(days).toBeGreaterThanOrEqual(2);
      expect(days).toBeLessThanOrEqual(14);
      expect(Math.abs(s.delta)).toBeLessThanOrEqual(0.5);
      expect(s.premium).toBeGreaterThanOrEqual(0.05);
    }
  });

  it("serves the same answer from the 5-minute cache", async () => {
    const query = input({ topN: "5", minDte: "0", maxDte: "14" });
    const first = await marketNovaImplementations["market.novaSuggestions"](query, deps);
    const failing: MarketDataProvider = {
      ...deps.market,
      name: deps.market.name,
      quote: () => Promise.reject(new Error("down")),
    };
    const second = await marketNovaImplementations["market.novaSuggestions"](query, {
      ...deps,
      market: failing,
    });
    expect(second).toEqual(first);
  });

  it("answers 503 NOVA_UNAVAILABLE when the source has no option listings", async () => {
    const noListings: MarketDataProvider = {
      ...deps.market,
      name: "vendor-without-listings",
      optionExpirations: undefined,
    };
    await expect(
      marketNovaImplementations["market.novaSuggestions"](input({ topN: "3" }), {
        ...deps,
        market: noListings,
      }),
    ).rejects.toMatchObject({
      status: 503,
      code: "NOVA_UNAVAILABLE",
      // Carried for the envelope's log line, never sent to the client.
      cause: expect.objectContaining({ message: expect.stringContaining("no option listings") }),
    });
  });

  it.each([
    [{ topN: "0" }, "topN"],
    [{ topN: "51" }, "topN"],
    [{ topN: "ten" }, "topN"],
    [{ maxDte: "-1" }, "maxDte"],
    [{ minDte: "10", maxDte: "5" }, "minDte"],
  ])("refuses %j with 400 naming %s", (query, field) => {
    expect(() => validate(route.query, query, "query")).toThrow(new RegExp(`'${field}'`));
  });
});
