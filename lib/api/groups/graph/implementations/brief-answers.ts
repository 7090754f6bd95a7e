import {
  BRIEF_TOPICS,
  type BriefTopic,
  REPORT_INSTRUCTIONS,
  REPORT_SECTIONS,
  type ReportSection,
  reportKind,
  SUMMARY_INSTRUCTIONS,
  summaryKind,
} from "../../../../graph/brief/templates";
import { narrateAll } from "../../../../narrative/answer";
import { FRAGILITY_LABEL_BOUNDS } from "../../../company-fragility";
import type { Implementations } from "../../../route";
import { type graphBriefRoutes, REPORT_CACHE_TTL_SECONDS } from "../routes/brief";
import { type BriefFacts, briefFactsOf } from "./brief";
import { type CompanyInGraph, companyInGraph, graphAnswerOf } from "./lookup";
import type { GraphDeps } from "./shared";

/**
 * GET /graph/{code}/summary and /report: the brief's facts worded through the narrative port.
 * A failed write is 503 REPORT_UNAVAILABLE (spec fact 7), never a partial text. Reports are
 * cached per company, graph day and backend for REPORT_CACHE_TTL_SECONDS in this process.
 */

const TOPIC_ENDPOINTS: Record<BriefTopic, string> = {
  score: "score",
  fragility: "fragility",
  cascadeRisk: "cascade-risk",
  insiders: "insiders/summary",
  institutions: "institutions",
  events: "earnings-prediction",
};

const SECTION_TOPICS: Record<ReportSection, readonly BriefTopic[]> = {
  overview: [],
  score: ["score"],
  fragility: ["fragility"],
  cascadeRisk: ["cascadeRisk"],
  ownership: ["insiders", "institutions"],
  events: ["events"],
};

const SECTION_HEADINGS: Record<ReportSection, string> = {
  overview: "Overview",
  score: "Graph score",
  fragility: "Fragility",
  cascadeRisk: "Supply-chain cascade risk",
  ownership: "Insiders and institutions",
  events: "Upcoming events",
};

const endpointOf = (code: string, topic: BriefTopic) =>
  `/v1/graph/${code}/${TOPIC_ENDPOINTS[topic]}`;

type Tone = "positive" | "neutral" | "negative";

function toneOf(topic: BriefTopic, { facts, fragility }: BriefFacts): Tone {
  switch (topic) {
    case "score":
      return facts.scoreLabel === "strong" || facts.scoreLabel === "positive"
        ? "positive"
        : facts.scoreLabel === "negative" || facts.scoreLabel === "weak"
          ? "negative"
          : "neutral";
    case "fragility": {
      const value = fragility?.fragility ?? null;
      if (value === null) return "neutral";
      if (value < FRAGILITY_LABEL_BOUNDS.low) return "positive";
      return value >= FRAGILITY_LABEL_BOUNDS.high ? "negative" : "neutral";
    }
    case "insiders": {
      const net = Number(facts.insiderBoughtUsd) - Number(facts.insiderSoldUsd);
      if (Number(facts.insiderBoughtUsd) > 0 && net > 0) return "positive";
      return net < -1_000_000 ? "negative" : "neutral";
    }
    case "institutions": {
      const flow = facts.institutionalFlowPercent;
      if (typeof flow !== "number") return "neutral";
      return flow >= 0.5 ? "positive" : flow <= -0.5 ? "negative" : "neutral";
    }
    default:
      return "neutral";
  }
}

interface CachedReport {
  expiresAtMs: number;
  generatedAt: string;
  sections: { section: ReportSection; heading: string; text: string; sources: string[] }[];
  title: string;
  date: string;
}

const reportCache = new Map<string, CachedReport>();

async function writeReport(deps: GraphDeps, company: CompanyInGraph): Promise<CachedReport> {
  const brief = await briefFactsOf(deps, company);
  const texts = await narrateAll(
    deps.narrative,
    REPORT_SECTIONS.map((section) => ({
      kind: reportKind(section),
      facts: brief.facts,
      instructions: REPORT_INSTRUCTIONS,
    })),
    "REPORT_UNAVAILABLE",
  );
  const nowMs = deps.clock.now().getTime();
  return {
    expiresAtMs: nowMs + REPORT_CACHE_TTL_SECONDS * 1000,
    generatedAt: new Date(nowMs).toISOString(),
    title: `${brief.facts.companyName} (${company.symbol}): company graph report`,
    date: brief.score.date,
    sections: REPORT_SECTIONS.map((section, index) => ({
      section,
      heading: SECTION_HEADINGS[section],
      text: texts[index] as string,
      sources:
        section === "overview"
          ? [`/v1/graph/${company.code}/details`]
          : SECTION_TOPICS[section].map((topic) => endpointOf(company.code, topic)),
    })),
  };
}

/** The cached report of the company, or a new one; expired entries are dropped as met. */
async function reportOf(deps: GraphDeps, company: CompanyInGraph) {
  const key = `${company.symbol}|${company.snapshot.day}|${deps.narrative.name}`;
  const nowMs = deps.clock.now().getTime();
  const cached = reportCache.get(key);
  if (cached && cached.expiresAtMs > nowMs) return { report: cached, cached: true };
  reportCache.delete(key);
  const report = await writeReport(deps, company);
  reportCache.set(key, report);
  return { report, cached: false };
}

export const graphBriefImplementations: Implementations<typeof graphBriefRoutes, GraphDeps> = {
  "graph.summary": async ({ params }, deps) => {
    const company = await companyInGraph(deps, params.code, "summary");
    const brief = await briefFactsOf(deps, company);
    const texts = await narrateAll(
      deps.narrative,
      BRIEF_TOPICS.map((topic) => ({
        kind: summaryKind(topic),
        facts: brief.facts,
        instructions: SUMMARY_INSTRUCTIONS,
      })),
      "REPORT_UNAVAILABLE",
    );
    return {
      ...graphAnswerOf(deps, company),
      date: brief.score.date,
      score: brief.score.score,
      fragility: brief.fragility?.fragility ?? null,
      statements: BRIEF_TOPICS.map((topic, index) => ({
        topic,
        tone: toneOf(topic, brief),
        text: texts[index] as string,
        source: endpointOf(company.code, topic),
      })),
      writer: deps.narrative.name,
    };
  },

  "graph.report": async ({ params }, deps) => {
    const company = await companyInGraph(deps, params.code, "report");
    const { report, cached } = await reportOf(deps, company);
    return {
      ...graphAnswerOf(deps, company),
      title: report.title,
      date: report.date,
      sections: report.sections,
      writer: deps.narrative.name,
      generatedAt: report.generatedAt,
      cached,
      cacheTtlSeconds: REPORT_CACHE_TTL_SECONDS,
      expiresAt: new Date(report.expiresAtMs).toISOString(),
    };
  },
};
