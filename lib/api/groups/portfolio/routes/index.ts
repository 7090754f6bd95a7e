import { portfolioAnalyzeRoutes } from "./analyze";
import { portfolioBacktestRoutes } from "./backtest";
import { portfolioJournalRoutes } from "./trade-journal";

/** Portfolio analytics: risk and return of a set of positions, backtests, a FIFO trade journal. */
export const portfolioRoutes = {
  ...portfolioAnalyzeRoutes,
  ...portfolioBacktestRoutes,
  ...portfolioJournalRoutes,
};
