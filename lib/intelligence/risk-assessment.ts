import { roundDecimals } from "../market/precision";
import { clamp, round1 } from "./opinion";

/**
 * GET /intelligence/{code}/risk-assessment, the scoring: five risks of holding the stock (or of
 * being put it), each scored 0-100 (higher = riskier) from the figures gathered by
 * risk-figures.ts, with its reasons, and an overall score. Pure: figures in, scores out.
 */

export const RISKS = ["event", "volatility", "liquidity", "concentration", "tail"] as const;
export type RiskName = (typeof RISKS)[number];

/** Weights of the overall score (sum 1); a risk without figures is left out and the rest renormalised. */
export const RISK_WEIGHTS: Readonly<Record<RiskName, number>> = {
  event: 0.2,
  volatility: 0.25,
  liquidity: 0.15,
  concentration: 0.15,
  tail: 0.25,
};

/** Below `low` reads low, from `high` high, else moderate (the graph's fragility bands). */
export const RISK_LABEL_BOUNDS = { low: 35, high: 60 } as const;
export type RiskLabel = "low" | "moderate" | "high";

export function riskLabelOf(score: number): RiskLabel {
  if (score < RISK_LABEL_BOUNDS.low) return "low";
  return score >= RISK_LABEL_BOUNDS.high ? "high" : "moderate";
}

/** Linear 0-100 between `zeroAt` and `fullAt` (either order), clamped. */
export function scaled(value: number, zeroAt: number, fullAt: number): number {
  return clamp(((value - zeroAt) / (fullAt - zeroAt)) * 100);
}

/** Σ wᵢ·xᵢ / Σ wᵢ over the parts present (null parts left out); null when none is. */
export function weightedMean(parts: readonly { weight: number; value: number | null }[]) {
  let total = 0;
  let weights = 0;
  for (const { weight, value } of parts) {
    if (value === null) continue;
    total += weight * value;
    weights += weight;
  }
  return weights === 0 ? null : total / weights;
}

export interface RiskScore {
  score: number;
  label: RiskLabel;
  reasons: string[];
}

function scored(score: number, reasons: string[]): RiskScore {
  const rounded = round1(clamp(score));
  return { score: rounded, label: riskLabelOf(rounded), reasons };
}

// --- Event risk ---------------------------------------------------------------------------------

/** Days ahead the event risk looks (the `days` query), with its default. */
export const EVENT_WINDOW_DAYS = { default: 30, min: 1, max: 365 } as const;

export const EVENT_SCORES = {
  /** Nothing scheduled: what is left is unscheduled news. */
  clear: 10,
  /** Earnings in the window: from `earningsFar` (at its end) to `earningsNear` (today). */
  earningsFar: 60,
  earningsNear: 90,
  /** Each ex-dividend date in the window (the price drops by the payment; early assignment). */
  perExDividend: 10,
} as const;

export interface EventFigures {
  windowFrom: string;
  windowTo: string;
  windowDays: number;
  earningsDate: string | null;
  earningsHour: "bmo" | "amc" | null;
  daysToEarnings: number | null;
  exDividendDates: string[];
  dividendPerPaymentUsd: number | null;
}

export function eventRisk(figures: EventFigures): RiskScore {
  const window = `${figures.windowFrom} to ${figures.windowTo}`;
  const reasons: string[] = [];
  let score: number = EVENT_SCORES.clear;
  if (figures.earningsDate !== null && figures.daysToEarnings !== null) {
    const nearness = 1 - figures.daysToEarnings / figures.windowDays;
    const { earningsFar, earningsNear } = EVENT_SCORES;
    score = earningsFar + (earningsNear - earningsFar) * clamp(nearness, 0, 1);
    const hour = figures.earningsHour === "bmo" ? "before the open" : "after the close";
    reasons.push(
      `earnings on ${figures.earningsDate} (${hour}), in ${figures.daysToEarnings} days: the stock can gap overnight`,
    );
  } else {
    reasons.push(`no earnings release scheduled from ${window}`);
  }
  if (figures.exDividendDates.length > 0) {
    score += EVENT_SCORES.perExDividend * figures.exDividendDates.length;
    const amount = figures.dividendPerPaymentUsd?.toFixed(2) ?? "?";
    reasons.push(
      `ex-dividend on ${figures.exDividendDates.join(", ")} ($${amount} a share): the price drops by the payment`,
    );
  }
  return scored(score, reasons);
}

// --- Volatility risk ----------------------------------------------------------------------------

/** Annualised volatility (percent) scored 0 at `calm`, 100 at `wild`. */
export const VOLATILITY_LEVELS = { calm: 15, wild: 75 } as const;
/** Shares of the volatility score: the 30-day IV's level, the realised level, the IV rank. */
export const VOLATILITY_PARTS = { impliedLevel: 0.5, realisedLevel: 0.25, ivRank: 0.25 } as const;

export interface VolatilityFigures {
  impliedVolatility30: number;
  ivRank: number;
  ivPercentile: number;
  realisedVolatility: number | null;
  realisedSessions: number;
  ivHvRatio: number | null;
}

export function volatilityRisk(figures: VolatilityFigures): RiskScore {
  const level = (percent: number) =>
    scaled(percent, VOLATILITY_LEVELS.calm, VOLATILITY_LEVELS.wild);
  const score = weightedMean([
    { weight: VOLATILITY_PARTS.impliedLevel, value: level(figures.impliedVolatility30) },
    {
      weight: VOLATILITY_PARTS.realisedLevel,
      value: figures.realisedVolatility === null ? null : level(figures.realisedVolatility),
    },
    { weight: VOLATILITY_PARTS.ivRank, value: figures.ivRank },
  ]) as number;
  const reasons = [
    `the options price ${figures.impliedVolatility30.toFixed(2)}% annualised volatility over 30 days (a one-sigma month of ±${(figures.impliedVolatility30 / Math.sqrt(12)).toFixed(1)}%)`,
    `IV rank ${figures.ivRank.toFixed(1)}: ${figures.ivRank >= 50 ? "the market prices more movement than usual this year" : "the market prices less movement than usual this year"}`,
    figures.realisedVolatility === null
      ? "no realised volatility to compare"
      : `the stock moved ${figures.realisedVolatility.toFixed(2)}% annualised over the last ${figures.realisedSessions} sessions`,
  ];
  return scored(score, reasons);
}

// --- Liquidity risk -----------------------------------------------------------------------------

/** Average daily dollar volume scored 0 at `deep` USD, 100 at `thin` USD, on a log scale. */
export const DOLLAR_VOLUME_SCALE = { deep: 1e9, thin: 1e6 } as const;
/** The ATM option spread (percent of mid) scored 0 at `tight`, 100 at `wide`. */
export const OPTION_SPREAD_SCALE = { tight: 1, wide: 15 } as const;
/** Shares of the liquidity score: the stock's dollar volume, the options' spread. */
export const LIQUIDITY_PARTS = { stock: 0.7, options: 0.3 } as const;

export interface AtmOptionFigures {
  expiration: string;
  daysToExpiration: number;
  strike: number;
  callBid: number;
  callAsk: number;
  putBid: number;
  putAsk: number;
  /** Mean of the call's and the put's (ask − bid) / mid × 100. */
  spreadPercent: number;
  /** Call plus put open interest at the strike, contracts. */
  openInterest: number;
}

export interface LiquidityFigures {
  sessions: number;
  averageDailyVolume: number;
  averageDailyDollarVolumeUsd: number;
  /** Null when the stock has no listed options (or no two-sided ATM quote). */
  atmOption: AtmOptionFigures | null;
}

export function liquidityRisk(figures: LiquidityFigures): RiskScore {
  const { deep, thin } = DOLLAR_VOLUME_SCALE;
  const dollars = Math.max(figures.averageDailyDollarVolumeUsd, 1);
  const stock = scaled(Math.log10(dollars), Math.log10(deep), Math.log10(thin));
  const option = figures.atmOption;
  const options =
    option === null
      ? null
      : scaled(option.spreadPercent, OPTION_SPREAD_SCALE.tight, OPTION_SPREAD_SCALE.wide);
  const score = weightedMean([
    { weight: LIQUIDITY_PARTS.stock, value: stock },
    { weight: LIQUIDITY_PARTS.options, value: options },
  ]) as number;
  const reasons = [
    `about ${compactUsd(figures.averageDailyDollarVolumeUsd)} a day trades (${figures.averageDailyVolume.toLocaleString("en-US")} shares, mean of ${figures.sessions} sessions)`,
    option === null
      ? "no listed option quote to judge the options' liquidity"
      : `the ${option.expiration} ${option.strike} options quote ${option.spreadPercent.toFixed(2)}% wide (bid/ask over mid) with ${option.openInterest.toLocaleString("en-US")} contracts open`,
  ];
  return scored(score, reasons);
}

/** 1234567 → "$1.2M", 2.5e9 → "$2.5B". */
export function compactUsd(usd: number): string {
  if (usd >= 1e9) return `$${(usd / 1e9).toFixed(1)}B`;
  if (usd >= 1e6) return `$${(usd / 1e6).toFixed(1)}M`;
  if (usd >= 1e3) return `$${(usd / 1e3).toFixed(1)}K`;
  return `$${usd.toFixed(0)}`;
}

// --- Concentration risk -------------------------------------------------------------------------

/**
 * Herfindahl-Hirschman index of shares given in percent: Σ sᵢ², 0-10,000 points. Shares of a
 * whole not listed (other customers, other holders) count as infinitely fragmented (0).
 */
export function herfindahl(sharesPercent: readonly number[]): number {
  let sum = 0;
  for (const share of sharesPercent) sum += share * share;
  return sum;
}

/** The top-5 holders' combined percent of the shares outstanding scored 0 at `spread`, 100 at `tight`. */
export const OWNERSHIP_SCALE = { spread: 20, tight: 60 } as const;
/** Shares of the concentration score: customers, institutional ownership. */
export const CONCENTRATION_PARTS = { customers: 0.7, ownership: 0.3 } as const;
/**
 * Customers scored 2 × √HHI (HHI in points), clamped: a single customer buying half the revenue
 * (HHI 2,500) scores 100; √HHI is the share of the one customer that would give the same HHI.
 */
export const CUSTOMER_HHI_FACTOR = 2;

export interface CustomerFigures {
  /** Customers with a disclosed share of the company's revenue. */
  customers: number;
  largestCustomer: string | null;
  largestSharePercent: number;
  /** Σ of the disclosed shares, percent of revenue. */
  disclosedSharePercent: number;
  /** Σ sharePercent², points (0-10,000). */
  hhi: number;
}

export interface OwnershipFigures {
  holders: number;
  institutionalPercent: number;
  largestHolder: string | null;
  largestHolderPercent: number;
  top5Percent: number;
  /** HHI of the holders' percents of the shares outstanding, points. */
  hhi: number;
  quarterEnd: string | null;
}

export interface ConcentrationFigures {
  /** Null when the graph's provider has no supply chain. */
  customers: CustomerFigures | null;
  /** Null without 13F holdings or shares outstanding. */
  ownership: OwnershipFigures | null;
}

/** The customers' figures from each customer's share of the revenue (0-1), largest first. */
export function customerFigures(shares: readonly { customer: string; share: number }[]) {
  const percents = shares.map(({ share }) => share * 100);
  const largest = [...shares].sort((a, b) => b.share - a.share)[0];
  return {
    customers: shares.length,
    largestCustomer: largest?.customer ?? null,
    largestSharePercent: roundDecimals((largest?.share ?? 0) * 100, 4),
    disclosedSharePercent: roundDecimals(
      percents.reduce((sum, p) => sum + p, 0),
      4,
    ),
    hhi: roundDecimals(herfindahl(percents), 4),
  };
}

export function concentrationRisk(figures: ConcentrationFigures): RiskScore {
  const { customers, ownership } = figures;
  const score = weightedMean([
    {
      weight: CONCENTRATION_PARTS.customers,
      value: customers === null ? null : clamp(CUSTOMER_HHI_FACTOR * Math.sqrt(customers.hhi)),
    },
    {
      weight: CONCENTRATION_PARTS.ownership,
      value:
        ownership === null
          ? null
          : scaled(ownership.top5Percent, OWNERSHIP_SCALE.spread, OWNERSHIP_SCALE.tight),
    },
  ]) as number;
  const reasons = [
    customers === null
      ? "the graph's source has no supply chain: customer concentration unknown"
      : customers.customers === 0
        ? "no customer discloses a share of the revenue"
        : `${customers.customers} customers disclose ${customers.disclosedSharePercent.toFixed(2)}% of the revenue; the largest, ${customers.largestCustomer}, ${customers.largestSharePercent.toFixed(2)}% (HHI ${customers.hhi.toFixed(1)})`,
    ownership === null
      ? "no institutional holdings to judge ownership concentration"
      : `${ownership.holders} institutions hold ${ownership.institutionalPercent.toFixed(2)}% of the shares; the top 5 hold ${ownership.top5Percent.toFixed(2)}%`,
  ];
  return scored(score, reasons);
}

// --- Tail risk ----------------------------------------------------------------------------------

/** The 95 % expected shortfall (percent) scored 0 at `mild`, 100 at `severe`. */
export const SHORTFALL_SCALE = { mild: 1.5, severe: 8 } as const;
/** Excess kurtosis scored 0 at 0, 100 at this. */
export const KURTOSIS_FULL = 10;
/** Negative skewness scored 0 at 0, 100 at −this. */
export const SKEW_FULL = 1.5;
export const TAIL_PARTS = { shortfall: 0.6, kurtosis: 0.2, skew: 0.2 } as const;
/** The tail percent of the VaR and CVaR (95 % confidence). */
export const TAIL_PERCENT = 5;
/** Fewer daily returns than this give no tail figures (404 for the section). */
export const MIN_TAIL_RETURNS = 60;

export interface TailFigures {
  from: string;
  to: string;
  returns: number;
  worstDailyReturnPercent: number;
  worstDay: string;
  valueAtRisk95Percent: number;
  expectedShortfall95Percent: number;
  tailObservations: number;
  skewness: number;
  excessKurtosis: number;
}

export function tailRisk(figures: TailFigures): RiskScore {
  const score =
    TAIL_PARTS.shortfall *
      scaled(figures.expectedShortfall95Percent, SHORTFALL_SCALE.mild, SHORTFALL_SCALE.severe) +
    TAIL_PARTS.kurtosis * scaled(figures.excessKurtosis, 0, KURTOSIS_FULL) +
    TAIL_PARTS.skew * scaled(-figures.skewness, 0, SKEW_FULL);
  const reasons = [
    `on the worst 5% of ${figures.returns} sessions (${figures.from} to ${figures.to}) the stock lost ${figures.expectedShortfall95Percent.toFixed(2)}% on average (VaR ${figures.valueAtRisk95Percent.toFixed(2)}%)`,
    `its worst day, ${figures.worstDay}, was ${figures.worstDailyReturnPercent.toFixed(2)}%`,
    `skewness ${figures.skewness.toFixed(2)}, excess kurtosis ${figures.excessKurtosis.toFixed(2)}: ${figures.excessKurtosis > 1 ? "fatter tails than a normal distribution" : "tails close to a normal distribution"}`,
  ];
  return scored(score, reasons);
}

// --- Overall ------------------------------------------------------------------------------------

/** The weighted mean of the risks scored (weights renormalised), with the weights applied. */
export function overallRisk(scores: Readonly<Record<RiskName, number | null>>) {
  const score = weightedMean(
    RISKS.map((risk) => ({ weight: RISK_WEIGHTS[risk], value: scores[risk] })),
  );
  const present = RISKS.filter((risk) => scores[risk] !== null);
  const total = present.reduce((sum, risk) => sum + RISK_WEIGHTS[risk], 0);
  const weights = Object.fromEntries(
    RISKS.map((risk) => [
      risk,
      scores[risk] === null ? 0 : roundDecimals(RISK_WEIGHTS[risk] / total, 4),
    ]),
  ) as Record<RiskName, number>;
  if (score === null) return { score: null, label: null, weights };
  const rounded = round1(score);
  return { score: rounded, label: riskLabelOf(rounded), weights };
}
