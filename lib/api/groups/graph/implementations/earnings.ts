import { type DayNumber, isoDate } from "../../../../market/civil-date";
import { upcomingEarnings } from "../../../../market/company-data";
import { nyWallClock } from "../../../../market/ny-time";
import type { EarningsReportRecord, Instrument } from "../../../../market/ports";
import { roundDecimals, roundPercent } from "../../../../market/precision";
import { nextTradingDay } from "../../../../market/trading-days";
import {
  earningsLookbackDays,
  earningsReportsAndCloses,
  quarterOf,
  reactionDayOf,
  sessionClosed,
  surprisePercentOf,
} from "../../../earnings-moves";
import { fromProvider } from "../../../market-data";
import type { Implementations } from "../../../route";
import { DRIFT_SESSIONS, type graphEarningsRoutes } from "../routes/earnings";
import { type GraphDeps, graphCompany } from "./shared";

const DAY_MS = 86_400_000;
const dayOfIso = (iso: string): DayNumber => Math.floor(Date.parse(iso) / DAY_MS);
const round4 = (value: number) => roundDecimals(value, 4);

type Closes = ReadonlyMap<DayNumber, number>;
type Move = NonNullable<ReturnType<typeof quarterOf>>;
type Released = EarningsReportRecord & { epsActual: number };

const HORIZON_KEYS = ["oneSession", "fiveSessions", "twentySessions"] as const;
type Horizon = (typeof HORIZON_KEYS)[number];

/** The close `sessions` NYSE sessions after `day` and its return from `base`; null until closed. */
function driftPoint(day: DayNumber, sessions: number, base: number, closes: Closes, nowMs: number) {
  let target = day;
  for (let step = 0; step < sessions; step++) target = nextTradingDay("equity", target);
  const close = closes.get(target);
  if (!sessionClosed(target, nowMs) || close === undefined) return null;
  return {
    date: isoDate(target),
    close,
    returnPercent: roundPercent(((close - base) / base) * 100),
  };
}

function driftOf(move: Move | undefined, closes: Closes, nowMs: number) {
  const points = DRIFT_SESSIONS.map((sessions) =>
    move ? driftPoint(dayOfIso(move.reactionDate), sessions, move.priceAfter, closes, nowMs) : null,
  );
  return Object.fromEntries(HORIZON_KEYS.map((key, i) => [key, points[i] ?? null])) as Record<
    Horizon,
    ReturnType<typeof driftPoint>
  >;
}

function epsOf(report: Released) {
  const { epsEstimate: estimate, epsActual: actual } = report;
  const result = actual > estimate ? "beat" : actual < estimate ? "miss" : "inline";
  return {
    estimate,
    actual,
    surprise: round4(actual - estimate),
    surprisePercent: roundPercent(surprisePercentOf(estimate, actual)),
    result: result as "beat" | "miss" | "inline",
  };
}

function revenueOf(report: Released) {
  const { revenueEstimate: estimate, revenueActual: actual } = report;
  if (estimate === undefined || actual === undefined || actual === null) return null;
  return {
    estimate,
    actual,
    surprisePercent: roundPercent(surprisePercentOf(estimate, actual)),
  };
}

/** One released report: surprises, the move (the options endpoint's), the drift after it. */
function reportRow(report: Released, closes: Closes, nowMs: number) {
  const move = quarterOf(report, closes, nowMs);
  return {
    date: report.date,
    hour: report.hour,
    reactionDate: isoDate(reactionDayOf(dayOfIso(report.date), report.hour)),
    fiscalQuarter: report.quarter ?? null,
    fiscalYear: report.year ?? null,
    eps: epsOf(report),
    revenue: revenueOf(report),
    move: move
      ? {
          priceBefore: move.priceBefore,
          priceAfter: move.priceAfter,
          movePercent: move.movePercent,
          direction: move.direction,
          impliedMovePercent: move.impliedMovePercent,
        }
      : null,
    drift: driftOf(move, closes, nowMs),
  };
}

type Row = ReturnType<typeof reportRow>;

const meanOrNull = (values: readonly number[]) =>
  values.length === 0
    ? null
    : roundPercent(values.reduce((sum, value) => sum + value, 0) / values.length);

function driftAverages(rows: readonly Row[]) {
  const entries = HORIZON_KEYS.map((key) => {
    const returns = rows.flatMap((row) => {
      const point = row.drift[key];
      return point ? [point.returnPercent] : [];
    });
    return [key, { averageReturnPercent: meanOrNull(returns), reports: returns.length }];
  });
  return Object.fromEntries(entries) as Record<
    Horizon,
    { averageReturnPercent: number | null; reports: number }
  >;
}

/** Aggregates over the listed rows' rounded figures, as a client recomputes them. */
function aggregatesOf(rows: readonly Row[]) {
  const withResult = (result: string) => rows.filter((row) => row.eps.result === result);
  const moves = rows.flatMap((row) => (row.move ? [row.move] : []));
  const implied = moves.flatMap((move) =>
    move.impliedMovePercent === null ? [] : [move.impliedMovePercent],
  );
  const revenueSurprises = rows.flatMap((row) =>
    row.revenue ? [row.revenue.surprisePercent] : [],
  );
  const beats = withResult("beat");
  const misses = withResult("miss");
  return {
    beats: beats.length,
    misses: misses.length,
    inline: rows.length - beats.length - misses.length,
    beatRate: rows.length === 0 ? null : roundPercent((beats.length / rows.length) * 100),
    averageEpsSurprisePercent: meanOrNull(rows.map((row) => row.eps.surprisePercent)),
    averageRevenueSurprisePercent: meanOrNull(revenueSurprises),
    averageAbsoluteMovePercent: meanOrNull(moves.map((move) => Math.abs(move.movePercent))),
    averageImpliedMovePercent: meanOrNull(implied),
    movesCounted: moves.length,
    driftAfterBeats: driftAverages(beats),
    driftAfterMisses: driftAverages(misses),
  };
}

/** The next scheduled report not yet released (a bmo report is upcoming until the open). */
async function nextScheduled(deps: GraphDeps, instrument: Instrument, released: Set<string>) {
  const reference = await fromProvider(() => deps.market.reference(instrument));
  if (reference?.kind !== "equity") return undefined;
  const nowMs = deps.marketClock.now().getTime();
  const { earningsMonths, earningsHour } = reference;
  return upcomingEarnings(instrument.symbol, earningsMonths, earningsHour, nowMs, 2).find(
    (earnings) => !released.has(earnings.date),
  );
}

export const graphEarningsImplementations: Implementations<typeof graphEarningsRoutes, GraphDeps> =
  {
    "graph.earningsHistory": async ({ params, query }, deps) => {
      const instrument = await graphCompany(deps, params.code, "earnings history");
      const now = deps.marketClock.now();
      const today = nyWallClock(now.getTime()).day;
      const fromDay = today - earningsLookbackDays(query.limit);
      const past = await earningsReportsAndCloses(deps, instrument, fromDay, today);
      const released = (past.reports ?? []).filter(
        (report): report is Released => report.epsActual !== null,
      );
      const next = await nextScheduled(deps, instrument, new Set(released.map((r) => r.date)));
      const nextRecord = next && (await nextRecordOf(deps, instrument, next.date));
      const rows = released
        .reverse()
        .slice(0, query.limit)
        .map((report) => reportRow(report, past.closes, now.getTime()));
      return {
        symbol: instrument.symbol,
        code: instrument.code,
        asOf: now.toISOString(),
        window: { from: rows.at(-1)?.date ?? null, to: isoDate(today), limit: query.limit },
        count: rows.length,
        reports: rows,
        aggregates: aggregatesOf(rows),
        nextReport: next
          ? {
              date: next.date,
              hour: next.hour,
              reactionDate: isoDate(reactionDayOf(dayOfIso(next.date), next.hour)),
              epsEstimate: nextRecord?.epsEstimate ?? null,
              revenueEstimate: nextRecord?.revenueEstimate ?? null,
            }
          : null,
      };
    },
  };

/** The source's record of the next report (its consensus estimates), when it has one. */
async function nextRecordOf(deps: GraphDeps, instrument: Instrument, date: string) {
  const source = deps.market.earningsHistory;
  if (!source) return undefined;
  const records = await fromProvider(() => source.earningsReports(instrument.code, date, date));
  return records?.find((record) => record.date === date);
}
