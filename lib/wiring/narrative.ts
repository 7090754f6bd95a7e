import type { Config } from "../config";
import { createBedrockWriter } from "../narrative/bedrock";
import type { NarrativeWriter } from "../narrative/ports";
import { createTemplateWriter, type NarrativeTemplates } from "../narrative/template-writer";

/**
 * The narrative backend NARRATIVE_BACKEND names: the template writer over the caller's
 * templates (the default), or Amazon Bedrock with BEDROCK_MODEL_ID (the SDK loaded on the first
 * text). A group passes the templates of the kinds it writes, so its bundle holds only those.
 */
export function narrativeWriter(config: Config, templates: NarrativeTemplates): NarrativeWriter {
  if (config.narrativeBackend === "template") return createTemplateWriter(templates);
  if (!config.bedrockModelId) {
    throw new Error("NARRATIVE_BACKEND=bedrock needs BEDROCK_MODEL_ID (a Converse model id)");
  }
  return createBedrockWriter({
    region: config.region,
    modelId: config.bedrockModelId,
    // The function role's (from the environment); the SDK's default chain when unset.
    credentials: config.awsCredentials,
  });
}
