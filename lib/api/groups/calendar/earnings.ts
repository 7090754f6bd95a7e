import { earningsDaysBetween } from "../../../calendar/earnings-dates";
import { type DayNumber, isoDate } from "../../../market/civil-date";
import type { EarningsReportRecord, Instrument } from "../../../market/ports";
import { roundPercent } from "../../../market/precision";
import { earningsMoveHistoryOf, earningsStraddleOf, reactionDayOf } from "../../earnings-moves";
import { ApiError } from "../../errors";
import { ivRankReport } from "../../iv-rank";
import { fromProvider } from "../../market-data";
import type { EarningsRow, EnhancedFields } from "./routes";
import {
  type CalendarDeps,
  type CalendarOptionDeps,
  type DayWindow,
  equityListings,
} from "./shared";

/** One report of the earnings calendar, with its page key and the instrument behind it. */
export interface EarningsEntry {
  row: EarningsRow;
  instrument: Instrument;
  day: DayNumber;
  /** Page order: date, bmo before amc (higher first, so negated). */
  rank: number;
  id: string;
}

/** The quarter a report dated `date` covers when the source does not say: the one before. */
function quarterBefore(date: string): { quarter: number; year: number } {
  const [year, month] = date.split("-").map(Number) as [number, number];
  const quarter = Math.floor((month - 1) / 3);
  return quarter === 0 ? { quarter: 4, year: year - 1 } : { quarter, year };
}

/** (actual − estimate) / |estimate| × 100, 4 decimals; null until reported or for a zero estimate. */
function surprisePercent(actual: number | null | undefined, estimate: number | null | undefined) {
  if (actual === null || actual === undefined || !estimate) return null;
  return roundPercent(((actual - estimate) / Math.abs(estimate)) * 100);
}

/** The reports the source's earnings history holds for those days, by date; none without one. */
async function reportsByDate(deps: CalendarDeps, code: string, days: DayNumber[]) {
  const history = deps.market.earningsHistory;
  const first = days[0];
  const last = days.at(-1);
  if (!history || first === undefined || last === undefined) {
    return new Map<string, EarningsReportRecord>();
  }
  const reports = await fromProvider(() =>
    history.earningsReports(code, isoDate(first), isoDate(last)),
  );
  return new Map((reports ?? []).map((report) => [report.date, report]));
}

function earningsRow(
  instrument: Instrument,
  day: DayNumber,
  timing: "bmo" | "amc",
  report: EarningsReportRecord | undefined,
): EarningsRow {
  const date = isoDate(day);
  const period =
    report?.quarter !== undefined && report.year !== undefined
      ? { quarter: report.quarter, year: report.year }
      : quarterBefore(date);
  const epsActual = report?.epsActual ?? null;
  const revenueActual = report?.revenueActual ?? null;
  return {
    code: instrument.code,
    symbol: instrument.symbol,
    name: instrument.name,
    date,
    timing,
    reactionDate: isoDate(reactionDayOf(day, timing)),
    ...period,
    epsEstimate: report?.epsEstimate ?? null,
    epsActual,
    epsSurprisePercent: surprisePercent(epsActual, report?.epsEstimate),
    revenueEstimate: report?.revenueEstimate ?? null,
    revenueActual,
    revenueSurprisePercent: surprisePercent(revenueActual, report?.revenueEstimate),
    reported: epsActual !== null,
  };
}

/** Every report of the universe dated within the window (unordered). */
export async function earningsEntries(
  deps: CalendarDeps,
  window: DayWindow,
): Promise<EarningsEntry[]> {
  const listings = await equityListings(deps);
  const perCompany = await Promise.all(
    listings.map(async ({ instrument, reference }) => {
      const { earningsMonths: months, earningsHour: timing } = reference;
      if (!months || months.length === 0 || !timing) return [];
      const days = earningsDaysBetween(instrument.symbol, months, window.fromDay, window.toDay);
      if (days.length === 0) return [];
      const reports = await reportsByDate(deps, instrument.code, days);
      return days.map((day) => ({
        row: earningsRow(instrument, day, timing, reports.get(isoDate(day))),
        instrument,
        day,
        rank: -(day * 2 + (timing === "amc" ? 1 : 0)),
        id: instrument.code,
      }));
    }),
  );
  return perCompany.flat();
}

// ---------------------------------------------------------------------------------------------
// Enhanced: the options analytics of each report's stock
// ---------------------------------------------------------------------------------------------

const NO_OPTIONS: EnhancedFields = {
  hasOptions: false,
  impliedMovePercent: null,
  impliedMove: null,
  straddleExpiration: null,
  atmImpliedVolatility: null,
  averageAbsoluteMovePercent: null,
  historyQuarterCount: null,
  actualMovePercent: null,
  ivRank: null,
  ivPercentile: null,
  currentImpliedVolatility: null,
};

/** The analytic's answer, or undefined where it has nothing for the stock (its 404s). */
async function unlessNotFound<T>(compute: () => Promise<T>): Promise<T | undefined> {
  try {
    return await compute();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * The options' view of one report: the earnings straddle (when this is the stock's next
 * report), the earnings-move history and the IV rank, as the options endpoints compute them.
 */
export async function enhancedFieldsOf(
  deps: CalendarOptionDeps,
  entry: EarningsEntry,
): Promise<EnhancedFields> {
  const { instrument, row } = entry;
  if (!instrument.hasOptions) return NO_OPTIONS;
  const [straddle, history, rank] = await Promise.all([
    unlessNotFound(() => earningsStraddleOf(deps, instrument)),
    unlessNotFound(() => earningsMoveHistoryOf(deps, instrument)),
    unlessNotFound(() => ivRankReport(deps, instrument)),
  ]);
  const ownStraddle = straddle?.earningsDate === row.date ? straddle : undefined;
  const ownQuarter = history?.quarters.find((quarter) => quarter.date === row.date);
  return {
    hasOptions: true,
    impliedMovePercent: ownStraddle?.straddleImpliedMovePercent ?? null,
    impliedMove: ownStraddle?.straddleImpliedMove ?? null,
    straddleExpiration: ownStraddle?.expirationDate ?? null,
    atmImpliedVolatility: ownStraddle?.atmImpliedVolatility ?? null,
    averageAbsoluteMovePercent: history?.averageAbsoluteMovePercent ?? null,
    historyQuarterCount: history?.quarterCount ?? null,
    actualMovePercent: ownQuarter?.movePercent ?? null,
    ivRank: rank?.ivRank ?? null,
    ivPercentile: rank?.ivPercentile ?? null,
    currentImpliedVolatility: rank?.currentImpliedVolatility ?? null,
  };
}
