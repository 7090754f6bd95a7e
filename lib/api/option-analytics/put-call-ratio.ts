import type { Instrument, OptionQuote } from "../../market/ports";
import { roundMoney, roundRatio, roundVolume } from "../../market/precision";
import {
  chainOf,
  daysTo,
  listedExpirations,
  type OptionDataDeps,
  pricingInputsOf,
  reportedOpenInterest,
} from "../option-data";

/**
 * GET /options/{code}/put-call-ratio: put/call ratios by volume, open interest and premium.
 * Outside the group folders: GET /graph/{code}/options-analytics cites its figures.
 */

/** Shares per listed equity option contract. */
const MULTIPLIER = 100;

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Both sides of one expiration's chain, read together. */
export async function bothSides(deps: OptionDataDeps, code: string, expiration: string) {
  const [calls, puts] = await Promise.all([
    chainOf(deps, code, expiration, "C"),
    chainOf(deps, code, expiration, "P"),
  ]);
  return { calls, puts };
}

/** Volume, open interest and traded premium (volume × mid × 100, USD) of one side. */
function sideTotals(chain: readonly OptionQuote[]) {
  let volume = 0;
  let premium = 0;
  const openInterest = sum(reportedOpenInterest(chain));
  for (const contract of chain) {
    volume += contract.volume;
    premium += contract.volume * ((contract.bid + contract.ask) / 2) * MULTIPLIER;
  }
  return { volume, openInterest, premium };
}
type SideTotals = ReturnType<typeof sideTotals>;

/** put / call, 6 decimals; null when the call side is 0. */
export const putCallRatio = (put: number, call: number) =>
  call === 0 ? null : roundRatio(put / call);

function putCallFields(calls: SideTotals, puts: SideTotals) {
  return {
    callVolume: roundVolume(calls.volume),
    putVolume: roundVolume(puts.volume),
    volumeRatio: putCallRatio(puts.volume, calls.volume),
    callOpenInterest: roundVolume(calls.openInterest),
    putOpenInterest: roundVolume(puts.openInterest),
    openInterestRatio: putCallRatio(puts.openInterest, calls.openInterest),
    callPremium: roundMoney(calls.premium),
    putPremium: roundMoney(puts.premium),
    premiumRatio: putCallRatio(puts.premium, calls.premium),
  };
}

const addTotals = (a: SideTotals, b: SideTotals): SideTotals => ({
  volume: a.volume + b.volume,
  openInterest: a.openInterest + b.openInterest,
  premium: a.premium + b.premium,
});

/** Each listed expiration's call and put totals, soonest first. */
async function totalsByExpiration(deps: OptionDataDeps, instrument: Instrument) {
  const expirations = await listedExpirations(deps, instrument.code);
  return Promise.all(
    expirations.map(async (expiration) => {
      const { calls, puts } = await bothSides(deps, instrument.code, expiration);
      return { expiration, calls: sideTotals(calls), puts: sideTotals(puts) };
    }),
  );
}

/** What GET /options/{code}/put-call-ratio answers for an optionable instrument. */
export async function putCallRatioReport(deps: OptionDataDeps, instrument: Instrument) {
  const [byExpiration, inputs] = await Promise.all([
    totalsByExpiration(deps, instrument),
    pricingInputsOf(deps, instrument),
  ]);
  const zero: SideTotals = { volume: 0, openInterest: 0, premium: 0 };
  const calls = byExpiration.map((row) => row.calls).reduce(addTotals, zero);
  const puts = byExpiration.map((row) => row.puts).reduce(addTotals, zero);
  return {
    symbol: instrument.symbol,
    ...inputs,
    total: putCallFields(calls, puts),
    expirations: byExpiration.map((row) => ({
      expiration: row.expiration,
      daysToExpiration: daysTo(deps, row.expiration),
      ...putCallFields(row.calls, row.puts),
    })),
  };
}
