import { asFiled, type SimulatedFilings } from "../../company/sim/filings";
import { RECORD_START_DAY } from "../../company/sim/filings-calendar";
import { type CastMember, castOf, inOffice } from "../../company/sim/people";
import { YEAR_DAYS } from "../../company/sim/people-terms";
import type { Clock } from "../../deps";
import { isoDate } from "../../market/civil-date";
import { nyWallClock } from "../../market/ny-time";
import { seedOf, uniform } from "../../market/random";
import { STOCKS, stockBySymbol } from "../../market/sim/universe";
import type { InsiderTrade, PeopleSource, Position } from "../ports";

/**
 * The simulated world's people as the graph reads them: the fictional cast of
 * lib/company/sim/people.ts (officers, directors, founders owning 10 % or more) and the Form 4
 * lines they file (lib/company/sim/filings.ts, the very filings /company/{code}/filings lists,
 * with the same accession numbers). Nobody appears before their first day; a person who left is
 * former from the day after their last.
 *
 * Ages are drawn once per person (officers 38-52 on joining, directors 50-64), as a proxy
 * statement would give them.
 */
export function createSimulatedPeople(filings: SimulatedFilings, clock: Clock): PeopleSource {
  const today = () => nyWallClock(clock.now().getTime()).day;

  const positionsAt = (symbol: string, includeFormer: boolean): Position[] | undefined => {
    const cast = castOf(symbol);
    if (!cast) return undefined;
    const day = today();
    return cast
      .filter((member) => member.sinceDay <= day && (includeFormer || inOffice(member, day)))
      .map((member) => positionOf(member, day));
  };

  return {
    async positionsOf(symbol, includeFormer) {
      return positionsAt(symbol, includeFormer);
    },

    async allPositions() {
      return STOCKS.flatMap((stock) => positionsAt(stock.symbol, false) ?? []);
    },

    async insiderTrades(symbol, from, to) {
      const cast = castOf(symbol);
      const lines = await filings.insiderTransactionsOf(symbol, from, to);
      if (!cast || !lines || !stockBySymbol(symbol)) return undefined;
      const relationships = new Map(
        cast.map((member) => [member.insider.ownerCik, member.insider.relationship]),
      );
      return lines.map(
        (line): InsiderTrade => ({
          ...asFiled(line),
          symbol,
          personCik: line.ownerCik,
          personName: line.ownerName,
          relationship: relationships.get(line.ownerCik) ?? NO_RELATIONSHIP,
          tradingPlan: line.tradingPlan,
          accessionNumber: line.accessionNumber,
          filingDate: line.filingDate,
          form: "4",
        }),
      );
    },
  };
}

const NO_RELATIONSHIP = Object.freeze({
  isDirector: false,
  isOfficer: false,
  officerTitle: null,
  isTenPercentOwner: false,
  otherText: null,
});

/** The member's position as known on `day` (a later departure is not known yet). */
function positionOf(member: CastMember, day: number): Position {
  const { insider } = member;
  const left = member.untilDay !== null && member.untilDay < day;
  return {
    symbol: insider.symbol,
    personCik: insider.ownerCik,
    name: insider.name,
    role: insider.role,
    title: insider.title,
    relationship: insider.relationship,
    since: insider.since,
    until: left ? isoDate(member.untilDay as number) : null,
    age: ageOf(member, day),
  };
}

/** Whole years at `day`: drawn per person, so the same director is the same age on every board. */
function ageOf(member: CastMember, day: number): number {
  const u = uniform(seedOf(`age:${member.insider.ownerCik}`), 0);
  const director = member.seat === "director";
  const ageAtJoining = (director ? 50 : 38) + Math.floor(u * 15);
  // Directors of the shared pool are aged from the record's start, not per board.
  const reference = director ? RECORD_START_DAY : member.sinceDay;
  return ageAtJoining + Math.floor((day - reference) / YEAR_DAYS);
}
