import { linearRegression, sampleCorrelation } from "simple-statistics";
import { isoDate } from "../../../../market/civil-date";
import type { Instrument } from "../../../../market/ports";
import { roundMoney, roundPercent, roundRatio } from "../../../../market/precision";
import { calendarDaysHolding } from "../../../../market/trading-days";
import { maxDrawdown } from "../../../../portfolio/drawdown";
import {
  annualisedReturn,
  annualisedVolatility,
  SESSIONS_PER_YEAR,
  sharpeRatio,
  sortinoRatio,
} from "../../../../portfolio/ratios";
import { compounded, constantWeightReturns, simpleReturns } from "../../../../portfolio/returns";
import {
  correlationMatrix,
  covarianceMatrix,
  volatilityContributions,
} from "../../../../portfolio/risk-contribution";
import { historicalCvar, historicalVar, parametricVar } from "../../../../portfolio/value-at-risk";
import { logReturns } from "../../../../quant/statistics";
import { servedQuoteOf } from "../../../market-data";
import type { Implementations } from "../../../route";
import { ANALYZE_LIMITS, type portfolioAnalyzeRoutes } from "../routes/analyze";
import {
  closesOn,
  contractsOf,
  dailyClosesOf,
  invalidContracts,
  lastCompletedSession,
  type NamedContract,
  type PortfolioDeps,
  sharedDates,
} from "./shared";

type AnalyzeBody = Parameters<
  Implementations<typeof portfolioAnalyzeRoutes, PortfolioDeps>["portfolio.analyze"]
>[0]["body"];

export const PRICES_USED =
  "Daily regular-session closes (GET /market/stocks/{code}/chart?period=5), to the tick, not " +
  "adjusted for dividends: price returns";

export const HELD_KINDS = ["Stock", "ETF"] as const;
export const BENCHMARK_KINDS = ["Stock", "ETF", "Index"] as const;
export const HELD_WHAT = "only stocks and ETFs can be held";
export const BENCHMARK_WHAT = "the benchmark must be a stock, an ETF or an index";

/** One holding as the request gives it, the same code's positions added together. */
interface Holding extends NamedContract {
  quantity?: number;
  weight?: number;
}

function mergedHoldings(positions: AnalyzeBody["positions"]): Holding[] {
  const byCode = new Map<string, Holding>();
  const add = (a: number | undefined, b: number | undefined) =>
    b === undefined ? a : (a ?? 0) + b;
  positions.forEach((p, i) => {
    const held = byCode.get(p.symbol) ?? { code: p.symbol, field: `positions[${i}].symbol` };
    const quantity = add(held.quantity, p.quantity);
    const weight = add(held.weight, p.weight);
    byCode.set(p.symbol, {
      ...held,
      ...(quantity === undefined ? {} : { quantity }),
      ...(weight === undefined ? {} : { weight }),
    });
  });
  return [...byCode.values()];
}

/**
 * The window's closes of every contract (holdings, then the benchmark): the last lookback + 1
 * sessions they share up to the last completed one; 400 naming a contract with too little
 * history, or lookbackDays when gaps leave too few shared sessions.
 */
async function windowCloses(
  deps: PortfolioDeps,
  contracts: readonly { named: NamedContract; instrument: Instrument }[],
  lookbackDays: number,
) {
  const lastDay = lastCompletedSession(deps.marketClock.now().getTime());
  const firstDay = lastDay - calendarDaysHolding(lookbackDays + 1);
  const needed = lookbackDays + 1;
  const series = await Promise.all(
    contracts.map(({ instrument }) => dailyClosesOf(deps, instrument, firstDay, lastDay)),
  );
  const short = contracts.flatMap(({ named }, i) => {
    const sessions = series[i]?.dates.length ?? 0;
    if (sessions >= needed) return [];
    const first = series[i]?.dates[0];
    const problem =
      `${named.code} has ${sessions} daily closes from ${isoDate(firstDay)} to ${isoDate(lastDay)}` +
      `${first === undefined ? "" : ` (its history starts ${first})`}; lookbackDays ${lookbackDays} needs ${needed}`;
    return [{ field: named.field, problem }];
  });
  if (short.length > 0) invalidContracts(short);
  const dates = sharedDates(series).slice(-needed);
  if (dates.length < needed) {
    const problem = `the holdings and the benchmark share only ${dates.length} sessions; ${needed} needed`;
    invalidContracts([{ field: "lookbackDays", problem }]);
  }
  return { dates, closes: series.map((s) => closesOn(s, dates)) };
}

const pct = (decimal: number) => roundPercent(decimal * 100);
const ratio = (value: number | null) =>
  value === null || !Number.isFinite(value) ? null : roundRatio(value);

/** OLS slope of `returns` on `benchmark`; null when the benchmark is flat. */
function betaOf(returns: readonly number[], benchmark: readonly number[]): number | null {
  if (benchmark.every((r) => r === benchmark[0])) return null;
  return linearRegression(benchmark.map((b, t) => [b, returns[t] as number])).m;
}

function lossOf(fraction: number, value: number) {
  return { lossPercent: pct(fraction), lossAmount: roundMoney(fraction * value) };
}

/** Market values: quantity × livePrice, or the weights applied to portfolioValue. */
function valuation(body: AnalyzeBody, holdings: readonly Holding[], livePrices: readonly number[]) {
  const byWeight = holdings[0]?.weight !== undefined;
  const marketValues = holdings.map((h, i) =>
    byWeight
      ? ((body.portfolioValue ?? ANALYZE_LIMITS.defaultPortfolioValue) * (h.weight as number)) / 100
      : (h.quantity as number) * (livePrices[i] as number),
  );
  const value = marketValues.reduce((sum, mv) => sum + mv, 0);
  const quantities = holdings.map((h, i) =>
    byWeight ? roundRatio((marketValues[i] as number) / (livePrices[i] as number)) : h.quantity,
  );
  return { value, marketValues, quantities, weights: marketValues.map((mv) => mv / value) };
}

type Valuation = ReturnType<typeof valuation>;

function holdingRows(
  instruments: readonly Instrument[],
  livePrices: readonly number[],
  worth: Valuation,
  window: { closes: number[][]; returns: number[][]; benchmark: number[] },
) {
  return instruments.map((instrument, i) => {
    const closes = window.closes[i] as number[];
    const returns = window.returns[i] as number[];
    return {
      symbol: instrument.symbol,
      code: instrument.code,
      name: instrument.name,
      sector: instrument.sector ?? "Unknown",
      quantity: worth.quantities[i] as number,
      livePrice: livePrices[i] as number,
      marketValue: roundMoney(worth.marketValues[i] as number),
      weightPercent: pct(worth.weights[i] as number),
      returnPercent: pct((closes.at(-1) as number) / (closes[0] as number) - 1),
      annualisedVolatilityPercent: pct(annualisedVolatility(returns)),
      beta: ratio(betaOf(returns, window.benchmark)),
    };
  });
}

type HoldingRow = ReturnType<typeof holdingRows>[number];

function sectorExposure(rows: readonly HoldingRow[], weights: readonly number[]) {
  const bySector = new Map<string, { weight: number; holdings: number }>();
  rows.forEach((row, i) => {
    const entry = bySector.get(row.sector) ?? { weight: 0, holdings: 0 };
    bySector.set(row.sector, {
      weight: entry.weight + (weights[i] as number),
      holdings: entry.holdings + 1,
    });
  });
  return [...bySector]
    .map(([sector, { weight, holdings }]) => ({ sector, weightPercent: pct(weight), holdings }))
    .sort((a, b) => b.weightPercent - a.weightPercent);
}

/** Euler contributions to volatility from the sample covariance of the daily returns. */
function riskContributors(rows: readonly HoldingRow[], weights: number[], returns: number[][]) {
  const risk = volatilityContributions(weights, covarianceMatrix(returns));
  const annualise = Math.sqrt(SESSIONS_PER_YEAR);
  const items = rows.map((row, i) => {
    const contribution = risk.contributions[i] as number;
    return {
      symbol: row.symbol,
      code: row.code,
      weightPercent: row.weightPercent,
      marginalContributionPercent: pct((risk.marginal[i] as number) * annualise),
      contributionPercent: pct(contribution * annualise),
      shareOfRiskPercent: pct(risk.volatility > 0 ? contribution / risk.volatility : 0),
    };
  });
  return {
    method: "Euler contribution to volatility",
    portfolioVolatilityPercent: pct(risk.volatility * annualise),
    items: items.sort((a, b) => b.shareOfRiskPercent - a.shareOfRiskPercent),
  };
}

/** One-day VaR and CVaR of the portfolio's daily returns, percent and USD. */
function valueAtRisk(portfolio: readonly number[], value: number) {
  return {
    horizonDays: 1,
    historical95: lossOf(historicalVar(portfolio, 0.95), value),
    historical99: lossOf(historicalVar(portfolio, 0.99), value),
    parametric95: lossOf(parametricVar(portfolio, 0.95), value),
    parametric99: lossOf(parametricVar(portfolio, 0.99), value),
    conditional95: lossOf(historicalCvar(portfolio, 0.95), value),
  };
}

function drawdownOf(portfolio: readonly number[], dates: readonly string[]) {
  const dd = maxDrawdown(compounded(portfolio));
  return {
    maxDrawdownPercent: pct(dd.depth),
    peakDate: dates[dd.peakIndex] as string,
    troughDate: dates[dd.troughIndex] as string,
    recoveryDate: dd.recoveryIndex === null ? null : (dates[dd.recoveryIndex] as string),
  };
}

function correlations(rows: readonly HoldingRow[], closes: readonly number[][]) {
  const matrix = correlationMatrix(closes.map((c) => logReturns(c)));
  return {
    codes: rows.map((row) => row.code),
    matrix: matrix.map((row) => row.map((r) => (r === null ? null : roundRatio(r)))),
  };
}

export const analyzeImplementations: Implementations<typeof portfolioAnalyzeRoutes, PortfolioDeps> =
  {
    "portfolio.analyze": async ({ body }, deps) => {
      const holdings = mergedHoldings(body.positions);
      const benchmarkNamed = { code: body.benchmark, field: "benchmark" };
      const instruments = await contractsOf(deps, [
        ...holdings.map((h) => ({ ...h, allowed: HELD_KINDS, what: HELD_WHAT })),
        { ...benchmarkNamed, allowed: BENCHMARK_KINDS, what: BENCHMARK_WHAT },
      ]);
      const held = holdings.map((h) => instruments.get(h.code) as Instrument);
      const benchmark = instruments.get(body.benchmark) as Instrument;
      const contracts = [
        ...holdings.map((named, i) => ({ named, instrument: held[i] as Instrument })),
        { named: benchmarkNamed, instrument: benchmark },
      ];
      const [quotes, window] = await Promise.all([
        Promise.all(held.map((instrument) => servedQuoteOf(deps, instrument))),
        windowCloses(deps, contracts, body.lookbackDays),
      ]);
      const livePrices = quotes.map((quote) => quote.livePrice);
      const worth = valuation(body, holdings, livePrices);
      const returns = window.closes.map((closes) => simpleReturns(closes));
      const benchmarkReturns = returns.pop() as number[];
      const heldCloses = window.closes.slice(0, -1);
      const portfolio = constantWeightReturns(returns, worth.weights);
      const rate = body.riskFreeRate ?? deps.defaultRiskFreeRatePercent;
      const rows = holdingRows(held, livePrices, worth, {
        closes: heldCloses,
        returns,
        benchmark: benchmarkReturns,
      });
      return {
        asOf: deps.marketClock.now().toISOString(),
        value: roundMoney(worth.value),
        holdings: [...rows].sort((a, b) => b.weightPercent - a.weightPercent),
        sectorExposure: sectorExposure(rows, worth.weights),
        window: {
          from: window.dates[0] as string,
          to: window.dates.at(-1) as string,
          returns: portfolio.length,
          pricesUsed: PRICES_USED,
        },
        benchmark: {
          symbol: benchmark.symbol,
          code: benchmark.code,
          name: benchmark.name,
          annualisedReturnPercent: pct(annualisedReturn(benchmarkReturns)),
          annualisedVolatilityPercent: pct(annualisedVolatility(benchmarkReturns)),
        },
        riskFreeRate: rate,
        annualisedReturnPercent: pct(annualisedReturn(portfolio)),
        annualisedVolatilityPercent: pct(annualisedVolatility(portfolio)),
        beta: ratio(betaOf(portfolio, benchmarkReturns)),
        correlationToBenchmark: ratio(sampleCorrelation(portfolio, benchmarkReturns)),
        sharpeRatio: ratio(sharpeRatio(portfolio, rate)),
        sortinoRatio: ratio(sortinoRatio(portfolio, rate)),
        valueAtRisk: valueAtRisk(portfolio, worth.value),
        drawdown: drawdownOf(portfolio, window.dates),
        correlationMatrix: correlations(rows, heldCloses),
        riskContributors: riskContributors(rows, worth.weights, returns),
      };
    },
  };
