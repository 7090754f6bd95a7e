/**
 * A portfolio simulated on daily closes: bought at target weights at the first close, held,
 * and reset to the target weights at the close of each session `rebalanceAfter` names
 * (fractional shares, no costs, no cash left over, dividends not counted).
 */
export interface RebalancedPortfolio {
  /** The portfolio's value at each session's close; the first is the capital. */
  values: number[];
  /** Sessions (indices) at whose close the holdings were reset to the weights. */
  rebalanceIndices: number[];
  /** Shares of each holding after the last session. */
  finalShares: number[];
}

/**
 * `closes[i][t]`: holding i's close at session t (all equally long, positive); `weights`:
 * decimals summing to 1; `rebalanceAfter(t)`: reset at session t's close (never asked for
 * the first or the last session).
 */
export function simulateRebalanced(
  closes: readonly (readonly number[])[],
  weights: readonly number[],
  capital: number,
  rebalanceAfter: (session: number) => boolean,
): RebalancedPortfolio {
  const sessions = closes[0]?.length ?? 0;
  const closeOf = (i: number, t: number) => (closes[i] as readonly number[])[t] as number;
  const buy = (value: number, t: number) =>
    weights.map((weight, i) => (value * weight) / closeOf(i, t));
  let shares = buy(capital, 0);
  const values = [capital];
  const rebalanceIndices: number[] = [];
  for (let t = 1; t < sessions; t++) {
    let value = 0;
    for (let i = 0; i < shares.length; i++) value += (shares[i] as number) * closeOf(i, t);
    values.push(value);
    if (t < sessions - 1 && rebalanceAfter(t)) {
      shares = buy(value, t);
      rebalanceIndices.push(t);
    }
  }
  return { values, rebalanceIndices, finalShares: shares };
}
