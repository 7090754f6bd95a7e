import { clamp, round1, type SpecialistOpinion, type Vote } from "./opinion";
import {
  AVOID_BELOW_SCORE,
  SELL_PUT_MIN_AGREEMENT,
  SELL_PUT_MIN_SCORE,
  SPECIALIST_WEIGHTS,
  type SpecialistName,
  VETO_CONVICTION_FLOOR,
} from "./rules";

/** The committee's decision under the rules of rules.ts (field names as spec fact 4 writes them). */
export interface CommitteeDecision {
  FinalVerdict: Vote;
  /** 0-100, 1 decimal. */
  FinalConviction: number;
  /** Share (0-1, 4 decimals) of the specialists whose vote equals the verdict. */
  CommitteeAgreement: number;
  /** The weighted mean of the specialists' scores, 0-100, 1 decimal. */
  committeeScore: number;
  /** Which rule decided: a veto, the SELL_PUT thresholds, the AVOID threshold, or neither. */
  decidedBy: "veto" | "sell-put-thresholds" | "avoid-threshold" | "default-caution";
  vetoes: { specialist: SpecialistName; reason: string }[];
  votes: Record<Vote, number>;
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

function weightedMean(
  opinions: readonly SpecialistOpinion[],
  value: (o: SpecialistOpinion) => number,
) {
  let total = 0;
  let weights = 0;
  for (const opinion of opinions) {
    const weight = SPECIALIST_WEIGHTS[opinion.specialist];
    total += weight * value(opinion);
    weights += weight;
  }
  return weights === 0 ? 0 : total / weights;
}

/** How much a specialist's score backs a verdict, 0-100. */
export function supportFor(verdict: Vote, score: number): number {
  if (verdict === "SELL_PUT") return score;
  if (verdict === "AVOID") return 100 - score;
  return clamp(100 - 2 * Math.abs(score - 50));
}

const shareVoting = (opinions: readonly SpecialistOpinion[], vote: Vote) =>
  opinions.length === 0 ? 0 : opinions.filter((o) => o.vote === vote).length / opinions.length;

/** The verdict of the committee's opinions (one per specialist). */
export function decide(opinions: readonly SpecialistOpinion[]): CommitteeDecision {
  const committeeScore = weightedMean(opinions, (o) => o.score);
  const vetoes = opinions.flatMap((o) =>
    o.veto === null ? [] : [{ specialist: o.specialist, reason: o.veto }],
  );
  let verdict: Vote;
  let decidedBy: CommitteeDecision["decidedBy"];
  if (vetoes.length > 0) {
    [verdict, decidedBy] = ["AVOID", "veto"];
  } else if (
    committeeScore >= SELL_PUT_MIN_SCORE &&
    shareVoting(opinions, "SELL_PUT") >= SELL_PUT_MIN_AGREEMENT
  ) {
    [verdict, decidedBy] = ["SELL_PUT", "sell-put-thresholds"];
  } else if (committeeScore < AVOID_BELOW_SCORE) {
    [verdict, decidedBy] = ["AVOID", "avoid-threshold"];
  } else {
    [verdict, decidedBy] = ["CAUTION", "default-caution"];
  }
  const support = weightedMean(opinions, (o) => supportFor(verdict, o.score));
  const conviction = vetoes.length > 0 ? Math.max(support, VETO_CONVICTION_FLOOR) : support;
  return {
    FinalVerdict: verdict,
    FinalConviction: round1(conviction),
    CommitteeAgreement: round4(shareVoting(opinions, verdict)),
    committeeScore: round1(committeeScore),
    decidedBy,
    vetoes,
    votes: {
      SELL_PUT: opinions.filter((o) => o.vote === "SELL_PUT").length,
      CAUTION: opinions.filter((o) => o.vote === "CAUTION").length,
      AVOID: opinions.filter((o) => o.vote === "AVOID").length,
    },
  };
}
