import { array, boolean, int, number, object, string, enum as zEnum } from "zod";
import { BRIEF_TOPICS, REPORT_SECTIONS } from "../../../../graph/brief/templates";
import { contractCode } from "../../../contract-code";
import { groupRoutes } from "../../../route";
import { graphAnswer, isoDay, isoInstant } from "./schemas";

/** Company graph, part 2: a short brief and a longer report of what the graph says about a company. */

export const REPORT_CACHE_TTL_SECONDS = 3600;

const BRIEF_ERRORS = [
  "SYMBOL_NOT_FOUND",
  "NO_DATA",
  "MARKET_DATA_UNAVAILABLE",
  "COMPANY_DATA_UNAVAILABLE",
  "REPORT_UNAVAILABLE",
] as const;

const FACTS_NOTE =
  "The facts are those of GET /graph/{code}/score (as of the last session's close), " +
  "/fragility, /cascade-risk (its defaults: shock −20 %, decay 0.5, depth 3), the score's " +
  "insider (90 days) and institutional (latest 13F quarter) inputs with the largest 13F " +
  "holder, and the next earnings report (with the earnings model's beat probability when it " +
  "is within 14 days). The words come from the narrative backend (NARRATIVE_BACKEND: the " +
  "deterministic template writer by default, or Amazon Bedrock); the numbers never do. While " +
  "that backend is down the answer is 503 REPORT_UNAVAILABLE (Retry-After 30), never a " +
  "partial text. 404 SYMBOL_NOT_FOUND for an unknown code, NO_DATA for a fund, an index, a " +
  "future or a crypto asset.";

const tone = zEnum(["positive", "neutral", "negative"]).meta({
  description:
    "score: by its label; fragility: below 35 positive, 60 or more negative; insiders: net " +
    "purchases positive, net sales over $1 m negative; institutions: flow ≥ +0.5 % positive, " +
    "≤ −0.5 % negative; cascade risk and events: neutral",
});

const source = string().meta({ description: "The endpoint the statement's facts come from" });

export const graphBriefRoutes = groupRoutes("graph", {
  summary: {
    method: "GET",
    path: "/graph/{code}/summary",
    auth: "key",
    errors: BRIEF_ERRORS,
    summary:
      "A short structured brief: score, fragility, cascade risk, insiders, institutions, events",
    description: `One statement per topic, each with its tone and the endpoint it comes from. ${FACTS_NOTE}`,
    params: object({ code: contractCode }),
    response: object({
      ...graphAnswer,
      date: isoDay("The session the score is as of"),
      score: number().nullable(),
      fragility: number().nullable(),
      statements: array(object({ topic: zEnum(BRIEF_TOPICS), tone, text: string(), source })),
      writer: string().meta({ description: "The narrative backend: template or bedrock:<model>" }),
    }),
  },
  report: {
    method: "GET",
    path: "/graph/{code}/report",
    auth: "key",
    errors: BRIEF_ERRORS,
    summary: "A narrative report on the company from the graph's facts",
    description:
      "Six sections (overview, score, fragility, cascade risk, ownership, events), each a " +
      "paragraph with the endpoints its facts come from. Reports are cached per company, graph " +
      `day and backend for ${REPORT_CACHE_TTL_SECONDS} s (\`cached\`, \`expiresAt\`); a failed ` +
      `write is not cached. ${FACTS_NOTE}`,
    params: object({ code: contractCode }),
    response: object({
      ...graphAnswer,
      title: string(),
      date: isoDay("The session the score is as of"),
      sections: array(
        object({
          section: zEnum(REPORT_SECTIONS),
          heading: string(),
          text: string(),
          sources: array(source),
        }),
      ),
      writer: string().meta({ description: "The narrative backend: template or bedrock:<model>" }),
      generatedAt: isoInstant("When the report was written"),
      cached: boolean().meta({ description: "Served from the cache" }),
      cacheTtlSeconds: int(),
      expiresAt: isoInstant("When the cached report is dropped"),
    }),
  },
});
