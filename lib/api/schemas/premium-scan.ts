import { coerce, int, number, object, string, enum as zEnum } from "zod";
import { STRATEGIES } from "../premium-scanner";

/**
 * The premium scanner's parameters and candidates (lib/api/premium-scanner.ts), as
 * GET /options/{code}/premium-scanner and the premium-selling feed both take and serve them.
 */

const DTE_RANGE = "must be an integer from 1 to 365";
const DELTA_RANGE = "must be a number from 0.05 to 0.50";

/** Calendar days to expiration, integer 1-365, with the scanner's default. */
export const scanDte = (fallback: number) =>
  coerce
    .number({ error: DTE_RANGE })
    .int(DTE_RANGE)
    .min(1, DTE_RANGE)
    .max(365, DTE_RANGE)
    .default(fallback);

/** short-put or short-call, case-insensitive. */
export const scanStrategy = string()
  .trim()
  .toLowerCase()
  .pipe(zEnum(STRATEGIES, { error: "must be short-put or short-call" }));

/** Largest |delta| admitted, 0.05-0.50, default 0.30. */
export const scanMaxDelta = coerce
  .number({ error: DELTA_RANGE })
  .min(0.05, DELTA_RANGE)
  .max(0.5, DELTA_RANGE)
  .default(0.3)
  .meta({ description: "Largest |delta|, 0.05-0.50, default 0.30" });

/** The scanner's window: minDte 20, maxDte 60 by default. */
export const SCAN_DEFAULTS = { minDte: 20, maxDte: 60, maxDelta: 0.3 } as const;

const usd = (description: string) =>
  number().meta({ description: `${description}, USD per share, 4 decimals` });

const percent = (description: string) =>
  number().meta({ description: `${description}, percent, 4 decimals` });

export const premiumCandidateFields = {
  contract: string().meta({ description: "OCC contract symbol" }),
  strike: number().meta({ description: "USD" }),
  expiration: string().meta({ description: "yyyy-MM-dd" }),
  daysToExpiration: int().meta({ description: "Calendar days from today (New York)" }),
  delta: number().meta({ description: "Per USD of the underlying, 6 decimals" }),
  impliedVolatility: percent("Annualised implied volatility (25 = 25 %)"),
  bid: usd("Bid"),
  mid: usd("(bid + ask) / 2"),
  premium: usd("Premium the returns use: the bid"),
  strikeAwayPercent: percent("(strike − underlyingLivePrice) / underlyingLivePrice × 100, signed"),
  breakEven: usd("At expiry: put strike − premium, call strike + premium"),
  capitalAtRisk: usd("Put strike − premium; call underlyingLivePrice"),
  returnPercent: percent("premium / capitalAtRisk × 100"),
  annualizedReturnPercent: percent("returnPercent × 365 / daysToExpiration"),
  probabilityOtmPercent: percent(
    "Black-Scholes risk-neutral probability of expiring out of the money: put N(d2), " +
      "call N(−d2), at underlyingLivePrice, impliedVolatility, riskFreeRate",
  ),
  score: percent("annualizedReturnPercent × probabilityOtmPercent / 100"),
};

export const premiumCandidate = object(premiumCandidateFields);
