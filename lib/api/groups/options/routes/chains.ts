import { array, boolean, coerce, int, number, object, string, enum as zEnum } from "zod";
import { groupRoutes } from "../../../route";
import {
  contractCode,
  daysToExpiration,
  expiryIsoDate,
  expiryYyMMdd,
  optionRight,
  pricingInputs,
  reportedOpenInterest,
  sessionVolume,
} from "./schemas";

/**
 * Expirations, chains, contract quotes and greeks: each answer states the inputs it was computed
 * from (model, riskFreeRate, underlyingPrice, underlyingLivePrice, asOf), so every model number
 * can be reproduced with POST /options/calculator.
 */

const ERRORS = ["NO_CHAIN_DATA", "MARKET_DATA_UNAVAILABLE"] as const;

const PRICES =
  "Option prices are USD per share (× 100 per contract), 4 decimals (a mid of cent quotes is " +
  "exact); percents 4 decimals; delta and greeks 6 decimals.";

const MID = "mid = (bid + ask) / 2.";

const CHANGE =
  "The source gives no previous-session price for a contract, so change is measured against a " +
  "model reference, never an invented print: referencePrice = the Black-Scholes value of the " +
  "contract at the underlying's previous close (underlyingPreviousClose, the prior settlement " +
  "of GET /market/stocks/{code}/quote), at the contract's current implied volatility, its " +
  "current days to expiration (at least 1) and the stated riskFreeRate (reproduce it with POST " +
  "/options/calculator). change = mid − referencePrice: the move of the contract's mid that " +
  "the underlying's move since the previous close explains, time decay and volatility changes " +
  "excluded. changePercent = change / referencePrice × 100 (0 when referencePrice is 0). A " +
  "contract the source gives no implied volatility for has no reference: referencePrice = mid, " +
  "change 0.";

const IN_THE_MONEY =
  "inTheMoney: a call whose strike is below underlyingLivePrice, a put whose strike is above it.";

const DAYS =
  "daysToExpiration counts calendar days from today in New York to the expiration (0 on the " +
  "expiration day).";

const NOT_FOUND =
  "404 NO_CHAIN_DATA for an unknown code, a contract without listed options or an unlisted " +
  "expiration; 503 MARKET_DATA_UNAVAILABLE when the source is down or lists no expirations.";

const optionPrice = (description: string) =>
  number().meta({ description: `${description}, USD per share, 4 decimals` });

const percent = (description: string) => number().meta({ description: `${description}, percent` });

const volatilityPercent = number()
  .nullable()
  .meta({
    description:
      "The source's implied volatility of the contract, annualised, percent (25 = 25 %), 4 " +
      "decimals; null when the source gives none",
  });

const sourceDelta = number()
  .nullable()
  .meta({ description: "The source's Black-Scholes delta, 6 decimals; null when it gives none" });

const contractSymbol = string().meta({
  description: "OCC contract symbol: root, yyMMdd, C or P, strike × 1000 in 8 digits",
  example: "AAPL261218C00200000",
});

const changeFields = {
  change: optionPrice("mid − referencePrice (see the description)"),
  changePercent: percent("change / referencePrice × 100; 0 when referencePrice is 0"),
  referencePrice: optionPrice(
    "What change is measured against: Black-Scholes value at underlyingPreviousClose, the " +
      "contract's implied volatility and days to expiration, riskFreeRate",
  ),
};

const underlyingPreviousClose = number().meta({
  description: "The underlying's prior settlement (previousClose of its quote), USD",
});

const quoteSide = zEnum(["Call", "Put"]).meta({ description: "Call or Put" });

const strikeQuery = coerce
  .number({ error: "must be a positive number" })
  .positive("must be a positive number")
  .max(1e9, "must be at most 1000000000")
  .meta({ description: "Strike, USD (as listed, e.g. 200 or 202.5)" });

export const optionsChainsRoutes = groupRoutes("options", {
  expirations: {
    method: "GET",
    path: "/options/{code}/expirations",
    auth: "key",
    errors: [...ERRORS],
    summary: "Listed option expirations",
    description: `The expirations the source lists, soonest first. ${DAYS} ${NOT_FOUND}`,
    params: object({ code: contractCode }),
    response: object({
      symbol: string(),
      expirations: array(
        object({
          expirationDate: string().meta({ description: "yyyy-MM-dd", example: "2026-12-18" }),
          daysToExpiration,
        }),
      ).meta({ description: "Soonest first" }),
    }),
  },
  chain: {
    method: "GET",
    path: "/options/{code}/chain",
    auth: "key",
    errors: [...ERRORS],
    summary: "Option chain of one expiration and side",
    description:
      `Every listed strike of one expiration (yyMMdd) and side, ascending. ${MID} ${CHANGE} ` +
      `${IN_THE_MONEY} ${PRICES} 400 INVALID_PARAMETER naming expiry for a malformed or ` +
      `impossible date or one in the past, naming right for a side other than C or P. ${NOT_FOUND}`,
    params: object({ code: contractCode }),
    query: object({ expiry: expiryYyMMdd, right: optionRight("C") }),
    response: pricingInputs.extend({
      symbol: string(),
      expiry: string().meta({ description: "The expiration, yyMMdd, as requested" }),
      expiration: string().meta({ description: "The same expiration, yyyy-MM-dd" }),
      right: zEnum(["C", "P"]).meta({ description: "C (call) or P (put)" }),
      daysToExpiration,
      underlyingPreviousClose,
      items: array(
        object({
          contract: contractSymbol,
          strike: number().meta({ description: "USD" }),
          last: optionPrice("Last trade"),
          bid: optionPrice("Bid"),
          ask: optionPrice("Ask"),
          mid: optionPrice("(bid + ask) / 2"),
          ...changeFields,
          inTheMoney: boolean().meta({ description: "Against underlyingLivePrice" }),
          volume: sessionVolume,
          openInterest: reportedOpenInterest,
          impliedVolatility: volatilityPercent,
          delta: sourceDelta,
        }),
      ).meta({ description: "Ascending strike" }),
    }),
  },
  quote: {
    method: "GET",
    path: "/options/{code}/quote",
    auth: "key",
    errors: [...ERRORS],
    summary: "Quote of one option contract",
    description:
      "One listed contract (expiration yyyy-MM-dd, strike, side; default P). midPrice = (bid + " +
      "ask) / 2; markPrice = midPrice clamped to [bid, ask] (equal to it for a book that is not " +
      "crossed), lastPrice when the book is crossed or has no ask. premium below = midPrice. " +
      "strikeAwayPercent = (strike − underlyingLivePrice) / underlyingLivePrice × 100, signed " +
      "(negative: strike below the underlying). returnPercent is the seller's premium over the " +
      "capital at risk: a put's premium / (strike − premium) × 100 (cash-secured: the strike " +
      "less the premium received), a call's premium / underlyingLivePrice × 100 (covered: the " +
      "shares held). breakEven at expiry: strike − premium for a put, strike + premium for a " +
      `call. ${CHANGE} ${IN_THE_MONEY} ${DAYS} ${PRICES} 400 INVALID_PARAMETER naming expiry ` +
      "(not yyyy-MM-dd, impossible, or past), strike or right. 404 NO_CHAIN_DATA for a strike " +
      `not listed at that expiration. ${NOT_FOUND}`,
    params: object({ code: contractCode }),
    query: object({ expiry: expiryIsoDate, strike: strikeQuery, right: optionRight("P") }),
    response: pricingInputs.extend({
      symbol: string(),
      contract: contractSymbol,
      expiration: string().meta({ description: "yyyy-MM-dd" }),
      daysToExpiration,
      strike: number().meta({ description: "USD" }),
      right: quoteSide,
      lastPrice: optionPrice("Last trade"),
      bid: optionPrice("Bid"),
      ask: optionPrice("Ask"),
      midPrice: optionPrice("(bid + ask) / 2"),
      markPrice: optionPrice("midPrice clamped to [bid, ask]; lastPrice for a crossed book"),
      ...changeFields,
      strikeAwayPercent: percent(
        "(strike − underlyingLivePrice) / underlyingLivePrice × 100, signed",
      ),
      returnPercent: percent(
        "Seller's premium over capital at risk: put midPrice / (strike − midPrice) × 100, call " +
          "midPrice / underlyingLivePrice × 100",
      ),
      breakEven: number().meta({
        description: "USD: put strike − midPrice, call strike + midPrice, 4 decimals",
      }),
      inTheMoney: boolean().meta({ description: "Against underlyingLivePrice" }),
      underlyingPreviousClose,
      volume: sessionVolume,
      openInterest: reportedOpenInterest,
      impliedVolatility: volatilityPercent,
      delta: sourceDelta,
    }),
  },
  greeks: {
    method: "GET",
    path: "/options/{code}/greeks",
    auth: "key",
    errors: [...ERRORS],
    summary: "Greeks of every strike of one expiration",
    description:
      "Per listed strike (ascending) of one expiration (yyyy-MM-dd) and side (default P): " +
      "Black-Scholes price and greeks from exactly the numbers the answer states, by the engine " +
      "of POST /options/calculator: underlyingPrice = the answer's underlyingLivePrice (the " +
      "price the chains are quoted against), the row's strike and impliedVolatility, the " +
      "answer's daysToExpiration and riskFreeRate; calling the calculator with them gives the " +
      "row's theoreticalPrice and greeks. impliedVolatility is the source's, or, when it gives " +
      "none, the one that reprices the mid (as POST /options/implied-volatility solves it); a " +
      "strike with neither is left out. theta is per calendar day, vega per volatility point, " +
      `rho per rate point. ${PRICES} 400 INVALID_PARAMETER naming expiry (not yyyy-MM-dd, ` +
      `impossible, or past) or right. ${NOT_FOUND}`,
    params: object({ code: contractCode }),
    query: object({ expiry: expiryIsoDate, right: optionRight("P") }),
    response: pricingInputs.extend({
      symbol: string(),
      expiration: string().meta({ description: "yyyy-MM-dd" }),
      right: quoteSide,
      daysToExpiration: int().meta({
        description:
          "Calendar days to expiration the model uses: from today (New York), at least 1 (an " +
          "expiration today is priced with one day, as the chains are)",
      }),
      items: array(
        object({
          strike: number().meta({ description: "USD" }),
          contract: contractSymbol,
          mid: optionPrice("(bid + ask) / 2"),
          theoreticalPrice: optionPrice("Black-Scholes value at the stated inputs"),
          impliedVolatility: number().meta({
            description: "Annualised, percent, 4 decimals: the model input",
          }),
          delta: number().meta({ description: "Per USD of the underlying, 6 decimals" }),
          gamma: number().meta({ description: "Delta per USD of the underlying, 6 decimals" }),
          theta: number().meta({ description: "USD per share per calendar day, 6 decimals" }),
          vega: number().meta({ description: "USD per share per volatility point, 6 decimals" }),
          rho: number().meta({ description: "USD per share per rate point, 6 decimals" }),
        }),
      ).meta({ description: "Ascending strike" }),
    }),
  },
});
