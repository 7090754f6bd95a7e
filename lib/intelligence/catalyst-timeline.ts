/**
 * GET /intelligence/{code}/catalyst-timeline, the timeline: dated events of several kinds on one
 * line, each past or upcoming at the clock. Pure: the events are built by catalyst-sources.ts
 * from the sources' records; here they are ordered and counted.
 */

export const CATALYST_TYPES = [
  "earnings",
  "ex-dividend",
  "economic",
  "insider-cluster",
  "news-cluster",
] as const;
export type CatalystType = (typeof CATALYST_TYPES)[number];

/** Kinds the timeline cannot show yet, and why (shown in every answer). */
export const SOURCES_NOT_COVERED = [
  {
    type: "fda",
    reason:
      "FDA dates (PDUFA goals, advisory committees, approvals) come with the drug-approval " +
      "endpoints (/fda/...), which this API does not serve yet",
  },
] as const;

/** The days the timeline spans: back from today and ahead of it, with their defaults. */
export const DAYS_BACK = { default: 30, min: 0, max: 365 } as const;
export const DAYS_AHEAD = { default: 90, min: 1, max: 365 } as const;

/** A story cluster is shown from this many articles (single reports are left out). */
export const NEWS_CLUSTER_MIN_ARTICLES = 2;
/** A story cluster carried by this many outlets is of medium importance (else low). */
export const NEWS_CLUSTER_MEDIUM_SOURCES = 3;

export type Importance = "high" | "medium" | "low";
export type CatalystDetails = Record<string, number | string | boolean | null>;

export interface CatalystEvent {
  /** New York date, yyyy-MM-dd. */
  date: string;
  /** The instant, ISO 8601 (UTC), when the event has one; null for a day-long event. */
  time: string | null;
  type: CatalystType;
  status: "past" | "upcoming";
  /** Calendar days from today (New York): negative in the past. */
  daysFromToday: number;
  importance: Importance;
  title: string;
  details: CatalystDetails;
  /** The endpoint the event's figures come from (with /v1). */
  source: string;
}

/** The clock and the window the events are placed in. */
export interface TimelineClock {
  nowMs: number;
  /** Today, yyyy-MM-dd (New York). */
  today: string;
  from: string;
  to: string;
}

const MS_PER_DAY = 86_400_000;
export const dayOfIso = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / MS_PER_DAY);

/**
 * Past once its instant has come (a timed event) or its day has begun (a day-long one); e.g.
 * earnings after today's close are upcoming at noon, an insider cluster ending today is past.
 */
export function statusOf(
  date: string,
  timeMs: number | null,
  clock: TimelineClock,
): "past" | "upcoming" {
  if (timeMs !== null) return timeMs <= clock.nowMs ? "past" : "upcoming";
  return date <= clock.today ? "past" : "upcoming";
}

/** An event placed on the clock's line. */
export function placed(
  clock: TimelineClock,
  fields: Omit<CatalystEvent, "time" | "status" | "daysFromToday"> & { timeMs: number | null },
): CatalystEvent {
  const { timeMs, ...rest } = fields;
  return {
    date: rest.date,
    time: timeMs === null ? null : new Date(timeMs).toISOString(),
    type: rest.type,
    status: statusOf(rest.date, timeMs, clock),
    daysFromToday: dayOfIso(rest.date) - dayOfIso(clock.today),
    importance: rest.importance,
    title: rest.title,
    details: rest.details,
    source: rest.source,
  };
}

export function inWindow(date: string, clock: TimelineClock): boolean {
  return date >= clock.from && date <= clock.to;
}

const TYPE_ORDER = new Map(CATALYST_TYPES.map((type, index) => [type, index]));

/**
 * By date; within a day, day-long events first, then by instant; then by kind (earnings,
 * ex-dividend, economic, insider cluster, news cluster); then by title.
 */
export function timelineOrder(a: CatalystEvent, b: CatalystEvent): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  const at = a.time === null ? -1 : Date.parse(a.time);
  const bt = b.time === null ? -1 : Date.parse(b.time);
  if (at !== bt) return at - bt;
  const kind = (TYPE_ORDER.get(a.type) ?? 0) - (TYPE_ORDER.get(b.type) ?? 0);
  if (kind !== 0) return kind;
  return a.title < b.title ? -1 : a.title > b.title ? 1 : 0;
}

/** The events in timeline order, with their counts. */
export function timelineOf(events: readonly CatalystEvent[]) {
  const sorted = [...events].sort(timelineOrder);
  const byType = Object.fromEntries(
    CATALYST_TYPES.map((type) => [type, sorted.filter((event) => event.type === type).length]),
  ) as Record<CatalystType, number>;
  return {
    events: sorted,
    counts: {
      total: sorted.length,
      past: sorted.filter((event) => event.status === "past").length,
      upcoming: sorted.filter((event) => event.status === "upcoming").length,
      byType,
    },
    nextEvent: sorted.find((event) => event.status === "upcoming") ?? null,
  };
}
