import { type DayNumber, isoDate, isWeekendDay, weekday } from "../../market/civil-date";
import { nyInstant } from "../../market/ny-time";
import { isTradingDay } from "../../market/nyse-calendar";
import type { Instrument } from "../../market/ports";
import { seedOf, uniform } from "../../market/random";
import { AMOUNT_BANDS } from "../bands";
import {
  type CongressMember,
  DISCLOSURE_DEADLINE_DAYS,
  type Owner,
  type TransactionType,
} from "../ports";

/**
 * The simulated members' transactions, drawn member by member and session by session: every
 * draw is a hash of the member and the session (lib/market/random.ts), so the past never
 * changes when the clock moves and any window can be drawn on its own. What is drawn here is
 * the transaction as reported, without its price (./source.ts adds the session's close).
 *
 * - Activity: each member has a rate of 4 to 124 transactions a year (hash of the member) and
 *   files a report on a session with probability rate / 252 / 1.5; a report holds one to three
 *   transactions (1.5 on average) in distinct securities.
 * - Holdings: each member trades mostly (85 %) in 6 to 19 stocks and funds of their own (hash
 *   of the member over the listed stocks and ETFs), otherwise in any of them.
 * - Type: purchase 50 %, sale 20 %, partial sale 25 %, exchange 5 %. Owner: self 42 %,
 *   spouse 33 %, joint 18 %, dependent child 7 %.
 * - Amount: the STOCK Act band, mostly the smallest (58 %), falling off to the open top band
 *   (0.03 %); a third of the members are wealthier and file one or two bands higher at times.
 * - Disclosure: the report is filed 2 to 45 calendar days after the session (skewed toward the
 *   deadline: 2 + ⌊43·√u⌋, median 32), except for 4 % of reports filed late, 46 to 180 days
 *   after (46 + ⌊134·u²⌋); a weekend filing day moves to the Monday, or back to the Friday when
 *   the Monday would pass the deadline of an on-time report. So the delay is 1 to 182 days
 *   (never 0: a report never precedes its session's close), and late = delay > 45. It becomes
 *   public at a minute between 08:00 and 20:00 New York on its day.
 */

/** Share of reports filed after the 45-day deadline. */
export const LATE_SHARE = 0.04;
/** The longest delay drawn (a late report's), before a weekend moves it to the Monday. */
export const MAX_DRAWN_DELAY_DAYS = 180;
/** The longest delay served: a Saturday 180 days on is filed the Monday after. */
export const MAX_DELAY_DAYS = MAX_DRAWN_DELAY_DAYS + 2;

/** Sessions in a year, for a yearly rate. */
const SESSIONS_PER_YEAR = 252;
const TRANSACTIONS_PER_REPORT = 1.5;

/** A transaction as reported, before pricing. */
export interface DrawnTrade {
  id: string;
  filingId: string;
  member: CongressMember;
  instrument: Instrument;
  owner: Owner;
  transactionType: TransactionType;
  transactionDay: DayNumber;
  disclosureDay: DayNumber;
  disclosedAtMs: number;
  bandIndex: number;
}

interface Profile {
  member: CongressMember;
  /** 1-based position in the roster: part of the filing ids. */
  number: number;
  seed: number;
  reportProbability: number;
  wealthy: boolean;
  holdings: Instrument[];
}

/** Picks by cumulative weights. */
function pick<T>(u: number, choices: readonly (readonly [T, number])[]): T {
  let acc = 0;
  for (const [value, weight] of choices) {
    acc += weight;
    if (u < acc) return value;
  }
  return (choices.at(-1) as readonly [T, number])[0];
}

const TYPES: readonly (readonly [TransactionType, number])[] = [
  ["purchase", 0.5],
  ["sale", 0.2],
  ["partial-sale", 0.25],
  ["exchange", 0.05],
];
const OWNERS: readonly (readonly [Owner, number])[] = [
  ["self", 0.42],
  ["spouse", 0.33],
  ["joint", 0.18],
  ["dependent", 0.07],
];
const BAND_WEIGHTS: readonly (readonly [number, number])[] = [
  [0, 0.58],
  [1, 0.2],
  [2, 0.09],
  [3, 0.065],
  [4, 0.035],
  [5, 0.018],
  [6, 0.009],
  [7, 0.002],
  [8, 0.0007],
  [9, 0.0003],
];

/** Each member's trading profile, over the listed stocks and funds (sorted by code). */
export function profilesOf(
  members: readonly CongressMember[],
  tradable: readonly Instrument[],
): Profile[] {
  return members.map((member, index) => {
    const seed = seedOf(`congress:${member.id}`);
    const rate = 4 + 120 * uniform(seed, 0, 1) ** 2;
    const count = Math.min(tradable.length, 6 + Math.floor(14 * uniform(seed, 0, 2)));
    const holdings: Instrument[] = [];
    for (let i = 0; holdings.length < count && i < count * 20; i++) {
      const candidate = tradable[Math.floor(uniform(seed, i, 3) * tradable.length)];
      if (candidate && !holdings.includes(candidate)) holdings.push(candidate);
    }
    return {
      member,
      number: index + 1,
      seed,
      reportProbability: rate / SESSIONS_PER_YEAR / TRANSACTIONS_PER_REPORT,
      wealthy: uniform(seed, 0, 4) < 1 / 3,
      holdings,
    };
  });
}

/** Filing day after the delay: weekends move to Monday, or to Friday when Monday is too late. */
function filingDay(transactionDay: DayNumber, delay: number, late: boolean): DayNumber {
  const day = transactionDay + delay;
  if (!isWeekendDay(day)) return day;
  const monday = day + (weekday(day) === 6 ? 2 : 1);
  if (late || monday - transactionDay <= DISCLOSURE_DEADLINE_DAYS) return monday;
  return day - (weekday(day) === 6 ? 1 : 2);
}

const compact = (day: DayNumber) => isoDate(day).replaceAll("-", "");

/** The transactions of one member's report on one session, if they filed one. */
function reportOf(profile: Profile, tradable: readonly Instrument[], day: DayNumber): DrawnTrade[] {
  const { seed } = profile;
  if (uniform(seed, day, 0) >= profile.reportProbability) return [];
  const count = 1 + (uniform(seed, day, 1) < 0.35 ? 1 : 0) + (uniform(seed, day, 2) < 0.15 ? 1 : 0);
  const late = uniform(seed, day, 3) < LATE_SHARE;
  const u = uniform(seed, day, 4);
  const delay = late
    ? DISCLOSURE_DEADLINE_DAYS + 1 + Math.floor((MAX_DRAWN_DELAY_DAYS - 46) * u * u)
    : 2 + Math.floor((DISCLOSURE_DEADLINE_DAYS - 2) * Math.sqrt(u));
  const disclosureDay = filingDay(day, delay, late);
  const minute = 8 * 60 + Math.floor(12 * 60 * uniform(seed, day, 5));
  const disclosedAtMs = nyInstant(disclosureDay, minute);
  const filingId = `SIM-PTR-${String(profile.number).padStart(2, "0")}-${compact(day)}`;
  const trades: DrawnTrade[] = [];
  const used = new Set<string>();
  for (let j = 0, attempt = 0; j < count && attempt < 12; attempt++) {
    const lane = 10 + attempt * 8;
    const pool =
      uniform(seed, day, lane) < 0.85 && profile.holdings.length > 0 ? profile.holdings : tradable;
    const instrument = pool[Math.floor(uniform(seed, day, lane + 1) * pool.length)];
    if (!instrument || used.has(instrument.code)) continue;
    used.add(instrument.code);
    let bandIndex = pick(uniform(seed, day, lane + 4), BAND_WEIGHTS);
    if (profile.wealthy && bandIndex < 5) {
      const w = uniform(seed, day, lane + 5);
      bandIndex = Math.min(
        AMOUNT_BANDS.length - 1,
        bandIndex + (w < 0.5 ? 1 : 0) + (w < 0.2 ? 1 : 0),
      );
    }
    trades.push({
      id: `${filingId}-${j + 1}`,
      filingId,
      member: profile.member,
      instrument,
      owner: pick(uniform(seed, day, lane + 2), OWNERS),
      transactionType: pick(uniform(seed, day, lane + 3), TYPES),
      transactionDay: day,
      disclosureDay,
      disclosedAtMs,
      bandIndex,
    });
    j++;
  }
  return trades;
}

/** Every transaction of the sessions `fromDay` to `toDay` (inclusive), by session then member. */
export function drawTrades(
  profiles: readonly Profile[],
  tradable: readonly Instrument[],
  fromDay: DayNumber,
  toDay: DayNumber,
): DrawnTrade[] {
  const trades: DrawnTrade[] = [];
  for (let day = fromDay; day <= toDay; day++) {
    if (!isTradingDay(day)) continue;
    for (const profile of profiles) trades.push(...reportOf(profile, tradable, day));
  }
  return trades;
}
