import type { NarrativeFacts, NarrativeRequest } from "../narrative/ports";
import {
  listOf,
  type NarrativeTemplate,
  type NarrativeTemplates,
  type Pick,
  percent,
  price,
  usd,
} from "../narrative/template-writer";
import type { OptionLeg, Underlying } from "./book";
import type { HedgeMetrics } from "./metrics";

/**
 * The hedge endpoints' text: the facts each rationale is written from (numbers as the response
 * serves them, to the cent and the hundredth of a percent) and the template writer's templates.
 * A model backend receives the same facts and the instructions below.
 */

export const SUGGESTION_KIND = "hedge.suggestion";
export const ANALYSIS_KIND = "hedge.analysis";

const INSTRUCTIONS =
  "Two to four short sentences for an investor: what the hedge protects and from where, what " +
  "it costs, what it gives up, and what the worst scenario looks like with and without it.";

const cents = (usdAmount: number) => Math.round(usdAmount * 100) / 100;
const hundredths = (value: number) => Math.round(value * 100) / 100;

/** "buy 3 AAPL 2026-12-18 187.50 puts at 2.10". */
export function legText(leg: OptionLeg, symbol: string): string {
  const verb = leg.quantity > 0 ? "buy" : "sell";
  const kind = leg.right === "C" ? "call" : "put";
  const count = Math.abs(leg.quantity);
  return `${verb} ${count} ${symbol} ${leg.expiration} ${price(leg.strike)} ${kind}${count === 1 ? "" : "s"} at ${price(leg.price)}`;
}

/** The facts of one hedge: what the templates and a model word. */
export function hedgeFacts(
  name: string,
  legs: readonly OptionLeg[],
  metrics: HedgeMetrics,
  underlyings: ReadonlyMap<string, Underlying>,
  extra: { rank?: number; marketHedge: boolean; unhedgedPositions: number },
): NarrativeFacts {
  const symbolOf = (code: string) => underlyings.get(code)?.symbol ?? code;
  const worst = metrics.scenarios[0];
  const movePercent = (move: number | undefined) =>
    move === undefined ? null : hundredths(move * 100);
  const ofValue = (amount: number | null) =>
    amount === null || metrics.bookValue <= 0
      ? null
      : hundredths((amount / metrics.bookValue) * 100);
  return {
    strategy: name,
    ...(extra.rank === undefined ? {} : { rank: extra.rank }),
    exposure: metrics.exposure,
    symbols: [...new Set(legs.map((leg) => symbolOf(leg.code)))],
    legs: legs.map((leg) => legText(leg, symbolOf(leg.code))),
    expiration: legs[0]?.expiration ?? null,
    netCostUsd: cents(metrics.netCost),
    costPercent: hundredths(metrics.costPercent),
    costPercentAnnualised: hundredths(metrics.costPercentAnnualised),
    protectionStartMovePercent: movePercent(metrics.protectionStart?.move),
    protectionEndMovePercent: movePercent(metrics.protectionEnd?.move),
    floorPercentOfValue: ofValue(metrics.floor),
    capPercentOfValue: ofValue(metrics.cap),
    maxLossUsd: metrics.hedged.maxLoss === null ? null : cents(metrics.hedged.maxLoss),
    maxGainUsd: metrics.hedged.maxGain === null ? null : cents(metrics.hedged.maxGain),
    worstScenarioMovePercent: movePercent(worst?.move),
    worstScenarioUnhedgedPnlUsd: worst ? cents(worst.unhedgedPnl) : null,
    worstScenarioHedgedPnlUsd: worst ? cents(worst.hedgedPnl) : null,
    betaWeightedDeltaBeforeSpyShares: hundredths(metrics.before.betaWeightedDeltaSpyShares),
    betaWeightedDeltaAfterSpyShares: hundredths(metrics.after.betaWeightedDeltaSpyShares),
    marketHedge: extra.marketHedge,
    unhedgedPositions: extra.unhedgedPositions,
  };
}

export function suggestionRequest(facts: NarrativeFacts): NarrativeRequest {
  return { kind: SUGGESTION_KIND, facts, instructions: INSTRUCTIONS };
}

export function analysisRequest(facts: NarrativeFacts): NarrativeRequest {
  return { kind: ANALYSIS_KIND, facts, instructions: INSTRUCTIONS };
}

// --- Templates ---------------------------------------------------------------------------------

const num = (facts: NarrativeFacts, key: string) => facts[key] as number;
const maybe = (facts: NarrativeFacts, key: string) => facts[key] as number | null;

/** "falls"/"rises": the adverse direction of the book. */
const adverse = (facts: NarrativeFacts) => (facts.exposure === "short" ? "rise" : "fall");

function opening(facts: NarrativeFacts, pick: Pick, subject: string): string {
  const legs = listOf(facts.legs as string[]);
  return pick([
    `${subject}: ${legs}.`,
    `${subject} means: ${legs}.`,
    `${subject}, built as: ${legs}.`,
  ]);
}

function protectionSentence(facts: NarrativeFacts, pick: Pick): string {
  const start = maybe(facts, "protectionStartMovePercent");
  const end = maybe(facts, "protectionEndMovePercent");
  const floor = maybe(facts, "floorPercentOfValue");
  const move = adverse(facts);
  if (start === null) {
    const cushion = -num(facts, "netCostUsd");
    return pick([
      `It sets no floor: the ${usd(cushion)} received only cushions the first part of a ${move}.`,
      `There is no floor here, only the ${usd(cushion)} of premium received against a ${move}.`,
    ]);
  }
  const adverseSign = facts.exposure === "short" ? 1 : -1;
  const onAdverseSide = start !== 0 && Math.sign(start) === adverseSign;
  const after = onAdverseSide ? `after a ${percent(Math.abs(start))} ${move}` : "at today's price";
  const floorText =
    floor === null || end !== null
      ? ""
      : `, so at least ${percent(floor)} of today's value is kept`;
  if (end !== null) {
    const stop = `a ${percent(Math.abs(end))} ${move}`;
    return pick([
      `Protection starts ${after} and stops after ${stop}.`,
      `The hedge takes over ${after}, up to ${stop}.`,
    ]);
  }
  return pick([
    `Protection starts ${after}${floorText}.`,
    `The hedge takes over ${after}${floorText}.`,
  ]);
}

function costSentence(facts: NarrativeFacts, pick: Pick): string {
  const cost = num(facts, "netCostUsd");
  if (cost <= 0) {
    return pick([
      `It costs nothing up front (${usd(-cost)} is received).`,
      `Up front it is free: the options sold bring in ${usd(-cost)}.`,
    ]);
  }
  const share = percent(num(facts, "costPercent"));
  const annual = percent(num(facts, "costPercentAnnualised"));
  return pick([
    `It costs ${usd(cost)}, ${share} of the position (${annual} a year).`,
    `The premium is ${usd(cost)}: ${share} of the position, ${annual} annualised.`,
  ]);
}

function givesUpSentence(facts: NarrativeFacts, pick: Pick): string {
  const maxGain = maybe(facts, "maxGainUsd");
  const cap = maybe(facts, "capPercentOfValue");
  if (maxGain === null) {
    return facts.exposure === "short"
      ? pick(["Gains from a fall stay open.", "A fall still pays in full."])
      : pick(["The upside stays open.", "Gains above today's price are kept in full."]);
  }
  if (cap !== null) {
    return pick([
      `In exchange, the book's value is capped at ${percent(cap)} of today's.`,
      `The price of that: gains stop at ${percent(cap)} of today's value.`,
    ]);
  }
  return pick([
    `In exchange, gains stop at ${usd(maxGain)}.`,
    `The price of that: the most the book can gain is ${usd(maxGain)}.`,
  ]);
}

/** "a loss of $3,387.00" or "a gain of $12.00". */
const outcome = (pnl: number) => (pnl < 0 ? `a loss of ${usd(-pnl)}` : `a gain of ${usd(pnl)}`);

function stressSentence(facts: NarrativeFacts, pick: Pick): string {
  const move = maybe(facts, "worstScenarioMovePercent");
  if (move === null) return "";
  const unhedged = outcome(num(facts, "worstScenarioUnhedgedPnlUsd"));
  const hedged = outcome(num(facts, "worstScenarioHedgedPnlUsd"));
  const size = percent(Math.abs(move));
  return pick([
    `At expiry after a ${size} ${adverse(facts)}, the book would show ${hedged} instead of ${unhedged}.`,
    `A ${size} ${adverse(facts)} would mean ${hedged} at expiry rather than ${unhedged}.`,
  ]);
}

function basisSentence(facts: NarrativeFacts, pick: Pick): string {
  if (!facts.marketHedge) return "";
  return pick([
    "It hedges market moves only: a stock falling on its own news is not covered.",
    "Being an index hedge, it leaves each stock's own risk unhedged.",
  ]);
}

function unhedgedSentence(facts: NarrativeFacts): string {
  const count = num(facts, "unhedgedPositions");
  if (count === 0) return "";
  return count === 1 ? "One position stays unhedged." : `${count} positions stay unhedged.`;
}

const body = (facts: NarrativeFacts, pick: Pick) =>
  [
    protectionSentence(facts, pick),
    costSentence(facts, pick),
    givesUpSentence(facts, pick),
    stressSentence(facts, pick),
    basisSentence(facts, pick),
    unhedgedSentence(facts),
  ]
    .filter(Boolean)
    .join(" ");

const suggestion: NarrativeTemplate = (facts, pick) =>
  `${opening(facts, pick, facts.strategy as string)} ${body(facts, pick)}`;

const analysis: NarrativeTemplate = (facts, pick) =>
  `${opening(facts, pick, "Your hedge")} ${body(facts, pick)}`;

/** The hedge group's templates, for the template writer (lib/wiring/narrative.ts). */
export const HEDGE_TEMPLATES: NarrativeTemplates = {
  [SUGGESTION_KIND]: suggestion,
  [ANALYSIS_KIND]: analysis,
};
