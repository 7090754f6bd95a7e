import type {
  BedrockRuntimeClient,
  BedrockRuntimeClientConfig,
  ConverseCommandOutput,
} from "@aws-sdk/client-bedrock-runtime";
import type { AwsCredentials } from "../store/document-store";
import { type NarrativeRequest, NarrativeUnavailable, type NarrativeWriter } from "./ports";

/**
 * The Amazon Bedrock narrative backend (NARRATIVE_BACKEND=bedrock): one Converse call per piece
 * of text, with the model BEDROCK_MODEL_ID names (any Converse-capable text model, e.g.
 * `amazon.nova-lite-v1:0` or an inference profile such as `us.amazon.nova-lite-v1:0`). The
 * facts go to the model as JSON with the instruction to word them, never to add figures; the
 * numbers the API returns are the engine's whatever the model writes.
 *
 * The SDK (@aws-sdk/client-bedrock-runtime, provided by the Lambda runtime) is imported on the
 * first call, so functions that never narrate with Bedrock pay nothing for it at cold start. Any
 * failure (refusal, throttling, timeout, a reply with no text, or one cut short or filtered)
 * rejects with NarrativeUnavailable: the API answers 500 AI_ERROR, never a half-written answer.
 */

export interface BedrockWriterSettings {
  region: string;
  modelId: string;
  /** The function role's credentials; the SDK's default chain when absent. */
  credentials?: AwsCredentials | undefined;
  /** How requests reach Bedrock: the SDK's own handler when absent; tests inject a recording. */
  requestHandler?: BedrockRuntimeClientConfig["requestHandler"];
  /** Per call, whole (attempts included); an API Gateway request has 30 s in all. */
  timeoutMs?: number;
  /** Longest answer, in tokens. */
  maxTokens?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_TOKENS = 400;
/** Low: the text words given facts; creativity only risks invented figures. */
const TEMPERATURE = 0.2;

/** Stop reasons of a complete answer; any other (max_tokens, content_filtered, ...) is refused. */
const COMPLETE_STOPS = new Set(["end_turn", "stop_sequence"]);

export const SYSTEM_PROMPT =
  "You write short, plain-language text for a market-data API's users from facts its " +
  "deterministic engine computed. Use only the facts given; never invent, recompute or round " +
  "differently any number. Amounts are USD, percentages are percent of the position's " +
  "value unless a fact's name says otherwise. No advice, no disclaimers, no markdown: answer " +
  "with the text only.";

/** The user turn: what to write, then the facts as JSON. */
export function promptOf(request: NarrativeRequest): string {
  const instructions = request.instructions ?? "Two or three sentences.";
  return `Kind of text: ${request.kind}\n${instructions}\nFacts (JSON):\n${JSON.stringify(request.facts)}`;
}

export function createBedrockWriter(settings: BedrockWriterSettings): NarrativeWriter {
  let client: Promise<BedrockRuntimeClient> | undefined;
  const runtime = () => {
    client ??= import("@aws-sdk/client-bedrock-runtime").then(
      ({ BedrockRuntimeClient }) =>
        new BedrockRuntimeClient({
          region: settings.region,
          maxAttempts: 2,
          ...(settings.credentials ? { credentials: settings.credentials } : {}),
          ...(settings.requestHandler ? { requestHandler: settings.requestHandler } : {}),
        }),
    );
    return client;
  };

  return {
    name: `bedrock:${settings.modelId}`,
    async write(request) {
      const { ConverseCommand } = await import("@aws-sdk/client-bedrock-runtime");
      const command = new ConverseCommand({
        modelId: settings.modelId,
        system: [{ text: SYSTEM_PROMPT }],
        messages: [{ role: "user", content: [{ text: promptOf(request) }] }],
        inferenceConfig: {
          maxTokens: settings.maxTokens ?? DEFAULT_MAX_TOKENS,
          temperature: TEMPERATURE,
        },
      });
      const abortSignal = AbortSignal.timeout(settings.timeoutMs ?? DEFAULT_TIMEOUT_MS);
      const answer = await (await runtime()).send(command, { abortSignal }).catch((error) => {
        throw new NarrativeUnavailable(`Bedrock Converse failed: ${describe(error)}`, {
          cause: error,
        });
      });
      return textOf(answer);
    },
  };
}

/** The reply's text; NarrativeUnavailable when it has none or was not a complete answer. */
export function textOf(answer: Pick<ConverseCommandOutput, "output" | "stopReason">): string {
  const stop = answer.stopReason ?? "unknown";
  if (!COMPLETE_STOPS.has(stop)) {
    throw new NarrativeUnavailable(`Bedrock answered no complete text (stopReason ${stop})`);
  }
  const content = answer.output?.message?.content ?? [];
  const text = content
    .map((block) => block.text ?? "")
    .join("")
    .trim();
  if (!text) throw new NarrativeUnavailable("Bedrock answered no text");
  return text;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
