import type { NarrativeFacts } from "../narrative/ports";
import { listOf, type NarrativeTemplates, type Pick } from "../narrative/template-writer";

/**
 * The words of /intelligence/{code}/risk-assessment (kind `intelligence.risk`), /catalyst-timeline
 * (`intelligence.catalysts`) and /sentiment (`intelligence.sentiment`), written from each
 * answer's facts. A model backend gets the same facts and the instructions below.
 */

export const RISK_KIND = "intelligence.risk";
export const CATALYSTS_KIND = "intelligence.catalysts";
export const SENTIMENT_KIND = "intelligence.sentiment";

export const RISK_INSTRUCTIONS =
  "Two or three sentences on the risks of holding the stock: the overall risk score and label, " +
  "the largest and smallest risks with their scores, any earnings date inside the window, and " +
  "the risks that could not be assessed; only the facts given, no advice.";
export const CATALYSTS_INSTRUCTIONS =
  "Two sentences on the stock's catalyst timeline: how many events the window holds (past and " +
  "upcoming), the next event with its date, and the sources that could not be read or are not " +
  "covered; only the facts given.";
export const SENTIMENT_INSTRUCTIONS =
  "Two sentences comparing the stock's news, social, options and insider sentiment: the " +
  "composite score and label, how many sources agree with it, the most bullish and most bearish " +
  "sources with their scores, and the sources without a reading; only the facts given.";

const text = (value: NarrativeFacts[string] | undefined) => String(value ?? "");
const num = (value: NarrativeFacts[string] | undefined) => Number(value ?? 0);
const list = (value: NarrativeFacts[string] | undefined) =>
  Array.isArray(value) ? value.map(String) : [];

/** A −1..+1 score to 2 decimals, without "-0.00". */
const score2 = (value: NarrativeFacts[string] | undefined) => {
  const number = num(value);
  return (Math.abs(number) < 0.005 ? 0 : number).toFixed(2);
};

const company = (facts: NarrativeFacts) => `${text(facts.companyName)} (${text(facts.symbol)})`;

function missing(facts: NarrativeFacts, what: string): string {
  const names = list(facts.unavailable);
  return names.length > 0 ? ` ${what}: ${listOf(names)}.` : "";
}

function riskText(facts: NarrativeFacts, pick: Pick): string {
  if (facts.overallScore === null) {
    return `No risk of ${company(facts)} could be assessed.${missing(facts, "Unavailable")}`;
  }
  const label = text(facts.overallLabel);
  const score = `${num(facts.overallScore).toFixed(1)} of 100`;
  const opening = pick([
    `Holding ${company(facts)} carries ${label} risk, ${score}.`,
    `The overall risk of ${company(facts)} is ${label} at ${score}.`,
  ]);
  const extremes = `The largest is ${text(facts.highestRisk)} risk at ${num(facts.highestScore).toFixed(1)}, the smallest ${text(facts.lowestRisk)} risk at ${num(facts.lowestScore).toFixed(1)}.`;
  const earnings =
    facts.earningsDate === null
      ? ` No earnings release falls in the next ${num(facts.eventDays)} days.`
      : ` Earnings on ${text(facts.earningsDate)} fall inside the next ${num(facts.eventDays)} days.`;
  return `${opening} ${extremes}${facts.eventAssessed ? earnings : ""}${missing(facts, "Not assessed")}`;
}

function catalystsText(facts: NarrativeFacts, pick: Pick): string {
  const window = `${text(facts.from)} to ${text(facts.to)}`;
  const counts = `${num(facts.total)} events (${num(facts.past)} past, ${num(facts.upcoming)} upcoming)`;
  const opening = pick([
    `From ${window} the timeline of ${company(facts)} holds ${counts}.`,
    `${company(facts)} has ${counts} on its timeline from ${window}.`,
  ]);
  const next =
    facts.nextTitle === null
      ? " Nothing is scheduled after today in the window."
      : ` Next: ${text(facts.nextTitle)} on ${text(facts.nextDate)}.`;
  const notCovered = list(facts.notCovered);
  const uncovered = notCovered.length > 0 ? ` Not covered yet: ${listOf(notCovered)}.` : "";
  return `${opening}${next}${missing(facts, "Unavailable now")}${uncovered}`;
}

function sentimentText(facts: NarrativeFacts, pick: Pick): string {
  if (facts.compositeScore === null) {
    return `No sentiment reading of ${company(facts)} is available.${missing(facts, "Unavailable")}`;
  }
  const composite = `${score2(facts.compositeScore)} (${text(facts.compositeLabel)})`;
  const opening = pick([
    `Sentiment on ${company(facts)} nets out at ${composite}, with ${num(facts.agreeing)} of ${num(facts.scored)} sources on its side.`,
    `The composite sentiment of ${company(facts)} is ${composite}; ${num(facts.agreeing)} of ${num(facts.scored)} sources share its sign.`,
  ]);
  const extremes =
    num(facts.scored) > 1
      ? ` Most bullish: ${text(facts.mostBullish)} at ${score2(facts.mostBullishScore)}; most bearish: ${text(facts.mostBearish)} at ${score2(facts.mostBearishScore)}.`
      : "";
  return `${opening}${extremes}${missing(facts, "Without a reading")}`;
}

export const INTELLIGENCE_REPORT_TEMPLATES: NarrativeTemplates = {
  [RISK_KIND]: riskText,
  [CATALYSTS_KIND]: catalystsText,
  [SENTIMENT_KIND]: sentimentText,
};
