import { array, number, object, record, string, enum as zEnum } from "zod";
import {
  ALTMAN_DISTRESS_BELOW,
  ALTMAN_SAFE_ABOVE,
  FRAGILITY_SCALES,
  FRAGILITY_WEIGHTS,
} from "../../../../graph/fragility";
import { contractCode } from "../../../contract-code";
import { groupRoutes } from "../../../route";
import { graphAnswer, isoDay } from "./schemas";

/** Company graph, part 2: balance-sheet and dependency fragility. */

const scale = (name: keyof typeof FRAGILITY_SCALES) =>
  `0 at ${FRAGILITY_SCALES[name].sound}, 100 at ${FRAGILITY_SCALES[name].fragile}`;

export const FRAGILITY_FORMULA =
  "Fragility 0-100 (higher = more fragile) from six components, each 0-100 on a " +
  "piecewise-linear scale (0 at or beyond its sound end, 100 at or beyond its fragile end, " +
  `linear between): altmanZ (weight ${FRAGILITY_WEIGHTS.altmanZ}): Z = 1.2A + 1.4B + 3.3C + 0.6D + 1.0E ` +
  "with A = working capital / total assets, B = retained earnings / total assets, C = EBIT " +
  "(trailing twelve months) / total assets, D = market capitalisation / total liabilities, " +
  `E = revenue (TTM) / total assets; zones distress < ${ALTMAN_DISTRESS_BELOW}, grey, safe > ${ALTMAN_SAFE_ABOVE}; ` +
  `scale ${scale("altmanZ")} (not designed for banks and insurers: their Z is low by construction); ` +
  `leverage (${FRAGILITY_WEIGHTS.leverage}): total liabilities / total assets, ${scale("liabilitiesToAssets")}; ` +
  `interestCoverage (${FRAGILITY_WEIGHTS.interestCoverage}): EBIT / interest expense (TTM), ${scale("interestCoverage")}, no interest 0; ` +
  `liquidity (${FRAGILITY_WEIGHTS.liquidity}): the mean of the current ratio's scale (${scale("currentRatio")}) and the quick ratio's (${scale("quickRatio")}); ` +
  `customerConcentration (${FRAGILITY_WEIGHTS.customerConcentration}): the mean of the largest customer's share of revenue (${scale("largestCustomerShare")}) and the HHI of the customers' shares (${scale("customerHhi")}), customers from the graph's supply edges; ` +
  `shortInterest (${FRAGILITY_WEIGHTS.shortInterest}): percent of float, ${scale("shortInterestPercent")}. ` +
  "A component without inputs is null and the others' weights are scaled to sum to 1 " +
  "(effectiveWeight); fragility = Σ effectiveWeight × value, one decimal. label: low < 35, " +
  "moderate, high ≥ 60.";

const ratios = object({ A: number(), B: number(), C: number(), D: number(), E: number() });

export const graphFragilityRoutes = groupRoutes("graph", {
  fragility: {
    method: "GET",
    path: "/graph/{code}/fragility",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"],
    summary: "Balance-sheet and dependency fragility 0-100 with Altman Z and each component",
    description:
      `${FRAGILITY_FORMULA} Statements: the last four quarters released by the clock and the ` +
      "latest balance sheet, as GET /fundamentals/{code}/financials serves them (the simulated " +
      "world's: net income = EPS × shares, balance sheets that balance); market capitalisation at the graph day's last price; short " +
      "interest from the market's reference data. 503 COMPANY_DATA_UNAVAILABLE when the " +
      "statements' source (the simulated world's, or EDGAR's XBRL company facts) is down. 404 " +
      "SYMBOL_NOT_FOUND for an unknown code, NO_DATA for a " +
      "fund, an index, a future or a crypto asset.",
    params: object({ code: contractCode }),
    response: object({
      ...graphAnswer,
      fragility: number().nullable().meta({ description: "0-100, one decimal" }),
      label: zEnum(["low", "moderate", "high"]).nullable(),
      altmanZ: object({
        z: number(),
        zone: zEnum(["distress", "grey", "safe"]),
        ratios: ratios.meta({ description: "A-E as defined above, 4 decimals" }),
        products: ratios.meta({ description: "Each ratio × its coefficient: Z is their sum" }),
      })
        .nullable()
        .meta({ description: "null without statements" }),
      components: array(
        object({
          name: zEnum(
            Object.keys(FRAGILITY_WEIGHTS) as [
              keyof typeof FRAGILITY_WEIGHTS,
              ...(keyof typeof FRAGILITY_WEIGHTS)[],
            ],
          ),
          value: number().nullable().meta({ description: "0-100 (higher = more fragile)" }),
          nominalWeight: number(),
          effectiveWeight: number().meta({ description: "4 decimals; 0 for a null component" }),
          inputs: record(string(), number().nullable()).meta({
            description: "The figures it is computed from, units in their names",
          }),
        }),
      ),
      statement: object({
        periodEnd: isoDay("The latest quarter's end (the balance sheet's date)"),
        quarters: array(string()).meta({ description: "The four quarters summed, e.g. 2026Q3" }),
      }).nullable(),
      marketCapUsd: number(),
      shortInterestPercent: number().nullable(),
      statementsSource: string().meta({ description: "sim (the simulated statements)" }),
    }),
  },
});
