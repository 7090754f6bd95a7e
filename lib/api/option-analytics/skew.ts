import { roundDecimals, roundPercent, roundRatio } from "../../market/precision";
import { apiError } from "../errors";
import { type OptionDataDeps, optionableInstrument, refusePastExpiry } from "../option-data";
import { atCallDelta, expirationSmile, marketOf, servedPoint } from "./smile";

/** GET /volatility/{code}/skew: the 25-delta risk reversal and butterfly of one expiration. */

/** The call deltas read: the 25-delta put, the 50-delta straddle, the 25-delta call. */
const PUT_25_CALL_DELTA = 0.75;
const ATM_CALL_DELTA = 0.5;
const CALL_25_CALL_DELTA = 0.25;

const percentOf = (sigma: number) => roundPercent(sigma * 100);

export async function skew(code: string, expiry: string, deps: OptionDataDeps) {
  refusePastExpiry(deps, expiry, "expiry");
  const market = await marketOf(deps, await optionableInstrument(deps, code));
  const smile = await expirationSmile(deps, market, expiry);
  const insufficient = (reason: string) =>
    apiError("INSUFFICIENT_OPTION_DATA", { code: market.instrument.code, reason });
  if (smile.points.length < 2) {
    throw insufficient(`${smile.points.length} strike(s) of ${expiry} with a volatility, 2 needed`);
  }
  const put25 = atCallDelta(smile.points, PUT_25_CALL_DELTA);
  const atm = atCallDelta(smile.points, ATM_CALL_DELTA);
  const call25 = atCallDelta(smile.points, CALL_25_CALL_DELTA);
  if (!put25 || !atm || !call25) {
    throw insufficient(`the call deltas of ${expiry}'s strikes do not reach 0.25 and 0.75`);
  }
  const put25Iv = percentOf(put25.sigma);
  const atmIv = percentOf(atm.sigma);
  const call25Iv = percentOf(call25.sigma);
  return {
    ...market.inputs,
    symbol: market.instrument.symbol,
    expiration: smile.expiration,
    daysToExpiration: smile.days,
    years: roundDecimals(smile.years, 6),
    forward: roundDecimals(smile.forward, 4),
    put25Iv,
    atmIv,
    call25Iv,
    put25Strike: roundDecimals(put25.strike, 4),
    atmStrike: roundDecimals(atm.strike, 4),
    call25Strike: roundDecimals(call25.strike, 4),
    riskReversal25: roundPercent(call25Iv - put25Iv),
    butterfly25: roundPercent((call25Iv + put25Iv) / 2 - atmIv),
    putSkew: roundPercent(put25Iv - atmIv),
    callSkew: roundPercent(call25Iv - atmIv),
    putSkewRatio: roundRatio(put25Iv / atmIv),
    atmForwardIv: smile.atmSigma === undefined ? null : percentOf(smile.atmSigma),
    smile: smile.points.map(servedPoint),
  };
}
