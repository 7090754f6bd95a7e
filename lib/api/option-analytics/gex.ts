import type { OptionQuote } from "../../market/ports";
import { roundMoney, roundPercent } from "../../market/precision";
import {
  type GammaPosition,
  gammaBook,
  gammaSweep,
  positionGammaExposure,
} from "../../quant/gamma-exposure";
import { apiError } from "../errors";
import {
  type OptionDataDeps,
  optionableInstrument,
  refusePastExpiry,
  reportedOpenInterest,
} from "../option-data";
import {
  contractSigma,
  type ExpirationSmile,
  everySmile,
  expirationSmile,
  type Market,
  marketOf,
} from "./smile";

/**
 * GET /volatility/{code}/gex: dealer gamma exposure by strike, zero-gamma level and walls.
 * Outside the group folders: GET /graph/{code}/options-analytics cites its figures.
 */

/** The GEX spot sweep: ± this fraction of the spot, in GEX_SWEEP_STEPS steps. */
export const GEX_SWEEP_HALF_WIDTH = 0.2;
export const GEX_SWEEP_STEPS = 80;
/** Dealer positioning conventions of /gex: the sign of the dealers' calls and puts. */
export const DEALER_CONVENTIONS = {
  "long-calls-short-puts": { call: 1, put: -1 },
  "short-calls-long-puts": { call: -1, put: 1 },
  "short-calls-short-puts": { call: -1, put: -1 },
  "long-calls-long-puts": { call: 1, put: 1 },
} as const;
export type DealerConvention = keyof typeof DEALER_CONVENTIONS;

/** Shares per listed equity option contract. */
const MULTIPLIER = 100;

interface Signs {
  call: 1 | -1;
  put: 1 | -1;
}

/** One contract's open position, as the gamma maths takes it. */
interface PricedPosition extends GammaPosition {
  right: "C" | "P";
  expiration: string;
  /** GEX at the spot, USD per 1 % move (unrounded). */
  exposure: number;
}

/** The open positions of one side of an expiration that have a volatility. */
function positionsOf(
  quotes: readonly OptionQuote[],
  smile: ExpirationSmile,
  market: Market,
  sign: 1 | -1,
): PricedPosition[] {
  const openInterest = reportedOpenInterest(quotes);
  return quotes.flatMap((quote, i) => {
    const sigma = contractSigma(quote, market.spot, smile.years, market.rate);
    const interest = openInterest[i] ?? 0;
    if (sigma === undefined || interest === 0) return [];
    const position = {
      strike: quote.strike,
      years: smile.years,
      sigma,
      openInterest: interest,
      sign,
      multiplier: MULTIPLIER,
    };
    return [
      {
        ...position,
        right: quote.right,
        expiration: smile.expiration,
        exposure: positionGammaExposure(position, market.spot, market.rate),
      },
    ];
  });
}

interface StrikeRow {
  strike: number;
  callOpenInterest: number;
  putOpenInterest: number;
  call: number;
  put: number;
}

/** Open interest and GEX by strike over every listed strike of the smiles, ascending. */
function byStrike(smiles: readonly ExpirationSmile[], positions: readonly PricedPosition[]) {
  const rows = new Map<number, StrikeRow>();
  const rowAt = (strike: number) => {
    let row = rows.get(strike);
    if (!row) {
      row = { strike, callOpenInterest: 0, putOpenInterest: 0, call: 0, put: 0 };
      rows.set(strike, row);
    }
    return row;
  };
  for (const smile of smiles) {
    for (const quote of [...smile.calls, ...smile.puts]) rowAt(quote.strike);
  }
  for (const position of positions) {
    const row = rowAt(position.strike);
    if (position.right === "C") {
      row.callOpenInterest += position.openInterest;
      row.call += position.exposure;
    } else {
      row.putOpenInterest += position.openInterest;
      row.put += position.exposure;
    }
  }
  return [...rows.values()]
    .sort((a, b) => a.strike - b.strike)
    .map((row) => {
      const callGammaExposure = roundMoney(row.call);
      const putGammaExposure = roundMoney(row.put);
      return {
        strike: row.strike,
        callOpenInterest: row.callOpenInterest,
        putOpenInterest: row.putOpenInterest,
        callGammaExposure,
        putGammaExposure,
        netGammaExposure: roundMoney(callGammaExposure + putGammaExposure),
      };
    });
}

/** GEX of each expiration, from its positions. */
function byExpiration(smiles: readonly ExpirationSmile[], positions: readonly PricedPosition[]) {
  return smiles.map((smile) => {
    let call = 0;
    let put = 0;
    for (const position of positions) {
      if (position.expiration !== smile.expiration) continue;
      if (position.right === "C") call += position.exposure;
      else put += position.exposure;
    }
    const callGammaExposure = roundMoney(call);
    const putGammaExposure = roundMoney(put);
    return {
      expiration: smile.expiration,
      daysToExpiration: smile.days,
      callGammaExposure,
      putGammaExposure,
      netGammaExposure: roundMoney(callGammaExposure + putGammaExposure),
    };
  });
}

/** The strike with the largest |value| (the lowest on a tie); null when every value is 0. */
function wallOf<T extends { strike: number }>(rows: readonly T[], value: (row: T) => number) {
  let best: T | undefined;
  for (const row of rows) {
    if (Math.abs(value(row)) > Math.abs(best ? value(best) : 0)) best = row;
  }
  return best?.strike ?? null;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

export async function gex(
  code: string,
  query: { expiry?: string | undefined; dealerConvention: DealerConvention },
  deps: OptionDataDeps,
) {
  if (query.expiry !== undefined) refusePastExpiry(deps, query.expiry, "expiry");
  const market = await marketOf(deps, await optionableInstrument(deps, code));
  const smiles =
    query.expiry === undefined
      ? await everySmile(deps, market)
      : [await expirationSmile(deps, market, query.expiry)];
  const signs: Signs = DEALER_CONVENTIONS[query.dealerConvention];
  const positions = smiles.flatMap((smile) => [
    ...positionsOf(smile.calls, smile, market, signs.call),
    ...positionsOf(smile.puts, smile, market, signs.put),
  ]);
  const strikesHeld = new Set(positions.map((position) => position.strike)).size;
  if (strikesHeld < 2) {
    throw apiError("INSUFFICIENT_OPTION_DATA", {
      code: market.instrument.code,
      reason: `${strikesHeld} strike(s) hold open interest with an implied volatility, 2 needed`,
    });
  }
  const strikes = byStrike(smiles, positions);
  const totalCall = roundMoney(sum(strikes.map((row) => row.callGammaExposure)));
  const totalPut = roundMoney(sum(strikes.map((row) => row.putGammaExposure)));
  const total = roundMoney(totalCall + totalPut);
  const sweep = gammaSweep(gammaBook(positions, market.rate), market.spot, {
    halfWidth: GEX_SWEEP_HALF_WIDTH,
    steps: GEX_SWEEP_STEPS,
  });
  const zero = sweep.zeroGammaLevel;
  return {
    ...market.inputs,
    symbol: market.instrument.symbol,
    expiration: query.expiry ?? null,
    dealerConvention: query.dealerConvention,
    callSign: signs.call,
    putSign: signs.put,
    totalCallGammaExposure: totalCall,
    totalPutGammaExposure: totalPut,
    totalGammaExposure: total,
    gammaRegime: total >= 0 ? ("positive" as const) : ("negative" as const),
    zeroGammaLevel: zero === undefined ? null : roundMoney(zero),
    zeroGammaDistancePercent:
      zero === undefined ? null : roundPercent(((zero - market.spot) / market.spot) * 100),
    callWall: wallOf(strikes, (row) => row.callGammaExposure),
    putWall: wallOf(strikes, (row) => row.putGammaExposure),
    strikes,
    expirations: byExpiration(smiles, positions),
    profile: sweep.profile.map((point) => ({
      spot: roundMoney(point.spot),
      totalGammaExposure: roundMoney(point.totalGammaExposure),
    })),
  };
}
