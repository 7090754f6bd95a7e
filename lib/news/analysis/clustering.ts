/**
 * Story clusters by leader clustering (single pass, oldest first) on TF-IDF cosine.
 *
 * Each document is compared with the LEADER (first article) of every cluster whose leader was
 * published at most `windowMs` before it. The similarity is
 *
 *   s = cos(v(doc), v(leader)) + tickerBonus · [they share a ticker]
 *
 * and a cluster is out of reach when both name tickers and share none (two companies' stories
 * are two stories, however alike their template wording). The document joins the reachable
 * cluster of highest s if s ≥ threshold (ties: the older leader), else leads a new one.
 *
 * The leader's vector, not the centroid, and each vector built with the IDF of the documents
 * up to it (IncrementalTfIdf): a document's cluster depends only on the documents before it,
 * so appending later articles never moves an earlier one, and a cluster's id, derived from its
 * leader's id, is stable. (Dropping the OLDEST documents from the input is another matter:
 * IDF and earlier clusters come from them, so analyse from a fixed start rather than a sliding
 * one.) The first documents of an input have a rough IDF (all terms are rare among few
 * documents); after some tens of documents it settles. A near-duplicate (`duplicateOf`) joins
 * its original's cluster.
 *
 * Cost: one inverted index over the reachable leaders' terms; per document, the sum of the
 * posting-list lengths of its terms (at most terms × leaders in the window).
 */

import { IncrementalTfIdf, type SparseVector } from "./tfidf";

const HOUR_MS = 3_600_000;
export const DEFAULT_CLUSTER_WINDOW_MS = 72 * HOUR_MS;

export interface ClusterDoc {
  id: string;
  /** The text compared (headline and summary). */
  text: string;
  timeMs: number;
  tickers: readonly string[];
  /** An earlier document this one nearly duplicates: it joins that one's cluster. */
  duplicateOf?: string | null;
}

export interface LeaderClusterOptions {
  /** Minimum similarity s to join a cluster. */
  threshold: number;
  windowMs?: number;
  /** Added to the cosine when the document and the leader share a ticker. */
  tickerBonus?: number;
}

/** "n-3f9a1c0b2e" → "c-3f9a1c0b2e"; an id without the "n-" prefix gets "c-" in front. */
export function clusterIdOf(leaderId: string): string {
  return `c-${leaderId.startsWith("n-") ? leaderId.slice(2) : leaderId}`;
}

interface Leader {
  clusterId: string;
  timeMs: number;
  tickers: ReadonlySet<string>;
}

/** Leaders' term weights by term id; `start` skips the leaders gone out of the window. */
interface Posting {
  leaders: number[];
  weights: number[];
  start: number;
}

/**
 * The cluster id of every document (a map by document id). `docs` oldest first; documents of
 * equal time keep their order.
 */
export function leaderClusters(
  docs: readonly ClusterDoc[],
  options: LeaderClusterOptions,
): Map<string, string> {
  const windowMs = options.windowMs ?? DEFAULT_CLUSTER_WINDOW_MS;
  const tickerBonus = options.tickerBonus ?? 0;
  const tfidf = new IncrementalTfIdf();
  const leaders: Leader[] = [];
  const postings = new Map<number, Posting>();
  const clusterOf = new Map<string, string>();
  let firstReachable = 0;
  let scores = new Float64Array(64);

  for (const doc of [...docs].sort((a, b) => a.timeMs - b.timeMs)) {
    const vector = tfidf.add(doc.text);
    const original = doc.duplicateOf ? clusterOf.get(doc.duplicateOf) : undefined;
    if (original !== undefined) {
      clusterOf.set(doc.id, original);
      continue;
    }
    while (
      firstReachable < leaders.length &&
      doc.timeMs - (leaders[firstReachable] as Leader).timeMs > windowMs
    ) {
      firstReachable++;
    }
    if (scores.length < leaders.length) scores = grow(scores, leaders.length);
    const touched = accumulateCosines(vector, postings, firstReachable, scores);
    const best = bestLeader(
      touched,
      scores,
      leaders,
      new Set(doc.tickers),
      tickerBonus,
      options.threshold,
    );
    for (const leader of touched) scores[leader] = 0;
    if (best !== null) {
      clusterOf.set(doc.id, (leaders[best] as Leader).clusterId);
      continue;
    }
    const clusterId = clusterIdOf(doc.id);
    clusterOf.set(doc.id, clusterId);
    addLeader(vector, leaders.length, postings);
    leaders.push({ clusterId, timeMs: doc.timeMs, tickers: new Set(doc.tickers) });
  }
  return clusterOf;
}

function grow(scores: Float64Array, needed: number): Float64Array<ArrayBuffer> {
  const larger = new Float64Array(Math.max(needed, scores.length * 2));
  larger.set(scores);
  return larger;
}

/** Adds each reachable leader's dot product with `vector` into `scores`; returns the leaders touched. */
function accumulateCosines(
  vector: SparseVector,
  postings: Map<number, Posting>,
  firstReachable: number,
  scores: Float64Array,
): number[] {
  const touched: number[] = [];
  for (let k = 0; k < vector.ids.length; k++) {
    const posting = postings.get(vector.ids[k] as number);
    if (!posting) continue;
    while (
      posting.start < posting.leaders.length &&
      (posting.leaders[posting.start] as number) < firstReachable
    ) {
      posting.start++;
    }
    const weight = vector.weights[k] as number;
    for (let i = posting.start; i < posting.leaders.length; i++) {
      const leader = posting.leaders[i] as number;
      if (scores[leader] === 0) touched.push(leader);
      (scores[leader] as number) += weight * (posting.weights[i] as number);
    }
  }
  return touched;
}

function bestLeader(
  touched: readonly number[],
  scores: Float64Array,
  leaders: readonly Leader[],
  tickers: ReadonlySet<string>,
  tickerBonus: number,
  threshold: number,
): number | null {
  let best: number | null = null;
  let bestScore = threshold;
  for (const index of touched) {
    const cosine = scores[index] as number;
    if (cosine + tickerBonus < bestScore) continue;
    const leader = leaders[index] as Leader;
    const shared = sharesAny(tickers, leader.tickers);
    if (tickers.size > 0 && leader.tickers.size > 0 && !shared) continue;
    const similarity = cosine + (shared ? tickerBonus : 0);
    if (similarity > bestScore || (similarity === bestScore && (best === null || index < best))) {
      best = index;
      bestScore = similarity;
    }
  }
  return best;
}

function sharesAny(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const item of a) if (b.has(item)) return true;
  return false;
}

function addLeader(vector: SparseVector, leader: number, postings: Map<number, Posting>): void {
  for (let k = 0; k < vector.ids.length; k++) {
    const id = vector.ids[k] as number;
    let posting = postings.get(id);
    if (!posting) {
      posting = { leaders: [], weights: [], start: 0 };
      postings.set(id, posting);
    }
    posting.leaders.push(leader);
    posting.weights.push(vector.weights[k] as number);
  }
}
