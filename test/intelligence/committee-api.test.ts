import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { graphRoutes } from "../../lib/api/groups/graph/routes";
import { byRank } from "../../lib/api/groups/intelligence/implementations/committee";
import { intelligenceCommitteeRoutes as routes } from "../../lib/api/groups/intelligence/routes/committee";
import { newsRoutes } from "../../lib/api/groups/news/routes";
import { volatilityRoutes } from "../../lib/api/groups/volatility/routes";
import type { VerdictAnswer } from "../../lib/intelligence/analysis";
import { RULES_VERSION, SPECIALISTS } from "../../lib/intelligence/rules";
import { createDynamoClient } from "../../lib/store/client";
import { createDocumentStore } from "../../lib/store/document-store";
import { ensureTable } from "../../lib/store/table";
import { createVerdictStore } from "../../lib/store/verdicts";
import { callRoute } from "../setup/call-route";
import { intelligenceWorldDeps, narrativeDown } from "../setup/intelligence-deps";
import { refusal } from "../setup/refusals";

/**
 * The committee's routes on the simulated world at pinned instants, verdicts stored in a table
 * of their own on DynamoDB Local (no other test writes there).
 */

const MONDAY = "2026-11-23T15:00:00Z"; // 10:00 New York
const TUESDAY = "2026-11-24T19:00:00Z"; // 14:00 New York, the next day

const endpoint = inject("dynamoEndpoint");
const client = createDynamoClient({ region: "us-east-1", endpoint });
const tableName = `verdicts-test-${Date.now()}`;
const verdicts = createVerdictStore(
  createDocumentStore({ region: "us-east-1", endpoint }),
  tableName,
);
const monday = intelligenceWorldDeps(MONDAY, { verdicts });
const tuesday = intelligenceWorldDeps(TUESDAY, { verdicts });

beforeAll(() => ensureTable(client, tableName), 60_000);
afterAll(() => client.destroy());

/** The call rejects with this API error; `field` named in its message or details. */
async function expectApiError(
  call: Promise<unknown>,
  status: number,
  code: string,
  field?: string,
) {
  const error = await refusal(() => call);
  expect(error).toMatchObject({ status, code });
  if (field) expect(`${error.message} ${error.details}`).toContain(field);
}

const analyse = (deps: typeof monday, code: string, targetDte = "30") =>
  callRoute(
    routes.analysis,
    { params: { code }, query: { targetDte } },
    deps,
  ) as Promise<VerdictAnswer>;
const conviction = (deps: typeof monday, code: string) =>
  callRoute(routes.conviction, { params: { code } }, deps);

describe("GET /intelligence/{code}/analysis", () => {
  it("hears every specialist, under the rules' version, and states its target", async () => {
    const answer = await analyse(monday, "AAPL_NASDAQ");
    expect(answer.specialists.map((s) => s.specialist)).toEqual([...SPECIALISTS]);
    expect(answer.rulesVersion).toBe(RULES_VERSION);
    expect(answer.inputsHash).toMatch(/^[0-9a-f]{64}$/);
    expect(answer.analysedAt).toBe(new Date(MONDAY).toISOString());
    expect(answer.trigger).toBe("request");
    expect(answer.target.daysToExpiration).toBeGreaterThanOrEqual(30);
    expect(answer.specialists.every((s) => s.available)).toBe(true);
    expect(["SELL_PUT", "CAUTION", "AVOID"]).toContain(answer.FinalVerdict);
    const agreeing = answer.specialists.filter((s) => s.vote === answer.FinalVerdict).length;
    expect(answer.CommitteeAgreement).toBeCloseTo(agreeing / 7, 4);
    expect(answer.reasoning).toContain(`Apple Inc. (AAPL)`);
    expect(answer.reasoning).toContain(answer.FinalVerdict);
  }, 120_000);

  it("cites the figures the cited endpoints serve at the same clock", async () => {
    const answer = await analyse(monday, "MSFT_NASDAQ");
    const inputs = Object.fromEntries(answer.specialists.map((s) => [s.specialist, s.inputs]));
    const params = { code: "MSFT_NASDAQ" };
    const hvIv = await callRoute(volatilityRoutes.hvIv, { params }, monday);
    expect(inputs.volatility).toMatchObject({
      ivRank: hvIv.ivRank,
      impliedVolatility30: hvIv.impliedVolatility30,
      ivHvRatio: hvIv.ivHvRatio,
    });
    const technicals = await callRoute(graphRoutes.technicals, { params }, monday);
    expect(inputs.technical).toMatchObject({
      close: technicals.close,
      trend: technicals.trend.direction,
      rsi14: technicals.momentum.rsi14,
    });
    const sentiment = await callRoute(newsRoutes.tickerSentiment, { params }, monday);
    expect(inputs.newsSentiment).toMatchObject({
      articleCount: sentiment.articleCount,
      sentimentScore: sentiment.score,
    });
    const fragility = await callRoute(graphRoutes.fragility, { params }, monday);
    expect(inputs.fundamental?.fragility).toBe(fragility.fragility);
    const insiders = await callRoute(graphRoutes.insiderSummary, { params }, monday);
    expect(inputs.insiderActivity).toMatchObject({
      buyers: insiders.last90Days.buyers,
      sellers: insiders.last90Days.sellers,
    });
  }, 120_000);

  it("vetoes a stock whose earnings fall before the expiration", async () => {
    // Scan the universe at Monday's clock for a stock reporting inside 30 days.
    const stocks = (await monday.market.instruments()).filter(
      (i) => i.contractType === "Stock" && i.hasOptions,
    );
    let vetoed: VerdictAnswer | undefined;
    for (const stock of stocks) {
      const answer = await analyse(monday, stock.code);
      const event = answer.specialists.find((s) => s.specialist === "eventRisk");
      if (event?.inputs.earningsDate) {
        vetoed = answer;
        break;
      }
    }
    if (!vetoed) throw new Error("no stock reports within 30 days of the pinned clock");
    expect(vetoed.FinalVerdict).toBe("AVOID");
    expect(vetoed.decidedBy).toBe("veto");
    expect(vetoed.vetoes.map((v) => v.specialist)).toContain("eventRisk");
    expect(vetoed.FinalConviction).toBeGreaterThanOrEqual(80);
    const earnings = String(
      vetoed.specialists.find((s) => s.specialist === "eventRisk")?.inputs.earningsDate,
    );
    expect(earnings <= vetoed.target.expiration).toBe(true);
  }, 300_000);

  it("refuses a fund, a contract without options and bad input, naming the field", async () => {
    await expectApiError(analyse(monday, "SPY_ARCA"), 404, "NO_DATA");
    await expectApiError(analyse(monday, "ESZ26_CME"), 404, "NO_CHAIN_DATA");
    await expectApiError(analyse(monday, "AAPX_NASDAQ"), 404, "SYMBOL_NOT_FOUND");
    await expectApiError(
      analyse(monday, "AAPL_NASDAQ", "0"),
      400,
      "INVALID_PARAMETER",
      "targetDte",
    );
  }, 60_000);
});

describe("GET /intelligence/{code}/conviction", () => {
  it("answers 404 NO_VERDICT before any run, SYMBOL_NOT_FOUND for an unknown code", async () => {
    await expectApiError(conviction(monday, "KO_NYSE"), 404, "NO_VERDICT");
    await expectApiError(conviction(monday, "AAPX_NASDAQ"), 404, "SYMBOL_NOT_FOUND");
  });

  it("never changes without a new analysis run, whatever the market does", async () => {
    const ran = await analyse(monday, "JPM_NYSE");
    const stored = await conviction(monday, "JPM_NYSE");
    expect(stored).toEqual(ran);
    // A day later the market has moved, but nothing ran: the same verdict, as it was served.
    expect(await conviction(tuesday, "JPM_NYSE")).toEqual(ran);
    // A failed run (the narrative backend down) stores nothing either.
    const down = { ...tuesday, narrative: narrativeDown };
    await expectApiError(analyse(down, "JPM_NYSE"), 500, "AI_ERROR");
    expect(await conviction(down, "JPM_NYSE")).toEqual(ran);
    // A new run replaces it.
    const rerun = await analyse(tuesday, "JPM_NYSE");
    expect(rerun.analysedAt).toBe(new Date(TUESDAY).toISOString());
    expect(rerun.inputsHash).not.toBe(ran.inputsHash);
    expect(await conviction(monday, "JPM_NYSE")).toEqual(rerun);
  }, 180_000);

  it("answers from the store while the narrative backend is down (spec fact 5)", async () => {
    const ran = await analyse(monday, "XOM_NYSE");
    expect(await conviction({ ...monday, narrative: narrativeDown }, "XOM_NYSE")).toEqual(ran);
    // Without a stored verdict a failed run stores nothing: still NO_VERDICT.
    await expectApiError(
      analyse({ ...monday, narrative: narrativeDown }, "PG_NYSE"),
      500,
      "AI_ERROR",
    );
    await expectApiError(conviction(monday, "PG_NYSE"), 404, "NO_VERDICT");
  }, 120_000);

  it("gives the same evidence the same hash", async () => {
    const first = await analyse(monday, "NVDA_NASDAQ");
    const second = await analyse(monday, "NVDA_NASDAQ");
    expect(second.inputsHash).toBe(first.inputsHash);
    expect(second).toEqual(first);
  }, 120_000);
});

describe("POST /intelligence/compare", () => {
  const compare = (deps: typeof monday, body: object) =>
    callRoute(routes.compare, { body: body as never }, deps);

  it("ranks the verdicts and stores each", async () => {
    const answer = await compare(monday, { symbols: ["AMZN_NASDAQ", "WMT", "CVX"] });
    expect(answer.ranking.map((r) => r.rank)).toEqual([1, 2, 3]);
    expect(answer.ranking.map((r) => r.code)).toEqual(answer.verdicts.map((v) => v.code));
    const resorted = [...answer.verdicts].sort(byRank);
    expect(resorted.map((v) => v.code)).toEqual(answer.verdicts.map((v) => v.code));
    expect(new Set(answer.ranking.map((r) => r.symbol))).toEqual(new Set(["AMZN", "WMT", "CVX"]));
    for (const verdict of answer.verdicts) {
      expect(await conviction(monday, verdict.code)).toEqual(verdict);
      const row = answer.ranking.find((r) => r.code === verdict.code);
      expect(row?.specialistScores.volatility).toBe(
        verdict.specialists.find((s) => s.specialist === "volatility")?.score,
      );
    }
    expect(answer.summary).toContain(answer.ranking[0]?.symbol as string);
  }, 180_000);

  it("refuses repeats, funds and unknown symbols, naming the entry", async () => {
    await expectApiError(
      compare(monday, { symbols: ["AAPL", "AAPL_NASDAQ"] }),
      400,
      "INVALID_PARAMETER",
      "symbols[1]",
    );
    await expectApiError(
      compare(monday, { symbols: ["AAPL", "SPY"] }),
      400,
      "INVALID_PARAMETER",
      "symbols[1]",
    );
    await expectApiError(
      compare(monday, { symbols: ["AAPL"] }),
      400,
      "INVALID_PARAMETER",
      "symbols",
    );
    await expectApiError(compare(monday, { symbols: ["AAPL", "AAPX"] }), 404, "SYMBOL_NOT_FOUND");
  }, 60_000);

  it("stores nothing when the summary cannot be written", async () => {
    const down = { ...monday, narrative: narrativeDown };
    await expectApiError(compare(down, { symbols: ["KO", "PEP"] }), 500, "AI_ERROR");
    await expectApiError(conviction(monday, "PEP_NASDAQ"), 404, "NO_VERDICT");
  }, 120_000);
});
