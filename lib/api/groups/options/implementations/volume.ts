import type {
  Instrument,
  OptionQuote,
  OptionSessionActivity,
  OptionSideActivity,
} from "../../../../market/ports";
import { roundDecimals, roundRatio, roundVolume } from "../../../../market/precision";
import { apiError } from "../../../errors";
import { fromProvider } from "../../../market-data";
import {
  chainOf,
  daysTo,
  listedExpirations,
  noChainData,
  optionableInstrument,
  pricingInputsOf,
  reportedOpenInterest,
} from "../../../option-data";
import type { Implementations } from "../../../route";
import { AVERAGE_SESSIONS, type optionsVolumeRoutes } from "../routes/volume";
import type { OptionsDeps } from "./shared";

/** Calls and puts of one expiration, or of several together. */
interface Sides {
  calls: OptionSideActivity;
  puts: OptionSideActivity;
}

const noActivity = (): OptionSideActivity => ({ volume: 0, openInterest: 0 });

function sideOf(chain: readonly OptionQuote[]): OptionSideActivity {
  const side = noActivity();
  for (const contract of chain) side.volume += contract.volume;
  for (const openInterest of reportedOpenInterest(chain)) side.openInterest += openInterest;
  return side;
}

const addSide = (a: OptionSideActivity, b: OptionSideActivity): OptionSideActivity => ({
  volume: a.volume + b.volume,
  openInterest: a.openInterest + b.openInterest,
});

const addSides = (a: Sides, b: Sides): Sides => ({
  calls: addSide(a.calls, b.calls),
  puts: addSide(a.puts, b.puts),
});

const bothOf = (sides: Sides) => addSide(sides.calls, sides.puts);

/** Today's calls and puts of every listed expiration, read off the chains, soonest first. */
async function todayByExpiration(deps: OptionsDeps, code: string) {
  const expirations = await listedExpirations(deps, code);
  return Promise.all(
    expirations.map(async (expiration) => {
      const [calls, puts] = await Promise.all([
        chainOf(deps, code, expiration, "C"),
        chainOf(deps, code, expiration, "P"),
      ]);
      return { expiration, calls: sideOf(calls), puts: sideOf(puts) };
    }),
  );
}

/** The 20 completed sessions before the current one; 503 when the source keeps no record. */
async function pastSessions(deps: OptionsDeps, code: string) {
  const source = deps.market.optionActivity;
  if (!source) {
    throw apiError("MARKET_DATA_UNAVAILABLE", {
      lacking: "a history of option volume and open interest",
      cause: new Error("the market-data source keeps no record of past option activity"),
    });
  }
  const history = await fromProvider(() => source.history(code, AVERAGE_SESSIONS));
  if (!history) throw noChainData(code, "no option activity recorded");
  const sessions = history.sessions.filter((s) => s.date < history.currentSession);
  return { current: history.currentSession, sessions: sessions.slice(-AVERAGE_SESSIONS) };
}

/** Mean calls and puts over `sessions` (each counted once); undefined for none. */
function averageOf(sessions: readonly Sides[]): Sides | undefined {
  if (sessions.length === 0) return undefined;
  const sum = sessions.reduce(addSides, { calls: noActivity(), puts: noActivity() });
  const mean = (side: OptionSideActivity) => ({
    volume: side.volume / sessions.length,
    openInterest: side.openInterest / sessions.length,
  });
  return { calls: mean(sum.calls), puts: mean(sum.puts) };
}

/** The expiration's activity in each session that listed it. */
function sessionsListing(sessions: readonly OptionSessionActivity[], expiration: string) {
  return sessions.flatMap((s) => s.byExpiration.filter((row) => row.expiration === expiration));
}

const averageField = (value: number | undefined) =>
  value === undefined ? null : roundDecimals(value, 2);

/** today / average, 6 decimals; null when the average is 0 or missing. */
const toAverage = (today: number, average: number | undefined) =>
  average === undefined || average === 0 ? null : roundRatio(today / average);

/** The response's fields of one expiration or the total: today, the average and their ratio. */
function activityFields(today: Sides, average: Sides | undefined) {
  const todayBoth = bothOf(today);
  const averageBoth = average && bothOf(average);
  return {
    callVolume: roundVolume(today.calls.volume),
    putVolume: roundVolume(today.puts.volume),
    totalVolume: roundVolume(todayBoth.volume),
    callOpenInterest: roundVolume(today.calls.openInterest),
    putOpenInterest: roundVolume(today.puts.openInterest),
    totalOpenInterest: roundVolume(todayBoth.openInterest),
    averageCallVolume: averageField(average?.calls.volume),
    averagePutVolume: averageField(average?.puts.volume),
    averageTotalVolume: averageField(averageBoth?.volume),
    averageCallOpenInterest: averageField(average?.calls.openInterest),
    averagePutOpenInterest: averageField(average?.puts.openInterest),
    averageTotalOpenInterest: averageField(averageBoth?.openInterest),
    callVolumeToAverage: toAverage(today.calls.volume, average?.calls.volume),
    putVolumeToAverage: toAverage(today.puts.volume, average?.puts.volume),
    totalVolumeToAverage: toAverage(todayBoth.volume, averageBoth?.volume),
    callOpenInterestToAverage: toAverage(today.calls.openInterest, average?.calls.openInterest),
    putOpenInterestToAverage: toAverage(today.puts.openInterest, average?.puts.openInterest),
    totalOpenInterestToAverage: toAverage(todayBoth.openInterest, averageBoth?.openInterest),
  };
}

async function volumeOf(deps: OptionsDeps, instrument: Instrument) {
  const [past, byExpiration, inputs] = await Promise.all([
    pastSessions(deps, instrument.code),
    todayByExpiration(deps, instrument.code),
    pricingInputsOf(deps, instrument),
  ]);
  const total = byExpiration.reduce(addSides, { calls: noActivity(), puts: noActivity() });
  return {
    symbol: instrument.symbol,
    session: past.current,
    averageSessions: past.sessions.length,
    averageFrom: past.sessions[0]?.date ?? null,
    averageTo: past.sessions.at(-1)?.date ?? null,
    ...inputs,
    total: activityFields(total, averageOf(past.sessions)),
    expirations: byExpiration.map((today) => {
      const listing = sessionsListing(past.sessions, today.expiration);
      return {
        expiration: today.expiration,
        daysToExpiration: daysTo(deps, today.expiration),
        averageSessions: listing.length,
        ...activityFields(today, averageOf(listing)),
      };
    }),
  };
}

export const optionsVolumeImplementations: Implementations<
  typeof optionsVolumeRoutes,
  OptionsDeps
> = {
  "options.volume": async ({ params }, deps) => {
    const instrument = await optionableInstrument(deps, params.code);
    return volumeOf(deps, instrument);
  },
};
