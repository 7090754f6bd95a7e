import type { DayNumber } from "../civil-date";
import { normal, seedOf, uniform } from "../random";
import { instantOf } from "../trading-days";

/**
 * The options trade tape and the at-the-money level of the simulated market's surface. Both
 * derive from the volatility regime the prices follow, so implied volatility is high when the
 * stock has been moving, and the tape is deterministic per underlying and day.
 */

export interface OptionTrade {
  /** Epoch ms. */
  timestamp: number;
  expiration: string;
  strike: number;
  right: "C" | "P";
  /** Contracts. */
  size: number;
  /** Per share. */
  price: number;
  /** Premium paid in total: size × price × 100. */
  premium: number;
  /** Sweeps cross several venues at once; blocks are single large prints. */
  kind: "regular" | "sweep" | "block";
  side: "buy" | "sell";
}

/**
 * The surface's at-the-money level (decimal) on `day`: the regime's volatility with a variance
 * premium (implied above realised, as it usually is) and day-to-day noise. The surface adds its
 * term structure and earnings variance to it; atmImpliedVol30 (options.ts) reads the 30-day ATM.
 */
export function atmImpliedVol(symbol: string, regimeVol: number, day: DayNumber): number {
  const seed = seedOf(`atm-iv:${symbol}`);
  return regimeVol * (1.12 + 0.06 * normal(seed, day, 0));
}

/** A day of the tape for an underlying: ~150 prints between 09:30 and 16:00, a few sweeps and blocks. */
export function tradeTape(
  symbol: string,
  day: DayNumber,
  chains: { expiration: string; strike: number; right: "C" | "P"; bid: number; ask: number }[],
): OptionTrade[] {
  if (chains.length === 0) return [];
  const seed = seedOf(`tape:${symbol}`);
  const count = 100 + Math.floor(100 * uniform(seed, day, 0));
  const trades: OptionTrade[] = [];
  for (let i = 0; i < count; i++) {
    const key = day * 1000 + i;
    // Activity clusters near the money: pick by a folded normal over the chain's order.
    const pick = Math.min(
      chains.length - 1,
      Math.floor(
        Math.abs(normal(seed, key, 1)) * chains.length * 0.15 +
          uniform(seed, key, 2) * chains.length * 0.3,
      ),
    );
    const contract = chains[
      (pick + Math.floor(chains.length / 2)) % chains.length
    ] as (typeof chains)[number];
    const roll = uniform(seed, key, 3);
    const kind = roll < 0.03 ? "sweep" : roll < 0.05 ? "block" : "regular";
    const baseSize = Math.max(1, Math.round(Math.exp(1.5 + 1.2 * normal(seed, key, 4))));
    const size =
      kind === "block" ? baseSize * 50 + 500 : kind === "sweep" ? baseSize * 20 + 200 : baseSize;
    const side = uniform(seed, key, 5) < 0.5 ? "buy" : "sell";
    const price = side === "buy" ? contract.ask : contract.bid;
    const minute = 570 + Math.floor(uniform(seed, key, 6) * 390);
    trades.push({
      timestamp: instantOf("equity", day, minute),
      expiration: contract.expiration,
      strike: contract.strike,
      right: contract.right,
      size,
      price,
      premium: Math.round(size * price * 100),
      kind,
      side,
    });
  }
  return trades.sort((a, b) => a.timestamp - b.timestamp);
}
