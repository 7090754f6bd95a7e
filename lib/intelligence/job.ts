import { ApiError } from "../api/errors";
import { fromProvider } from "../api/market-data";
import type { Instrument } from "../market/ports";
import { type AnalysisDeps, analyseStock } from "./analysis";
import { VOTES, type Vote } from "./opinion";
import { TARGET_DTE } from "./rules";

/**
 * The scheduled verdict job: runs the committee on the universe's optionable stocks (or the most
 * active of them) and stores each verdict as the stock's latest, the one GET
 * /intelligence/{code}/conviction serves. AWS runs it daily after the close
 * (functions/intelligence-job.ts); `npm start` runs the most active at start and the universe
 * after each close (local/verdict-schedule.ts).
 *
 * A stock whose analysis fails (any error: 500 AI_ERROR while the narrative backend is down, 503
 * from a source) is logged and counted, and the run goes on; only listing the universe (and,
 * for the most active, reading its quotes) failing fails the whole run.
 */

export type VerdictJobScope = "universe" | "most-active";

/** How many stocks the "most-active" scope analyses unless told otherwise. */
export const DEFAULT_MOST_ACTIVE = 10;

/**
 * Stocks analysed at once. Two: a stock's analysis mostly waits on reads (the table, a vendor,
 * the narrative backend), so two overlap those waits, while the CPU-bound parts (the graph, the
 * chains' analytics) share the function's one vCPU without one stock starving the other.
 */
export const JOB_CONCURRENCY = 2;

/** Quotes read at once when ranking by volume (a vendor behind the cache is rate-limited). */
const QUOTE_CONCURRENCY = 8;

export interface VerdictJobOptions {
  scope: VerdictJobScope;
  /** The "most-active" scope's size; DEFAULT_MOST_ACTIVE when absent. */
  mostActive?: number;
  /** Days to the put's expiration; TARGET_DTE.default (as the analysis endpoint) when absent. */
  targetDte?: number;
  /**
   * Asked before each stock is started: true stops the run there (the Lambda's time nearly up,
   * the local runtime stopping). The stocks in progress finish; the rest count as skipped.
   */
  shouldStop?: () => boolean;
}

export interface VerdictJobFailure {
  code: string;
  /** The API error code (AI_ERROR, MARKET_DATA_UNAVAILABLE, ...), else the error's name. */
  error: { code: string; message: string };
}

export interface VerdictJobSummary {
  scope: VerdictJobScope;
  targetDte: number;
  /** Stocks in scope: the optionable stocks, or the most active of them. */
  selected: number;
  /** Stocks whose analysis was started (selected − skipped). */
  attempted: number;
  /** Verdicts stored. */
  stored: number;
  failed: VerdictJobFailure[];
  /** Stocks never started because the run was stopped (`shouldStop`). */
  skipped: number;
  /** Stored verdicts by FinalVerdict. */
  byVerdict: Record<Vote, number>;
  /** The market clock when the run began: what each verdict's analysedAt is read against. */
  marketTime: string;
  /** Real time, ISO 8601, and the run's length in milliseconds. */
  startedAt: string;
  finishedAt: string;
  durationMs: number;
}

/** Stocks with listed options: the committee's universe (it reads a company's filings). */
export async function optionableStocks(deps: AnalysisDeps): Promise<Instrument[]> {
  const instruments = await fromProvider(() => deps.market.instruments());
  return instruments.filter((i) => i.contractType === "Stock" && i.hasOptions);
}

/**
 * The `count` stocks with the most shares traded today at the market clock (the quote's volume,
 * as GET /market/quote/{code} serves it), most first; ties by code.
 */
export async function mostActiveStocks(
  deps: AnalysisDeps,
  stocks: readonly Instrument[],
  count: number,
): Promise<Instrument[]> {
  const volumes = new Map<string, number>();
  await inPool(stocks, QUOTE_CONCURRENCY, async (stock) => {
    const quote = await fromProvider(() => deps.market.quote(stock.code));
    volumes.set(stock.code, quote?.volume ?? 0);
  });
  const volumeOf = (stock: Instrument) => volumes.get(stock.code) ?? 0;
  return [...stocks]
    .sort((a, b) => volumeOf(b) - volumeOf(a) || a.code.localeCompare(b.code))
    .slice(0, count);
}

export async function runVerdictJob(
  deps: AnalysisDeps,
  options: VerdictJobOptions,
): Promise<VerdictJobSummary> {
  const startedMs = deps.clock.now().getTime();
  const marketTime = deps.marketClock.now().toISOString();
  const targetDte = options.targetDte ?? TARGET_DTE.default;
  const universe = await optionableStocks(deps);
  const selected =
    options.scope === "universe"
      ? universe
      : await mostActiveStocks(deps, universe, options.mostActive ?? DEFAULT_MOST_ACTIVE);

  const failed: VerdictJobFailure[] = [];
  const byVerdict = Object.fromEntries(VOTES.map((vote) => [vote, 0])) as Record<Vote, number>;
  let attempted = 0;
  await inPool(
    selected,
    JOB_CONCURRENCY,
    async (stock) => {
      attempted++;
      try {
        const answer = await analyseStock(deps, stock, { targetDte, trigger: "schedule" });
        byVerdict[answer.FinalVerdict]++;
      } catch (error) {
        const failure = failureOf(stock.code, error);
        failed.push(failure);
        deps.log.error("intelligence job: stock failed", { ...failure, cause: causeOf(error) });
      }
    },
    options.shouldStop,
  );

  const finishedMs = deps.clock.now().getTime();
  return {
    scope: options.scope,
    targetDte,
    selected: selected.length,
    attempted,
    stored: attempted - failed.length,
    failed,
    skipped: selected.length - attempted,
    byVerdict,
    marketTime,
    startedAt: new Date(startedMs).toISOString(),
    finishedAt: new Date(finishedMs).toISOString(),
    durationMs: finishedMs - startedMs,
  };
}

function failureOf(code: string, error: unknown): VerdictJobFailure {
  if (error instanceof ApiError)
    return { code, error: { code: error.code, message: error.message } };
  const name = error instanceof Error ? error.name : "Error";
  return { code, error: { code: name, message: String(error) } };
}

/** What failed behind the error (a 5xx's causes: the narrative backend's, a source's), for the log. */
function causeOf(error: unknown): string | undefined {
  const causes: string[] = [];
  let cause = error instanceof Error ? error.cause : undefined;
  // A few levels: the API error, the backend's wrapper, what the backend said.
  while (cause !== undefined && causes.length < 5) {
    causes.push(String(cause));
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return causes.length > 0 ? causes.join(" ← ") : undefined;
}

/**
 * Calls `work` on every item, at most `concurrency` at once, in order; once `shouldStop` answers
 * true no further item is started (those started finish).
 */
async function inPool<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
  shouldStop: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !shouldStop()) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
