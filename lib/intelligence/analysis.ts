import { createHash } from "node:crypto";
import type { Deps } from "../deps";
import type { Instrument } from "../market/ports";
import { narrateAll } from "../narrative/answer";
import type { VerdictTrigger } from "../store/verdicts";
import { type CommitteeDecision, decide } from "./committee";
import { type EvidenceDeps, gatherEvidence } from "./evidence";
import type { SpecialistOpinion } from "./opinion";
import { opinionsOf } from "./opinions";
import { RULES_VERSION, SPECIALIST_WEIGHTS } from "./rules";
import { VERDICT_INSTRUCTIONS, VERDICT_KIND } from "./templates";

/**
 * One run of the committee: gather the evidence, hear every specialist, decide under the rules,
 * write the reasoning (the narrative port: its failure is 500 AI_ERROR and nothing is stored),
 * then store the verdict as the stock's latest (what GET /intelligence/{code}/conviction reads).
 */

export type AnalysisDeps = EvidenceDeps & Pick<Deps, "narrative" | "verdicts">;

export interface AnalysisOptions {
  /** Days to the put's expiration wanted; the first listed expiration that far out is used. */
  targetDte: number;
  trigger: VerdictTrigger;
}

/** A specialist as served: its opinion and its weight in the committee. */
export type ServedOpinion = SpecialistOpinion & { weight: number };

export interface VerdictAnswer extends CommitteeDecision {
  symbol: string;
  code: string;
  name: string;
  target: { targetDte: number; expiration: string; daysToExpiration: number };
  specialists: ServedOpinion[];
  reasoning: string;
  rulesVersion: string;
  inputsHash: string;
  analysedAt: string;
  trigger: VerdictTrigger;
}

/** SHA-256 of what the specialists read (and the target): equal hashes, equal evidence. */
export function inputsHashOf(
  opinions: readonly SpecialistOpinion[],
  target: VerdictAnswer["target"],
): string {
  const inputs = opinions.map((o) => [o.specialist, o.available, o.inputs, o.reasons]);
  return createHash("sha256").update(JSON.stringify({ target, inputs })).digest("hex");
}

function reasoningRequest(
  instrument: Instrument,
  decision: CommitteeDecision,
  opinions: readonly SpecialistOpinion[],
  target: VerdictAnswer["target"],
) {
  const ranked = [...opinions].sort((a, b) => b.score - a.score);
  const strongest = ranked[0] as SpecialistOpinion;
  const weakest = ranked.at(-1) as SpecialistOpinion;
  return {
    kind: VERDICT_KIND,
    instructions: VERDICT_INSTRUCTIONS,
    facts: {
      companyName: instrument.name,
      symbol: instrument.symbol,
      verdict: decision.FinalVerdict,
      conviction: decision.FinalConviction,
      agreeing: opinions.filter((o) => o.vote === decision.FinalVerdict).length,
      specialists: opinions.length,
      committeeScore: decision.committeeScore,
      vetoReasons: decision.vetoes.map((veto) => veto.reason),
      expiration: target.expiration,
      daysToExpiration: target.daysToExpiration,
      strongest: strongest.specialist,
      strongestScore: strongest.score,
      weakest: weakest.specialist,
      weakestScore: weakest.score,
      abstained: opinions.filter((o) => !o.available).map((o) => o.specialist),
    },
  };
}

/** Runs the committee on an optionable stock, without storing (compare and the job store). */
export async function assessStock(
  deps: AnalysisDeps,
  instrument: Instrument,
  options: AnalysisOptions,
): Promise<VerdictAnswer> {
  const evidence = await gatherEvidence(deps, instrument, options.targetDte);
  const opinions = opinionsOf(instrument.code, evidence);
  const decision = decide(opinions);
  const target = {
    targetDte: options.targetDte,
    expiration: evidence.expiration,
    daysToExpiration: evidence.daysToExpiration,
  };
  const [reasoning] = await narrateAll(deps.narrative, [
    reasoningRequest(instrument, decision, opinions, target),
  ]);
  return {
    symbol: instrument.symbol,
    code: instrument.code,
    name: instrument.name,
    ...decision,
    target,
    specialists: opinions.map((o) => ({ ...o, weight: SPECIALIST_WEIGHTS[o.specialist] })),
    reasoning: reasoning as string,
    rulesVersion: RULES_VERSION,
    inputsHash: inputsHashOf(opinions, target),
    analysedAt: deps.marketClock.now().toISOString(),
    trigger: options.trigger,
  };
}

/** Stores a verdict as the stock's latest. */
export function storeVerdict(deps: Pick<Deps, "verdicts">, answer: VerdictAnswer): Promise<void> {
  return deps.verdicts.save({
    code: answer.code,
    analysedAt: answer.analysedAt,
    rulesVersion: answer.rulesVersion,
    inputsHash: answer.inputsHash,
    trigger: answer.trigger,
    verdict: answer as unknown as Record<string, unknown>,
  });
}

/** Runs the committee and stores the verdict (GET /intelligence/{code}/analysis, the job). */
export async function analyseStock(
  deps: AnalysisDeps,
  instrument: Instrument,
  options: AnalysisOptions,
): Promise<VerdictAnswer> {
  const answer = await assessStock(deps, instrument, options);
  await storeVerdict(deps, answer);
  return answer;
}
