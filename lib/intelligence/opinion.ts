import { NEUTRAL_SCORE, type SpecialistName, VOTE_BANDS } from "./rules";

/** What a specialist or the committee recommends for selling a put. */
export const VOTES = ["SELL_PUT", "CAUTION", "AVOID"] as const;
export type Vote = (typeof VOTES)[number];

/** One input a specialist read: a number (unit in its name), a word, a flag or a date. */
export type OpinionInputs = Record<string, number | string | boolean | null>;

export interface SpecialistOpinion {
  specialist: SpecialistName;
  /** 0-100, 1 decimal: how favourable the evidence is for selling a put. */
  score: number;
  vote: Vote;
  /** Why it vetoes (the verdict is then AVOID), or null. */
  veto: string | null;
  reasons: string[];
  inputs: OpinionInputs;
  /** The endpoint whose figures it read (with /v1), so a client can check them. */
  source: string;
  /** Whether it had its evidence; without, it scores 50 and votes CAUTION. */
  available: boolean;
}

export const clamp = (value: number, low = 0, high = 100) => Math.min(high, Math.max(low, value));
export const round1 = (value: number) => Math.round(value * 10) / 10;

/** The vote a score earns (a veto overrides it). */
export function voteOf(score: number): Vote {
  if (score >= VOTE_BANDS.sellPutFrom) return "SELL_PUT";
  return score < VOTE_BANDS.avoidBelow ? "AVOID" : "CAUTION";
}

/** An opinion from a score and its reasons; a veto forces AVOID. */
export function opinionOf(
  specialist: SpecialistName,
  source: string,
  score: number,
  reasons: string[],
  inputs: OpinionInputs,
  veto: string | null = null,
): SpecialistOpinion {
  const bounded = round1(clamp(score));
  return {
    specialist,
    score: bounded,
    vote: veto ? "AVOID" : voteOf(bounded),
    veto,
    reasons: veto ? [veto, ...reasons] : reasons,
    inputs,
    source,
    available: true,
  };
}

/** A specialist without evidence: neutral, CAUTION, with the reason it has none. */
export function withoutEvidence(
  specialist: SpecialistName,
  source: string,
  reason: string,
): SpecialistOpinion {
  return {
    specialist,
    score: NEUTRAL_SCORE,
    vote: "CAUTION",
    veto: null,
    reasons: [`no evidence: ${reason}`],
    inputs: {},
    source,
    available: false,
  };
}
