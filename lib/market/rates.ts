/**
 * The risk-free rate (percent, continuously compounded) used where a request gives none: the
 * options calculators' default (RISK_FREE_RATE_PERCENT overrides it there) and the rate the
 * simulated market prices its options at.
 */
export const DEFAULT_RISK_FREE_RATE_PERCENT = 4;
