import { invalidParameter } from "../../errors";
import type { Implementations } from "../../route";
import { dividendEntries } from "./dividends";
import { earningsEntries, enhancedFieldsOf } from "./earnings";
import { releasesIn, servedRelease } from "./economic";
import {
  type calendarRoutes,
  DIVIDEND_DAYS_DEFAULT,
  type EnhancedFields,
  MAX_WINDOW_DAYS,
} from "./routes";
import { type CalendarDeps, checkedWindow, clockOf, dayOfIso, pageOf, windowOf } from "./shared";
import { upcomingEvents } from "./upcoming";

export type { CalendarDeps } from "./shared";

export const calendarImplementations: Implementations<typeof calendarRoutes, CalendarDeps> = {
  "calendar.economic": async ({ query }, deps) => {
    const { today, nowMs } = clockOf(deps);
    const window = windowOf(query, today, MAX_WINDOW_DAYS.economic);
    const rows = releasesIn(window, nowMs).map((release) => ({
      release,
      rank: -release.releaseAtMs,
      id: release.id,
    }));
    const page = pageOf(rows, window, nowMs, query);
    return {
      ...page.fields,
      source: "simulated" as const,
      releases: page.rows.map((row) => servedRelease(row.release, nowMs)),
    };
  },

  "calendar.earnings": async ({ query }, deps) => {
    const { today, nowMs } = clockOf(deps);
    const window = windowOf(query, today, MAX_WINDOW_DAYS.earnings);
    const page = pageOf(await earningsEntries(deps, window), window, nowMs, query);
    return { ...page.fields, earnings: page.rows.map((entry) => entry.row) };
  },

  "calendar.earningsEnhanced": async ({ query }, deps) => {
    const { today, nowMs } = clockOf(deps);
    const window = windowOf(query, today, MAX_WINDOW_DAYS.enhanced);
    const page = pageOf(await earningsEntries(deps, window), window, nowMs, query);
    const enhanced = await Promise.all(page.rows.map((entry) => enhancedFieldsOf(deps, entry)));
    return {
      ...page.fields,
      earnings: page.rows.map((entry, index) => ({
        ...entry.row,
        ...(enhanced[index] as EnhancedFields),
      })),
    };
  },

  "calendar.dividends": async ({ query }, deps) => {
    const { today, nowMs } = clockOf(deps);
    const fromDay = Math.max(today, query.from === undefined ? today : dayOfIso(query.from));
    if (query.to !== undefined && query.days !== undefined) {
      throw invalidParameter("days", "give to or days, not both");
    }
    const toDay =
      query.to === undefined ? fromDay + (query.days ?? DIVIDEND_DAYS_DEFAULT) : dayOfIso(query.to);
    const window = checkedWindow(fromDay, toDay, MAX_WINDOW_DAYS.dividends, "to");
    const page = pageOf(await dividendEntries(deps, window, today), window, nowMs, query);
    return { ...page.fields, dividends: page.rows.map((entry) => entry.row) };
  },

  "calendar.upcoming": async ({ query }, deps) => {
    const { today, nowMs } = clockOf(deps);
    const window = { fromDay: today, toDay: today + query.days - 1 };
    const page = pageOf(await upcomingEvents(deps, window, today, nowMs), window, nowMs, query);
    return { ...page.fields, events: page.rows.map((row) => row.event) };
  },
};
