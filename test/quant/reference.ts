import { readFileSync } from "node:fs";

/** Reads one of the shared 60-digit reference files (../shared/reference next to the repo). */
export function loadReference<T>(name: string): T {
  const url = new URL(`../../../shared/reference/${name}`, import.meta.url);
  return JSON.parse(readFileSync(url, "utf8")) as T;
}

/** Machine epsilon 2^-52; the reference headers express tolerances in 2^-53 = EPS/2. */
export const EPS = Number.EPSILON;

export const years = (days: number): number => days / 365;
