import { describe, expect, it } from "vitest";
import { GRAPH_PREDICTIONS_EXAMPLES } from "../../lib/api/examples/graph-predictions";
import { graphEarningsRoutes } from "../../lib/api/groups/graph/routes/earnings";
import { graphPredictionRoutes as routes } from "../../lib/api/groups/graph/routes/predictions";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import { pinnedClock } from "../../lib/deps";
import {
  FEATURE_NAMES,
  featuresOf,
  IV_RANK_SESSIONS,
} from "../../lib/graph/earnings-model/features";
import { INPUT_LOOKBACK_DAYS, loadEarningsInputs } from "../../lib/graph/earnings-model/inputs";
import {
  beatProbability,
  earningsModel,
  parseEarningsModel,
  predictedAbsMovePercent,
} from "../../lib/graph/earnings-model/model";
import artifact from "../../lib/graph/earnings-model/model.json";
import { dayNumber } from "../../lib/market/civil-date";
import type { MarketDataProvider } from "../../lib/market/ports";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { callRoute } from "../setup/call-route";
import { simulatedWorldDeps } from "../setup/graph-deps";
import { expectInvalid, refusal } from "../setup/refusals";

/**
 * The earnings model (lib/graph/earnings-model): the checked-in artifact, features that use
 * nothing after the report, and GET /graph/{code}/earnings-prediction and
 * /graph/earnings-predictions/upcoming on the simulated world at EXAMPLE_TIME.
 */

/** AAPL's report of Wednesday 2026-10-28, after the close. */
const REPORT = { date: "2026-10-28", hour: "amc" as const };
/** The evening before it: the session of 2026-10-27 has closed, the report is not out. */
const BEFORE = "2026-10-27T21:00:00Z";

async function featuresAt(instant: string) {
  const clock = pinnedClock(new Date(instant));
  const market = createSimulatedMarket(clock);
  const instrument = await market.instrument("AAPL_NASDAQ");
  if (!instrument) throw new Error("AAPL_NASDAQ is not listed");
  const today = Math.floor(Date.parse(instant) / 86_400_000);
  const deps = { market, marketClock: clock };
  const from = dayNumber(2026, 10, 28) - INPUT_LOOKBACK_DAYS;
  const sessions = IV_RANK_SESSIONS + (today - dayNumber(2026, 10, 27)) + 10;
  const inputs = await loadEarningsInputs(deps, instrument, from, today + 30, sessions);
  return { features: featuresOf(inputs, REPORT, Date.parse(instant)), inputs };
}

describe("the earnings model", () => {
  it("loads the checked artifact with its version, windows and out-of-sample figures", () => {
    const model = earningsModel();
    expect(model.modelVersion).toMatch(/^earnings-lr-\d{4}-\d{2}-\d{2}$/);
    expect(model.training.trainReports.to < model.training.testReports.from).toBe(true);
    expect(model.training.testReports).toMatchObject({ from: "2024-01-01", to: "2026-10-31" });
    const { beat, move } = model.training.outOfSample;
    expect(beat.auc).toBeGreaterThan(0);
    expect(beat.calibration.reduce((n, row) => n + row.reports, 0)).toBe(
      model.training.testReports.samples,
    );
    expect(move.naiveMeanAbsoluteErrorPercent).toBeGreaterThan(0);
    expect(() =>
      parseEarningsModel({ ...artifact, beat: { ...artifact.beat, weights: [1] } }),
    ).toThrow();
  });

  it("reads nothing after the report: the same features before it and a month later", async () => {
    const before = await featuresAt(BEFORE);
    const later = await featuresAt(EXAMPLE_TIME);
    // The report is out at the later clock only.
    expect(before.inputs.reports.find((r) => r.date === REPORT.date)?.epsActual).toBeNull();
    expect(later.inputs.reports.find((r) => r.date === REPORT.date)?.epsActual).not.toBeNull();
    expect(before.features).toBeDefined();
    expect(later.features).toEqual(before.features);
  });

  it("counts the beat rate as the earnings history does over the same 8 reports", async () => {
    const { features } = await featuresAt(BEFORE);
    const history = await callRoute(
      graphEarningsRoutes.earningsHistory,
      { params: { code: "AAPL_NASDAQ" }, query: { limit: "8" } },
      simulatedWorldDeps(BEFORE),
    );
    expect(history.count).toBe(8);
    expect((features?.pastBeatRate ?? -1) * 100).toBeCloseTo(history.aggregates.beatRate ?? -1, 3);
    expect(features?.lastSurprisePercent).toBeCloseTo(
      history.reports[0]?.eps.surprisePercent ?? 0,
      3,
    );
  });

  it("gives a probability strictly inside (0, 1) and a non-negative move", async () => {
    const { features } = await featuresAt(BEFORE);
    if (!features) throw new Error("no features");
    const p = beatProbability(earningsModel(), features);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1);
    expect(predictedAbsMovePercent(earningsModel(), features)).toBeGreaterThanOrEqual(0);
  });
});

describe("GET /graph/{code}/earnings-prediction and /graph/earnings-predictions/upcoming", () => {
  const deps = simulatedWorldDeps(EXAMPLE_TIME);

  it("predicts AAPL's next report as the example shows, from the model's own functions", async () => {
    const answer = await callRoute(
      routes.earningsPrediction,
      { params: { code: "AAPL_NASDAQ" } },
      deps,
    );
    expect(answer).toEqual(GRAPH_PREDICTIONS_EXAMPLES["graph.earningsPrediction"]?.data);
    expect(answer.prediction.report).toMatchObject({ date: "2027-01-27", hour: "amc" });
    expect(Object.keys(answer.prediction.features)).toEqual([...FEATURE_NAMES]);
    expect(answer.prediction.beatProbability).toBeCloseTo(
      beatProbability(earningsModel(), answer.prediction.features),
      3,
    );
    expect(answer.model.modelVersion).toBe(earningsModel().modelVersion);
  });

  it("lists the companies reporting soon, soonest first, within the window", async () => {
    const answer = await callRoute(
      routes.upcomingEarningsPredictions,
      { query: { days: "7", limit: "50" } },
      deps,
    );
    expect(answer.count).toBeGreaterThan(0);
    expect(answer.count).toBe(answer.predictions.length);
    const dates = answer.predictions.map((row) => row.report.date);
    expect(dates).toEqual([...dates].sort());
    for (const row of answer.predictions) {
      expect(row.report.daysUntil).toBeGreaterThanOrEqual(0);
      expect(row.report.daysUntil).toBeLessThanOrEqual(7);
      expect(row.beatProbability).toBeGreaterThan(0);
      expect(row.beatProbability).toBeLessThan(1);
    }
    const example = await callRoute(
      routes.upcomingEarningsPredictions,
      { query: { days: "7", limit: "2" } },
      deps,
    );
    expect(example).toEqual(GRAPH_PREDICTIONS_EXAMPLES["graph.upcomingEarningsPredictions"]?.data);
    expect(example.predictions).toEqual(answer.predictions.slice(0, 2));
  });

  it("answers 404 for a fund, an unknown code and a company with no scheduled report", async () => {
    const predict = (code: string, world = deps) =>
      callRoute(routes.earningsPrediction, { params: { code } }, world);
    expect(await refusal(() => predict("SPY_ARCA"))).toMatchObject({
      status: 404,
      code: "NO_DATA",
    });
    expect(await refusal(() => predict("AAPX_NASDAQ"))).toMatchObject({
      status: 404,
      code: "SYMBOL_NOT_FOUND",
    });
    // Every simulated stock reports quarterly: a source without a schedule stands in.
    const market = deps.market;
    const unscheduled: MarketDataProvider = Object.create(market, {
      reference: {
        value: async (...args: Parameters<MarketDataProvider["reference"]>) => {
          const reference = await market.reference(...args);
          return reference?.kind === "equity" ? { ...reference, earningsMonths: null } : reference;
        },
      },
    });
    const error = await refusal(() => predict("AAPL_NASDAQ", { ...deps, market: unscheduled }));
    expect(error).toMatchObject({ status: 404, code: "NO_DATA" });
    expect(error.message).toContain("no report is scheduled");
  });

  it("answers 400 naming a bad query field", async () => {
    const upcoming = (query: Record<string, string>) =>
      callRoute(routes.upcomingEarningsPredictions, { query }, deps);
    await expectInvalid(() => upcoming({ days: "15" }), "days");
    await expectInvalid(() => upcoming({ days: "0" }), "days");
    await expectInvalid(() => upcoming({ limit: "0" }), "limit");
    await expectInvalid(() => upcoming({ limit: "x" }), "limit");
  });
});
