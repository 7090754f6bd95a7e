import type { NarrativeFacts } from "../narrative/ports";
import type { NarrativeTemplates, Pick } from "../narrative/template-writer";

/**
 * The committee's reasoning narrative (kind `intelligence.verdict`) and the comparison's summary
 * (`intelligence.compare`), written from the decision's facts. A model backend gets the same
 * facts and the instructions below.
 */

export const VERDICT_KIND = "intelligence.verdict";
export const COMPARE_KIND = "intelligence.compare";

export const VERDICT_INSTRUCTIONS =
  "Two or three sentences explaining the committee's verdict on selling a cash-secured put, " +
  "naming the verdict, its conviction, the agreement, any veto and the strongest and weakest " +
  "specialists with their scores; only the facts given, no advice beyond the verdict.";
export const COMPARE_INSTRUCTIONS =
  "One or two sentences ranking the stocks compared by the committee's verdicts: the best " +
  "candidate with its verdict and conviction, and how many were avoided; only the facts given.";

const text = (value: NarrativeFacts[string] | undefined) => String(value ?? "");
const num = (value: NarrativeFacts[string] | undefined) => Number(value ?? 0);
const list = (value: NarrativeFacts[string] | undefined) =>
  Array.isArray(value) ? value.map(String) : [];

const VERDICT_WORDS: Record<string, string> = {
  SELL_PUT: "selling a put",
  CAUTION: "caution",
  AVOID: "avoiding a short put",
};

function verdictText(facts: NarrativeFacts, pick: Pick): string {
  const company = `${text(facts.companyName)} (${text(facts.symbol)})`;
  const verdict = text(facts.verdict);
  const opening = pick([
    `The committee's verdict on ${company} is ${verdict}, with a conviction of ${num(facts.conviction).toFixed(1)} and ${num(facts.agreeing)} of ${num(facts.specialists)} specialists agreeing.`,
    `For ${company} the committee favours ${VERDICT_WORDS[verdict] ?? verdict} (${verdict}): conviction ${num(facts.conviction).toFixed(1)}, ${num(facts.agreeing)} of ${num(facts.specialists)} specialists in agreement.`,
  ]);
  const vetoes = list(facts.vetoReasons);
  const decided =
    vetoes.length > 0
      ? `A veto decided it: ${vetoes.join("; ")}.`
      : `The committee score is ${num(facts.committeeScore).toFixed(1)} of 100 for the ${text(facts.expiration)} expiration (${num(facts.daysToExpiration)} days).`;
  const extremes = `Strongest: ${text(facts.strongest)} at ${num(facts.strongestScore).toFixed(1)}; weakest: ${text(facts.weakest)} at ${num(facts.weakestScore).toFixed(1)}.`;
  const abstained = list(facts.abstained);
  const missing =
    abstained.length > 0 ? ` Without evidence, and neutral: ${abstained.join(", ")}.` : "";
  return `${opening} ${decided} ${extremes}${missing}`;
}

function compareText(facts: NarrativeFacts, pick: Pick): string {
  const best = `${text(facts.bestSymbol)} (${text(facts.bestVerdict)}, conviction ${num(facts.bestConviction).toFixed(1)})`;
  const avoided = num(facts.avoided);
  return pick([
    `Of the ${num(facts.compared)} stocks compared, ${best} ranks first; ${num(facts.sellPut)} earn SELL_PUT and ${avoided} AVOID.`,
    `${best} leads the ${num(facts.compared)} stocks compared; the committee says SELL_PUT to ${num(facts.sellPut)} and AVOID to ${avoided}.`,
  ]);
}

export const INTELLIGENCE_VERDICT_TEMPLATES: NarrativeTemplates = {
  [VERDICT_KIND]: verdictText,
  [COMPARE_KIND]: compareText,
};
