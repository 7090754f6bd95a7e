import { type EconomicRelease, economicReleases } from "../../../calendar/economic";
import { nyIsoDateTime } from "../../../calendar/time";
import { isoDate } from "../../../market/civil-date";
import { nyDayOf } from "../../../market/company-data";
import { nyInstant } from "../../../market/ny-time";
import { roundDecimals } from "../../../market/precision";
import type { EconomicReleaseRow } from "./routes";
import type { DayWindow } from "./shared";

/** Releases carry at most 2 decimals, so their difference rounded to 2 is exact. */
const SURPRISE_DECIMALS = 2;

/** A release as the calendars serve it. */
export function servedRelease(release: EconomicRelease, nowMs: number): EconomicReleaseRow {
  const { releaseAtMs, ...fields } = release;
  const surprise =
    release.actual === null || release.consensus === null
      ? null
      : roundDecimals(release.actual - release.consensus, SURPRISE_DECIMALS);
  return {
    id: fields.id,
    indicator: fields.indicator,
    event: fields.event,
    country: fields.country,
    datetime: new Date(releaseAtMs).toISOString(),
    datetimeNewYork: nyIsoDateTime(releaseAtMs),
    date: isoDate(nyDayOf(releaseAtMs)),
    period: fields.period,
    importance: fields.importance,
    unit: fields.unit,
    consensus: fields.consensus,
    previous: fields.previous,
    actual: fields.actual,
    surprise,
    released: releaseAtMs <= nowMs,
  };
}

/** The releases dated within the window (New York dates), in time order. */
export function releasesIn(window: DayWindow, nowMs: number): EconomicRelease[] {
  return economicReleases(nyInstant(window.fromDay, 0), nyInstant(window.toDay + 1, 0), nowMs);
}
