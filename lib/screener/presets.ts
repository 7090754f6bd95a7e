import type { ScanRequest } from "./scan";

/**
 * Named screens (GET /screener/presets, /screener/presets/{presetName}): each a scan request
 * written out in full, defaults included.
 */
export interface ScanPreset {
  name: string;
  title: string;
  description: string;
  request: ScanRequest;
}

const preset = (
  name: string,
  title: string,
  description: string,
  filters: ScanRequest["filters"],
  sort: ScanRequest["sort"],
): ScanPreset => ({ name, title, description, request: { filters, sort, limit: 25 } });

export const SCAN_PRESETS: readonly ScanPreset[] = [
  preset(
    "value",
    "Value",
    "Cheap on earnings and book: trailing P/E between 0 and 15 and price/book under 3; lowest P/E first.",
    [
      { field: "peTrailing", operator: "between", value: [0, 15] },
      { field: "priceToBook", operator: "lt", value: 3 },
    ],
    { field: "peTrailing", order: "asc" },
  ),
  preset(
    "growth",
    "Growth",
    "Trailing-twelve-month net income up 5 % or more on the year before, revenue not shrinking; fastest first.",
    [
      { field: "epsGrowthPercent", operator: "gte", value: 5 },
      { field: "revenueGrowthPercent", operator: "gte", value: 0 },
    ],
    { field: "epsGrowthPercent", order: "desc" },
  ),
  preset(
    "dividend",
    "Dividend",
    "An indicated dividend yield of 2.5 % or more, paid out of earnings (payout under 80 %); highest yield first.",
    [
      { field: "dividendYieldPercent", operator: "gte", value: 2.5 },
      { field: "payoutRatioPercent", operator: "lt", value: 80 },
    ],
    { field: "dividendYieldPercent", order: "desc" },
  ),
  preset(
    "momentum",
    "Momentum",
    "Up 5 % or more over three months and trading above the 50-day average; strongest first.",
    [
      { field: "return3mPercent", operator: "gte", value: 5 },
      { field: "distanceFromSma50Percent", operator: "gt", value: 0 },
    ],
    { field: "return3mPercent", order: "desc" },
  ),
  preset(
    "quality",
    "Quality",
    "Return on equity of 15 % or more, net margin over 10 %, debt under equity; highest ROE first.",
    [
      { field: "roePercent", operator: "gte", value: 15 },
      { field: "netMarginPercent", operator: "gt", value: 10 },
      { field: "debtToEquity", operator: "lt", value: 1 },
    ],
    { field: "roePercent", order: "desc" },
  ),
  preset(
    "oversold",
    "Oversold",
    "RSI 14 at 35 or below; most oversold first.",
    [{ field: "rsi14", operator: "lte", value: 35 }],
    { field: "rsi14", order: "asc" },
  ),
  preset(
    "high-iv-rank",
    "High IV rank",
    "Implied volatility in the top third of its year (IV rank 66 or more): rich option premium; highest first.",
    [{ field: "ivRank", operator: "gte", value: 66 }],
    { field: "ivRank", order: "desc" },
  ),
  preset(
    "large-cap-laggards",
    "Large-cap laggards",
    "Companies worth $100 bn or more, down over the year to date; weakest first.",
    [
      { field: "marketCapUsd", operator: "gte", value: 100e9 },
      { field: "returnYtdPercent", operator: "lt", value: 0 },
    ],
    { field: "returnYtdPercent", order: "asc" },
  ),
];

/** The preset of that name (any case), or undefined. */
export function scanPresetNamed(name: string): ScanPreset | undefined {
  const wanted = name.trim().toLowerCase();
  return SCAN_PRESETS.find((p) => p.name === wanted);
}
