/**
 * The amount ranges of the STOCK Act's periodic transaction reports, as the House and Senate
 * forms print them: a member reports the band a transaction falls in, never its exact value.
 * The estimate used for rankings is the band's midpoint, (min + max) / 2; the open top band
 * ("Over $50,000,000") has no maximum and is estimated at its minimum.
 */

export interface AmountBand {
  /** As filed, e.g. "$1,001 - $15,000" or "Over $50,000,000". */
  label: string;
  /** USD. */
  minUsd: number;
  /** USD; null for the open top band. */
  maxUsd: number | null;
  /** USD: the midpoint, or the minimum for the open top band. */
  estimateUsd: number;
}

const usd = (value: number) => `$${value.toLocaleString("en-US")}`;

function band(minUsd: number, maxUsd: number | null): AmountBand {
  return {
    label: maxUsd === null ? `Over ${usd(minUsd - 1)}` : `${usd(minUsd)} - ${usd(maxUsd)}`,
    minUsd,
    maxUsd,
    estimateUsd: maxUsd === null ? minUsd : (minUsd + maxUsd) / 2,
  };
}

/** The ten bands, smallest first. */
export const AMOUNT_BANDS: readonly AmountBand[] = [
  band(1_001, 15_000),
  band(15_001, 50_000),
  band(50_001, 100_000),
  band(100_001, 250_000),
  band(250_001, 500_000),
  band(500_001, 1_000_000),
  band(1_000_001, 5_000_000),
  band(5_000_001, 25_000_000),
  band(25_000_001, 50_000_000),
  band(50_000_001, null),
];
