import { roundDecimals, roundPercent, roundRatio } from "../../../market/precision";
import { type OptionDataDeps, optionableInstrument } from "../../option-data";
import type { RouteInput } from "../../route";
import type { volatilityRoutes } from "./routes";
import { type ExpirationSmile, everySmile, marketOf, type SmilePoint, solvedSigma } from "./smile";

/** GET /volatility/{code}/surface: every listed expiration's smile with its quotes' IVs. */

type SurfaceQuery = RouteInput<typeof volatilityRoutes.surface>["query"];

const percentOf = (sigma: number) => roundPercent(sigma * 100);
const nullablePercent = (sigma: number | undefined) =>
  sigma === undefined ? null : percentOf(sigma);

/** A smile point as every volatility route lists it. */
export function servedPoint(point: SmilePoint) {
  return {
    strike: point.strike,
    moneyness: roundRatio(point.moneyness),
    logMoneyness: roundRatio(point.logMoneyness),
    callDelta: roundRatio(point.callDelta),
    putDelta: roundRatio(point.callDelta - 1),
    impliedVolatility: percentOf(point.sigma),
    side: point.quote.right === "C" ? ("call" as const) : ("put" as const),
    contract: point.quote.contract,
    callOpenInterest: point.callOpenInterest ?? null,
    putOpenInterest: point.putOpenInterest ?? null,
  };
}

/** The point with the volatilities repricing its contract's bid and ask. */
function surfacePoint(point: SmilePoint, smile: ExpirationSmile, spot: number, rate: number) {
  const { quote } = point;
  return {
    ...servedPoint(point),
    bidImpliedVolatility: nullablePercent(solvedSigma(quote.bid, quote, spot, smile.years, rate)),
    askImpliedVolatility: nullablePercent(solvedSigma(quote.ask, quote, spot, smile.years, rate)),
  };
}

const within = (value: number, low: number | undefined, high: number | undefined) =>
  (low === undefined || value >= low) && (high === undefined || value <= high);

export async function surface(code: string, query: SurfaceQuery, deps: OptionDataDeps) {
  const market = await marketOf(deps, await optionableInstrument(deps, code));
  const smiles = await everySmile(deps, market, (days) => within(days, query.minDte, query.maxDte));
  const expirations = smiles.map((smile) => {
    const atm = smile.atmSigma;
    return {
      expiration: smile.expiration,
      daysToExpiration: smile.days,
      years: roundDecimals(smile.years, 6),
      forward: roundDecimals(smile.forward, 4),
      atmImpliedVolatility: nullablePercent(atm),
      atmTotalVariance: atm === undefined ? null : roundDecimals(atm * atm * smile.years, 8),
      points: smile.points
        .filter((point) => within(point.callDelta, query.minDelta, query.maxDelta))
        .map((point) => surfacePoint(point, smile, market.spot, market.rate)),
    };
  });
  return {
    ...market.inputs,
    symbol: market.instrument.symbol,
    filters: {
      minDte: query.minDte ?? null,
      maxDte: query.maxDte ?? null,
      minDelta: query.minDelta ?? null,
      maxDelta: query.maxDelta ?? null,
    },
    expirationCount: expirations.length,
    pointCount: expirations.reduce((sum, expiration) => sum + expiration.points.length, 0),
    expirations,
  };
}
