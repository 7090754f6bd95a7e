/**
 * Maximum drawdown of a value series: the deepest fall from a running peak,
 * max over t of (1 − Vₜ / max_{s ≤ t} V_s), as a fraction (0.25 = 25 %). Indices locate the
 * peak (the first session at that running maximum), the trough (the first session at the
 * deepest point) and the recovery (the first session after the trough back at or above the
 * peak's value; null while still under water). A series that never falls has depth 0 with
 * peak, trough and recovery at index 0.
 */
export interface Drawdown {
  depth: number;
  peakIndex: number;
  troughIndex: number;
  recoveryIndex: number | null;
}

export function maxDrawdown(values: readonly number[]): Drawdown {
  let peakIndex = 0;
  let worst: Drawdown = { depth: 0, peakIndex: 0, troughIndex: 0, recoveryIndex: 0 };
  values.forEach((value, t) => {
    if (value > (values[peakIndex] as number)) peakIndex = t;
    const depth = 1 - value / (values[peakIndex] as number);
    if (depth > worst.depth) worst = { depth, peakIndex, troughIndex: t, recoveryIndex: null };
  });
  if (worst.depth === 0) return worst;
  const peakValue = values[worst.peakIndex] as number;
  for (let t = worst.troughIndex + 1; t < values.length; t++) {
    if ((values[t] as number) >= peakValue) return { ...worst, recoveryIndex: t };
  }
  return worst;
}
