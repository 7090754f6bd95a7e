import type { CoreDeps, Deps } from "../../../deps";
import {
  annualOf,
  type PeriodFlows,
  type QuarterStatement,
  summedFlows,
  trailingTwelveMonths,
} from "../../../fundamentals/ports";
import { nyWallClock } from "../../../market/ny-time";
import { fromCompanySource } from "../../company-source";
import { apiError } from "../../errors";
import { ratiosOf } from "../../fundamental-ratios";
import { companyStockOf, fromProvider } from "../../market-data";
import type { Implementations } from "../../route";
import type { fundamentalsRoutes } from "./routes";

/** What the fundamentals group uses (wired in ./index.ts). */
export type FundamentalsDeps = CoreDeps & Pick<Deps, "market" | "fundamentals">;

/** The New York calendar year of the market clock. */
const currentYearOf = (deps: FundamentalsDeps) =>
  new Date(nyWallClock(deps.marketClock.now().getTime()).day * 86_400_000).getUTCFullYear();

/** The company's quarters of fiscal years `fromYear`-`toYear` (503 when the source is down). */
export async function quartersOf(
  deps: FundamentalsDeps,
  symbol: string,
  code: string,
  fromYear: number,
  toYear: number,
): Promise<QuarterStatement[]> {
  const quarters = await fromCompanySource(() =>
    deps.fundamentals.quarterStatements(symbol, fromYear, toYear),
  );
  if (quarters === undefined) {
    throw apiError("NO_DATA", {
      what: "financial statements",
      code,
      reason: "the source has none",
    });
  }
  return quarters;
}

/** The figures none of `quarters` reported (a real filer's gaps; [] for the simulated world). */
const unreportedIn = (quarters: readonly QuarterStatement[]) =>
  [...new Set(quarters.flatMap((quarter) => quarter.unreported ?? []))].sort();

const quarterLabel = (quarter: QuarterStatement) =>
  `${quarter.fiscalYear}Q${quarter.fiscalQuarter}`;

/** The current fiscal year's quarters summed while its fourth is not out; null otherwise. */
function yearToDate(quarters: readonly QuarterStatement[], currentYear: number) {
  const ofYear = quarters.filter((quarter) => quarter.fiscalYear === currentYear);
  const latest = ofYear.at(-1);
  if (!latest || ofYear.some((quarter) => quarter.fiscalQuarter === 4)) return null;
  const flows: PeriodFlows = summedFlows(ofYear);
  return {
    fiscalYear: currentYear,
    quarters: ofYear.map(quarterLabel),
    unreported: unreportedIn(ofYear),
    periodEnd: latest.periodEnd,
    ...flows,
    cashUsd: latest.cashUsd,
    inventoryUsd: latest.inventoryUsd,
    currentAssetsUsd: latest.currentAssetsUsd,
    totalAssetsUsd: latest.totalAssetsUsd,
    currentLiabilitiesUsd: latest.currentLiabilitiesUsd,
    totalDebtUsd: latest.totalDebtUsd,
    totalLiabilitiesUsd: latest.totalLiabilitiesUsd,
    retainedEarningsUsd: latest.retainedEarningsUsd,
    equityUsd: latest.equityUsd,
  };
}

export const fundamentalsImplementations: Implementations<
  typeof fundamentalsRoutes,
  FundamentalsDeps
> = {
  "fundamentals.financials": async ({ params, query }, deps) => {
    const instrument = await companyStockOf(deps, params.code, "financial statements");
    const toYear = currentYearOf(deps);
    const fromYear = toYear - query.years;
    const quarters = await quartersOf(deps, instrument.symbol, instrument.code, fromYear, toYear);
    const statements =
      query.period === "quarter"
        ? quarters.map((quarter) => ({ ...quarter, unreported: unreportedIn([quarter]) }))
        : annualOf(quarters).map((year) => ({
            ...year,
            fiscalQuarter: null,
            unreported: unreportedIn(quarters.filter((q) => q.fiscalYear === year.fiscalYear)),
          }));
    return {
      symbol: instrument.symbol,
      code: instrument.code,
      name: instrument.name,
      currency: "USD",
      asOf: deps.marketClock.now().toISOString(),
      source: deps.fundamentals.name,
      period: query.period,
      years: query.years,
      window: { fromYear, toYear },
      statements: statements.reverse(),
      yearToDate: query.period === "annual" ? yearToDate(quarters, toYear) : null,
    };
  },

  "fundamentals.ratios": async ({ params }, deps) => {
    const instrument = await companyStockOf(deps, params.code, "financial ratios");
    const toYear = currentYearOf(deps);
    const quarters = await quartersOf(deps, instrument.symbol, instrument.code, toYear - 2, toYear);
    const ttm = trailingTwelveMonths(quarters);
    const latest = quarters.at(-1);
    if (!ttm || !latest) {
      throw apiError("NO_DATA", {
        what: "financial ratios",
        code: instrument.code,
        reason: "fewer than four consecutive reported quarters",
      });
    }
    const figures = await fromProvider(() => ratiosOf(deps, instrument, ttm, latest));
    return {
      symbol: instrument.symbol,
      code: instrument.code,
      name: instrument.name,
      currency: "USD",
      asOf: deps.marketClock.now().toISOString(),
      source: deps.fundamentals.name,
      statementPeriod: { periodEnd: ttm.periodEnd, quarters: ttm.quarters },
      ...figures,
    };
  },
};
