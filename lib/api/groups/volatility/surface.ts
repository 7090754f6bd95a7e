import { roundDecimals, roundPercent } from "../../../market/precision";
import {
  type ExpirationSmile,
  everySmile,
  marketOf,
  type SmilePoint,
  servedPoint,
  solvedSigma,
} from "../../option-analytics/smile";
import { type OptionDataDeps, optionableInstrument } from "../../option-data";
import type { RouteInput } from "../../route";
import type { volatilityRoutes } from "./routes";

/** GET /volatility/{code}/surface: every listed expiration's smile with its quotes' IVs. */

type SurfaceQuery = RouteInput<typeof volatilityRoutes.surface>["query"];

const percentOf = (sigma: number) => roundPercent(sigma * 100);
const nullablePercent = (sigma: number | undefined) =>
  sigma === undefined ? null : percentOf(sigma);

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
