/**
 * The intelligence committee's rules, versioned: every stored verdict names the RULES_VERSION it
 * was reached under, so a verdict is explainable after the rules change. Bump the version with
 * any change to a weight, a band, a threshold or a specialist's scoring.
 *
 * Every specialist scores 0-100: how favourable its evidence is for selling a cash-secured put
 * expiring about `targetDte` days out (100 = strongly favourable). Its vote follows its score
 * (VOTE_BANDS) unless it vetoes. The committee:
 * 1. any veto → AVOID;
 * 2. committee score (the weighted mean of the scores) ≥ SELL_PUT_MIN_SCORE and the share of
 *    specialists voting SELL_PUT ≥ SELL_PUT_MIN_AGREEMENT → SELL_PUT;
 * 3. committee score < AVOID_BELOW_SCORE → AVOID;
 * 4. otherwise CAUTION.
 * FinalConviction is the weighted mean of each specialist's support for the verdict (its score
 * for SELL_PUT, 100 − score for AVOID, 100 − 2·|score − 50| for CAUTION), at least
 * VETO_CONVICTION_FLOOR when a veto decided. CommitteeAgreement is the share (0-1) of
 * specialists whose vote equals the verdict.
 */

export const RULES_VERSION = "2026-11-25.1";

export const SPECIALISTS = [
  "volatility",
  "technical",
  "fundamental",
  "newsSentiment",
  "eventRisk",
  "optionsPositioning",
  "insiderActivity",
] as const;
export type SpecialistName = (typeof SPECIALISTS)[number];

/** Weights of the committee score and of the conviction (they sum to 1). */
export const SPECIALIST_WEIGHTS: Readonly<Record<SpecialistName, number>> = {
  volatility: 0.2,
  technical: 0.15,
  fundamental: 0.15,
  newsSentiment: 0.1,
  eventRisk: 0.15,
  optionsPositioning: 0.15,
  insiderActivity: 0.1,
};

/** A specialist votes SELL_PUT from `sellPutFrom`, AVOID below `avoidBelow`, else CAUTION. */
export const VOTE_BANDS = { sellPutFrom: 60, avoidBelow: 40 } as const;

export const SELL_PUT_MIN_SCORE = 60;
/** 4 of the 7 specialists. */
export const SELL_PUT_MIN_AGREEMENT = 0.55;
export const AVOID_BELOW_SCORE = 40;
/** A veto is a rule, not an opinion: the verdict it forces is held with at least this conviction. */
export const VETO_CONVICTION_FLOOR = 80;

/** A specialist without its evidence scores this and votes CAUTION (it cannot confirm). */
export const NEUTRAL_SCORE = 50;

/** Volatility: an IV rank below this vetoes (the premium does not pay for the risk). */
export const IV_RANK_FLOOR = 10;
/** Volatility: IV / realised volatility mapped to 0-100 between these ratios. */
export const IV_HV_RATIO_SCALE = { low: 0.8, high: 1.5 } as const;
/** Volatility: the IV rank's share of its score (the rest is the IV/HV ratio). */
export const IV_RANK_SHARE = 0.6;

/** Technical: points added to NEUTRAL_SCORE by each reading. */
export const TECHNICAL_POINTS = {
  uptrend: 20,
  downtrend: -20,
  sma50Rising: 10,
  sma50Falling: -10,
  macdBullish: 5,
  macdBearish: -5,
  oversold: -10,
  overbought: -5,
  /** A swing support within SUPPORT_NEAR_PERCENT below the close. */
  supportNear: 5,
} as const;
export const SUPPORT_NEAR_PERCENT = 5;

/** Fundamental: the score starts at 100 − fragility, then these. */
export const FUNDAMENTAL_POINTS = { loss: -15, altmanDistress: -15, highLeverage: -10 } as const;
/** Debt / equity above this is high leverage. */
export const HIGH_DEBT_TO_EQUITY = 2;

/** News: full weight from this many articles in the week; fewer shrink the score toward 50. */
export const NEWS_FULL_WEIGHT_ARTICLES = 3;
export const NEWS_TREND_POINTS = { improving: 5, deteriorating: -5 } as const;

/** Event risk: the score with no event in the window, and what each event found takes off. */
export const EVENT_RISK = { clearScore: 85, exDividendPoints: -15, earningsScore: 5 } as const;

/** Options positioning: points added to NEUTRAL_SCORE. */
export const POSITIONING_POINTS = {
  positiveGamma: 20,
  negativeGamma: -20,
  heavyPutVolume: -10,
  lightPutVolume: 5,
  heavyPutOpenInterest: -5,
} as const;
/** Put/call volume ratio above `heavy` is heavy put buying, below `light` light. */
export const PUT_CALL_VOLUME_BANDS = { heavy: 1.2, light: 0.6 } as const;
export const PUT_CALL_OPEN_INTEREST_HEAVY = 1.5;

/**
 * Insider activity: NEUTRAL_SCORE + this × (purchases − INSIDER_SALE_FACTOR × sales) / (purchases
 * + sales), open-market values of 90 days: buying only scores 90, selling only 40 (insiders sell
 * for many reasons, buy for one).
 */
export const INSIDER_NET_POINTS = 40;
export const INSIDER_SALE_FACTOR = 0.25;
/** A purchase cluster ending within the 90 days adds this. */
export const INSIDER_CLUSTER_POINTS = 10;

/** The target days to expiration when a request names none, and its bounds. */
export const TARGET_DTE = { default: 30, min: 1, max: 365 } as const;
