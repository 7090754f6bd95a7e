import { marketEvents } from "../../../calendar/market-events";
import { nyIsoDateTime } from "../../../calendar/time";
import { type DayNumber, isoDate } from "../../../market/civil-date";
import { nyDayOf } from "../../../market/company-data";
import { nyInstant } from "../../../market/ny-time";
import { regularCloseMinute } from "../../../market/sessions";
import { dividendEntries } from "./dividends";
import { earningsEntries } from "./earnings";
import { releasesIn, servedRelease } from "./economic";
import type { UpcomingEvent } from "./routes";
import type { CalendarDeps, DayWindow } from "./shared";

const OPEN_MINUTE = 9 * 60 + 30;
const EARLY_CLOSE_MINUTE = 13 * 60;

type EventFields = Pick<UpcomingEvent, "id" | "type" | "title" | "importance"> &
  Partial<Pick<UpcomingEvent, "code" | "symbol" | "economic" | "earnings" | "dividend">>;

/** An event at an instant, with its page key (time order, ties by id). */
function eventAt(atMs: number, nowMs: number, fields: EventFields) {
  const event: UpcomingEvent = {
    id: fields.id,
    type: fields.type,
    datetime: new Date(atMs).toISOString(),
    datetimeNewYork: nyIsoDateTime(atMs),
    date: isoDate(nyDayOf(atMs)),
    title: fields.title,
    code: fields.code ?? null,
    symbol: fields.symbol ?? null,
    importance: fields.importance,
    passed: atMs <= nowMs,
    economic: fields.economic ?? null,
    earnings: fields.earnings ?? null,
    dividend: fields.dividend ?? null,
  };
  return { event, rank: -atMs, id: fields.id };
}

/** Everything scheduled on the window's dates, unordered. */
export async function upcomingEvents(
  deps: CalendarDeps,
  window: DayWindow,
  today: DayNumber,
  nowMs: number,
) {
  const [earnings, dividends] = await Promise.all([
    earningsEntries(deps, window),
    dividendEntries(deps, window, today),
  ]);
  const releases = releasesIn(window, nowMs).map((release) => {
    const row = servedRelease(release, nowMs);
    return eventAt(release.releaseAtMs, nowMs, {
      id: `economic:${row.id}`,
      type: "economic",
      title: `${row.event}, ${row.period}`,
      importance: row.importance,
      economic: row,
    });
  });
  const reports = earnings.map(({ row, day }) => {
    const minute = row.timing === "bmo" ? OPEN_MINUTE : regularCloseMinute(day);
    return eventAt(nyInstant(day, minute), nowMs, {
      id: `earnings:${row.code}:${row.date}`,
      type: "earnings",
      title: `${row.symbol} earnings (${row.timing}), Q${row.quarter} ${row.year}`,
      importance: "high",
      code: row.code,
      symbol: row.symbol,
      earnings: row,
    });
  });
  const exDates = dividends.map(({ row, day }) =>
    eventAt(nyInstant(day, OPEN_MINUTE), nowMs, {
      id: `ex-dividend:${row.code}:${row.exDate}`,
      type: "ex-dividend",
      title: `${row.symbol} ex-dividend, $${row.amount} (${row.frequency})`,
      importance: "medium",
      code: row.code,
      symbol: row.symbol,
      dividend: row,
    }),
  );
  const market = marketEvents(window.fromDay, window.toDay).map(({ kind, day, title }) => {
    const minute =
      kind === "option-expiration"
        ? regularCloseMinute(day)
        : kind === "early-close"
          ? EARLY_CLOSE_MINUTE
          : 0;
    return eventAt(nyInstant(day, minute), nowMs, {
      id: `${kind}:${isoDate(day)}`,
      type: kind,
      title,
      importance: kind === "option-expiration" ? "medium" : "high",
    });
  });
  return [...releases, ...reports, ...exDates, ...market];
}
