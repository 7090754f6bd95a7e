/**
 * Return series of prices and portfolios. Simple returns throughout (a portfolio's return is
 * the weighted sum of its holdings' simple returns, which log returns are not).
 */

/** Vₜ / Vₜ₋₁ − 1 for each consecutive pair of values; one fewer than the values. */
export function simpleReturns(values: readonly number[]): number[] {
  const returns: number[] = [];
  for (let t = 1; t < values.length; t++) {
    returns.push((values[t] as number) / (values[t - 1] as number) - 1);
  }
  return returns;
}

/**
 * The returns of a portfolio held at constant weights (rebalanced to them every period):
 * Σᵢ wᵢ · rᵢ,ₜ. `returnsByHolding[i]` is holding i's series; all equally long.
 */
export function constantWeightReturns(
  returnsByHolding: readonly (readonly number[])[],
  weights: readonly number[],
): number[] {
  const length = returnsByHolding[0]?.length ?? 0;
  const out = new Array<number>(length).fill(0);
  returnsByHolding.forEach((returns, i) => {
    const weight = weights[i] as number;
    for (let t = 0; t < length; t++) out[t] = (out[t] as number) + weight * (returns[t] as number);
  });
  return out;
}

/** The value of `start` compounded by each return: [start, start·(1 + r₁), …]; one more than the returns. */
export function compounded(returns: readonly number[], start = 1): number[] {
  const values = [start];
  let value = start;
  for (const r of returns) {
    value *= 1 + r;
    values.push(value);
  }
  return values;
}
