import type { CompanyListing } from "./ports";

/**
 * Company search: ranks listings against a query the way traders type them. Ranks, best
 * first: the exact ticker, a ticker starting with the query, a word of the name starting with
 * it, then fuzzy matches (a ticker or name word within a small Damerau-Levenshtein distance:
 * typos such as "APPL", "Microsfot"). Within a rank: shorter tickers first, then by ticker.
 * Tickers compare without their class separator ("BRKB" finds BRK.B).
 */

export type MatchKind = "ticker" | "tickerPrefix" | "namePrefix" | "fuzzy";

export interface SearchHit {
  listing: CompanyListing;
  match: MatchKind;
}

const RANK: Record<MatchKind, number> = { ticker: 0, tickerPrefix: 1, namePrefix: 2, fuzzy: 3 };

/** Queries shorter than this are never matched fuzzily (too many near misses). */
const MIN_FUZZY_LENGTH = 4;

/** Edits a fuzzy match may need: 1 for 4-7 characters, 2 from 8. */
const allowedEdits = (length: number) => (length >= 8 ? 2 : 1);

/** Upper case, letters and digits only: "brk.b" → "BRKB", "Coca-Cola" → "COCACOLA". */
const compact = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, "");

/** A name's words, compacted: "The Coca-Cola Company" → ["THE", "COCACOLA", "COCA", "COLA", "COMPANY"]. */
function nameWords(name: string): string[] {
  const words = name
    .toUpperCase()
    .split(/[\s,.&/()]+/)
    .filter(Boolean);
  const parts = words.flatMap((word) => (word.includes("-") ? word.split("-") : []));
  return [...words.map(compact), ...parts.map(compact)].filter(Boolean);
}

/** A listing's compacted ticker, name and name words, computed once per listing object. */
interface Keys {
  ticker: string;
  name: string;
  words: string[];
}
const KEYS = new WeakMap<CompanyListing, Keys>();

function keysOf(listing: CompanyListing): Keys {
  let keys = KEYS.get(listing);
  if (!keys) {
    const { symbol, name } = listing;
    keys = { ticker: compact(symbol), name: compact(name), words: nameWords(name) };
    KEYS.set(listing, keys);
  }
  return keys;
}

/** The best match of one listing, or undefined. `query` is compacted, `queryWords` its words. */
function matchOf(
  listing: CompanyListing,
  query: string,
  queryWords: string[],
): MatchKind | undefined {
  const { ticker, name, words } = keysOf(listing);
  if (ticker === query) return "ticker";
  if (ticker.startsWith(query)) return "tickerPrefix";
  if (name.startsWith(query) || words.some((word) => word.startsWith(query))) return "namePrefix";
  if (queryWords.length > 1 && queryWords.every((q) => words.some((w) => w.startsWith(q)))) {
    return "namePrefix";
  }
  if (query.length < MIN_FUZZY_LENGTH) return undefined;
  const edits = allowedEdits(query.length);
  const near = (candidate: string) =>
    Math.abs(candidate.length - query.length) <= edits && withinEdits(candidate, query, edits);
  return near(ticker) || near(name) || words.some(near) ? "fuzzy" : undefined;
}

/** The listings matching `query`, best first, at most `limit`. */
export function searchListings(
  listings: readonly CompanyListing[],
  query: string,
  limit: number,
): SearchHit[] {
  const compacted = compact(query);
  if (compacted === "") return [];
  const queryWords = nameWords(query);
  const hits: SearchHit[] = [];
  for (const listing of listings) {
    const match = matchOf(listing, compacted, queryWords);
    if (match) hits.push({ listing, match });
  }
  hits.sort(
    (a, b) =>
      RANK[a.match] - RANK[b.match] ||
      a.listing.symbol.length - b.listing.symbol.length ||
      a.listing.symbol.localeCompare(b.listing.symbol),
  );
  return hits.slice(0, limit);
}

/**
 * Whether a and b are within `max` edits (insertions, deletions, substitutions and adjacent
 * transpositions: the optimal-string-alignment distance), stopping early once every cell of a
 * row exceeds `max`.
 */
export function withinEdits(a: string, b: string, max: number): boolean {
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(0);
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        distance = Math.min(distance, (before[j - 2] ?? 0) + 1);
      }
      current[j] = distance;
      rowMin = Math.min(rowMin, distance);
    }
    if (rowMin > max) return false;
    before = previous;
    previous = current;
  }
  return (previous[b.length] ?? Number.POSITIVE_INFINITY) <= max;
}
