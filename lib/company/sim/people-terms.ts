import type { DayNumber } from "../../market/civil-date";
import type { UniverseStock } from "../../market/sim/universe";
import {
  addBusinessDays,
  corporateCalendar,
  draw,
  HORIZON_END_DAY,
  onOrAfterBusinessDay,
  RECORD_START_DAY,
} from "./filings-calendar";

/**
 * When the simulated cast serve (people.ts): officers' tenures, succeeded the next business
 * day, and directors' terms, from one annual meeting to another, plus the world-wide register
 * of who sits on which board when.
 */

export const YEAR_DAYS = 365.25;
/** An outside director sits on at most this many boards at once. */
const MAX_BOARDS = 3;

/** One person's time in a seat: the first day and the last (null: beyond the horizon). */
export interface Term {
  sinceDay: DayNumber;
  untilDay: DayNumber | null;
  generation: number;
}

/** Tenures of one seat: the first started before the record, each successor the next day. */
export function officerTerms(symbol: string, seat: string): Term[] {
  const u = (generation: number, lane: number) => draw(symbol, `tenure:${seat}`, generation, lane);
  const years = (generation: number) => (seat === "ceo" ? 5 : 4) + u(generation, 1) * 8;
  const terms: Term[] = [];
  let sinceDay = onOrAfterBusinessDay(
    RECORD_START_DAY - Math.round((1 + u(0, 0) * 11) * YEAR_DAYS),
  );
  let untilDay = RECORD_START_DAY + Math.round((0.5 + u(0, 1) * 11) * YEAR_DAYS);
  for (let generation = 0; ; generation++) {
    if (generation > 0) untilDay = sinceDay + Math.round(years(generation) * YEAR_DAYS);
    const last = untilDay > HORIZON_END_DAY;
    terms.push({ sinceDay, untilDay: last ? null : untilDay, generation });
    if (last) return terms;
    sinceDay = addBusinessDays(untilDay, 1);
  }
}

/** Terms of one board seat: they end and start at annual meetings. */
export function directorTerms(stock: UniverseStock, seat: number): Term[] {
  const meetings = corporateCalendar(stock).meetings;
  const u = (generation: number, lane: number) =>
    draw(stock.symbol, "director-term", seat * 100 + generation, lane);
  const meetingOf = (year: number) => meetings.find((m) => m.year === year)?.day;
  const terms: Term[] = [];
  let sinceDay = onOrAfterBusinessDay(
    RECORD_START_DAY - Math.round((1 + u(0, 0) * 12) * YEAR_DAYS),
  );
  let endYear = 2015 + Math.floor(u(0, 1) * 18);
  for (let generation = 0; ; generation++) {
    const untilDay = meetingOf(endYear) ?? null;
    terms.push({ sinceDay, untilDay, generation });
    if (untilDay === null) return terms;
    sinceDay = untilDay;
    endYear += 5 + Math.floor(u(generation + 1, 1) * 10);
  }
}

/** Who sits on which board when: a person joins at most MAX_BOARDS boards at once, each once. */
export class BoardRegistry {
  private readonly seats = new Map<number, { company: number; term: Term }[]>();

  seat(company: number, term: Term, candidate: (attempt: number) => number): number {
    for (let attempt = 0; ; attempt++) {
      const person = candidate(attempt);
      const held = this.seats.get(person) ?? [];
      const concurrent = held.filter((seat) => overlaps(seat.term, term)).length;
      if (held.some((seat) => seat.company === company) || concurrent >= MAX_BOARDS) continue;
      held.push({ company, term });
      this.seats.set(person, held);
      return person;
    }
  }
}

function overlaps(a: Term, b: Term): boolean {
  const end = (term: Term) => term.untilDay ?? Number.POSITIVE_INFINITY;
  return a.sinceDay <= end(b) && b.sinceDay <= end(a);
}
