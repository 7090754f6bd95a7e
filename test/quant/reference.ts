import { readFileSync } from "node:fs";

/** Reads one of the shared 60-digit reference files (../shared/reference next to the repo). */
export function loadReference<T>(name: string): T {
  const url = new URL(`../../../shared/reference/${name}`, import.meta.url);
  return JSON.parse(readFileSync(url, "utf8")) as T;
}

/** Machine epsilon 2^-52; the reference headers express tolerances in 2^-53 = EPS/2. */
export const EPS = Number.EPSILON;

export const years = (days: number): number => days / 365;

/** One case of bs_vectors.json (inputs in the API's units, 17-digit reference outputs). */
export interface BsCase {
  id: string;
  underlyingPrice: number;
  strike: number;
  daysToExpiration: number;
  impliedVolatility: number;
  riskFreeRate: number;
  right: "C" | "P";
  price: number;
  delta: number;
  gamma: number;
  theta: number;
  vega: number;
  rho: number;
  cond: Record<"price" | "delta" | "gamma" | "theta" | "vega" | "rho", number>;
}
