/**
 * The statistics of a trade journal over its closed trades (each trade that closed some
 * quantity, with the P&L of everything it closed), in time order. A win has P&L > 0, a loss
 * P&L < 0; a breakeven (exactly 0) is neither, counts in the win rate's denominator and ends
 * any streak.
 */

export interface JournalStatistics {
  closedTrades: number;
  wins: number;
  losses: number;
  breakevens: number;
  /** wins / closed trades; decimal; null without closed trades. */
  winRate: number | null;
  /** Mean P&L of the wins; null without wins. */
  averageWin: number | null;
  /** Mean P&L of the losses (negative); null without losses. */
  averageLoss: number | null;
  /** Mean P&L per closed trade = winRate · averageWin + lossRate · averageLoss; null without closed trades. */
  expectancy: number | null;
  /** Σ wins. */
  grossProfit: number;
  /** Σ losses (negative). */
  grossLoss: number;
  /** grossProfit / |grossLoss|; null without losses (unbounded). */
  profitFactor: number | null;
  longestWinStreak: number;
  longestLossStreak: number;
  /** Mean of the closed trades' holding days; null without closed trades. */
  averageHoldingDays: number | null;
}

export function journalStatistics(
  closed: readonly { realisedPnl: number; holdingDays: number }[],
): JournalStatistics {
  const pnls = closed.map((trade) => trade.realisedPnl);
  const wins = pnls.filter((pnl) => pnl > 0);
  const losses = pnls.filter((pnl) => pnl < 0);
  const grossProfit = sum(wins);
  const grossLoss = sum(losses);
  const count = pnls.length;
  return {
    closedTrades: count,
    wins: wins.length,
    losses: losses.length,
    breakevens: count - wins.length - losses.length,
    winRate: count > 0 ? wins.length / count : null,
    averageWin: wins.length > 0 ? grossProfit / wins.length : null,
    averageLoss: losses.length > 0 ? grossLoss / losses.length : null,
    expectancy: count > 0 ? sum(pnls) / count : null,
    grossProfit,
    grossLoss,
    profitFactor: losses.length > 0 ? grossProfit / -grossLoss : null,
    longestWinStreak: longestRun(pnls, (pnl) => pnl > 0),
    longestLossStreak: longestRun(pnls, (pnl) => pnl < 0),
    averageHoldingDays: count > 0 ? sum(closed.map((trade) => trade.holdingDays)) / count : null,
  };
}

function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

function longestRun(values: readonly number[], holds: (value: number) => boolean): number {
  let longest = 0;
  let run = 0;
  for (const value of values) {
    run = holds(value) ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}
