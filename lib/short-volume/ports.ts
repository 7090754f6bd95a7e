/**
 * Off-exchange short-sale volume by security and trade date, as FINRA publishes it in its daily
 * Reg SHO files: the consolidated NMS ("CNMS") file sums, per exchange-listed security, the
 * regular-hours trades reported to FINRA's trade reporting facilities (the TRFs, where dark
 * pools and wholesalers report, and the ADF). The simulated source (./sim.ts) derives the same
 * records from the simulated tape; the FINRA adapter (./adapters/finra.ts) reads the files.
 *
 * A trade date's file is out once FINRA has published it (./calendar.ts: 18:00 New York on the
 * trade date); neither source answers for a date before that, so nothing is served ahead of
 * the market clock. Volumes are shares: whole in the simulated source, fractional in FINRA's
 * files (fractional-share trades are reported). Dates are yyyy-MM-dd.
 */

/** One security's line of one trade date's file. */
export interface ShortVolumeRecord {
  /** The trade date, yyyy-MM-dd. */
  date: string;
  /** The ticker as the market lists it (BRK.B; FINRA writes BRK/B). */
  symbol: string;
  /** Shares sold short, short-exempt sales included (FINRA's ShortVolume). */
  shortVolume: number;
  /** The short-exempt part of shortVolume (FINRA's ShortExemptVolume). */
  shortExemptVolume: number;
  /** Every share traded in reports to FINRA's facilities (FINRA's TotalVolume). */
  totalVolume: number;
  /**
   * The reporting facilities that contributed (FINRA's Market field): B = FINRA/Nasdaq TRF
   * Chicago, Q = FINRA/Nasdaq TRF Carteret, N = FINRA/NYSE TRF, D = the ADF.
   */
  facilities: string[];
}

/** Every record of one trade date, by symbol. */
export type ShortVolumeDay = ReadonlyMap<string, ShortVolumeRecord>;

/** A source of daily short-sale volume (SHORT_VOLUME_PROVIDER). */
export interface ShortVolumeSource {
  /** `sim` or `finra`. */
  readonly name: string;
  /**
   * One symbol's records of the published sessions dated `from` to `to` (inclusive), oldest
   * first; a session without a record for the symbol is left out. Undefined when the source
   * does not cover the symbol at all (the simulated source: anything but the world's stocks
   * and funds; FINRA's files name no universe, so that adapter answers [] instead).
   */
  dailyShortVolume(
    symbol: string,
    from: string,
    to: string,
  ): Promise<ShortVolumeRecord[] | undefined>;
  /**
   * Every symbol's record of one trade date: what the market-wide endpoints read. Undefined
   * when there is no file for the date (not a session, not yet published, or the source has
   * none); an empty map for a file without records.
   */
  day(date: string): Promise<ShortVolumeDay | undefined>;
}
