import type { Instrument, OptionQuote } from "../../../../market/ports";
import { roundDecimals, roundPercent, roundRatio, roundVolume } from "../../../../market/precision";
import { blackScholes, impliedVolatility, yearsFromDays } from "../../../../quant";
import { servedQuoteOf } from "../../../market-data";
import {
  chainOf,
  daysTo,
  isoFromYyMMdd,
  listedExpirations,
  noChainData,
  optionableInstrument,
  pricingInputsFrom,
  refusePastExpiry,
} from "../../../option-data";
import type { Implementations } from "../../../route";
import type { optionsChainsRoutes } from "../routes/chains";
import type { OptionsDeps } from "./shared";

/** Option prices carry 4 decimals: the mid of two cent quotes is exact. */
const OPTION_PRICE_DECIMALS = 4;
const roundOptionPrice = (usd: number) => roundDecimals(usd, OPTION_PRICE_DECIMALS);

type Right = "C" | "P";
const sideName = (right: Right) => (right === "C" ? "Call" : "Put");

/** The stated pricing inputs and the underlying's previous close, from one quote read. */
async function underlyingOf(deps: OptionsDeps, instrument: Instrument) {
  const quote = await servedQuoteOf(deps, instrument);
  return { inputs: pricingInputsFrom(deps, quote), previousClose: quote.previousClose };
}
type Underlying = Awaited<ReturnType<typeof underlyingOf>>;

/** Black-Scholes at the stated inputs: the engine and argument order of /options/calculator. */
function modelAt(
  deps: OptionsDeps,
  spot: number,
  strike: number,
  days: number,
  volPercent: number,
  right: Right,
) {
  const rate = deps.defaultRiskFreeRatePercent / 100;
  return blackScholes(spot, strike, yearsFromDays(days), volPercent / 100, rate, right === "C");
}

/** The source's implied volatility in percent, as served (4 decimals); null without one. */
const servedVolPercent = (contract: OptionQuote) =>
  contract.impliedVolatility === undefined ? null : roundPercent(contract.impliedVolatility * 100);

const midOf = (contract: OptionQuote) => (contract.bid + contract.ask) / 2;

const inTheMoney = (strike: number, right: Right, underlying: number) =>
  right === "C" ? strike < underlying : strike > underlying;

/**
 * change against the contract's model value at the underlying's previous close (see the routes'
 * CHANGE text): the source has no previous-session price for a contract. Without a volatility
 * there is no reference, and change is 0 against the mid itself.
 */
function changeOf(deps: OptionsDeps, contract: OptionQuote, days: number, underlying: Underlying) {
  const mid = roundOptionPrice(midOf(contract));
  const volPercent = servedVolPercent(contract);
  const referencePrice =
    volPercent === null
      ? mid
      : roundOptionPrice(
          modelAt(
            deps,
            underlying.previousClose,
            contract.strike,
            Math.max(1, days),
            volPercent,
            contract.right,
          ).price,
        );
  const change = roundOptionPrice(mid - referencePrice);
  const changePercent = referencePrice === 0 ? 0 : roundPercent((change / referencePrice) * 100);
  return { change, changePercent, referencePrice };
}

/** What the chain and the quote both say of a contract, rounded as served. */
function contractFigures(
  deps: OptionsDeps,
  contract: OptionQuote,
  days: number,
  underlying: Underlying,
) {
  return {
    contract: contract.contract,
    strike: contract.strike,
    last: roundOptionPrice(contract.last),
    bid: roundOptionPrice(contract.bid),
    ask: roundOptionPrice(contract.ask),
    mid: roundOptionPrice(midOf(contract)),
    ...changeOf(deps, contract, days, underlying),
    inTheMoney: inTheMoney(contract.strike, contract.right, underlying.inputs.underlyingLivePrice),
    volume: roundVolume(contract.volume),
    openInterest: contract.openInterest === undefined ? null : roundVolume(contract.openInterest),
    impliedVolatility: servedVolPercent(contract),
    delta: contract.delta === undefined ? null : roundRatio(contract.delta),
  };
}

/** The mid clamped to the book; the last trade when the book is crossed or has no ask. */
function markOf(contract: OptionQuote): number {
  if (!(contract.ask > 0 && contract.bid <= contract.ask)) return contract.last;
  return Math.min(contract.ask, Math.max(contract.bid, midOf(contract)));
}

/** Seller's return: put premium / (strike − premium), call premium / underlying; percent. */
function sellerReturnPercent(premium: number, strike: number, right: Right, underlying: number) {
  const capitalAtRisk = right === "P" ? strike - premium : underlying;
  return capitalAtRisk > 0 ? roundPercent((premium / capitalAtRisk) * 100) : 0;
}

/**
 * The volatility (percent, 4 decimals) a greeks row is computed from: the source's, else the
 * one repricing the mid; undefined when neither exists.
 */
function modelVolPercent(
  deps: OptionsDeps,
  contract: OptionQuote,
  spot: number,
  days: number,
): number | undefined {
  const served = servedVolPercent(contract);
  if (served !== null) return served;
  const solved = impliedVolatility(
    midOf(contract),
    spot,
    contract.strike,
    yearsFromDays(days),
    deps.defaultRiskFreeRatePercent / 100,
    contract.right === "C",
  );
  return solved.ok ? roundPercent(solved.sigma * 100) : undefined;
}

function greeksRow(deps: OptionsDeps, contract: OptionQuote, spot: number, days: number) {
  const volPercent = modelVolPercent(deps, contract, spot, days);
  if (volPercent === undefined) return [];
  const model = modelAt(deps, spot, contract.strike, days, volPercent, contract.right);
  return [
    {
      strike: contract.strike,
      contract: contract.contract,
      mid: roundOptionPrice(midOf(contract)),
      theoreticalPrice: roundOptionPrice(model.price),
      impliedVolatility: volPercent,
      delta: roundRatio(model.delta),
      gamma: roundRatio(model.gamma),
      theta: roundRatio(model.thetaPerDay),
      vega: roundRatio(model.vegaPerVolPoint),
      rho: roundRatio(model.rhoPerRatePoint),
    },
  ];
}

const byStrike = (a: OptionQuote, b: OptionQuote) => a.strike - b.strike;

export const optionsChainsImplementations: Implementations<
  typeof optionsChainsRoutes,
  OptionsDeps
> = {
  "options.expirations": async ({ params }, deps) => {
    const instrument = await optionableInstrument(deps, params.code);
    const expirations = await listedExpirations(deps, instrument.code);
    return {
      symbol: instrument.symbol,
      expirations: expirations.map((expirationDate) => ({
        expirationDate,
        daysToExpiration: daysTo(deps, expirationDate),
      })),
    };
  },

  "options.chain": async ({ params, query }, deps) => {
    const expiration = isoFromYyMMdd(query.expiry, "expiry");
    refusePastExpiry(deps, expiration, "expiry");
    const instrument = await optionableInstrument(deps, params.code);
    const [chain, underlying] = await Promise.all([
      chainOf(deps, instrument.code, expiration, query.right),
      underlyingOf(deps, instrument),
    ]);
    const days = daysTo(deps, expiration);
    return {
      symbol: instrument.symbol,
      expiry: query.expiry,
      expiration,
      right: query.right,
      daysToExpiration: days,
      ...underlying.inputs,
      underlyingPreviousClose: underlying.previousClose,
      items: [...chain]
        .sort(byStrike)
        .map((contract) => contractFigures(deps, contract, days, underlying)),
    };
  },

  "options.quote": async ({ params, query }, deps) => {
    refusePastExpiry(deps, query.expiry, "expiry");
    const instrument = await optionableInstrument(deps, params.code);
    const [chain, underlying] = await Promise.all([
      chainOf(deps, instrument.code, query.expiry, query.right),
      underlyingOf(deps, instrument),
    ]);
    const contract = chain.find((candidate) => Math.abs(candidate.strike - query.strike) < 1e-9);
    if (!contract) {
      throw noChainData(
        instrument.code,
        `no ${sideName(query.right).toLowerCase()} of strike ${query.strike} is listed for ${query.expiry}`,
      );
    }
    const days = daysTo(deps, query.expiry);
    const live = underlying.inputs.underlyingLivePrice;
    const figures = contractFigures(deps, contract, days, underlying);
    const premium = figures.mid;
    return {
      symbol: instrument.symbol,
      contract: figures.contract,
      expiration: query.expiry,
      daysToExpiration: days,
      strike: figures.strike,
      right: sideName(query.right),
      lastPrice: figures.last,
      bid: figures.bid,
      ask: figures.ask,
      midPrice: figures.mid,
      markPrice: roundOptionPrice(markOf(contract)),
      change: figures.change,
      changePercent: figures.changePercent,
      referencePrice: figures.referencePrice,
      strikeAwayPercent: roundPercent(((contract.strike - live) / live) * 100),
      returnPercent: sellerReturnPercent(premium, contract.strike, query.right, live),
      breakEven: roundOptionPrice(
        query.right === "P" ? contract.strike - premium : contract.strike + premium,
      ),
      inTheMoney: figures.inTheMoney,
      volume: figures.volume,
      openInterest: figures.openInterest,
      impliedVolatility: figures.impliedVolatility,
      delta: figures.delta,
      underlyingPreviousClose: underlying.previousClose,
      ...underlying.inputs,
    };
  },

  "options.greeks": async ({ params, query }, deps) => {
    refusePastExpiry(deps, query.expiry, "expiry");
    const instrument = await optionableInstrument(deps, params.code);
    const [chain, underlying] = await Promise.all([
      chainOf(deps, instrument.code, query.expiry, query.right),
      underlyingOf(deps, instrument),
    ]);
    const days = Math.max(1, daysTo(deps, query.expiry));
    const spot = underlying.inputs.underlyingLivePrice;
    return {
      symbol: instrument.symbol,
      expiration: query.expiry,
      right: sideName(query.right),
      daysToExpiration: days,
      ...underlying.inputs,
      items: [...chain].sort(byStrike).flatMap((contract) => greeksRow(deps, contract, spot, days)),
    };
  },
};
