import { int, iso, number, object, string, enum as zEnum } from "zod";

export { contractCode } from "../../../contract-code";

/** Shared parameter and resource schemas of the chain analytics. */

/** An expiration as the chain takes it: yyMMdd, e.g. 261218 (spec: Option chain). */
export const expiryYyMMdd = string()
  .trim()
  .regex(/^\d{6}$/, "must be a date yyMMdd, e.g. 261218")
  .meta({ description: "Expiration date, yyMMdd (e.g. 261218 for 2026-12-18)" });

/** An expiration as every other endpoint takes it: yyyy-MM-dd. */
export const expiryIsoDate = iso
  .date({ error: "must be a date yyyy-MM-dd, e.g. 2026-12-18" })
  .meta({ description: "Expiration date, yyyy-MM-dd" });

/** C or P, case-insensitive, surrounding whitespace ignored, with the endpoint's default. */
export const optionRight = (fallback: "C" | "P") =>
  string()
    .trim()
    .toUpperCase()
    .pipe(zEnum(["C", "P"], { error: "must be C or P" }))
    .default(fallback)
    .meta({ description: `C (call) or P (put), case-insensitive; default ${fallback}` });

/**
 * What every chain analytic states it was computed from, so a user can reproduce any number
 * with POST /options/calculator.
 */
export const pricingInputs = object({
  model: string().meta({ description: 'Pricing model: "Black-Scholes" (European, no dividends)' }),
  riskFreeRate: number().meta({ description: "Risk-free rate used, percent (4 = 4 %)" }),
  underlyingPrice: number().meta({ description: "The underlying's last trade, USD" }),
  underlyingLivePrice: number().meta({
    description: "The underlying's mark price (mid of its bid and ask), falling back to last, USD",
  }),
  asOf: iso.datetime().meta({ description: "Instant the chain was read, ISO 8601 UTC" }),
});

/** Calendar days from today (New York) to an expiration; 0 on expiration day. */
export const daysToExpiration = int().meta({ description: "Calendar days from today (New York)" });

/** A contract's volume as the chains count it. */
export const sessionVolume = int().meta({
  description: "Contracts traded in the session so far (before the open: the latest whole session)",
});

/** A contract's open interest as the chains report it. */
export const reportedOpenInterest = int()
  .nullable()
  .meta({
    description:
      "Open contracts (as of the previous session's close); null when the source does not report " +
      "open interest (Alpaca's option snapshots)",
  });
