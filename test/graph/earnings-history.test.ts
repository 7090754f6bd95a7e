import { describe, expect, it } from "vitest";
import { GRAPH_EARNINGS_EXAMPLES } from "../../lib/api/examples/graph-earnings";
import { graphEarningsRoutes as routes } from "../../lib/api/groups/graph/routes/earnings";
import { optionsRoutes } from "../../lib/api/groups/options/routes";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import type { Deps } from "../../lib/deps";
import { isoDate } from "../../lib/market/civil-date";
import { nyWallClock } from "../../lib/market/ny-time";
import { callRoute } from "../setup/call-route";
import { simulatedWorldDeps } from "../setup/graph-deps";
import { expectInvalid, refusal } from "../setup/refusals";

process.env.SIM_NOW = EXAMPLE_TIME;

/**
 * GET /graph/{code}/earnings-history on the simulated world at EXAMPLE_TIME (Monday 2026-11-23
 * 10:00 New York) and at instants around reports: the surprises recomputed from the estimates
 * and actuals, the drift recomputed from the daily bars, the moves equal to
 * /options/{code}/earnings-move-history's, the aggregates recomputed from the rows, nothing
 * released after the clock, and the refusals.
 */

const deps = simulatedWorldDeps(EXAMPLE_TIME);
/** amc and bmo reporters; GILD's amc report of Thursday 2026-10-29 reacts on Friday. */
const CODES = ["AAPL_NASDAQ", "JPM_NYSE", "GILD_NASDAQ", "MRK_NYSE", "NVDA_NASDAQ"];
const DAY_MS = 86_400_000;
const TIMEOUT_MS = 120_000;

type History = Awaited<ReturnType<typeof historyOf>>;
type Row = History["reports"][number];

function historyOf(code: string, query: { limit?: string } = {}, on: Deps = deps) {
  return callRoute(routes.earningsHistory, { params: { code }, query }, on);
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Closed regular sessions up to the clock: yyyy-MM-dd → close, oldest first (from the bars). */
async function closedSessions(code: string, on: Deps, fromIso: string) {
  const nowMs = on.marketClock.now().getTime();
  const bars = await on.market.bars(code, {
    period: 5,
    from: Date.parse(fromIso) - 10 * DAY_MS,
    to: nowMs + 1,
    extended: false,
  });
  const sessions = (bars ?? []).map((bar) => ({
    date: isoDate(nyWallClock(bar.timestamp).day),
    close: Math.round(bar.close * 100) / 100,
  }));
  // Today's bar is the session in progress until the close (16:00, 13:00 on early closes).
  const last = sessions.at(-1);
  const { hour } = nyWallClock(nowMs);
  if (last?.date === isoDate(nyWallClock(nowMs).day) && hour < 16) sessions.pop();
  return sessions;
}

describe("GET /graph/{code}/earnings-history at EXAMPLE_TIME", () => {
  it(
    "recomputes each report's EPS and revenue surprises",
    async () => {
      for (const code of CODES) {
        const history = await historyOf(code);
        expect(history.count, code).toBe(12);
        for (const { eps, revenue } of history.reports) {
          expect(eps.surprise).toBeCloseTo(eps.actual - eps.estimate, 10);
          const expected = ((eps.actual - eps.estimate) / Math.abs(eps.estimate)) * 100;
          expect(eps.surprisePercent).toBeCloseTo(expected, 4);
          expect(eps.result).toBe(
            eps.actual > eps.estimate ? "beat" : eps.actual < eps.estimate ? "miss" : "inline",
          );
          expect(revenue).not.toBeNull();
          if (!revenue) continue;
          const revenueExpected =
            ((revenue.actual - revenue.estimate) / Math.abs(revenue.estimate)) * 100;
          expect(revenue.surprisePercent).toBeCloseTo(revenueExpected, 4);
        }
      }
    },
    TIMEOUT_MS,
  );

  it(
    "recomputes the move and the 1/5/20-session drift from the daily bars",
    async () => {
      let nullDrifts = 0;
      for (const code of CODES) {
        const history = await historyOf(code, { limit: "40" });
        const oldest = history.reports.at(-1)?.date as string;
        const sessions = await closedSessions(code, deps, oldest);
        const index = new Map(sessions.map((session, i) => [session.date, i]));
        for (const row of history.reports) {
          const reaction = index.get(row.reactionDate) as number;
          expect(reaction, `${code} ${row.reactionDate}`).toBeDefined();
          const move = row.move as NonNullable<Row["move"]>;
          expect(move).not.toBeNull();
          expect(move.priceAfter).toBe(sessions[reaction]?.close);
          // bmo: the previous session's close; amc: the report day's, the session before too.
          expect(move.priceBefore).toBe(sessions[reaction - 1]?.close);
          const horizons = [
            [1, row.drift.oneSession],
            [5, row.drift.fiveSessions],
            [20, row.drift.twentySessions],
          ] as const;
          for (const [n, point] of horizons) {
            const later = sessions[reaction + n];
            if (!later) {
              expect(point, `${code} ${row.date} +${n}`).toBeNull();
              nullDrifts++;
              continue;
            }
            expect(point).toMatchObject({ date: later.date, close: later.close });
            const expected = ((later.close - move.priceAfter) / move.priceAfter) * 100;
            expect(point?.returnPercent).toBeCloseTo(expected, 4);
          }
        }
      }
      // Late-October reports' 20-session drift ends after the clock.
      expect(nullDrifts).toBeGreaterThan(0);
    },
    TIMEOUT_MS,
  );

  it(
    "shows the moves /options/{code}/earnings-move-history shows",
    async () => {
      for (const code of CODES) {
        const [history, options] = await Promise.all([
          historyOf(code),
          callRoute(optionsRoutes.earningsMoveHistory, { params: { code } }, deps),
        ]);
        const withMove = history.reports.filter((row) => row.move !== null);
        expect(withMove.length, code).toBe(options.quarters.length);
        withMove.forEach((row, i) => {
          const quarter = options.quarters[i];
          expect(row.move).toEqual({
            priceBefore: quarter?.priceBefore,
            priceAfter: quarter?.priceAfter,
            movePercent: quarter?.movePercent,
            direction: quarter?.direction,
            impliedMovePercent: quarter?.impliedMovePercent,
          });
          expect([row.date, row.hour, row.reactionDate]).toEqual([
            quarter?.date,
            quarter?.timing,
            quarter?.reactionDate,
          ]);
          expect([row.eps.estimate, row.eps.actual, row.eps.surprisePercent]).toEqual([
            quarter?.epsEstimate,
            quarter?.epsActual,
            quarter?.surprisePercent,
          ]);
        });
        expect(history.aggregates.averageAbsoluteMovePercent).toBe(
          options.averageAbsoluteMovePercent,
        );
        expect(history.aggregates.beatRate).toBe(options.beatRate);
      }
    },
    TIMEOUT_MS,
  );

  it(
    "recomputes the aggregates from the rows",
    async () => {
      for (const code of CODES) {
        const { reports, aggregates } = await historyOf(code, { limit: "40" });
        const beats = reports.filter((row) => row.eps.result === "beat");
        const misses = reports.filter((row) => row.eps.result === "miss");
        expect(aggregates.beats + aggregates.misses + aggregates.inline).toBe(reports.length);
        expect([aggregates.beats, aggregates.misses]).toEqual([beats.length, misses.length]);
        expect(aggregates.beatRate).toBeCloseTo((beats.length / reports.length) * 100, 4);
        expect(aggregates.averageEpsSurprisePercent).toBeCloseTo(
          mean(reports.map((row) => row.eps.surprisePercent)),
          4,
        );
        expect(aggregates.averageRevenueSurprisePercent).toBeCloseTo(
          mean(reports.map((row) => row.revenue?.surprisePercent as number)),
          4,
        );
        const moves = reports.map((row) => row.move as NonNullable<Row["move"]>);
        expect(aggregates.averageAbsoluteMovePercent).toBeCloseTo(
          mean(moves.map((move) => Math.abs(move.movePercent))),
          4,
        );
        for (const [rows, averages] of [
          [beats, aggregates.driftAfterBeats],
          [misses, aggregates.driftAfterMisses],
        ] as const) {
          for (const key of ["oneSession", "fiveSessions", "twentySessions"] as const) {
            const returns = rows.flatMap((row) => {
              const point = row.drift[key];
              return point ? [point.returnPercent] : [];
            });
            expect(averages[key].reports).toBe(returns.length);
            if (returns.length === 0) expect(averages[key].averageReturnPercent).toBeNull();
            else expect(averages[key].averageReturnPercent).toBeCloseTo(mean(returns), 4);
          }
        }
      }
    },
    TIMEOUT_MS,
  );

  it(
    "lists `limit` reports newest first (12 by default), states the window, answers the example",
    async () => {
      const all = await historyOf("AAPL_NASDAQ", { limit: "40" });
      const shown = await historyOf("AAPL_NASDAQ");
      expect(all.count).toBe(40);
      expect(shown.reports).toEqual(all.reports.slice(0, 12));
      const dates = all.reports.map((row) => row.date);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(shown.window).toEqual({ from: shown.reports[11]?.date, to: "2026-11-23", limit: 12 });
      expect(shown.nextReport).toMatchObject({ date: "2027-01-27", hour: "amc" });
      const example = GRAPH_EARNINGS_EXAMPLES["graph.earningsHistory"];
      expect(await historyOf("AAPL_NASDAQ", { limit: "2" })).toEqual(example?.data);
    },
    TIMEOUT_MS,
  );
});

describe("nothing is known before it happened", () => {
  /** AAPL reports Wednesday 2026-10-28 after the close (16:00 New York = 20:00Z in EDT). */
  const at = (instant: string) => simulatedWorldDeps(instant);

  it(
    "an amc report: not listed before its release, the next one with its estimates",
    async () => {
      const later = await historyOf("AAPL_NASDAQ");
      const report = later.reports[0] as Row;
      expect(report.date).toBe("2026-10-28");

      const before = await historyOf("AAPL_NASDAQ", {}, at("2026-10-28T19:00:00Z"));
      expect(before.reports[0]?.date).toBe("2026-07-29");
      expect(before.nextReport).toEqual({
        date: "2026-10-28",
        hour: "amc",
        reactionDate: "2026-10-29",
        epsEstimate: report.eps.estimate,
        revenueEstimate: report.revenue?.estimate,
      });

      const released = await historyOf("AAPL_NASDAQ", {}, at("2026-10-28T20:30:00Z"));
      const fresh = released.reports[0] as Row;
      expect(fresh).toMatchObject({ date: "2026-10-28", eps: report.eps, move: null });
      expect(fresh.drift).toEqual({ oneSession: null, fiveSessions: null, twentySessions: null });
      expect(released.nextReport?.date).toBe("2027-01-27");
      // The rows before it are the same as the later answer's.
      expect(released.reports.slice(1, 6)).toEqual(later.reports.slice(1, 6));
    },
    TIMEOUT_MS,
  );

  it(
    "a drift point appears once its session has closed, equal to the later answer's",
    async () => {
      const later = (await historyOf("AAPL_NASDAQ")).reports[0] as Row;
      // Tuesday 2026-11-03 after the close: one session after the reaction (10-30) is known,
      // five (11-05) is not.
      const mid = (await historyOf("AAPL_NASDAQ", {}, at("2026-11-03T21:30:00Z")))
        .reports[0] as Row;
      expect(mid.move).toEqual(later.move);
      expect(mid.drift.oneSession).toEqual(later.drift.oneSession);
      expect(mid.drift.fiveSessions).toBeNull();
      expect(later.drift.fiveSessions).not.toBeNull();
    },
    TIMEOUT_MS,
  );

  it(
    "a bmo report between its 07:00 release and the open: listed without a move, not next",
    async () => {
      // JPM reports Thursday 2026-10-29 before the open; 08:00 New York = 12:00Z (EDT).
      const history = await historyOf("JPM_NYSE", {}, at("2026-10-29T12:00:00Z"));
      expect(history.reports[0]).toMatchObject({ date: "2026-10-29", move: null });
      expect(history.nextReport?.date).toBe("2027-01-28");
      for (const row of history.reports) expect(row.date <= "2026-10-29").toBe(true);
    },
    TIMEOUT_MS,
  );
});

describe("refusals", () => {
  it("400 naming `limit` for a bad limit", async () => {
    for (const limit of ["0", "41", "2.5", "many"]) {
      await expectInvalid(() => historyOf("AAPL_NASDAQ", { limit }), "limit");
    }
  });

  it("404 SYMBOL_NOT_FOUND for an unknown code, NO_DATA for a fund or an index", async () => {
    expect(await refusal(() => historyOf("AAPX_NASDAQ"))).toMatchObject({
      status: 404,
      code: "SYMBOL_NOT_FOUND",
    });
    for (const code of ["SPY_ARCA", "SPX_INDEX"]) {
      expect(await refusal(() => historyOf(code)), code).toMatchObject({
        status: 404,
        code: "NO_DATA",
      });
    }
  });

  it("503 MARKET_DATA_UNAVAILABLE without an earnings history, as the options endpoint", async () => {
    const world = simulatedWorldDeps(EXAMPLE_TIME);
    const without = { ...world, market: { ...world.market, earningsHistory: undefined } };
    const graph = await refusal(() => historyOf("AAPL_NASDAQ", {}, without));
    const options = await refusal(() =>
      callRoute(optionsRoutes.earningsMoveHistory, { params: { code: "AAPL_NASDAQ" } }, without),
    );
    expect(graph).toMatchObject({ status: 503, code: "MARKET_DATA_UNAVAILABLE" });
    expect(graph.message).toBe(options.message);
  });
});
