import { roundPercent } from "../market/precision";

/**
 * The stock's reaction to an FDA event, and the simulated world's outcome rule, both from the
 * regular-session closes as /market/stocks/{code}/chart serves them (to the tick).
 *
 * Reaction: the close-to-close move of the event's session (the first session on or after the
 * event's date), changePercent = (close / previousClose − 1) × 100, 4 decimals.
 *
 * Outcome rule (simulated world only; the simulated market has no FDA shocks, so the decision
 * is read off the market instead of the market reacting to it): the event's move is "bad" when
 * it is among the lowest LOW_SHARE of the moves of that session and the LOOKBACK_SESSIONS
 * sessions before it: with the full lookback, lower than all but at most 32 of those 250 (the
 * lowest 33 of 251, 13.1 %). A bad move on a decision day is a complete response letter, on an
 * advisory-committee day an unfavourable vote; otherwise an approval or a favourable vote. So
 * about 87 % of decisions are approvals (the FDA approves about 85-90 % of the NDAs and BLAs
 * that reach an action date on their first cycle's goal), and only moves known by then decide.
 */

export const LOOKBACK_SESSIONS = 250;
export const LOW_SHARE = 33 / 251;

export interface DatedClose {
  date: string;
  close: number;
}

export interface Reaction {
  /** The session measured: the event's date, or the first session after it. */
  date: string;
  previousClose: number;
  close: number;
  changePercent: number;
}

/** The index of the first session dated on or after `date`; -1 when none. */
function sessionIndex(closes: readonly DatedClose[], date: string): number {
  return closes.findIndex((session) => session.date >= date);
}

/** The reaction on `date`'s session; undefined without that session and the one before. */
export function reactionOn(closes: readonly DatedClose[], date: string): Reaction | undefined {
  const index = sessionIndex(closes, date);
  if (index < 1) return undefined;
  const session = closes[index] as DatedClose;
  const previous = closes[index - 1] as DatedClose;
  return {
    date: session.date,
    previousClose: previous.close,
    close: session.close,
    changePercent: roundPercent((session.close / previous.close - 1) * 100),
  };
}

/**
 * Whether `date`'s session moved among the lowest LOW_SHARE of it and the LOOKBACK_SESSIONS
 * before it (fewer where the history is shorter); undefined without the session's move.
 */
export function isAmongLowestMoves(
  closes: readonly DatedClose[],
  date: string,
): boolean | undefined {
  const index = sessionIndex(closes, date);
  if (index < 1) return undefined;
  const move = (i: number) =>
    (closes[i] as DatedClose).close / (closes[i - 1] as DatedClose).close - 1;
  const own = move(index);
  const first = Math.max(1, index - LOOKBACK_SESSIONS);
  let lower = 0;
  for (let i = first; i < index; i++) if (move(i) < own) lower += 1;
  const compared = index - first;
  return lower < Math.round(LOW_SHARE * (compared + 1));
}
