import type { SocialMessage } from "../company/ports";

/**
 * The social feed's tagged messages as GET /company/{code}/social counts them. Outside the
 * group folders: the intelligence group's sentiment board reads the same figures.
 */

/** Tagged share at or above which the feed reads Bullish, at or below 1 − it Bearish. */
export const BULLISH_RATIO = 0.6;

export interface SocialTally {
  bullishCount: number;
  bearishCount: number;
  /** bullish / (bullish + bearish), 0..1 to 4 decimals; null without tagged messages. */
  sentimentRatio: number | null;
  sentiment: "Bullish" | "Bearish" | "Neutral";
}

export function socialTally(messages: readonly Pick<SocialMessage, "sentiment">[]): SocialTally {
  const bullishCount = messages.filter((m) => m.sentiment === "Bullish").length;
  const bearishCount = messages.filter((m) => m.sentiment === "Bearish").length;
  const tagged = bullishCount + bearishCount;
  const ratio = tagged === 0 ? null : bullishCount / tagged;
  return {
    bullishCount,
    bearishCount,
    sentimentRatio: ratio === null ? null : Math.round(ratio * 10_000) / 10_000,
    sentiment:
      ratio === null
        ? "Neutral"
        : ratio >= BULLISH_RATIO
          ? "Bullish"
          : ratio <= 1 - BULLISH_RATIO
            ? "Bearish"
            : "Neutral",
  };
}
