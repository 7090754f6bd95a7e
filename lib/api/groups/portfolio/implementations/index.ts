import type { Implementations } from "../../../route";
import type { portfolioRoutes } from "../routes";
import { analyzeImplementations } from "./analyze";
import { backtestImplementations } from "./backtest";
import type { PortfolioDeps } from "./shared";
import { journalImplementations } from "./trade-journal";

export type { PortfolioDeps };

export const portfolioImplementations: Implementations<typeof portfolioRoutes, PortfolioDeps> = {
  ...analyzeImplementations,
  ...backtestImplementations,
  ...journalImplementations,
};
