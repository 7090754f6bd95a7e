import type { output } from "zod";
import type { Instrument } from "../../../market/ports";
import { roundPercent } from "../../../market/precision";
import { ApiError, invalidParameter } from "../../errors";
import { ivRankReport } from "../../iv-rank";
import { fromProvider } from "../../market-data";
import { type OptionDataDeps, pricingInputsOf } from "../../option-data";
import {
  byRank,
  type PricingInputs,
  premiumScan,
  type RankKey,
  STRATEGIES,
  type Strategy,
} from "../../premium-scanner";
import { DTE_BUCKETS, type feedRow, IV_RANK_BUCKETS } from "./routes";
import { median } from "./underlying-figures";

/**
 * The premium-selling feed: the premium scanner over every optionable stock and ETF, as rows
 * with their underlying; the filters, the keyset pages and the statistics over them.
 */

export type FeedRow = output<typeof feedRow>;

/** The feed's filters as the query gives them (after validation). */
export interface FeedQuery {
  strategy?: Strategy;
  minDte: number;
  maxDte: number;
  maxDelta: number;
  minAnnualizedReturnPercent?: number;
  minProbabilityOtmPercent?: number;
  /** Comma-separated sector names, case-insensitive. */
  sector?: string;
}

/** Underlyings scanned at once: bounds the calls in flight to a vendor. */
const CONCURRENCY = 16;

/** `fn` over `items`, at most `limit` at a time; results in the items' order. */
async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const isFeedUnderlying = (instrument: Instrument) =>
  instrument.hasOptions &&
  (instrument.contractType === "Stock" || instrument.contractType === "ETF");

/** ETF for funds, the GICS sector otherwise ("Unclassified" when the source gives none). */
const sectorOf = (instrument: Instrument) =>
  instrument.contractType === "ETF" ? "ETF" : (instrument.sector ?? "Unclassified");

/** The sectors asked for, as the listings spell them; 400 naming `sector` for an unknown one. */
function sectorsAsked(asked: string | undefined, known: readonly string[]): string[] | null {
  if (asked === undefined) return null;
  const byLowerCase = new Map(known.map((sector) => [sector.toLowerCase(), sector]));
  const names = asked.split(",").map((name) => name.trim().toLowerCase());
  const unknown = names.find((name) => !byLowerCase.has(name));
  if (unknown !== undefined) {
    throw invalidParameter("sector", `must be among ${[...known].sort().join(", ")}`);
  }
  return [...new Set(names.map((name) => byLowerCase.get(name) as string))];
}

/** One underlying's rows, both sides read against one quote; undefined when it has no chains. */
async function underlyingRows(
  deps: OptionDataDeps,
  instrument: Instrument,
  window: ScanWindow,
): Promise<FeedRow[] | undefined> {
  try {
    const inputs: PricingInputs = await pricingInputsOf(deps, instrument);
    const [rank, ...scans] = await Promise.all([
      ivRankReport(deps, instrument),
      ...STRATEGIES.map((strategy) =>
        premiumScan(deps, instrument, { ...window, strategy }, inputs),
      ),
    ]);
    const underlying = {
      symbol: instrument.symbol,
      code: instrument.code,
      companyName: instrument.name,
      sector: sectorOf(instrument),
    };
    return scans.flatMap((scan) =>
      scan.candidates.map((candidate) => ({
        ...underlying,
        strategy: scan.strategy,
        right: scan.right,
        underlyingPrice: inputs.underlyingPrice,
        underlyingLivePrice: inputs.underlyingLivePrice,
        ivRank: rank.ivRank,
        ...candidate,
      })),
    );
  } catch (error) {
    // An underlying the source lists without chains or IV: skipped, counted; outages fail all.
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

/** The scanner's filters a snapshot is computed for. */
type ScanWindow = Pick<FeedQuery, "minDte" | "maxDte" | "maxDelta">;

/** Every feed underlying with its rows of both strategies (undefined: skipped), at asOf. */
interface Snapshot {
  asOf: string;
  underlyings: { instrument: Instrument; sector: string; rows: FeedRow[] | undefined }[];
}

async function computeSnapshot(deps: OptionDataDeps, window: ScanWindow): Promise<Snapshot> {
  const asOf = deps.marketClock.now().toISOString();
  const listings = (await fromProvider(() => deps.market.instruments()))
    .filter(isFeedUnderlying)
    .sort((a, b) => a.code.localeCompare(b.code));
  const rows = await mapConcurrently(listings, CONCURRENCY, (instrument) =>
    underlyingRows(deps, instrument, window),
  );
  return {
    asOf,
    underlyings: listings.map((instrument, i) => ({
      instrument,
      sector: sectorOf(instrument),
      rows: rows[i],
    })),
  };
}

/** Snapshots kept per market-data source (a test's source never sees another's). */
const SNAPSHOTS_PER_SOURCE = 8;
const snapshots = new WeakMap<object, Map<string, Promise<Snapshot>>>();

/**
 * The feed over the whole universe for a scan window, computed at most once per market-clock
 * minute per function instance (a universe scan reads every underlying's chains and IV
 * history): the pages and statistics of that minute read the same figures.
 */
export function feedSnapshot(deps: OptionDataDeps, window: ScanWindow): Promise<Snapshot> {
  const minute = Math.floor(deps.marketClock.now().getTime() / 60_000);
  const key = [
    minute,
    window.minDte,
    window.maxDte,
    window.maxDelta,
    deps.defaultRiskFreeRatePercent,
  ].join("|");
  let bySource = snapshots.get(deps.market);
  if (!bySource) {
    bySource = new Map();
    snapshots.set(deps.market, bySource);
  }
  let snapshot = bySource.get(key);
  if (!snapshot) {
    snapshot = computeSnapshot(deps, window);
    bySource.set(key, snapshot);
    if (bySource.size > SNAPSHOTS_PER_SOURCE)
      bySource.delete(bySource.keys().next().value as string);
    // A failed scan (an outage) is not kept: the next request tries again.
    snapshot.catch(() => bySource?.delete(key));
  }
  return snapshot;
}

/** Forget every snapshot (the bench measures a computation, tests start clean). */
export function clearFeedSnapshots(deps: Pick<OptionDataDeps, "market">): void {
  snapshots.delete(deps.market);
}

/** Every row of the feed for the filters, best first, with what was scanned. */
export async function feedRows(deps: OptionDataDeps, query: FeedQuery) {
  // The sectors are checked against the listings before the (possibly long) universe scan.
  const listings = (await fromProvider(() => deps.market.instruments())).filter(isFeedUnderlying);
  const sectors = sectorsAsked(query.sector, [...new Set(listings.map(sectorOf))]);
  const snapshot = await feedSnapshot(deps, query);
  const scanned = snapshot.underlyings.filter(
    (underlying) => sectors === null || sectors.includes(underlying.sector),
  );
  const strategies: Strategy[] = query.strategy ? [query.strategy] : [...STRATEGIES];
  const minReturn = query.minAnnualizedReturnPercent ?? Number.NEGATIVE_INFINITY;
  const minPop = query.minProbabilityOtmPercent ?? Number.NEGATIVE_INFINITY;
  const rows = scanned
    .flatMap((underlying) => underlying.rows ?? [])
    .filter(
      (row) =>
        strategies.includes(row.strategy) &&
        row.annualizedReturnPercent >= minReturn &&
        row.probabilityOtmPercent >= minPop,
    )
    .sort(byRank);
  return {
    asOf: snapshot.asOf,
    rows,
    filters: {
      strategies,
      minDte: query.minDte,
      maxDte: query.maxDte,
      maxDelta: query.maxDelta,
      minAnnualizedReturnPercent: query.minAnnualizedReturnPercent ?? null,
      minProbabilityOtmPercent: query.minProbabilityOtmPercent ?? null,
      sectors,
    },
    universe: {
      underlyingsScanned: scanned.length,
      underlyingsSkipped: scanned.filter((underlying) => underlying.rows === undefined).length,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Pages: keyset cursors over the sort fields
// ---------------------------------------------------------------------------------------------

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function encodeCursor(row: RankKey): string {
  const key = [
    row.annualizedReturnPercent,
    row.probabilityOtmPercent,
    row.expiration,
    row.contract,
  ];
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

/** The sort key a cursor carries; 400 naming `cursor` for anything this feed did not issue. */
export function decodeCursor(cursor: string): RankKey {
  const refused = () => invalidParameter("cursor", "is not a cursor of this feed");
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw refused();
  }
  if (!Array.isArray(key) || key.length !== 4) throw refused();
  const [annualizedReturnPercent, probabilityOtmPercent, expiration, contract] = key;
  if (
    !Number.isFinite(annualizedReturnPercent) ||
    !Number.isFinite(probabilityOtmPercent) ||
    typeof expiration !== "string" ||
    !ISO_DAY.test(expiration) ||
    typeof contract !== "string"
  ) {
    throw refused();
  }
  return { annualizedReturnPercent, probabilityOtmPercent, expiration, contract };
}

/** The page after `cursor` (from the start without one) and the cursor of the next. */
export function pageOf(rows: readonly FeedRow[], limit: number, cursor: string | undefined) {
  const after = cursor === undefined ? undefined : decodeCursor(cursor);
  const start = after === undefined ? 0 : rows.findIndex((row) => byRank(after, row) < 0);
  const remaining = start < 0 ? [] : rows.slice(start);
  const page = remaining.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: remaining.length > limit && last ? encodeCursor(last) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------------------------

const medianPercent = (values: readonly number[]) => {
  const middle = median(values);
  return middle === null ? null : roundPercent(middle);
};

/** Rows, distinct underlyings and the two medians of a set of rows. */
function counts(rows: readonly FeedRow[]) {
  return {
    rows: rows.length,
    underlyings: new Set(rows.map((row) => row.code)).size,
    medianAnnualizedReturnPercent: medianPercent(rows.map((row) => row.annualizedReturnPercent)),
    medianProbabilityOtmPercent: medianPercent(rows.map((row) => row.probabilityOtmPercent)),
  };
}

/** The IV rank of each underlying with rows, and how they spread over the buckets. */
function ivRankDistribution(rows: readonly FeedRow[]) {
  const ranks = [...new Map(rows.map((row) => [row.code, row.ivRank])).values()];
  const last = IV_RANK_BUCKETS.length - 1;
  return {
    underlyings: ranks.length,
    medianIvRank: medianPercent(ranks),
    buckets: IV_RANK_BUCKETS.map(([from, to], i) => ({
      bucket: `${from}-${to}`,
      from,
      to,
      underlyings: ranks.filter((rank) => rank >= from && (rank < to || (i === last && rank <= to)))
        .length,
    })),
  };
}

/** The feed's statistics (see the stats route's description). */
export function feedStatistics(rows: readonly FeedRow[], strategies: readonly Strategy[]) {
  const sectors = [...new Set(rows.map((row) => row.sector))].sort();
  return {
    ...counts(rows),
    byStrategy: strategies.map((strategy) => ({
      strategy,
      ...counts(rows.filter((row) => row.strategy === strategy)),
    })),
    bySector: sectors.map((sector) => ({
      sector,
      ...counts(rows.filter((row) => row.sector === sector)),
    })),
    byDteBucket: DTE_BUCKETS.map(([minDte, maxDte]) => ({
      bucket: `${minDte}-${maxDte}`,
      minDte,
      maxDte,
      ...counts(
        rows.filter((row) => row.daysToExpiration >= minDte && row.daysToExpiration <= maxDte),
      ),
    })),
    ivRankDistribution: ivRankDistribution(rows),
  };
}
