import type { ScreenRequest } from "./request";

/**
 * Named screens (GET /graph/screener/presets, /graph/screener/run/{presetName}). Each request
 * is written out in full (defaults included) and passes the request schema as it stands.
 * Thresholds are middle-of-the-road for scores that centre near 50: strong means 60-70 or
 * more, weak 40 or less.
 */
export interface ScreenPreset {
  /** The slug the run route takes. */
  name: string;
  title: string;
  description: string;
  request: ScreenRequest;
}

const preset = (
  name: string,
  title: string,
  description: string,
  filters: ScreenRequest["filters"],
  sort: ScreenRequest["sort"],
  limit = 25,
): ScreenPreset => ({ name, title, description, request: { filters, sort, limit } });

export const SCREEN_PRESETS: readonly ScreenPreset[] = [
  preset(
    "strong-and-sturdy",
    "Strong and sturdy",
    "A high composite score (60 or more) on a sound footing (fragility 40 or less).",
    { score: { min: 60 }, fragility: { max: 40 } },
    { field: "score", order: "desc" },
  ),
  preset(
    "fragile-balance-sheets",
    "Fragile balance sheets",
    "Fragility 60 or more: weak Altman Z, leverage, coverage or liquidity, concentrated " +
      "customers or heavy short interest. Most fragile first.",
    { fragility: { min: 60 } },
    { field: "fragility", order: "desc" },
  ),
  preset(
    "insider-buying",
    "Insider buying",
    "At least one insider bought shares on the open market in the last 90 days; largest net " +
      "insider buying (purchases minus sales, USD) first.",
    { insiderBuyers90d: { min: 1 } },
    { field: "insiderNetBuyingUsd90d", order: "desc" },
  ),
  preset(
    "institutional-accumulation",
    "Institutional accumulation",
    "13F filers added 0.5 % or more of the shares outstanding over the latest quarter; " +
      "largest additions first.",
    { institutionalFlowPercent: { min: 0.5 } },
    { field: "institutionalFlowPercent", order: "desc" },
  ),
  preset(
    "earnings-this-fortnight",
    "Earnings this fortnight",
    "Companies with an earnings report scheduled in the next 14 calendar days, soonest first.",
    { daysToEarnings: { max: 14 } },
    { field: "daysToEarnings", order: "asc" },
    50,
  ),
  preset(
    "technical-leaders",
    "Technical leaders",
    "The strongest price trends and momentum: technical trend component 70 or more.",
    { technicalTrend: { min: 70 } },
    { field: "technicalTrend", order: "desc" },
  ),
  preset(
    "improving-scores",
    "Improving scores",
    "Composite score up 5 points or more over the last 5 sessions; largest gains first.",
    { scoreChange1w: { min: 5 } },
    { field: "scoreChange1w", order: "desc" },
  ),
  preset(
    "value-with-momentum",
    "Value with momentum",
    "Attractive valuation (component 60 or more) with a trend already turning up (technical " +
      "trend 55 or more); best composite score first.",
    { valuation: { min: 60 }, technicalTrend: { min: 55 } },
    { field: "score", order: "desc" },
  ),
  preset(
    "supply-chain-stress",
    "Supply-chain stress",
    "Suppliers or customers under strain: supply-chain health 40 or less; weakest first.",
    { supplyChainHealth: { max: 40 } },
    { field: "supplyChainHealth", order: "asc" },
  ),
  preset(
    "defensive-quality",
    "Defensive quality",
    "Consumer Staples, Health Care and Utilities with a score of 50 or more and fragility 50 " +
      "or less; best score first.",
    {
      sector: { in: ["Consumer Staples", "Health Care", "Utilities"] },
      score: { min: 50 },
      fragility: { max: 50 },
    },
    { field: "score", order: "desc" },
  ),
];

const BY_NAME = new Map(SCREEN_PRESETS.map((p) => [p.name, p]));

/** The preset of that slug (any case), or undefined. */
export function presetNamed(name: string): ScreenPreset | undefined {
  return BY_NAME.get(name.trim().toLowerCase());
}
