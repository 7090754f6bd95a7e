import { fromCompanySource } from "../api/company-source";
import { apiError } from "../api/errors";
import { fromProvider } from "../api/market-data";
import { newsViewOf, round4, tickerClusters } from "../api/news-data";
import { type EconomicRelease, economicReleases } from "../calendar/economic";
import type { Deps } from "../deps";
import { reportReleaseMs } from "../graph/earnings-model/features";
import { detectClusters, type InsiderCluster } from "../graph/insiders/clusters";
import { isoDaysBefore } from "../graph/insiders/summary";
import { isoDate } from "../market/civil-date";
import { exDividendDays, PAYMENTS_PER_YEAR, upcomingEarnings } from "../market/company-data";
import { nyInstant, nyWallClock } from "../market/ny-time";
import type {
  DividendSchedule,
  EarningsReportRecord,
  EquityReference,
  Instrument,
} from "../market/ports";
import { roundDecimals, roundDividend, roundMoney, roundPercent } from "../market/precision";
import type { StoryCluster } from "../news/analysis/types";
import {
  type CatalystEvent,
  type CatalystType,
  dayOfIso,
  inWindow,
  NEWS_CLUSTER_MEDIUM_SOURCES,
  NEWS_CLUSTER_MIN_ARTICLES,
  placed,
  type TimelineClock,
} from "./catalyst-timeline";
import { type EvidenceDeps, gather } from "./evidence";
import { compactUsd } from "./risk-assessment";

/**
 * The sources of GET /intelligence/{code}/catalyst-timeline, each read with the code of the
 * endpoint it cites. A source the data cannot give (the news or company-data source down, a
 * 404 of its endpoint) is listed unavailable with the reason and adds no event; the market-data
 * source down fails the whole answer (503).
 */

export type CatalystDeps = EvidenceDeps & Pick<Deps, "graph" | "news">;

/** What one source covered: its events and the days it could see. */
interface SourceRead {
  events: CatalystEvent[];
  from: string;
  to: string;
  /** What it could not see within the window, e.g. past reports without an earnings history. */
  note: string | null;
}

export interface SourceCoverage {
  type: CatalystType;
  endpoints: string[];
  available: boolean;
  /** Why it is unavailable (null when available). */
  reason: string | null;
  note: string | null;
  from: string | null;
  to: string | null;
  events: number;
}

/** Insider clusters are detected over 730 days, GET /graph/{code}/insiders/clusters' default. */
const INSIDER_HISTORY_DAYS = 730;
/** Quarterly reports a year can hold, with one late in the next year. */
const MAX_UPCOMING_REPORTS = 5;
const REGULAR_OPEN_MINUTE = 9 * 60 + 30;

const nyDate = (ms: number) => isoDate(nyWallClock(ms).day);

async function equityReference(deps: CatalystDeps, instrument: Instrument, what: string) {
  const reference = await fromProvider(() => deps.market.reference(instrument));
  if (reference?.kind !== "equity") {
    throw apiError("NO_DATA", {
      what,
      code: instrument.code,
      reason: "the market-data source has no reference figures for it",
    });
  }
  return reference;
}

const quarterOf = (record: EarningsReportRecord | undefined) =>
  record?.quarter !== undefined && record.year !== undefined
    ? `Q${record.quarter} ${record.year} `
    : "";

function earningsDetails(record: EarningsReportRecord | undefined, hour: string) {
  const estimate = record?.epsEstimate ?? null;
  const actual = record?.epsActual ?? null;
  return {
    hour,
    fiscalQuarter: record?.quarter ?? null,
    fiscalYear: record?.year ?? null,
    epsEstimate: estimate,
    epsActual: actual,
    epsSurprisePercent:
      estimate === null || actual === null || estimate === 0
        ? null
        : roundPercent(((actual - estimate) / Math.abs(estimate)) * 100),
    revenueEstimateUsd: record?.revenueEstimate ?? null,
    revenueActualUsd: record?.revenueActual ?? null,
  };
}

/**
 * Released reports from the earnings history (GET /graph/{code}/earnings-history) and the
 * scheduled ones (GET /company/{code}/events), each dated within the window.
 */
async function earningsEvents(
  deps: CatalystDeps,
  instrument: Instrument,
  clock: TimelineClock,
): Promise<SourceRead> {
  const reference = await equityReference(deps, instrument, "earnings dates");
  const history = deps.market.earningsHistory;
  const records = history
    ? ((await fromProvider(() => history.earningsReports(instrument.code, clock.from, clock.to))) ??
      [])
    : [];
  const released = records.filter((r) => r.epsActual !== null && inWindow(r.date, clock));
  const releasedDates = new Set(released.map((r) => r.date));
  const scheduled = upcomingEarnings(
    instrument.symbol,
    reference.earningsMonths,
    reference.earningsHour,
    clock.nowMs,
    MAX_UPCOMING_REPORTS,
  ).filter(
    (e) =>
      reportReleaseMs(e) > clock.nowMs && inWindow(e.date, clock) && !releasedDates.has(e.date),
  );
  const byDate = new Map(records.map((r) => [r.date, r]));
  const event = (date: string, hour: "bmo" | "amc", source: string) => {
    const record = byDate.get(date);
    return placed(clock, {
      date,
      timeMs: reportReleaseMs({ date, hour }),
      type: "earnings",
      importance: "high",
      title: `${instrument.name} ${quarterOf(record)}earnings (${hour === "bmo" ? "before the open" : "after the close"})`,
      details: earningsDetails(record, hour),
      source,
    });
  };
  return {
    events: [
      ...released.map((r) =>
        event(r.date, r.hour, `/v1/graph/${instrument.code}/earnings-history`),
      ),
      ...scheduled.map((e) => event(e.date, e.hour, `/v1/company/${instrument.code}/events`)),
    ],
    from: clock.from,
    to: clock.to,
    note: history
      ? null
      : "the market-data source has no earnings history: released reports are not shown",
  };
}

function exDividendEvent(
  instrument: Instrument,
  dividend: DividendSchedule,
  day: number,
  clock: TimelineClock,
) {
  const perPayment = roundDividend(dividend.annualAmount / PAYMENTS_PER_YEAR[dividend.frequency]);
  return placed(clock, {
    date: isoDate(day),
    timeMs: nyInstant(day, REGULAR_OPEN_MINUTE),
    type: "ex-dividend",
    importance: "medium",
    title: `${instrument.symbol} goes ex-dividend ($${perPayment.toFixed(4)} a share)`,
    details: {
      amountPerShareUsd: perPayment,
      frequency: dividend.frequency,
      annualAmountUsd: roundDividend(dividend.annualAmount),
    },
    source: `/v1/company/${instrument.code}/events`,
  });
}

/** The dividend schedule's ex-dates within the window (GET /company/{code}/events' rule). */
async function exDividendEvents(
  deps: CatalystDeps,
  instrument: Instrument,
  clock: TimelineClock,
): Promise<SourceRead> {
  const reference: EquityReference = await equityReference(deps, instrument, "dividend dates");
  const dividend = reference.dividend;
  const read = { from: clock.from, to: clock.to, note: null };
  if (!dividend || dividend.exDividendMonthDay.length === 0) return { events: [], ...read };
  const fromDay = dayOfIso(clock.from);
  const toDay = dayOfIso(clock.to);
  const days = exDividendDays(
    dividend,
    Number(clock.from.slice(0, 4)),
    Number(clock.to.slice(0, 4)),
  ).filter((day) => day >= fromDay && day <= toDay);
  return { events: days.map((day) => exDividendEvent(instrument, dividend, day, clock)), ...read };
}

function economicEvent(release: EconomicRelease, clock: TimelineClock) {
  const date = nyDate(release.releaseAtMs);
  const surprise =
    release.actual === null || release.consensus === null
      ? null
      : roundDecimals(release.actual - release.consensus, 2);
  return placed(clock, {
    date,
    timeMs: release.releaseAtMs,
    type: "economic",
    importance: release.importance,
    title: `${release.event}, ${release.period}`,
    details: {
      releaseId: release.id,
      indicator: release.indicator,
      period: release.period,
      unit: release.unit,
      consensus: release.consensus,
      previous: release.previous,
      actual: release.actual,
      surprise,
    },
    // The day's calendar: a whole window can exceed the calendar's 93 days.
    source: `/v1/calendar/economic?from=${date}&to=${date}`,
  });
}

/** The high-importance US releases within the window (GET /calendar/economic's). */
function economicEvents(clock: TimelineClock): SourceRead {
  const releases = economicReleases(
    nyInstant(dayOfIso(clock.from), 0),
    nyInstant(dayOfIso(clock.to) + 1, 0),
    clock.nowMs,
  ).filter((release) => release.importance === "high");
  return {
    events: releases.map((release) => economicEvent(release, clock)),
    from: clock.from,
    to: clock.to,
    note: null,
  };
}

function insiderClusterEvent(cluster: InsiderCluster, code: string, clock: TimelineClock) {
  return placed(clock, {
    date: cluster.lastDate,
    timeMs: null,
    type: "insider-cluster",
    importance: "medium",
    title: `${cluster.insiderCount} insiders bought ${compactUsd(cluster.totalValueUsd)} of stock from ${cluster.firstDate} to ${cluster.lastDate}`,
    details: {
      firstDate: cluster.firstDate,
      lastDate: cluster.lastDate,
      insiderCount: cluster.insiderCount,
      purchaseCount: cluster.purchaseCount,
      totalShares: cluster.totalShares,
      totalValueUsd: roundMoney(cluster.totalValueUsd),
      averagePriceUsd: roundDecimals(cluster.averagePrice, 4),
    },
    source: `/v1/graph/${code}/insiders/clusters`,
  });
}

/** Purchase clusters (default parameters) whose last purchase falls within the window's past. */
async function insiderClusterEvents(
  deps: CatalystDeps,
  instrument: Instrument,
  clock: TimelineClock,
): Promise<SourceRead> {
  const trades = await fromCompanySource(() =>
    deps.graph.people.insiderTrades(
      instrument.symbol,
      isoDaysBefore(clock.today, INSIDER_HISTORY_DAYS),
      clock.today,
    ),
  );
  if (!trades) {
    throw apiError("NO_DATA", {
      what: "insider clusters",
      code: instrument.code,
      reason: "the people source does not know the issuer",
    });
  }
  const clusters = detectClusters(trades).filter((c) => inWindow(c.lastDate, clock));
  return {
    events: clusters.map((cluster) => insiderClusterEvent(cluster, instrument.code, clock)),
    from: clock.from,
    to: clock.today < clock.to ? clock.today : clock.to,
    note: null,
  };
}

function newsClusterEvent(cluster: StoryCluster, clock: TimelineClock) {
  const sources = cluster.sourceIds.length;
  return placed(clock, {
    date: nyDate(cluster.firstSeenMs),
    timeMs: cluster.firstSeenMs,
    type: "news-cluster",
    importance: sources >= NEWS_CLUSTER_MEDIUM_SOURCES ? "medium" : "low",
    title: cluster.headline,
    details: {
      clusterId: cluster.id,
      articleCount: cluster.articleIds.length,
      sourceCount: sources,
      lastSeen: new Date(cluster.lastSeenMs).toISOString(),
      averageSentimentScore: round4(cluster.averageSentiment.score),
      averageSentimentLabel: cluster.averageSentiment.label,
    },
    source: `/v1/news/clusters/${cluster.id}`,
  });
}

/** The news window's story clusters naming the ticker, of 2+ articles, first seen in the window. */
async function newsClusterEvents(
  deps: CatalystDeps,
  instrument: Instrument,
  clock: TimelineClock,
): Promise<SourceRead> {
  const view = await newsViewOf(deps);
  const clusters = tickerClusters(view, instrument.symbol).filter(
    (cluster) =>
      cluster.articleIds.length >= NEWS_CLUSTER_MIN_ARTICLES &&
      inWindow(nyDate(cluster.firstSeenMs), clock),
  );
  const windowStart = nyDate(view.windowStartMs);
  const from = windowStart > clock.from ? windowStart : clock.from;
  return {
    events: clusters.map((cluster) => newsClusterEvent(cluster, clock)),
    from,
    to: clock.today < clock.to ? clock.today : clock.to,
    note:
      from > clock.from
        ? `the news source serves ${Math.round((view.asOfMs - view.windowStartMs) / 86_400_000)} days: stories before ${from} are not shown`
        : null,
  };
}

/** Each source's reader and the endpoint it cites. */
function readers(deps: CatalystDeps, instrument: Instrument, clock: TimelineClock) {
  const code = instrument.code;
  return [
    {
      type: "earnings",
      endpoints: [`/v1/company/${code}/events`, `/v1/graph/${code}/earnings-history`],
      read: () => earningsEvents(deps, instrument, clock),
    },
    {
      type: "ex-dividend",
      endpoints: [`/v1/company/${code}/events`],
      read: () => exDividendEvents(deps, instrument, clock),
    },
    {
      type: "economic",
      endpoints: ["/v1/calendar/economic"],
      read: async () => economicEvents(clock),
    },
    {
      type: "insider-cluster",
      endpoints: [`/v1/graph/${code}/insiders/clusters`],
      read: () => insiderClusterEvents(deps, instrument, clock),
    },
    {
      type: "news-cluster",
      endpoints: [`/v1/company/${code}/clusters`],
      read: () => newsClusterEvents(deps, instrument, clock),
    },
  ] as const;
}

/** Every source's events within the clock's window, and what each covered. */
export async function gatherCatalysts(
  deps: CatalystDeps,
  instrument: Instrument,
  clock: TimelineClock,
): Promise<{ events: CatalystEvent[]; sources: SourceCoverage[] }> {
  const sources = readers(deps, instrument, clock);
  const reads = await Promise.all(sources.map((source) => gather(source.read)));
  const coverage = sources.map((source, index): SourceCoverage => {
    const read = reads[index] as Awaited<ReturnType<typeof gather<SourceRead>>>;
    const found = "evidence" in read ? read.evidence : null;
    return {
      type: source.type,
      endpoints: [...source.endpoints],
      available: found !== null,
      reason: "missing" in read ? read.missing : null,
      note: found?.note ?? null,
      from: found?.from ?? null,
      to: found?.to ?? null,
      events: found?.events.length ?? 0,
    };
  });
  const events = reads.flatMap((read) => ("evidence" in read ? read.evidence.events : []));
  return { events, sources: coverage };
}
