/**
 * Euro foreign-exchange reference rates: one figure per currency and publication day, in units
 * of the currency per 1 euro, as the European Central Bank publishes them (around 16:00 CET on
 * each TARGET business day). Every other pair is a cross of two of these (./cross.ts). The
 * simulated source (./sim.ts) draws a deterministic series from the seed and the clock; the ECB
 * adapter (./ecb.ts) reads the ECB's XML files. Neither answers a day before it is published.
 */

/** One publication: the day's rates against the euro. */
export interface FxDay {
  /** The reference date, yyyy-MM-dd (a TARGET business day). */
  date: string;
  /** Units of each currency per 1 EUR (EUR itself is not listed). */
  rates: ReadonlyMap<string, number>;
}

/** Where a source's figures come from, as the answers cite it. */
export interface FxSourceInfo {
  /** FX_PROVIDER: `sim` or `ecb`. */
  provider: "sim" | "ecb";
  name: string;
  url: string | null;
  note: string;
}

/** A source of euro reference rates (FX_PROVIDER). */
export interface FxRateSource {
  readonly info: FxSourceInfo;
  /** The last publication at or before the clock. */
  latest(): Promise<FxDay>;
  /**
   * Every publication dated `from` to `to` (yyyy-MM-dd, inclusive) that is out at the clock,
   * oldest first; [] when there is none.
   */
  history(from: string, to: string): Promise<FxDay[]>;
}

/** The source cannot answer now (unreachable, or it answered something unreadable). */
export class FxDataUnavailable extends Error {
  constructor(
    readonly provider: string,
    reason: string,
  ) {
    super(`${provider}: ${reason}`);
    this.name = "FxDataUnavailable";
  }
}

/** The first reference date the ECB published (4 January 1999). */
export const FIRST_REFERENCE_DATE = "1999-01-04";
