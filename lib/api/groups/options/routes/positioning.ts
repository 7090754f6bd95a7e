import { array, boolean, int, number, object, string } from "zod";
import { groupRoutes } from "../../../route";
import { contractCode, daysToExpiration, expiryIsoDate, pricingInputs } from "./schemas";

/**
 * Positioning analytics over the listed chains: max pain, open interest by strike and put/call
 * ratios. Each answer is computed from the calls and puts the source lists at the instant asOf
 * states, and states the underlying it was read against.
 */

const ERRORS = ["NO_CHAIN_DATA", "MARKET_DATA_UNAVAILABLE"] as const;

const STRIKES =
  "The listed strikes are the union of the expiration's call and put strikes; a side not " +
  "listed at a strike counts 0 contracts there.";

const EXPIRY_ERRORS =
  "400 INVALID_PARAMETER naming expiry when it is missing, not yyyy-MM-dd, impossible, or in " +
  "the past. 404 NO_CHAIN_DATA for an unknown code, a contract without listed options or an " +
  "unlisted expiration; 503 MARKET_DATA_UNAVAILABLE when the source is down or reports no open " +
  "interest at any strike of the expiration (a source that does not supply open interest).";

const DAYS =
  "daysToExpiration counts calendar days from today in New York to the expiration (0 on the " +
  "expiration day).";

const contracts = (description: string) =>
  int().meta({ description: `${description}, contracts (× 100 shares each)` });

const usd = (description: string) => number().meta({ description: `${description}, USD` });

const ratio = (description: string) =>
  number()
    .nullable()
    .meta({ description: `${description}, 6 decimals; null when the call side is 0` });

const expirationFields = {
  symbol: string(),
  expiration: string().meta({ description: "yyyy-MM-dd" }),
  daysToExpiration,
};

/** The per-side and ratio fields of put-call-ratio, per expiration and in total. */
const putCallFields = {
  callVolume: contracts(
    "Calls traded in the session so far (before the open: the latest whole session)",
  ),
  putVolume: contracts(
    "Puts traded in the session so far (before the open: the latest whole session)",
  ),
  volumeRatio: ratio("putVolume / callVolume"),
  callOpenInterest: contracts("Open calls"),
  putOpenInterest: contracts("Open puts"),
  openInterestRatio: ratio("putOpenInterest / callOpenInterest"),
  callPremium: usd("Σ over calls of volume × mid × 100 (mid = (bid + ask) / 2), 2 decimals"),
  putPremium: usd("Σ over puts of volume × mid × 100, 2 decimals"),
  premiumRatio: ratio("putPremium / callPremium"),
};

export const optionsPositioningRoutes = groupRoutes("options", {
  maxPain: {
    method: "GET",
    path: "/options/{code}/max-pain",
    auth: "key",
    errors: [...ERRORS],
    summary: "Max pain of one expiration",
    description:
      "The strike at which the options of one expiration (yyyy-MM-dd) would pay their holders " +
      "the least at expiry. For every listed strike S: callPain(S) = Σ_K OI_call(K) · max(0, S " +
      "− K) × 100, putPain(S) = Σ_K OI_put(K) · max(0, K − S) × 100, pain(S) = callPain(S) + " +
      "putPain(S), in USD, the sums over every listed strike K with its open interest OI " +
      "(contracts, × 100 shares). maxPainStrike is the S minimising pain(S) over the listed " +
      "strikes (the lowest such strike on a tie); maxPainValue = pain(maxPainStrike). " +
      `distancePercent = (maxPainStrike − underlyingLivePrice) / underlyingLivePrice × 100. ${STRIKES} ` +
      `${DAYS} USD amounts 2 decimals, percents 4 decimals. ${EXPIRY_ERRORS}`,
    params: object({ code: contractCode }),
    query: object({ expiry: expiryIsoDate }),
    response: pricingInputs.extend({
      ...expirationFields,
      maxPainStrike: usd("The strike minimising pain"),
      maxPainValue: usd("pain(maxPainStrike): what the options would pay holders at expiry there"),
      distancePercent: number().meta({
        description:
          "(maxPainStrike − underlyingLivePrice) / underlyingLivePrice × 100, signed, percent",
      }),
      totalCallOpenInterest: contracts("Open calls of the expiration"),
      totalPutOpenInterest: contracts("Open puts of the expiration"),
      items: array(
        object({
          strike: usd("Strike S"),
          callOpenInterest: contracts("Open calls at this strike"),
          putOpenInterest: contracts("Open puts at this strike"),
          callPain: usd("Σ_K OI_call(K) · max(0, S − K) × 100: what calls pay if it expires at S"),
          putPain: usd("Σ_K OI_put(K) · max(0, K − S) × 100: what puts pay if it expires at S"),
          pain: usd("callPain + putPain"),
        }),
      ).meta({ description: "Every listed strike, ascending" }),
    }),
  },
  oiDistribution: {
    method: "GET",
    path: "/options/{code}/oi-distribution",
    auth: "key",
    errors: [...ERRORS],
    summary: "Open interest by strike of one expiration",
    description:
      "Open interest of one expiration (yyyy-MM-dd) per listed strike: calls, puts and their " +
      "total. averageOpenInterestPerStrike = totalOpenInterest / strikeCount (calls and puts " +
      "of the expiration over its listed strikes); a strike is flagged when its " +
      "totalOpenInterest exceeds flagThreshold = 2 × averageOpenInterestPerStrike (strictly " +
      "greater). putCallOpenInterestRatio = totalPutOpenInterest / totalCallOpenInterest, 6 " +
      `decimals, null when there is no open call. ${STRIKES} ${DAYS} ${EXPIRY_ERRORS}`,
    params: object({ code: contractCode }),
    query: object({ expiry: expiryIsoDate }),
    response: pricingInputs.extend({
      ...expirationFields,
      strikeCount: int().meta({ description: "Listed strikes of the expiration" }),
      totalCallOpenInterest: contracts("Open calls of the expiration"),
      totalPutOpenInterest: contracts("Open puts of the expiration"),
      totalOpenInterest: contracts("totalCallOpenInterest + totalPutOpenInterest"),
      putCallOpenInterestRatio: ratio("totalPutOpenInterest / totalCallOpenInterest"),
      averageOpenInterestPerStrike: number().meta({
        description: "totalOpenInterest / strikeCount, contracts, 4 decimals",
      }),
      flagThreshold: number().meta({
        description: "2 × averageOpenInterestPerStrike, contracts, 4 decimals",
      }),
      items: array(
        object({
          strike: usd("Strike"),
          callOpenInterest: contracts("Open calls"),
          putOpenInterest: contracts("Open puts"),
          totalOpenInterest: contracts("callOpenInterest + putOpenInterest"),
          flagged: boolean().meta({
            description: "totalOpenInterest > 2 × averageOpenInterestPerStrike",
          }),
        }),
      ).meta({ description: "Every listed strike, ascending" }),
    }),
  },
  putCallRatio: {
    method: "GET",
    path: "/options/{code}/put-call-ratio",
    auth: "key",
    errors: [...ERRORS],
    summary: "Put/call ratios by volume, open interest and premium",
    description:
      "Put/call ratios of every listed expiration, soonest first, and of all of them together " +
      "(totals summed over the expirations, then divided). By volume: contracts traded in the session so far (before the open, the latest whole session); " +
      "by open interest: open contracts; by premium: Σ volume × mid × 100 per side in USD, " +
      "mid = (bid + ask) / 2 of each contract now (the day's traded premium valued at the " +
      "current mid: the source gives no price per print). Each ratio = put figure / call " +
      "figure, 6 decimals, null when the call figure is 0 (no ratio exists). Above 1: more put " +
      `than call activity. ${DAYS} 404 NO_CHAIN_DATA for an unknown code or a contract without ` +
      "listed options; 503 MARKET_DATA_UNAVAILABLE when the source is down or lists no " +
      "expirations.",
    params: object({ code: contractCode }),
    response: pricingInputs.extend({
      symbol: string(),
      total: object(putCallFields).meta({ description: "Every listed expiration together" }),
      expirations: array(
        object({
          expiration: string().meta({ description: "yyyy-MM-dd" }),
          daysToExpiration,
          ...putCallFields,
        }),
      ).meta({ description: "Every listed expiration, soonest first" }),
    }),
  },
});
