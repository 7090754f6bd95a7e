import type { InsiderRelationship } from "../../company/ports";
import type { InsiderTrade } from "../ports";

/**
 * One Form 4 line scored 0-100 for signal strength, with a direction, as insider-tracking
 * products rank trades (an open-market purchase by a CEO, large against the holding, near the
 * 52-week low, is the strongest signal; a tax withholding the weakest). Pure: the trade and the
 * issuer's 52-week range on the trade day in, the score and every component out.
 *
 *   score = round(typeFactor × planFactor × base), 0-100
 *   base  = 100 × (0.25 × role + 0.30 × value + 0.25 × holdingsChange + 0.20 × priceInRange)
 *
 * Factors (multiply the base):
 * - typeFactor by transaction code: P open-market purchase 1, S sale 0.5, A grant or award
 *   0.15, M/X/C exercise or conversion 0.1, F tax withholding, G gift, D disposition to the
 *   issuer 0.05, any other code 0.1;
 * - planFactor: 0.4 for a trade under a Rule 10b5-1 plan (tradingPlan true: scheduled in
 *   advance, little information), 1 otherwise (false or unknown).
 * Weighted components, each scaled 0-1:
 * - role: CEO or CFO (officer title naming the chief executive or financial officer, or the
 *   principal executive or financial officer) 1, another officer 0.75, a director 0.5, a 10 %
 *   owner 0.3, anyone else 0.2 (the highest of the person's roles);
 * - value = shares × pricePerShare, USD, log-scaled: clamp((log10(value) − 4) / 3, 0, 1), so
 *   $10,000 or less 0, $100,000 0.333, $1 m 0.667, $10 m or more 1 (no price: 0);
 * - holdingsChange: the change in the holding of the security, OpenInsider's ΔOwn:
 *   shares / (sharesOwnedAfter − shares) for an acquisition, −shares / (sharesOwnedAfter +
 *   shares) for a disposal, scaled min(1, |ΔOwn| / 0.5) (a change of half the holding or more
 *   is 1); a new position (nothing held before) is 1 (input "new"); unknown holdings 0;
 * - priceInRange: position p = (price − low) / (high − low) in the 52-week range, scaled
 *   1 − p for both directions: a purchase near the low is contrarian conviction, a sale near
 *   the low is selling into weakness rather than taking profits after a rise; 0.5 when the
 *   price or the range is unknown (or high = low).
 * Direction: bullish for a purchase (P), bearish for a sale (S), neutral for every other code;
 * signedScore is +score, −score or 0 accordingly.
 */

export const TYPE_FACTORS: Readonly<Record<string, number>> = {
  P: 1,
  S: 0.5,
  A: 0.15,
  M: 0.1,
  X: 0.1,
  C: 0.1,
  F: 0.05,
  G: 0.05,
  D: 0.05,
};
/** Codes TYPE_FACTORS does not list (J other, K swaps, W wills...). */
export const OTHER_TYPE_FACTOR = 0.1;
export const PLAN_FACTOR = 0.4;

export const COMPONENT_WEIGHTS = {
  role: 0.25,
  value: 0.3,
  holdingsChange: 0.25,
  priceInRange: 0.2,
} as const;

export type RoleClass = "ceo-cfo" | "officer" | "director" | "ten-percent-owner" | "other";

export const ROLE_SCALES: Readonly<Record<RoleClass, number>> = {
  "ceo-cfo": 1,
  officer: 0.75,
  director: 0.5,
  "ten-percent-owner": 0.3,
  other: 0.2,
};

/** log10 of the dollar value that scales 0, and the decades up to the one that scales 1. */
const VALUE_FLOOR_LOG10 = 4;
const VALUE_DECADES = 3;
/** |ΔOwn| at which holdingsChange reaches 1. */
export const FULL_HOLDINGS_CHANGE = 0.5;
/** priceInRange when the price or the range is unknown. */
const UNKNOWN_RANGE_SCALE = 0.5;

export type Direction = "bullish" | "bearish" | "neutral";

export type ComponentName =
  | "transactionType"
  | "tradingPlan"
  | "role"
  | "value"
  | "holdingsChange"
  | "priceInRange";

/**
 * One part of the score. A factor multiplies the base (weight and points null, `scaled` is the
 * factor); a weighted component adds points = 100 × weight × scaled to the base.
 */
export interface ScoreComponent {
  name: ComponentName;
  kind: "factor" | "weighted";
  weight: number | null;
  /**
   * What was read: transactionType the code; tradingPlan the flag (null: not stated); role the
   * role class; value the USD value (null without a price); holdingsChange ΔOwn as a signed
   * fraction ("new" for a new position, null when unknown); priceInRange the position p 0-1
   * (null when unknown).
   */
  input: number | string | boolean | null;
  /** The factor, or the component scaled 0-1. */
  scaled: number;
  points: number | null;
}

export interface TradeScore {
  score: number;
  direction: Direction;
  /** +score when bullish, −score when bearish, 0 when neutral. */
  signedScore: number;
  /** Σ points before the factors, 0-100. */
  base: number;
  components: ScoreComponent[];
}

/** The issuer's lowest low and highest high over the 52 weeks ending on the trade day, USD. */
export interface PriceRange {
  low: number;
  high: number;
}

/** What scoring reads of a trade. */
export type ScoredFields = Pick<
  InsiderTrade,
  | "code"
  | "shares"
  | "pricePerShare"
  | "acquiredDisposed"
  | "sharesOwnedAfter"
  | "tradingPlan"
  | "relationship"
>;

const CEO_CFO_TITLE =
  /chief executive|chief financial|principal executive|principal financial|\bceo\b|\bcfo\b/i;

/** The highest of the person's roles, for the role weight. */
export function roleClassOf(relationship: InsiderRelationship): RoleClass {
  const title = relationship.officerTitle ?? "";
  if (relationship.isOfficer || title !== "") {
    return CEO_CFO_TITLE.test(title) ? "ceo-cfo" : "officer";
  }
  if (relationship.isDirector) return "director";
  if (relationship.isTenPercentOwner) return "ten-percent-owner";
  return "other";
}

export function directionOf(code: string): Direction {
  return code === "P" ? "bullish" : code === "S" ? "bearish" : "neutral";
}

/** shares × pricePerShare in USD; null without a price. */
export function tradeValueUsd(trade: Pick<InsiderTrade, "shares" | "pricePerShare">) {
  return trade.pricePerShare === null ? null : trade.shares * trade.pricePerShare;
}

/** OpenInsider's ΔOwn: the change over the holding before; "new" from nothing; null unknown. */
export function holdingsChangeOf(
  trade: Pick<InsiderTrade, "shares" | "acquiredDisposed" | "sharesOwnedAfter">,
): number | "new" | null {
  const after = trade.sharesOwnedAfter;
  if (after === null) return null;
  const acquired = trade.acquiredDisposed === "A";
  const before = acquired ? after - trade.shares : after + trade.shares;
  if (before <= 0) return acquired ? "new" : null;
  return (acquired ? trade.shares : -trade.shares) / before;
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

export function valueScale(valueUsd: number | null): number {
  if (valueUsd === null || valueUsd <= 0) return 0;
  return clamp01((Math.log10(valueUsd) - VALUE_FLOOR_LOG10) / VALUE_DECADES);
}

export function holdingsChangeScale(change: number | "new" | null): number {
  if (change === null) return 0;
  if (change === "new") return 1;
  return Math.min(1, Math.abs(change) / FULL_HOLDINGS_CHANGE);
}

/** Where the price lies in the range, 0 at the low and 1 at the high; null when unknown. */
export function rangePosition(price: number | null, range: PriceRange | null): number | null {
  if (price === null || range === null || !(range.high > range.low)) return null;
  return clamp01((price - range.low) / (range.high - range.low));
}

const round = (x: number, decimals: number) => Math.round(x * 10 ** decimals) / 10 ** decimals;

/** The trade's score and its components (scaled to 4 decimals, points to 2). */
export function scoreTrade(trade: ScoredFields, range: PriceRange | null): TradeScore {
  const typeFactor = TYPE_FACTORS[trade.code] ?? OTHER_TYPE_FACTOR;
  const planFactor = trade.tradingPlan === true ? PLAN_FACTOR : 1;
  const role = roleClassOf(trade.relationship);
  const value = tradeValueUsd(trade);
  const change = holdingsChangeOf(trade);
  const position = rangePosition(trade.pricePerShare, range);
  const weighted: Weighted[] = [
    { name: "role", input: role, scaled: ROLE_SCALES[role] },
    { name: "value", input: value === null ? null : round(value, 2), scaled: valueScale(value) },
    {
      name: "holdingsChange",
      input: typeof change === "number" ? round(change, 6) : change,
      scaled: holdingsChangeScale(change),
    },
    {
      name: "priceInRange",
      input: position === null ? null : round(position, 4),
      scaled: position === null ? UNKNOWN_RANGE_SCALE : 1 - position,
    },
  ];
  const base = weighted.reduce((sum, part) => sum + pointsOf(part), 0);
  const score = Math.round(typeFactor * planFactor * base);
  const direction = directionOf(trade.code);
  return {
    score,
    direction,
    signedScore: direction === "bullish" ? score : direction === "bearish" ? -score : 0,
    base: round(base, 2),
    components: [
      factor("transactionType", trade.code, typeFactor),
      factor("tradingPlan", trade.tradingPlan, planFactor),
      ...weighted.map(
        (part): ScoreComponent => ({
          name: part.name,
          kind: "weighted",
          weight: COMPONENT_WEIGHTS[part.name],
          input: part.input,
          scaled: round(part.scaled, 4),
          points: round(pointsOf(part), 2),
        }),
      ),
    ],
  };
}

interface Weighted {
  name: keyof typeof COMPONENT_WEIGHTS;
  input: number | string | null;
  scaled: number;
}

const pointsOf = (part: Weighted) => 100 * COMPONENT_WEIGHTS[part.name] * part.scaled;

function factor(
  name: ComponentName,
  input: string | boolean | null,
  scaled: number,
): ScoreComponent {
  return { name, kind: "factor", weight: null, input, scaled, points: null };
}
