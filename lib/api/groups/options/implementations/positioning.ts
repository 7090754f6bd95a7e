import type { OptionQuote } from "../../../../market/ports";
import { roundDecimals, roundMoney, roundPercent, roundVolume } from "../../../../market/precision";
import {
  bothSides,
  putCallRatio,
  putCallRatioReport,
} from "../../../option-analytics/put-call-ratio";
import {
  daysTo,
  optionableInstrument,
  pricingInputsOf,
  refusePastExpiry,
  reportedOpenInterest,
} from "../../../option-data";
import type { Implementations } from "../../../route";
import type { optionsPositioningRoutes } from "../routes/positioning";
import type { OptionsDeps } from "./shared";

/** Shares per listed equity option contract. */
const MULTIPLIER = 100;

/** A strike is flagged when its open interest exceeds this multiple of the per-strike average. */
const OI_FLAG_MULTIPLE = 2;

/** Open interest (contracts) of both sides at one listed strike. */
interface StrikeInterest {
  strike: number;
  callOpenInterest: number;
  putOpenInterest: number;
}

/** Open interest by strike over the union of the call and put strikes, ascending. */
function interestByStrike(calls: readonly OptionQuote[], puts: readonly OptionQuote[]) {
  const rows = new Map<number, StrikeInterest>();
  const rowAt = (strike: number) => {
    let row = rows.get(strike);
    if (!row) {
      row = { strike, callOpenInterest: 0, putOpenInterest: 0 };
      rows.set(strike, row);
    }
    return row;
  };
  const callInterest = reportedOpenInterest(calls);
  const putInterest = reportedOpenInterest(puts);
  calls.forEach((call, i) => {
    rowAt(call.strike).callOpenInterest += callInterest[i] ?? 0;
  });
  puts.forEach((put, i) => {
    rowAt(put.strike).putOpenInterest += putInterest[i] ?? 0;
  });
  return [...rows.values()].sort((a, b) => a.strike - b.strike);
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** The instrument, both sides of a (validated, listed) expiration and the pricing inputs. */
async function expirationOf(deps: OptionsDeps, code: string, expiration: string) {
  refusePastExpiry(deps, expiration, "expiry");
  const instrument = await optionableInstrument(deps, code);
  const [{ calls, puts }, inputs] = await Promise.all([
    bothSides(deps, instrument.code, expiration),
    pricingInputsOf(deps, instrument),
  ]);
  const rows = interestByStrike(calls, puts);
  return {
    instrument,
    rows,
    inputs,
    heading: {
      symbol: instrument.symbol,
      expiration,
      daysToExpiration: daysTo(deps, expiration),
    },
  };
}

/** What the options pay their holders (USD) if the underlying expires at `settle`. */
function painAt(rows: readonly StrikeInterest[], settle: number) {
  let callPain = 0;
  let putPain = 0;
  for (const row of rows) {
    callPain += row.callOpenInterest * Math.max(0, settle - row.strike) * MULTIPLIER;
    putPain += row.putOpenInterest * Math.max(0, row.strike - settle) * MULTIPLIER;
  }
  return { callPain, putPain, pain: callPain + putPain };
}

/** The pain at every listed strike, and the lowest strike where it is least. */
function maxPainOf(rows: readonly StrikeInterest[]) {
  const items = rows.map((row) => ({ ...row, ...painAt(rows, row.strike) }));
  const least = items.reduce((best, item) => (item.pain < best.pain ? item : best));
  return { items, least };
}

export const optionsPositioningImplementations: Implementations<
  typeof optionsPositioningRoutes,
  OptionsDeps
> = {
  "options.maxPain": async ({ params, query }, deps) => {
    const { rows, inputs, heading } = await expirationOf(deps, params.code, query.expiry);
    const { items, least } = maxPainOf(rows);
    const live = inputs.underlyingLivePrice;
    return {
      ...heading,
      maxPainStrike: least.strike,
      maxPainValue: roundMoney(least.pain),
      distancePercent: roundPercent(((least.strike - live) / live) * 100),
      totalCallOpenInterest: roundVolume(sum(rows.map((row) => row.callOpenInterest))),
      totalPutOpenInterest: roundVolume(sum(rows.map((row) => row.putOpenInterest))),
      ...inputs,
      items: items.map((item) => ({
        strike: item.strike,
        callOpenInterest: roundVolume(item.callOpenInterest),
        putOpenInterest: roundVolume(item.putOpenInterest),
        callPain: roundMoney(item.callPain),
        putPain: roundMoney(item.putPain),
        pain: roundMoney(item.pain),
      })),
    };
  },

  "options.oiDistribution": async ({ params, query }, deps) => {
    const { rows, inputs, heading } = await expirationOf(deps, params.code, query.expiry);
    const totalCall = sum(rows.map((row) => row.callOpenInterest));
    const totalPut = sum(rows.map((row) => row.putOpenInterest));
    const average = (totalCall + totalPut) / rows.length;
    const threshold = OI_FLAG_MULTIPLE * average;
    return {
      ...heading,
      strikeCount: rows.length,
      totalCallOpenInterest: roundVolume(totalCall),
      totalPutOpenInterest: roundVolume(totalPut),
      totalOpenInterest: roundVolume(totalCall + totalPut),
      putCallOpenInterestRatio: putCallRatio(totalPut, totalCall),
      averageOpenInterestPerStrike: roundDecimals(average, 4),
      flagThreshold: roundDecimals(threshold, 4),
      ...inputs,
      items: rows.map((row) => {
        const total = row.callOpenInterest + row.putOpenInterest;
        return {
          strike: row.strike,
          callOpenInterest: roundVolume(row.callOpenInterest),
          putOpenInterest: roundVolume(row.putOpenInterest),
          totalOpenInterest: roundVolume(total),
          flagged: total > threshold,
        };
      }),
    };
  },

  "options.putCallRatio": async ({ params }, deps) =>
    putCallRatioReport(deps, await optionableInstrument(deps, params.code)),
};
