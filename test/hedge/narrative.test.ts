import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { invokeRoute } from "../../lib/api/dispatch";
import { type HttpResult, responseForThrown } from "../../lib/api/envelope";
import { hedgeImplementations } from "../../lib/api/groups/hedge/implementations";
import { hedgeRoutes } from "../../lib/api/groups/hedge/routes";
import type { RouteSpec } from "../../lib/api/route";
import { loadConfig } from "../../lib/config";
import { pinnedClock } from "../../lib/deps";
import { HEDGE_TEMPLATES, SUGGESTION_KIND } from "../../lib/hedge/rationale";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { createBedrockWriter, promptOf, SYSTEM_PROMPT } from "../../lib/narrative/bedrock";
import {
  type NarrativeRequest,
  NarrativeUnavailable,
  type NarrativeWriter,
} from "../../lib/narrative/ports";
import { createTemplateWriter } from "../../lib/narrative/template-writer";
import { narrativeWriter } from "../../lib/wiring/narrative";
import { testDeps } from "../setup/deps";

/**
 * The narrative port (lib/narrative): the template writer (deterministic, varied), the Amazon
 * Bedrock adapter against recorded Converse answers in AWS's documented format (the SDK's own
 * request signing and parsing; only the HTTP exchange is replaced, no network), the wiring by
 * NARRATIVE_BACKEND, and spec fact 5: a failing backend makes the hedge AI endpoints answer 500
 * AI_ERROR with no data at all.
 */

const ROOT = join(import.meta.dirname, "../..");
const SIM_NOW = "2026-11-24T16:00:00.000Z";
const clock = pinnedClock(new Date(SIM_NOW));
const quiet = { info() {}, error() {} };

const FACTS_REQUEST: NarrativeRequest = {
  kind: SUGGESTION_KIND,
  facts: {
    strategy: "Protective put",
    rank: 1,
    exposure: "long",
    symbols: ["AAPL"],
    legs: ["buy 3 AAPL 2026-12-24 187.50 puts at 2.11"],
    expiration: "2026-12-24",
    netCostUsd: 633,
    costPercent: 1.07,
    costPercentAnnualised: 12.6,
    protectionStartMovePercent: -4.88,
    protectionEndMovePercent: null,
    floorPercentOfValue: 94.05,
    capPercentOfValue: null,
    maxLossUsd: -3516,
    maxGainUsd: null,
    worstScenarioMovePercent: -30,
    worstScenarioUnhedgedPnlUsd: -17739.9,
    worstScenarioHedgedPnlUsd: -3516,
    betaWeightedDeltaBeforeSpyShares: 118.02,
    betaWeightedDeltaAfterSpyShares: 81.78,
    marketHedge: false,
    unhedgedPositions: 0,
  },
};

describe("the template writer", () => {
  const writer = createTemplateWriter(HEDGE_TEMPLATES);

  it("words the facts it is given, the same way every time", async () => {
    const text = await writer.write(FACTS_REQUEST);
    expect(text).toContain("Protective put");
    expect(text).toContain("buy 3 AAPL 2026-12-24 187.50 puts at 2.11");
    expect(text).toContain("$633.00");
    expect(text).toContain("4.88%");
    expect(text).toContain("$17,739.90");
    expect(await writer.write(FACTS_REQUEST)).toBe(text);
  });

  it("varies its wording with the facts", async () => {
    const texts = new Set<string>();
    for (let rank = 1; rank <= 8; rank++) {
      const text = await writer.write({
        ...FACTS_REQUEST,
        facts: { ...FACTS_REQUEST.facts, rank },
      });
      texts.add(text);
    }
    expect(texts.size).toBeGreaterThan(1);
  });

  it("refuses a kind it has no template for", async () => {
    await expect(writer.write({ kind: "graph.report", facts: {} })).rejects.toThrow("graph.report");
  });
});

/** One recorded HTTP exchange: what the SDK sent, and the answer played back. */
interface Exchange {
  method: string;
  hostname: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** A Smithy request handler that records requests and answers with `status` and `body`. */
function playback(status: number, body: object, headers: Record<string, string> = {}) {
  const sent: Exchange[] = [];
  const handler = {
    async handle(request: {
      method: string;
      hostname: string;
      path: string;
      headers: Record<string, string>;
      body?: unknown;
    }) {
      sent.push({
        method: request.method,
        hostname: request.hostname,
        path: request.path,
        headers: request.headers,
        body: String(request.body ?? ""),
      });
      return {
        response: {
          statusCode: status,
          reason: "",
          headers: { "content-type": "application/json", ...headers },
          body: new TextEncoder().encode(JSON.stringify(body)),
        },
      };
    },
  };
  return { handler, sent };
}

/** A Converse answer as the Bedrock API reference documents it. */
const CONVERSE_OK = {
  output: {
    message: {
      role: "assistant",
      content: [
        {
          text: "Buying three 187.50 puts for $633.00 protects the 300 AAPL shares below 187.50 until 24 December.",
        },
      ],
    },
  },
  stopReason: "end_turn",
  usage: { inputTokens: 412, outputTokens: 38, totalTokens: 450 },
  metrics: { latencyMs: 812 },
};

const MODEL_ID = "amazon.nova-lite-v1:0";
const CREDENTIALS = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG" };

function bedrockWith(handler: { handle: unknown }) {
  return createBedrockWriter({
    region: "us-east-1",
    modelId: MODEL_ID,
    credentials: CREDENTIALS,
    requestHandler: handler as never,
    timeoutMs: 30_000,
  });
}

describe("the Amazon Bedrock adapter (Converse)", () => {
  it("sends one signed Converse request with the facts and returns the model's text", async () => {
    const { handler, sent } = playback(200, CONVERSE_OK);
    const writer = bedrockWith(handler);
    expect(writer.name).toBe(`bedrock:${MODEL_ID}`);
    const text = await writer.write(FACTS_REQUEST);
    expect(text).toBe(CONVERSE_OK.output.message.content[0]?.text);
    expect(sent).toHaveLength(1);
    const [request] = sent as [Exchange];
    expect(request.method).toBe("POST");
    expect(request.hostname).toBe("bedrock-runtime.us-east-1.amazonaws.com");
    expect(decodeURIComponent(request.path)).toBe(`/model/${MODEL_ID}/converse`);
    expect(request.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\//);
    const body = JSON.parse(request.body);
    expect(body.system).toEqual([{ text: SYSTEM_PROMPT }]);
    expect(body.messages).toEqual([{ role: "user", content: [{ text: promptOf(FACTS_REQUEST) }] }]);
    expect(body.inferenceConfig.maxTokens).toBeGreaterThan(0);
    expect(promptOf(FACTS_REQUEST)).toContain(JSON.stringify(FACTS_REQUEST.facts));
  });

  it("rejects with NarrativeUnavailable when Bedrock refuses (throttling, after its retry)", async () => {
    const { handler, sent } = playback(
      429,
      { message: "Too many requests, please wait before trying your request again." },
      {
        "x-amzn-errortype":
          "ThrottlingException:http://internal.amazon.com/coral/com.amazon.bedrock/",
      },
    );
    const failure = await bedrockWith(handler)
      .write(FACTS_REQUEST)
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(NarrativeUnavailable);
    expect(String((failure as Error).message)).toContain("ThrottlingException");
    expect(sent).toHaveLength(2);
  });

  it.each([
    ["cut short", { ...CONVERSE_OK, stopReason: "max_tokens" }],
    ["filtered", { ...CONVERSE_OK, stopReason: "content_filtered" }],
    ["empty", { ...CONVERSE_OK, output: { message: { role: "assistant", content: [] } } }],
  ])("rejects an answer %s rather than return half a text", async (_, answer) => {
    const { handler } = playback(200, answer);
    await expect(bedrockWith(handler).write(FACTS_REQUEST)).rejects.toBeInstanceOf(
      NarrativeUnavailable,
    );
  });
});

describe("the wiring (NARRATIVE_BACKEND)", () => {
  it("is the template writer by default and Bedrock when configured", () => {
    expect(narrativeWriter(loadConfig({}), HEDGE_TEMPLATES).name).toBe("template");
    const bedrock = loadConfig({ NARRATIVE_BACKEND: "bedrock", BEDROCK_MODEL_ID: MODEL_ID });
    expect(narrativeWriter(bedrock, HEDGE_TEMPLATES).name).toBe(`bedrock:${MODEL_ID}`);
  });

  it("refuses an unknown backend and Bedrock without a model", () => {
    expect(() => loadConfig({ NARRATIVE_BACKEND: "gpt" })).toThrow("NARRATIVE_BACKEND");
    expect(() =>
      narrativeWriter(loadConfig({ NARRATIVE_BACKEND: "bedrock" }), HEDGE_TEMPLATES),
    ).toThrow("BEDROCK_MODEL_ID");
  });
});

describe("a failing narrative backend (spec fact 5)", () => {
  const template = createTemplateWriter(HEDGE_TEMPLATES);

  /** Fails from the `failAt`-th text on (1 = every text). */
  function failingFrom(failAt: number): NarrativeWriter & { calls: () => number } {
    let calls = 0;
    return {
      name: "flaky",
      calls: () => calls,
      async write(request) {
        calls++;
        if (calls >= failAt) throw new NarrativeUnavailable("the model backend is unavailable");
        return template.write(request);
      },
    };
  }

  function sample(id: string): APIGatewayProxyEventV2 {
    return JSON.parse(readFileSync(join(ROOT, "events", `${id}.json`), "utf8"));
  }

  async function answer(route: RouteSpec, narrative: NarrativeWriter): Promise<HttpResult> {
    const deps = testDeps({
      market: createSimulatedMarket(clock),
      marketClock: clock,
      log: quiet,
      narrative,
    });
    const implementation = hedgeImplementations[route.id as keyof typeof hedgeImplementations];
    try {
      return await invokeRoute(route, implementation as never, sample(route.id), deps, "req-1");
    } catch (thrown) {
      return responseForThrown(thrown, "req-1", () => {});
    }
  }

  it.each([
    ["suggest, every text failing", hedgeRoutes.suggest, 1],
    ["suggest, the second text failing", hedgeRoutes.suggest, 2],
    ["analyze", hedgeRoutes.analyze, 1],
  ])("%s: 500 AI_ERROR with no data", async (_, route, failAt) => {
    const backend = failingFrom(failAt);
    const response = await answer(route, backend);
    expect(response.statusCode).toBe(500);
    const body = JSON.parse(response.body);
    expect(body).toMatchObject({ success: false, data: null, error: { code: "AI_ERROR" } });
    expect(JSON.stringify(body)).not.toMatch(/netCost|rationale|scenarios/);
    expect(backend.calls()).toBeGreaterThanOrEqual(failAt);
  });

  it("leaves the catalogue, which writes no text, answering", async () => {
    const response = await answer(hedgeRoutes.strategies, failingFrom(1));
    expect(response.statusCode).toBe(200);
  });

  it("answers 200 with the same backend working", async () => {
    const response = await answer(hedgeRoutes.suggest, failingFrom(Number.POSITIVE_INFINITY));
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body).data.suggestions.length).toBeGreaterThan(1);
  });
});
