import { describe, expect, it } from "vitest";
import { graphBriefRoutes as routes } from "../../lib/api/groups/graph/routes/brief";
import { graphFragilityRoutes } from "../../lib/api/groups/graph/routes/fragility";
import { graphScoreRoutes } from "../../lib/api/groups/graph/routes/scores";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import { CompanyDataUnavailable } from "../../lib/company/ports";
import { type Deps, pinnedClock } from "../../lib/deps";
import { trailingTwelveMonths } from "../../lib/fundamentals/ports";
import { GRAPH_BRIEF_TEMPLATES } from "../../lib/graph/brief/templates";
import { NarrativeUnavailable, type NarrativeWriter } from "../../lib/narrative/ports";
import { createTemplateWriter } from "../../lib/narrative/template-writer";
import { callRoute } from "../setup/call-route";
import { simulatedWorldDeps } from "../setup/graph-deps";
import { refusal } from "../setup/refusals";

/**
 * GET /graph/{code}/fragility, /summary and /report on the simulated world at EXAMPLE_TIME:
 * fragility recombines and its Altman Z is the statements' own; the brief's statements quote
 * the endpoints they link to; the report is cached for its TTL; a narrative backend that fails
 * answers 503 REPORT_UNAVAILABLE and leaves nothing in the cache; a statements source that is
 * down answers 503 COMPANY_DATA_UNAVAILABLE.
 */

const deps = simulatedWorldDeps(EXAMPLE_TIME, {
  narrative: createTemplateWriter(GRAPH_BRIEF_TEMPLATES),
});
const AAPL = "AAPL_NASDAQ";
const params = (code: string) => ({ params: { code } });

describe("GET /graph/{code}/fragility", () => {
  it("recombines from its components and computes Z from the trailing statements", async () => {
    const answer = await callRoute(graphFragilityRoutes.fragility, params(AAPL), deps);
    const recombined = answer.components.reduce(
      (sum, c) => sum + c.effectiveWeight * (c.value ?? 0),
      0,
    );
    expect(Math.abs(recombined - (answer.fragility as number))).toBeLessThanOrEqual(0.06);
    const z = answer.altmanZ;
    if (!z) throw new Error("AAPL has statements");
    const products = z.products.A + z.products.B + z.products.C + z.products.D + z.products.E;
    expect(Math.abs(products - z.z)).toBeLessThanOrEqual(0.0005);
    const quarters = await deps.fundamentals.quarterStatements("AAPL", 2024, 2026);
    const ttm = trailingTwelveMonths(quarters ?? []);
    if (!ttm) throw new Error("AAPL has four quarters");
    expect(answer.statement).toEqual({ periodEnd: ttm.periodEnd, quarters: ttm.quarters });
    expect(z.ratios.E).toBeCloseTo(ttm.revenueUsd / ttm.totalAssetsUsd, 4);
    expect(z.ratios.C).toBeCloseTo(ttm.operatingIncomeUsd / ttm.totalAssetsUsd, 4);
  });

  it("answers 503 naming the company data when the statements' source is down", async () => {
    const down: Deps = {
      ...deps,
      fundamentals: {
        name: "down",
        quarterStatements: () => Promise.reject(new CompanyDataUnavailable("down", "HTTP 503")),
      },
    };
    const error = await refusal(() =>
      callRoute(graphFragilityRoutes.fragility, params("MSFT_NASDAQ"), down),
    );
    expect(error).toMatchObject({ status: 503, code: "COMPANY_DATA_UNAVAILABLE" });
  });
});

describe("GET /graph/{code}/summary", () => {
  it("states each topic with the figures of the endpoint it links to", async () => {
    const [summary, score, fragility] = await Promise.all([
      callRoute(routes.summary, params(AAPL), deps),
      callRoute(graphScoreRoutes.score, params(AAPL), deps),
      callRoute(graphFragilityRoutes.fragility, params(AAPL), deps),
    ]);
    expect(summary.statements.map((s) => s.topic)).toEqual([
      "score",
      "fragility",
      "cascadeRisk",
      "insiders",
      "institutions",
      "events",
    ]);
    const text = (topic: string) => summary.statements.find((s) => s.topic === topic)?.text ?? "";
    expect(text("score")).toContain((score.score as number).toFixed(1));
    expect(text("fragility")).toContain((fragility.fragility as number).toFixed(1));
    expect(text("events")).toContain("2027-01-27");
    for (const statement of summary.statements) {
      expect(statement.source).toMatch(/^\/v1\/graph\/AAPL_NASDAQ\/[a-z/-]+$/);
    }
    expect(summary.score).toBe(score.score);
    expect(summary.writer).toBe("template");
  });
});

describe("GET /graph/{code}/report", () => {
  it("is cached for its TTL per company and graph day", async () => {
    let now = Date.parse("2026-11-23T15:00:00Z");
    const clock = { now: () => new Date(now) };
    const withClock: Deps = { ...deps, clock };
    const first = await callRoute(routes.report, params("NVDA_NASDAQ"), withClock);
    expect(first.cached).toBe(false);
    expect(first.sections.map((s) => s.section)).toEqual([
      "overview",
      "score",
      "fragility",
      "cascadeRisk",
      "ownership",
      "events",
    ]);
    now += 30 * 60_000;
    const second = await callRoute(routes.report, params("NVDA_NASDAQ"), withClock);
    expect(second).toMatchObject({ cached: true, generatedAt: first.generatedAt });
    expect(second.sections).toEqual(first.sections);
    now += first.cacheTtlSeconds * 1000;
    const third = await callRoute(routes.report, params("NVDA_NASDAQ"), withClock);
    expect(third.cached).toBe(false);
    expect(Date.parse(third.expiresAt) - Date.parse(third.generatedAt)).toBe(3_600_000);
  });

  it("answers 503 REPORT_UNAVAILABLE while the narrative backend is down, caching nothing", async () => {
    let failing = true;
    const templates = createTemplateWriter(GRAPH_BRIEF_TEMPLATES);
    const flaky: NarrativeWriter = {
      name: "template",
      write: (request) =>
        failing
          ? Promise.reject(new NarrativeUnavailable("the model endpoint timed out"))
          : templates.write(request),
    };
    const withFlaky: Deps = {
      ...deps,
      narrative: flaky,
      clock: pinnedClock(new Date(EXAMPLE_TIME)),
    };
    for (const route of [routes.report, routes.summary]) {
      const error = await refusal(() => callRoute(route, params("AMD_NASDAQ"), withFlaky));
      expect(error).toMatchObject({ status: 503, code: "REPORT_UNAVAILABLE" });
      expect(error.headers["retry-after"]).toBe("30");
    }
    failing = false;
    const after = await callRoute(routes.report, params("AMD_NASDAQ"), withFlaky);
    expect(after.cached).toBe(false);
  });
});
