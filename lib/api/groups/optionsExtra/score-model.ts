import { roundDecimals } from "../../../market/precision";
import type { Strategy } from "../../premium-scanner";

/**
 * The premium-selling ripeness score (POST /options/ripeness): six measured components, each
 * mapped to a sub-score 0-100 by a stated piecewise-linear rule, weighted and summed. Pure: the
 * measures come in, the score, its parts and the verdict go out, so a client can redo every step.
 */

export const COMPONENT_NAMES = [
  "ivRank",
  "ivHvRatio",
  "earnings",
  "trend",
  "liquidity",
  "cushion",
] as const;
export type ComponentName = (typeof COMPONENT_NAMES)[number];

/** Weights (fractions summing to 1): how much each sub-score counts in the score. */
export const WEIGHTS: Record<ComponentName, number> = {
  ivRank: 0.3,
  ivHvRatio: 0.2,
  earnings: 0.15,
  trend: 0.15,
  liquidity: 0.1,
  cushion: 0.1,
};

/** Score bounds of the verdicts; any veto makes the verdict AVOID whatever the score. */
export const VERDICT_THRESHOLDS = { ripe: 65, neutral: 45 } as const;
export const VERDICTS = ["RIPE", "NEUTRAL", "AVOID"] as const;
export type Verdict = (typeof VERDICTS)[number];

export const VETOES = ["EARNINGS_BEFORE_EXPIRATION", "NO_CANDIDATE"] as const;
export type Veto = (typeof VETOES)[number];

/** Sub-score of a component whose measure is unknown: neither reward nor penalty. */
export const UNKNOWN_SUB_SCORE = 50;

/** Days after the target expiration from which an earnings report no longer weighs. */
export const EARNINGS_CLEAR_DAYS = 14;

/** Strikes within this distance of the live price (percent) make the liquidity sample. */
export const LIQUIDITY_BAND_PERCENT = 10;

/** 0 at `from`, 100 at `to`, linear between, clamped (from > to maps a falling measure). */
export function linearScore(value: number, from: number, to: number): number {
  const fraction = (value - from) / (to - from);
  return 100 * Math.min(1, Math.max(0, fraction));
}

/** What the components are measured from (see the route's description for each). */
export interface Measures {
  strategy: Strategy;
  /** IV rank 0-100, as /options/{code}/iv-rank. */
  ivRank: number;
  /** 30-day ATM IV / 20-session close-to-close HV; null without enough history. */
  ivHvRatio: number | null;
  /** Whether the source knows the earnings schedule (funds have none: `scheduled` false). */
  earningsKnown: boolean;
  /** Calendar days to the session that trades the next report; null when none is scheduled. */
  daysToEarnings: number | null;
  /** Calendar days to the target expiration (the best candidate's, else the window's end). */
  targetDte: number;
  /** (live price − SMA50) / SMA50 × 100; null without 50 completed sessions. */
  trendPercent: number | null;
  /** Median bid-ask spread, percent of mid; null when no contract qualifies. */
  medianSpreadPercent: number | null;
  /** Cushion of the best candidate in one-sigma moves to expiry; null without a candidate. */
  cushionSigmas: number | null;
  hasCandidate: boolean;
}

export interface Component {
  value: number | null;
  unit: string;
  subScore: number;
  weight: number;
  contribution: number;
  rule: string;
}

const subScore = (raw: number) => roundDecimals(raw, 2);

/** The rule text each component states, by strategy where it differs. */
export const RULES: Record<ComponentName, string | Record<Strategy, string>> = {
  ivRank: "subScore = ivRank",
  ivHvRatio: `linear from 0.8 (0) to 1.5 (100), clamped; unknown: ${UNKNOWN_SUB_SCORE}`,
  earnings:
    "no report scheduled (funds): 100; schedule unknown: 50; reaction session on or before the " +
    `target expiration: 0 and the EARNINGS_BEFORE_EXPIRATION veto; after it: 50 + 50 × ` +
    `min(1, (value − targetDte) / ${EARNINGS_CLEAR_DAYS})`,
  trend: {
    "short-put": `linear from −10 % (0) to +5 % (100), clamped; unknown: ${UNKNOWN_SUB_SCORE}`,
    "short-call": `100 − 10 × |value|, at least 0 (flat is best); unknown: ${UNKNOWN_SUB_SCORE}`,
  },
  liquidity: "linear from 20 % (0) to 2 % (100), clamped; no contract measured: 0",
  cushion: "linear from 0.25 (0) to 1.25 one-sigma moves (100), clamped; no candidate: 0",
};

export const UNITS: Record<ComponentName, string> = {
  ivRank: "rank 0-100",
  ivHvRatio: "ratio",
  earnings: "calendar days",
  trend: "percent from SMA50",
  liquidity: "percent of mid",
  cushion: "one-sigma moves",
};

function ruleOf(name: ComponentName, strategy: Strategy): string {
  const rule = RULES[name];
  return typeof rule === "string" ? rule : rule[strategy];
}

function earningsSubScore(m: Measures): number {
  if (!m.earningsKnown) return UNKNOWN_SUB_SCORE;
  if (m.daysToEarnings === null) return 100;
  if (m.daysToEarnings <= m.targetDte) return 0;
  return 50 + 50 * Math.min(1, (m.daysToEarnings - m.targetDte) / EARNINGS_CLEAR_DAYS);
}

function trendSubScore(m: Measures): number {
  if (m.trendPercent === null) return UNKNOWN_SUB_SCORE;
  return m.strategy === "short-put"
    ? linearScore(m.trendPercent, -10, 5)
    : Math.max(0, 100 - 10 * Math.abs(m.trendPercent));
}

/** Each component's value and raw sub-score, before weighting. */
function rawComponents(m: Measures): Record<ComponentName, [number | null, number]> {
  return {
    ivRank: [m.ivRank, m.ivRank],
    ivHvRatio: [
      m.ivHvRatio,
      m.ivHvRatio === null ? UNKNOWN_SUB_SCORE : linearScore(m.ivHvRatio, 0.8, 1.5),
    ],
    earnings: [m.daysToEarnings, earningsSubScore(m)],
    trend: [m.trendPercent, trendSubScore(m)],
    liquidity: [
      m.medianSpreadPercent,
      m.medianSpreadPercent === null ? 0 : linearScore(m.medianSpreadPercent, 20, 2),
    ],
    cushion: [
      m.cushionSigmas,
      m.cushionSigmas === null ? 0 : linearScore(m.cushionSigmas, 0.25, 1.25),
    ],
  };
}

/** Vetoes, in a stable order. */
export function vetoesOf(m: Measures): Veto[] {
  const vetoes: Veto[] = [];
  if (m.earningsKnown && m.daysToEarnings !== null && m.daysToEarnings <= m.targetDte) {
    vetoes.push("EARNINGS_BEFORE_EXPIRATION");
  }
  if (!m.hasCandidate) vetoes.push("NO_CANDIDATE");
  return vetoes;
}

export function verdictOf(score: number, vetoes: readonly Veto[]): Verdict {
  if (vetoes.length > 0) return "AVOID";
  if (score >= VERDICT_THRESHOLDS.ripe) return "RIPE";
  return score >= VERDICT_THRESHOLDS.neutral ? "NEUTRAL" : "AVOID";
}

/**
 * The score: Σ subScore × weight over the served (2-decimal) sub-scores, in component order,
 * to 2 decimals; each component's contribution is its subScore × weight, 4 decimals.
 */
export function ripenessScore(m: Measures) {
  const raw = rawComponents(m);
  const components = {} as Record<ComponentName, Component>;
  let sum = 0;
  for (const name of COMPONENT_NAMES) {
    const [value, rawSubScore] = raw[name];
    const served = subScore(rawSubScore);
    const weight = WEIGHTS[name];
    sum += served * weight;
    components[name] = {
      value,
      unit: UNITS[name],
      subScore: served,
      weight,
      contribution: roundDecimals(served * weight, 4),
      rule: ruleOf(name, m.strategy),
    };
  }
  const score = roundDecimals(sum, 2);
  const vetoes = vetoesOf(m);
  return { score, verdict: verdictOf(score, vetoes), vetoes, components };
}
