import { type DayNumber, isoDate } from "../../../../market/civil-date";
import {
  exDividendDays,
  nyDayOf,
  PAYMENTS_PER_YEAR,
  upcomingEarnings,
} from "../../../../market/company-data";
import type { EarningsReportRecord, EquityReference, Instrument } from "../../../../market/ports";
import { roundDividend } from "../../../../market/precision";
import { apiError } from "../../../errors";
import { fromProvider } from "../../../market-data";
import type { Implementations } from "../../../route";
import type { companyRoutes } from "../routes";
import { type CompanyDeps, equityReferenceOf, listedCompany } from "./shared";

/** Events are listed over the next year (calendar days from today in New York). */
const HORIZON_DAYS = 365;
/** Quarterly reports within the horizon: at most five (a report late next year can fall in). */
const MAX_REPORTS = 5;

const MS_PER_DAY = 86_400_000;

type CorporateEvent = {
  eventType: "EarningsCalendar" | "ExDividend";
  eventDate: string;
  daysToEvent: number;
  earnings: EarningsFields | null;
  dividend: {
    amountPerShare: number;
    frequency: NonNullable<EquityReference["dividend"]>["frequency"];
  } | null;
};

type EarningsFields = {
  quarter: number;
  year: number;
  hour: "amc" | "bmo" | "dmh" | "";
  epsEstimate: number | null;
  epsActual: null;
  revenueEstimate: number | null;
  revenueActual: null;
};

const dayOf = (iso: string): DayNumber => Math.floor(Date.parse(`${iso}T00:00:00Z`) / MS_PER_DAY);

/** The reports the source's earnings history holds for those dates, by date; none without one. */
async function reportsByDate(deps: CompanyDeps, code: string, dates: string[]) {
  const history = deps.market.earningsHistory;
  const first = dates[0];
  const last = dates.at(-1);
  if (!history || first === undefined || last === undefined)
    return new Map<string, EarningsReportRecord>();
  const reports = await fromProvider(() => history.earningsReports(code, first, last));
  return new Map((reports ?? []).map((report) => [report.date, report]));
}

/** The quarter a report dated `date` covers when the source does not say: the one before. */
function quarterBefore(date: string): { quarter: number; year: number } {
  const [year, month] = date.split("-").map(Number) as [number, number];
  const quarter = Math.floor((month - 1) / 3);
  return quarter === 0 ? { quarter: 4, year: year - 1 } : { quarter, year };
}

async function earningsEvents(
  deps: CompanyDeps,
  instrument: Instrument,
  reference: EquityReference,
  today: DayNumber,
): Promise<CorporateEvent[]> {
  const nowMs = deps.marketClock.now().getTime();
  const dates = upcomingEarnings(
    instrument.symbol,
    reference.earningsMonths,
    reference.earningsHour,
    nowMs,
    MAX_REPORTS,
  ).filter((earnings) => dayOf(earnings.date) - today <= HORIZON_DAYS);
  const reports = await reportsByDate(
    deps,
    instrument.code,
    dates.map((d) => d.date),
  );
  return dates.map((earnings) => {
    const report = reports.get(earnings.date);
    const period =
      report?.quarter !== undefined && report.year !== undefined
        ? { quarter: report.quarter, year: report.year }
        : quarterBefore(earnings.date);
    return {
      eventType: "EarningsCalendar" as const,
      eventDate: earnings.date,
      daysToEvent: dayOf(earnings.date) - today,
      earnings: {
        ...period,
        hour: earnings.hour,
        epsEstimate: report?.epsEstimate ?? null,
        epsActual: null,
        revenueEstimate: report?.revenueEstimate ?? null,
        revenueActual: null,
      },
      dividend: null,
    };
  });
}

function exDividendEvents(reference: EquityReference, today: DayNumber): CorporateEvent[] {
  const dividend = reference.dividend;
  if (!dividend || dividend.exDividendMonthDay.length === 0) return [];
  const year = new Date(today * MS_PER_DAY).getUTCFullYear();
  const amountPerShare = roundDividend(
    dividend.annualAmount / PAYMENTS_PER_YEAR[dividend.frequency],
  );
  return exDividendDays(dividend, year, year + 1)
    .filter((day) => day > today && day - today <= HORIZON_DAYS)
    .map((day) => ({
      eventType: "ExDividend" as const,
      eventDate: isoDate(day),
      daysToEvent: day - today,
      earnings: null,
      dividend: { amountPerShare, frequency: dividend.frequency },
    }));
}

type EventRoutes = Pick<typeof companyRoutes, "events">;

export const companyEventImplementations: Implementations<EventRoutes, CompanyDeps> = {
  "company.events": async ({ params }, deps) => {
    const instrument = await listedCompany(deps, params.code, "corporate events");
    const reference = await equityReferenceOf(deps, instrument, "corporate events");
    const today = nyDayOf(deps.marketClock.now().getTime());
    const events = [
      ...(await earningsEvents(deps, instrument, reference, today)),
      ...exDividendEvents(reference, today),
    ].sort(
      (a, b) => a.eventDate.localeCompare(b.eventDate) || a.eventType.localeCompare(b.eventType),
    );
    if (events.length === 0) throw apiError("NO_EVENTS", { code: instrument.code });
    return { symbol: instrument.symbol, events };
  },
};
