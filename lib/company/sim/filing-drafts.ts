import { type DayNumber, dayNumber } from "../../market/civil-date";
import { nyInstant } from "../../market/ny-time";
import type { UniverseStock } from "../../market/sim/universe";
import {
  addBusinessDays,
  corporateCalendar,
  draw,
  HORIZON_END_DAY,
  onOrAfterBusinessDay,
  RECORD_START_DAY,
  yearOf,
} from "./filings-calendar";
import type { InsiderForm4 } from "./insider-trades";
import { castOf } from "./people";

/**
 * The filings of the simulated world that need no prices, for the whole horizon (memoised per
 * symbol): earnings 8-Ks, 10-Qs and 10-Ks, proxies and vote results, officer-change 8-Ks, Forms 3
 * of new insiders, and now and then an 8-K on other events. filings.ts adds the Form 4s, cuts at
 * the clock and numbers them.
 */

/** A filing before it is numbered. */
export interface FilingDraft {
  form: string;
  filingDay: DayNumber;
  /** When EDGAR accepted it, epoch ms: it exists from then on. */
  acceptedMs: number;
  reportDay: DayNumber | null;
  description: string;
  /** Orders filings accepted in the same millisecond. */
  tieKey: string;
  form4?: InsiderForm4;
}

export const EARNINGS_8K =
  "Items 2.02, 9.01: Results of Operations and Financial Condition; Financial Statements and Exhibits";
export const OFFICER_CHANGE_8K =
  "Item 5.02: Departure of Directors or Certain Officers; Election of Directors; Appointment of " +
  "Certain Officers; Compensatory Arrangements of Certain Officers";
export const VOTE_8K = "Item 5.07: Submission of Matters to a Vote of Security Holders";
export const OTHER_EVENTS_8K = "Items 8.01, 9.01: Other Events; Financial Statements and Exhibits";

/** Minutes of the New York day: filings are accepted from 08:00 to 17:30 unless timed. */
const OFFICE_OPENS = 480;
const OFFICE_MINUTES = 570;

const memo = new Map<string, readonly FilingDraft[]>();

export function staticFilings(stock: UniverseStock): readonly FilingDraft[] {
  let drafts = memo.get(stock.symbol);
  if (!drafts) {
    drafts = [
      ...periodicFilings(stock),
      ...meetingFilings(stock),
      ...castFilings(stock),
      ...otherEvents(stock),
    ];
    memo.set(stock.symbol, drafts);
  }
  return drafts;
}

function draft(
  stock: UniverseStock,
  form: string,
  filingDay: DayNumber,
  reportDay: DayNumber | null,
  description: string,
  tieKey: string,
  minute?: number,
): FilingDraft {
  const at =
    minute ??
    OFFICE_OPENS + Math.floor(draw(stock.symbol, `accept:${tieKey}`, filingDay) * OFFICE_MINUTES);
  return { form, filingDay, acceptedMs: nyInstant(filingDay, at), reportDay, description, tieKey };
}

/** The earnings release on the report's day (before the open, or after the close), then the 10-Q or 10-K. */
function periodicFilings(stock: UniverseStock): FilingDraft[] {
  return corporateCalendar(stock).reports.flatMap((report, i) => {
    const u = draw(stock.symbol, "accept:earnings", i);
    const releaseMinute =
      report.hour === "bmo" ? 420 + Math.floor(u * 60) : 965 + Math.floor(u * 25);
    return [
      draft(
        stock,
        "8-K",
        report.reportDay,
        report.reportDay,
        EARNINGS_8K,
        "8-K:2.02",
        releaseMinute,
      ),
      draft(
        stock,
        report.form,
        report.filingDay,
        report.periodEndDay,
        report.form === "10-K" ? "Annual report" : "Quarterly report",
        report.form,
      ),
    ];
  });
}

function meetingFilings(stock: UniverseStock): FilingDraft[] {
  return corporateCalendar(stock).meetings.flatMap((meeting) => [
    draft(stock, "DEF 14A", meeting.proxyFilingDay, null, "Definitive proxy statement", "DEF 14A"),
    draft(stock, "8-K", meeting.voteFilingDay, meeting.day, VOTE_8K, "8-K:5.07"),
  ]);
}

/** An 8-K (Item 5.02) for each officer appointed during the record; a Form 3 for every newcomer. */
function castFilings(stock: UniverseStock): FilingDraft[] {
  const drafts: FilingDraft[] = [];
  for (const member of castOf(stock.symbol) ?? []) {
    if (member.sinceDay < RECORD_START_DAY) continue;
    const u = (lane: number) => draw(stock.symbol, `joined:${member.key}`, 0, lane);
    const { ownerCik } = member.insider;
    if (member.insider.role === "officer") {
      const filed = addBusinessDays(member.sinceDay, 1 + Math.floor(u(0) * 4));
      drafts.push(
        draft(stock, "8-K", filed, member.sinceDay, OFFICER_CHANGE_8K, `8-K:5.02:${ownerCik}`),
      );
    }
    // A Form 3 is due within ten days of becoming an insider.
    const filed = addBusinessDays(member.sinceDay, 2 + Math.floor(u(1) * 6));
    drafts.push(
      draft(
        stock,
        "3",
        filed,
        member.sinceDay,
        "Initial statement of beneficial ownership of securities",
        `3:${ownerCik}`,
      ),
    );
  }
  return drafts;
}

/** Two years in five, an 8-K on other events (a buyback, a financing, a product milestone). */
function otherEvents(stock: UniverseStock): FilingDraft[] {
  const drafts: FilingDraft[] = [];
  for (let year = yearOf(RECORD_START_DAY); year <= yearOf(HORIZON_END_DAY); year++) {
    if (draw(stock.symbol, "8.01", year, 0) >= 0.4) continue;
    const day = onOrAfterBusinessDay(
      dayNumber(year, 1, 1) + Math.floor(draw(stock.symbol, "8.01", year, 1) * 360),
    );
    drafts.push(draft(stock, "8-K", day, day, OTHER_EVENTS_8K, "8-K:8.01"));
  }
  return drafts;
}
