import type { Instrument, OptionQuote } from "../../market/ports";
import { roundPercent, roundRatio } from "../../market/precision";
import { blackScholes, impliedVolatilityRaw, yearsFromDays } from "../../quant";
import { interpolateLinear } from "../../quant/vol-interpolation";
import { fromProvider, type ServedQuote, servedQuoteOf } from "../market-data";
import {
  daysTo,
  listedExpirations,
  noChainData,
  type OptionDataDeps,
  pricingInputsFrom,
} from "../option-data";

/**
 * One expiration's smile as every volatility endpoint reads it: one implied volatility per
 * listed strike, that of the out-of-the-money contract (the put below the forward, the call at
 * or above it; the other side where that one has none), its moneyness and Black-Scholes deltas
 * at the stated spot. The ATM volatility is the at-the-forward one.
 */

/** The market an analytic is computed against: the stated inputs, spot and rate as decimals. */
export interface Market {
  instrument: Instrument;
  /** The underlying's quote as served. */
  quote: ServedQuote;
  inputs: ReturnType<typeof pricingInputsFrom>;
  /** underlyingLivePrice, USD: the price the chains are quoted against. */
  spot: number;
  /** Continuously compounded, decimal. */
  rate: number;
}

export async function marketOf(deps: OptionDataDeps, instrument: Instrument): Promise<Market> {
  const quote = await servedQuoteOf(deps, instrument);
  const inputs = pricingInputsFrom(deps, quote);
  return {
    instrument,
    quote,
    inputs,
    spot: inputs.underlyingLivePrice,
    rate: deps.defaultRiskFreeRatePercent / 100,
  };
}

export interface SmilePoint {
  strike: number;
  /** Decimal implied volatility of `quote`. */
  sigma: number;
  /** The contract the volatility is read from. */
  quote: OptionQuote;
  /** K / S. */
  moneyness: number;
  /** ln(K / F). */
  logMoneyness: number;
  /** Black-Scholes call delta N(d₁) at sigma; the put's is callDelta − 1 (no dividends). */
  callDelta: number;
  callOpenInterest: number | undefined;
  putOpenInterest: number | undefined;
}

export interface ExpirationSmile {
  expiration: string;
  /** Calendar days from today (0 on the expiration day). */
  days: number;
  /** The model's time: max(1, days) / 365. */
  years: number;
  /** S · e^{rT}, USD. */
  forward: number;
  /** Ascending by strike. */
  points: SmilePoint[];
  /** At-the-forward volatility (decimal); undefined when no strikes bracket the forward. */
  atmSigma: number | undefined;
  calls: OptionQuote[];
  puts: OptionQuote[];
}

const midOf = (quote: OptionQuote) => (quote.bid + quote.ask) / 2;

/**
 * A contract's implied volatility (decimal): the source's, else the one repricing its mid;
 * undefined when the source gives none and the mid lies outside the no-arbitrage bounds.
 */
export function contractSigma(
  quote: OptionQuote,
  spot: number,
  years: number,
  rate: number,
): number | undefined {
  if (quote.impliedVolatility !== undefined) return quote.impliedVolatility;
  return solvedSigma(midOf(quote), quote, spot, years, rate);
}

/** The volatility repricing `price` for the contract; undefined when none does (or it is 0). */
export function solvedSigma(
  price: number,
  quote: OptionQuote,
  spot: number,
  years: number,
  rate: number,
): number | undefined {
  if (!(price > 0)) return undefined;
  const sigma = impliedVolatilityRaw(price, spot, quote.strike, years, rate, quote.right === "C");
  return sigma > 0 ? sigma : undefined;
}

/** Both sides of one expiration; an unlisted side reads as empty. */
async function sidesOf(deps: OptionDataDeps, code: string, expiration: string) {
  const read = async (right: "C" | "P") =>
    (await fromProvider(() => deps.market.optionChain(code, expiration, right))) ?? [];
  const [calls, puts] = await Promise.all([read("C"), read("P")]);
  return { calls, puts };
}

/** The smile point of one strike, from its out-of-the-money contract (or the other). */
function pointAt(
  strike: number,
  call: OptionQuote | undefined,
  put: OptionQuote | undefined,
  smile: { forward: number; years: number },
  market: Market,
): SmilePoint | undefined {
  const preferred = strike < smile.forward ? [put, call] : [call, put];
  for (const quote of preferred) {
    if (!quote) continue;
    const sigma = contractSigma(quote, market.spot, smile.years, market.rate);
    if (sigma === undefined) continue;
    const greeks = blackScholes(market.spot, strike, smile.years, sigma, market.rate, true);
    return {
      strike,
      sigma,
      quote,
      moneyness: strike / market.spot,
      logMoneyness: Math.log(strike / smile.forward),
      callDelta: greeks.delta,
      callOpenInterest: call?.openInterest,
      putOpenInterest: put?.openInterest,
    };
  }
  return undefined;
}

/** The smile of one expiration's calls and puts. */
export function smileOf(
  expiration: string,
  days: number,
  sides: { calls: OptionQuote[]; puts: OptionQuote[] },
  market: Market,
): ExpirationSmile {
  const years = yearsFromDays(Math.max(1, days));
  const forward = market.spot * Math.exp(market.rate * years);
  const callAt = new Map(sides.calls.map((quote) => [quote.strike, quote]));
  const putAt = new Map(sides.puts.map((quote) => [quote.strike, quote]));
  const strikes = [...new Set([...callAt.keys(), ...putAt.keys()])].sort((a, b) => a - b);
  const points = strikes
    .map((strike) =>
      pointAt(strike, callAt.get(strike), putAt.get(strike), { forward, years }, market),
    )
    .filter((point): point is SmilePoint => point !== undefined);
  return {
    expiration,
    days,
    years,
    forward,
    points,
    atmSigma: atForwardSigma(points),
    ...sides,
  };
}

/** The volatility at ln(K/F) = 0, linear in log-moneyness between the strikes either side. */
export function atForwardSigma(points: readonly SmilePoint[]): number | undefined {
  return interpolateLinear(
    points.map((point) => ({ x: point.logMoneyness, y: point.sigma })),
    0,
  );
}

/** The volatility and strike where the call delta is `delta`, linear in delta. */
export function atCallDelta(points: readonly SmilePoint[], delta: number) {
  const sigma = interpolateLinear(
    points.map((point) => ({ x: point.callDelta, y: point.sigma })),
    delta,
  );
  const strike = interpolateLinear(
    points.map((point) => ({ x: point.callDelta, y: point.strike })),
    delta,
  );
  return sigma === undefined || strike === undefined ? undefined : { sigma, strike };
}

/** One listed expiration's smile; 404 NO_CHAIN_DATA when it is not listed. */
export async function expirationSmile(
  deps: OptionDataDeps,
  market: Market,
  expiration: string,
): Promise<ExpirationSmile> {
  const code = market.instrument.code;
  const listed = await listedExpirations(deps, code);
  if (!listed.includes(expiration))
    throw noChainData(code, `no expiration ${expiration} is listed`);
  return smileOf(
    expiration,
    daysTo(deps, expiration),
    await sidesOf(deps, code, expiration),
    market,
  );
}

/** Every listed expiration's smile (or those `keep` admits by calendar days), soonest first. */
export async function everySmile(
  deps: OptionDataDeps,
  market: Market,
  keep: (days: number) => boolean = () => true,
): Promise<ExpirationSmile[]> {
  const code = market.instrument.code;
  const listed = await listedExpirations(deps, code);
  const wanted = listed.filter((expiration) => keep(daysTo(deps, expiration)));
  return Promise.all(
    wanted.map(async (expiration) =>
      smileOf(expiration, daysTo(deps, expiration), await sidesOf(deps, code, expiration), market),
    ),
  );
}

/** A smile point as every volatility route lists it. */
export function servedPoint(point: SmilePoint) {
  return {
    strike: point.strike,
    moneyness: roundRatio(point.moneyness),
    logMoneyness: roundRatio(point.logMoneyness),
    callDelta: roundRatio(point.callDelta),
    putDelta: roundRatio(point.callDelta - 1),
    impliedVolatility: roundPercent(point.sigma * 100),
    side: point.quote.right === "C" ? ("call" as const) : ("put" as const),
    contract: point.quote.contract,
    callOpenInterest: point.callOpenInterest ?? null,
    putOpenInterest: point.putOpenInterest ?? null,
  };
}
