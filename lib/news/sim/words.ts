import type { Draws } from "./text";

/**
 * The newsroom's vocabulary of moves: verbs that say the direction and the size, so that a
 * lexicon reading the text finds the sentiment the figures carry.
 */

export interface Verb {
  /** "jump" */
  present: string;
  /** "jumps" (a headline's present tense) */
  third: string;
  /** "jumped" */
  past: string;
}

const verb = (present: string, past: string, third = `${present}s`): Verb => ({
  present,
  third,
  past,
});

const UP_SMALL = [verb("rise", "rose"), verb("gain", "gained"), verb("climb", "climbed")];
const UP_MEDIUM = [
  verb("jump", "jumped"),
  verb("rally", "rallied", "rallies"),
  verb("climb", "climbed"),
  verb("advance", "advanced"),
];
const UP_LARGE = [verb("surge", "surged"), verb("soar", "soared"), verb("jump", "jumped")];
const DOWN_SMALL = [verb("fall", "fell"), verb("slip", "slipped"), verb("dip", "dipped")];
const DOWN_MEDIUM = [
  verb("slide", "slid"),
  verb("drop", "dropped"),
  verb("fall", "fell"),
  verb("decline", "declined"),
];
const DOWN_LARGE = [
  verb("plunge", "plunged"),
  verb("tumble", "tumbled"),
  verb("sink", "sank"),
  verb("slump", "slumped"),
];

/** A verb for a move of `change` (decimal): its direction and size. */
export function moveVerb(change: number, draws: Draws): Verb {
  const size = Math.abs(change);
  if (change >= 0) return draws.pick(size < 0.02 ? UP_SMALL : size < 0.06 ? UP_MEDIUM : UP_LARGE);
  return draws.pick(size < 0.02 ? DOWN_SMALL : size < 0.06 ? DOWN_MEDIUM : DOWN_LARGE);
}

/** "higher" or "lower". */
export function direction(change: number): string {
  return change >= 0 ? "higher" : "lower";
}

/** "rose" or "fell" (plain, for context sentences). */
export function plainPast(change: number): string {
  return change >= 0 ? "rose" : "fell";
}

/** "gained" or "lost". */
export function gainedOrLost(change: number): string {
  return change >= 0 ? "gained" : "lost";
}
