import type { CoreDeps, Deps } from "../deps";
import {
  type QuarterStatement,
  type TrailingTwelveMonths,
  trailingTwelveMonths,
} from "../fundamentals/ports";
import { isoDate } from "../market/civil-date";
import { nyWallClock } from "../market/ny-time";
import type { Instrument } from "../market/ports";
import { roundDecimals } from "../market/precision";
import { quoteOf } from "./market-data";

/** What the ratios read. */
export type RatioDeps = CoreDeps & Pick<Deps, "market" | "fundamentals">;

/**
 * The ratios of GET /fundamentals/{code}/ratios (and the stock screener's) from the trailing twelve months, the latest
 * balance sheet and the last price (formulas in the route's description). A ratio over a zero
 * or negative denominator is null: a P/E of a loss or a margin of no revenue means nothing.
 */

const round4 = (value: number) => roundDecimals(value, 4);

/** a / b, 4 decimals; null unless both are finite and b > 0. */
function over(a: number | null, b: number | null, scale = 1): number | null {
  if (a === null || b === null || !Number.isFinite(a) || !Number.isFinite(b) || b <= 0) {
    return null;
  }
  return round4((a / b) * scale);
}

/** now / before − 1, percent, 4 decimals; null without a positive base. */
const growthPercent = (now: number, before: number | undefined) =>
  before === undefined ? null : over(now - before, before, 100);

/** The next four quarters' consensus EPS estimates summed; null with fewer scheduled. */
async function forwardEpsOf(deps: RatioDeps, instrument: Instrument): Promise<number | null> {
  const history = deps.market.earningsHistory;
  if (!history) return null;
  const today = nyWallClock(deps.marketClock.now().getTime()).day;
  const reports = await history.earningsReports(
    instrument.code,
    isoDate(today),
    isoDate(today + 400),
  );
  const upcoming = (reports ?? []).filter((report) => report.epsActual === null).slice(0, 4);
  return upcoming.length === 4
    ? upcoming.reduce((sum, report) => sum + report.epsEstimate, 0)
    : null;
}

export async function ratiosOf(
  deps: RatioDeps,
  instrument: Instrument,
  ttm: TrailingTwelveMonths,
  latest: QuarterStatement,
) {
  const [quote, reference, forwardEps] = await Promise.all([
    quoteOf(deps, instrument.code),
    deps.market.reference(instrument),
    forwardEpsOf(deps, instrument),
  ]);
  const price = quote.lastPrice;
  const marketCapUsd = price * latest.dilutedShares;
  const enterpriseValueUsd = marketCapUsd + ttm.totalDebtUsd - ttm.cashUsd;
  const ebitdaUsd = ttm.operatingIncomeUsd + ttm.depreciationAmortizationUsd;
  const trailingEps = ttm.netIncomeUsd / latest.dilutedShares;
  const taxRate = ttm.pretaxIncomeUsd > 0 ? ttm.incomeTaxUsd / ttm.pretaxIncomeUsd : null;
  const investedCapital = ttm.totalDebtUsd + ttm.equityUsd - ttm.cashUsd;
  const dividendPerShare =
    reference?.kind === "equity" ? (reference.dividend?.annualAmount ?? 0) : 0;
  return {
    price,
    inputs: {
      marketCapUsd: Math.round(marketCapUsd),
      enterpriseValueUsd: Math.round(enterpriseValueUsd),
      ebitdaUsd: Math.round(ebitdaUsd),
      trailingEps: round4(trailingEps),
      forwardEps: forwardEps === null ? null : round4(forwardEps),
      annualDividendPerShare: dividendPerShare,
      effectiveTaxRatePercent: taxRate === null ? null : round4(taxRate * 100),
    },
    valuation: {
      peTrailing: over(price, trailingEps),
      peForward: over(price, forwardEps),
      priceToBook: over(marketCapUsd, ttm.equityUsd),
      priceToSales: over(marketCapUsd, ttm.revenueUsd),
      evToEbitda: over(enterpriseValueUsd, ebitdaUsd),
    },
    profitability: {
      grossMarginPercent: over(ttm.grossProfitUsd, ttm.revenueUsd, 100),
      operatingMarginPercent: over(ttm.operatingIncomeUsd, ttm.revenueUsd, 100),
      netMarginPercent: over(ttm.netIncomeUsd, ttm.revenueUsd, 100),
      roePercent: over(ttm.netIncomeUsd, ttm.equityUsd, 100),
      roaPercent: over(ttm.netIncomeUsd, ttm.totalAssetsUsd, 100),
      roicPercent: over(
        taxRate === null ? null : ttm.operatingIncomeUsd * (1 - taxRate),
        investedCapital,
        100,
      ),
    },
    liquidity: {
      currentRatio: over(ttm.currentAssetsUsd, ttm.currentLiabilitiesUsd),
      quickRatio: over(ttm.currentAssetsUsd - ttm.inventoryUsd, ttm.currentLiabilitiesUsd),
    },
    leverage: {
      debtToEquity: over(ttm.totalDebtUsd, ttm.equityUsd),
      interestCoverage: over(ttm.operatingIncomeUsd, ttm.interestExpenseUsd),
    },
    cashFlow: {
      fcfYieldPercent: over(ttm.freeCashFlowUsd, marketCapUsd, 100),
      payoutRatioPercent: over(ttm.dividendsPaidUsd, ttm.netIncomeUsd, 100),
      dividendYieldPercent: over(dividendPerShare, price, 100),
    },
  };
}

/**
 * The company's ratios at the clock (null without four consecutive reported quarters) and its
 * growth: TTM revenue and net income over the TTM four quarters earlier − 1, percent (null
 * without eight quarters or a positive base).
 */
export async function companyRatios(deps: RatioDeps, instrument: Instrument) {
  const year = new Date(
    nyWallClock(deps.marketClock.now().getTime()).day * 86_400_000,
  ).getUTCFullYear();
  const quarters =
    (await deps.fundamentals.quarterStatements(instrument.symbol, year - 3, year)) ?? [];
  const ttm = trailingTwelveMonths(quarters);
  const latest = quarters.at(-1);
  if (!ttm || !latest) return null;
  const yearBefore = trailingTwelveMonths(quarters.slice(0, -4));
  const ratios = await ratiosOf(deps, instrument, ttm, latest);
  return {
    ...ratios,
    revenueGrowthPercent: growthPercent(ttm.revenueUsd, yearBefore?.revenueUsd),
    epsGrowthPercent: growthPercent(ttm.netIncomeUsd, yearBefore?.netIncomeUsd),
  };
}
