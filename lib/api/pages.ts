import { invalidParameter } from "./errors";

/**
 * Keyset pages over lists ranked by one number, highest first, ties by id ascending (news by
 * publication time, top stories by score, search by relevance). The cursor carries the last
 * row's rank and id, base64url: the next page starts after it, so a row never appears twice
 * or is skipped as long as rows keep their rank.
 */

export interface RankedRow {
  /** Higher first. */
  rank: number;
  id: string;
}

/** Highest rank first, then id ascending: the order `rankedPage` expects its rows in. */
export function byRankThenId(a: RankedRow, b: RankedRow): number {
  return b.rank - a.rank || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function encodeRankCursor(row: RankedRow): string {
  return Buffer.from(JSON.stringify([row.rank, row.id])).toString("base64url");
}

/** The rank and id a cursor carries; 400 naming `cursor` for anything this API did not issue. */
export function decodeRankCursor(cursor: string): RankedRow {
  const refused = () => invalidParameter("cursor", "is not a cursor of this list");
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw refused();
  }
  if (!Array.isArray(key) || key.length !== 2) throw refused();
  const [rank, id] = key;
  if (!Number.isFinite(rank) || typeof id !== "string") throw refused();
  return { rank, id };
}

/**
 * The page after `cursor` (from the start without one) of rows sorted by `byRankThenId`, and
 * the cursor of the next page (null on the last).
 */
export function rankedPage<T extends RankedRow>(
  rows: readonly T[],
  limit: number,
  cursor: string | undefined,
): { rows: T[]; nextCursor: string | null } {
  const after = cursor === undefined ? undefined : decodeRankCursor(cursor);
  const start = after === undefined ? 0 : rows.findIndex((row) => byRankThenId(after, row) < 0);
  const remaining = start < 0 ? [] : rows.slice(start);
  const page = remaining.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: remaining.length > limit && last ? encodeRankCursor(last) : null,
  };
}
