import { civilDate, type DayNumber, dayNumber } from "../../market/civil-date";
import { earningsDay } from "../../market/company-data";
import { isTradingDay } from "../../market/nyse-calendar";
import { seedOf, uniform } from "../../market/random";
import { nextTradingDay, previousTradingDay } from "../../market/trading-days";
import { COVERED_COMPANIES, type CoveredCompany, coveredCompany } from "../companies";
import { fictionalIngredient, pick, THERAPEUTIC_AREAS } from "./names";

/**
 * The simulated drug pipeline: every application (NDA or BLA, originals) each covered company
 * files, drawn from the seed alone, so the world is the same whatever the clock; the clock
 * only decides what is known (lib/fda/sim/source.ts). For a company and a year:
 *
 * - applications filed: the company's filingsPerYear, ± 1 (uniform), each on a uniform day
 *   of the year; a BLA with the company's biologicShare, else an NDA;
 * - review: priority with probability 35 %, the PDUFA goal 8 months after submission (the
 *   60-day filing review and 6 months), else standard, 12 months (60 days and 10 months), as
 *   PDUFA's new-molecular-entity program sets them; accepted (and disclosed in an 8-K) 60 days
 *   after submission, the first session from then;
 * - the goal date is an NYSE session (real PDUFA dates may fall on weekends; here the
 *   decision-day move must exist) and never a day the company's earnings move the stock
 *   (its report day or the session after), moved to the next session that is neither;
 * - 70 % of sponsors give the exact date (confirmed); the others only a period, and the date
 *   shown is our estimate (the goal computed from acceptance): the FDA then acts on it or up to
 *   9 sessions earlier;
 * - an advisory committee meets on 20 % of applications, 6 to 11 weeks before the goal date
 *   (a session, away from earnings), its Federal Register notice 30 to 44 days before it;
 * - application numbers are 9CYYSS: 9, the company's index (0-9), the filing year's last two
 *   digits and a sequence: a range the FDA's numbering does not reach, so none is a real
 *   application. Active ingredients are fictional (./names.ts).
 */

export interface SimAdComm {
  meetingDay: DayNumber;
  /** The Federal Register notice's publication day. */
  noticeDay: DayNumber;
  committee: string;
}

export interface SimApplication {
  /** `sim-<symbol>-<applicationNumber>`. */
  id: string;
  symbol: string;
  sponsor: string;
  applicationNumber: string;
  applicationType: "NDA" | "BLA";
  activeIngredient: string;
  indication: string;
  reviewType: "priority" | "standard";
  submittedDay: DayNumber;
  /** The 8-K disclosing the acceptance and the PDUFA date (or its period). */
  acceptedDay: DayNumber;
  /** The goal date as disclosed (confirmed) or estimated. */
  goalDay: DayNumber;
  dateCertainty: "confirmed" | "estimated";
  /** The FDA's action: the goal day, or up to 9 sessions before an estimated one. */
  decisionDay: DayNumber;
  adComm: SimAdComm | undefined;
}

export const PRIORITY_SHARE = 0.35;
export const REVIEW_MONTHS = { priority: 8, standard: 12 } as const;
export const ACCEPTANCE_DAYS = 60;
export const CONFIRMED_SHARE = 0.7;
export const ADCOMM_SHARE = 0.2;
/** The first filing year drawn: decisions from 2018 on. */
export const FIRST_FILING_YEAR = 2017;

function addMonths(day: DayNumber, months: number): DayNumber {
  const { year, month, day: dom } = civilDate(day);
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  const last = dayNumber(m === 12 ? y + 1 : y, m === 12 ? 1 : m + 1, 1) - 1;
  return Math.min(dayNumber(y, m, dom), last);
}

/** The company's report day in the day's month and the month before, and the sessions after. */
function isEarningsMove(symbol: string, day: DayNumber): boolean {
  const { year, month } = civilDate(day);
  const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  for (const { year: y, month: m } of [{ year, month }, previous]) {
    const report = earningsDay(symbol, y, m);
    if (day === report || day === nextTradingDay("equity", report)) return true;
  }
  return false;
}

/** The day itself when it is a session without an earnings move, else the next such session. */
export function quietSessionFrom(symbol: string, day: DayNumber): DayNumber {
  let d = day;
  while (!isTradingDay(d) || isEarningsMove(symbol, d)) d += 1;
  return d;
}

function sessionsBefore(day: DayNumber, count: number): DayNumber {
  let d = day;
  for (let i = 0; i < count; i++) d = previousTradingDay("equity", d);
  return d;
}

function drawApplication(
  company: CoveredCompany,
  companyIndex: number,
  year: number,
  sequence: number,
): SimApplication {
  const seed = seedOf(`fda:${company.symbol}:${year}:${sequence}`);
  const u = (lane: number) => uniform(seed, 0, lane);
  const start = dayNumber(year, 1, 1);
  const submittedDay = start + Math.floor(u(0) * (dayNumber(year + 1, 1, 1) - start));
  const applicationType = u(1) < company.biologicShare ? "BLA" : "NDA";
  const reviewType = u(2) < PRIORITY_SHARE ? "priority" : "standard";
  const area = pick(company.areas, u(3));
  const words = THERAPEUTIC_AREAS[area];
  const [indication, committee] = pick(words.indications, u(4));
  const stem = pick(applicationType === "BLA" ? words.biologicStems : words.smallStems, u(5));
  const acceptedDay = quietSessionFrom(company.symbol, submittedDay + ACCEPTANCE_DAYS);
  const goalDay = quietSessionFrom(
    company.symbol,
    addMonths(submittedDay, REVIEW_MONTHS[reviewType]),
  );
  const dateCertainty = u(8) < CONFIRMED_SHARE ? "confirmed" : "estimated";
  const early = dateCertainty === "confirmed" ? 0 : Math.floor(u(9) * 10);
  const earlier = early === 0 ? goalDay : sessionsBefore(goalDay, early);
  const decisionDay = isEarningsMove(company.symbol, earlier) ? goalDay : earlier;
  let adComm: SimAdComm | undefined;
  if (u(10) < ADCOMM_SHARE) {
    const meetingDay = quietSessionFrom(company.symbol, goalDay - 77 + Math.floor(u(11) * 36));
    const noticeDay = Math.max(
      acceptedDay + 1,
      quietSessionFrom(company.symbol, meetingDay - 44 + Math.floor(u(12) * 15)),
    );
    adComm = { meetingDay, noticeDay, committee };
  }
  const number = `9${companyIndex}${String(year % 100).padStart(2, "0")}${String(sequence).padStart(2, "0")}`;
  const applicationNumber = `${applicationType}${number}`;
  return {
    id: `sim-${company.symbol}-${applicationNumber}`,
    symbol: company.symbol,
    sponsor: company.name,
    applicationNumber,
    applicationType,
    activeIngredient: fictionalIngredient(u(6), u(7), stem),
    indication,
    reviewType,
    submittedDay,
    acceptedDay,
    goalDay,
    dateCertainty,
    decisionDay,
    adComm,
  };
}

const byYear = new Map<string, SimApplication[]>();

/** The applications a covered company files in a year, in filing order ([] for any other). */
export function applicationsFiled(symbol: string, year: number): SimApplication[] {
  const key = `${symbol}:${year}`;
  const kept = byYear.get(key);
  if (kept) return kept;
  const company = coveredCompany(symbol);
  if (!company || year < FIRST_FILING_YEAR) return [];
  const companyIndex = COVERED_COMPANIES.indexOf(company);
  const count = Math.max(
    0,
    Math.round(company.filingsPerYear + 2 * uniform(seedOf(`fda:${symbol}:${year}`), 0) - 1),
  );
  const drawn = Array.from({ length: count }, (_, i) =>
    drawApplication(company, companyIndex, year, i + 1),
  ).sort((a, b) => a.submittedDay - b.submittedDay || a.id.localeCompare(b.id));
  byYear.set(key, drawn);
  return drawn;
}

/**
 * Every application of the company whose events (acceptance to decision) can touch the days
 * `fromDay` to `toDay`: those filed from two years before through the last year.
 */
export function applicationsAround(
  symbol: string,
  fromDay: DayNumber,
  toDay: DayNumber,
): SimApplication[] {
  const first = civilDate(fromDay).year - 2;
  const last = civilDate(toDay).year;
  const all: SimApplication[] = [];
  for (let year = first; year <= last; year++) all.push(...applicationsFiled(symbol, year));
  return all;
}
