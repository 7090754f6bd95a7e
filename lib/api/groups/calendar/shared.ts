import type { CoreDeps, Deps } from "../../../deps";
import { type DayNumber, isoDate } from "../../../market/civil-date";
import { nyDayOf } from "../../../market/company-data";
import type { EquityReference, Instrument } from "../../../market/ports";
import { invalidParameter } from "../../errors";
import { fromProvider } from "../../market-data";
import type { OptionDataDeps } from "../../option-data";
import { byRankThenId, type RankedRow, rankedPage } from "../../pages";
import { DEFAULT_WINDOW_DAYS_AFTER } from "./routes";

/** What the calendar group's implementations use (wired in ./index.ts). */
export type CalendarDeps = CoreDeps & Pick<Deps, "market" | "defaultRiskFreeRatePercent">;

/** The enhanced calendar reads option analytics with the same deps the options group has. */
export type CalendarOptionDeps = CalendarDeps & OptionDataDeps;

const MS_PER_DAY = 86_400_000;

export const dayOfIso = (iso: string): DayNumber =>
  Math.floor(Date.parse(`${iso}T00:00:00Z`) / MS_PER_DAY);

/** The market clock's New York date and instant. */
export function clockOf(deps: CalendarDeps): { today: DayNumber; nowMs: number } {
  const nowMs = deps.marketClock.now().getTime();
  return { today: nyDayOf(nowMs), nowMs };
}

/** A window of New York dates, both ends included. */
export interface DayWindow {
  fromDay: DayNumber;
  toDay: DayNumber;
}

/**
 * The window a query asks for: from (default today) through to (default from + 7); 400 naming
 * to when it is before from or the window holds more than `maxDays` days.
 */
export function windowOf(
  query: { from?: string | undefined; to?: string | undefined },
  today: DayNumber,
  maxDays: number,
  defaultDaysAfter = DEFAULT_WINDOW_DAYS_AFTER,
): DayWindow {
  const fromDay = query.from === undefined ? today : dayOfIso(query.from);
  const toDay = query.to === undefined ? fromDay + defaultDaysAfter : dayOfIso(query.to);
  return checkedWindow(fromDay, toDay, maxDays, "to");
}

/** 400 naming `field` for a window ending before it starts or longer than `maxDays`. */
export function checkedWindow(
  fromDay: DayNumber,
  toDay: DayNumber,
  maxDays: number,
  field: string,
): DayWindow {
  if (toDay < fromDay) {
    throw invalidParameter(field, `must not be before from (${isoDate(fromDay)})`);
  }
  if (toDay - fromDay + 1 > maxDays) {
    throw invalidParameter(
      field,
      `must be at most ${maxDays - 1} days after from (${isoDate(fromDay)}): a window holds at most ${maxDays} days`,
    );
  }
  return { fromDay, toDay };
}

/** The page fields every calendar answers with, and the page's rows. */
export function pageOf<T extends RankedRow>(
  rows: T[],
  window: DayWindow,
  nowMs: number,
  page: { limit: number; cursor?: string | undefined },
) {
  rows.sort(byRankThenId);
  const { rows: pageRows, nextCursor } = rankedPage(rows, page.limit, page.cursor);
  return {
    fields: {
      asOf: new Date(nowMs).toISOString(),
      from: isoDate(window.fromDay),
      to: isoDate(window.toDay),
      total: rows.length,
      nextCursor,
    },
    rows: pageRows,
  };
}

/** A stock's or fund's equity reference figures, with the instrument. */
export interface EquityListing {
  instrument: Instrument;
  reference: EquityReference;
}

/** The listed stocks and ETFs the source has equity reference figures for. */
export async function equityListings(deps: CalendarDeps): Promise<EquityListing[]> {
  const instruments = await fromProvider(() => deps.market.instruments());
  const equities = instruments.filter(
    (instrument) => instrument.contractType === "Stock" || instrument.contractType === "ETF",
  );
  const references = await Promise.all(
    equities.map((instrument) => fromProvider(() => deps.market.reference(instrument))),
  );
  return equities.flatMap((instrument, index) => {
    const reference = references[index];
    return reference?.kind === "equity" ? [{ instrument, reference }] : [];
  });
}
