import type { NarrativeFacts } from "../../narrative/ports";
import { type NarrativeTemplates, type Pick, percent, usd } from "../../narrative/template-writer";

/**
 * The words of GET /graph/{code}/summary (one sentence per topic) and /report (a paragraph per
 * section), written from the facts brief.ts computes. The template writer is the default; a
 * model backend gets the same facts and the instructions below.
 */

export const BRIEF_TOPICS = [
  "score",
  "fragility",
  "cascadeRisk",
  "insiders",
  "institutions",
  "events",
] as const;
export type BriefTopic = (typeof BRIEF_TOPICS)[number];

export const REPORT_SECTIONS = [
  "overview",
  "score",
  "fragility",
  "cascadeRisk",
  "ownership",
  "events",
] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

export const summaryKind = (topic: BriefTopic) => `graph.summary.${topic}`;
export const reportKind = (section: ReportSection) => `graph.report.${section}`;

export const SUMMARY_INSTRUCTIONS =
  "One sentence stating the facts given, with their numbers; no advice, nothing not given.";
export const REPORT_INSTRUCTIONS =
  "One paragraph of two to four sentences for an analyst's company report, using only the " +
  "facts given, with their numbers and units; no advice, no speculation.";

const text = (value: NarrativeFacts[string] | undefined) => String(value ?? "");
const num = (value: NarrativeFacts[string] | undefined) => Number(value ?? 0);
const has = (value: NarrativeFacts[string] | undefined) => value !== null && value !== undefined;
const company = (facts: NarrativeFacts) => `${text(facts.companyName)} (${text(facts.symbol)})`;
const signed = (value: number, digits = 1) => `${value >= 0 ? "+" : ""}${value.toFixed(digits)}`;
/** 2.9e12 → "$2.92 trillion", 4.1e10 → "$41.00 billion", 5e8 → "$500.0 million". */
function large(amountUsd: number): string {
  if (amountUsd >= 1e12) return `$${(amountUsd / 1e12).toFixed(2)} trillion`;
  if (amountUsd >= 1e9) return `$${(amountUsd / 1e9).toFixed(2)} billion`;
  return `$${(amountUsd / 1e6).toFixed(1)} million`;
}

/** Whole dollars: 3594388 → "$3,594,388". */
const dollars = (amountUsd: number) => usd(Math.round(amountUsd)).replace(/\.00$/, "");

// --- One sentence per topic (summary) -----------------------------------------------------------

function scoreSentence(facts: NarrativeFacts, pick: Pick): string {
  if (!has(facts.score)) return `${company(facts)} has no graph score for ${text(facts.date)}.`;
  const change = has(facts.scoreChange) ? `, ${signed(num(facts.scoreChange))} on the week` : "";
  return pick([
    `${company(facts)} scores ${num(facts.score).toFixed(1)} of 100 (${text(facts.scoreLabel)})${change}; strongest component ${text(facts.strongestComponent)} at ${num(facts.strongestValue).toFixed(1)}, weakest ${text(facts.weakestComponent)} at ${num(facts.weakestValue).toFixed(1)}.`,
    `The graph score of ${company(facts)} is ${num(facts.score).toFixed(1)} (${text(facts.scoreLabel)})${change}, led by ${text(facts.strongestComponent)} (${num(facts.strongestValue).toFixed(1)}) and held back by ${text(facts.weakestComponent)} (${num(facts.weakestValue).toFixed(1)}).`,
  ] as const);
}

function fragilitySentence(facts: NarrativeFacts): string {
  if (!has(facts.fragility))
    return "No fragility figure: the company's statements are not available.";
  const altman = has(facts.altmanZ)
    ? `; Altman Z ${num(facts.altmanZ).toFixed(2)} (${text(facts.altmanZone)} zone)`
    : "";
  return `Fragility is ${num(facts.fragility).toFixed(1)} of 100 (${text(facts.fragilityLabel)})${altman}, mostly from ${text(facts.fragilityDriver)}.`;
}

function cascadeSentence(facts: NarrativeFacts): string {
  const shock = percent(num(facts.shockPercent));
  const parts: string[] = [];
  if (has(facts.topSupplierExposure)) {
    parts.push(
      `a ${shock} supply shock at ${text(facts.topSupplierExposure)} would move its costs by ${percent(num(facts.topSupplierImpact))}`,
    );
  }
  if (has(facts.topDownstream)) {
    parts.push(
      `its own ${shock} shock would reach ${num(facts.downstreamReached)} companies downstream, ${text(facts.topDownstream)} most (${percent(num(facts.topDownstreamImpact))})`,
    );
  }
  if (parts.length === 0) return "The supply chain links it to no company a shock would reach.";
  return `In the supply chain, ${parts.join("; ")}.`;
}

function insiderSentence(facts: NarrativeFacts): string {
  const days = num(facts.insiderDays);
  const bought = num(facts.insiderBoughtUsd);
  const sold = num(facts.insiderSoldUsd);
  if (bought === 0 && sold === 0) {
    return `No insider bought or sold shares on the open market in the last ${days} days.`;
  }
  const buyers = num(facts.insiderBuyers);
  const sellers = num(facts.insiderSellers);
  const insiders = (count: number) => `${count} ${count === 1 ? "insider" : "insiders"}`;
  if (bought === 0) {
    return `Over ${days} days, ${insiders(sellers)} sold ${dollars(sold)} on the open market and none bought.`;
  }
  if (sold === 0) {
    return `Over ${days} days, ${insiders(buyers)} bought ${dollars(bought)} on the open market and none sold.`;
  }
  return `Over ${days} days, ${insiders(buyers)} bought ${dollars(bought)} and ${insiders(sellers)} sold ${dollars(sold)} on the open market.`;
}

function institutionSentence(facts: NarrativeFacts): string {
  if (!has(facts.institutionalFlowPercent)) return "No 13F filer reports a position.";
  const holder = has(facts.topHolder)
    ? `; the largest, ${text(facts.topHolder)}, holds ${percent(num(facts.topHolderPercent))}`
    : "";
  return `${num(facts.institutionFilers)} 13F filers changed their holdings by ${signed(num(facts.institutionalFlowPercent), 2)}% of the shares in the quarter to ${text(facts.quarterEnd)}${holder}.`;
}

function eventSentence(facts: NarrativeFacts): string {
  if (!has(facts.nextEarningsDate)) return "No earnings report is scheduled in the next year.";
  const days = num(facts.daysToEarnings);
  const when = days === 0 ? "today" : days === 1 ? "tomorrow" : `in ${days} days`;
  const hour = text(facts.earningsHour) === "bmo" ? "before the open" : "after the close";
  return `The next earnings report is due ${text(facts.nextEarningsDate)} (${when}), ${hour}.`;
}

// --- A paragraph per section (report) ------------------------------------------------------------

function overviewParagraph(facts: NarrativeFacts, pick: Pick): string {
  const size = large(num(facts.marketCapUsd));
  const intro = pick([
    `${company(facts)} is a ${text(facts.industry)} company in ${text(facts.sector)} with a market capitalisation of ${size}.`,
    `${company(facts)}, in ${text(facts.sector)} (${text(facts.industry)}), is valued at ${size}.`,
  ] as const);
  return `${intro} This report reads the company graph as of ${text(facts.date)}: ${num(facts.suppliers)} suppliers, ${num(facts.customers)} customers and ${num(facts.competitors)} competitors are on record.`;
}

function scoreParagraph(facts: NarrativeFacts, pick: Pick): string {
  const components = Array.isArray(facts.componentLines) ? facts.componentLines.map(String) : [];
  const list = components.length ? ` Components: ${components.join("; ")}.` : "";
  return `${scoreSentence(facts, pick)}${list}`;
}

function fragilityParagraph(facts: NarrativeFacts): string {
  const lines = Array.isArray(facts.fragilityLines) ? facts.fragilityLines.map(String) : [];
  const list = lines.length ? ` By component: ${lines.join("; ")}.` : "";
  return `${fragilitySentence(facts)}${list}`;
}

function cascadeParagraph(facts: NarrativeFacts): string {
  const upstream = has(facts.upstreamReached)
    ? ` A demand shock of the same size at the company would reach ${num(facts.upstreamReached)} suppliers upstream.`
    : "";
  return `${cascadeSentence(facts)}${upstream} Shocks decay by half per hop, over at most three hops.`;
}

function ownershipParagraph(facts: NarrativeFacts): string {
  return `${insiderSentence(facts)} ${institutionSentence(facts)}`;
}

function eventsParagraph(facts: NarrativeFacts): string {
  const prediction = has(facts.beatProbabilityPercent)
    ? ` The earnings model gives a ${percent(num(facts.beatProbabilityPercent))} probability of beating the EPS estimate.`
    : "";
  return `${eventSentence(facts)}${prediction}`;
}

export const GRAPH_BRIEF_TEMPLATES: NarrativeTemplates = {
  [summaryKind("score")]: scoreSentence,
  [summaryKind("fragility")]: fragilitySentence,
  [summaryKind("cascadeRisk")]: cascadeSentence,
  [summaryKind("insiders")]: insiderSentence,
  [summaryKind("institutions")]: institutionSentence,
  [summaryKind("events")]: eventSentence,
  [reportKind("overview")]: overviewParagraph,
  [reportKind("score")]: scoreParagraph,
  [reportKind("fragility")]: fragilityParagraph,
  [reportKind("cascadeRisk")]: cascadeParagraph,
  [reportKind("ownership")]: ownershipParagraph,
  [reportKind("events")]: eventsParagraph,
};
