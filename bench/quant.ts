/**
 * Quant engine benchmark: implied-volatility solves/s, Black-Scholes price+greeks/s, greeks for a
 * 2,000-contract chain and indicator timings. Single thread; every figure is the median of 5
 * runs after warm-up. Run with `npx tsx bench/quant.ts`.
 */

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import {
  blackScholes,
  blackScholesInto,
  computeIndicators,
  createGreeks,
  INDICATOR_NAMES,
  impliedVolatility,
  impliedVolatilityRaw,
  type OptionGreeks,
} from "../lib/quant/index";
import { recordAtLeast, recordFigure, recordInfo } from "./report";
import { median } from "./stats";

const RUNS = 5;
const RUN_MS = 400;

interface ReferenceCase {
  underlyingPrice: number;
  strike: number;
  daysToExpiration: number;
  riskFreeRate: number;
  right: "C" | "P";
  price: number;
  vol?: number;
  impliedVolatility?: number;
}

function loadCases(name: string): ReferenceCase[] {
  const url = new URL(`../../shared/reference/${name}`, import.meta.url);
  return (JSON.parse(readFileSync(url, "utf8")) as { cases: ReferenceCase[] }).cases;
}

/** Inputs as typed arrays so the timed loops touch only unboxed numbers. */
interface Inputs {
  n: number;
  price: Float64Array;
  spot: Float64Array;
  strike: Float64Array;
  years: Float64Array;
  sigma: Float64Array;
  rate: Float64Array;
  isCall: Uint8Array;
}

function toInputs(cases: ReferenceCase[]): Inputs {
  const n = cases.length;
  const inputs: Inputs = {
    n,
    price: new Float64Array(n),
    spot: new Float64Array(n),
    strike: new Float64Array(n),
    years: new Float64Array(n),
    sigma: new Float64Array(n),
    rate: new Float64Array(n),
    isCall: new Uint8Array(n),
  };
  cases.forEach((c, i) => {
    inputs.price[i] = c.price;
    inputs.spot[i] = c.underlyingPrice;
    inputs.strike[i] = c.strike;
    inputs.years[i] = c.daysToExpiration / 365;
    inputs.sigma[i] = c.vol ?? (c.impliedVolatility ?? 0) / 100;
    inputs.rate[i] = c.riskFreeRate / 100;
    inputs.isCall[i] = c.right === "C" ? 1 : 0;
  });
  return inputs;
}

/**
 * Operations per second of `pass` (which performs `opsPerPass` operations): warm up until the
 * JIT has settled, then RUNS timed runs of ~RUN_MS each; returns the median rate.
 */
function rate(pass: () => number, opsPerPass: number): number {
  let sink = 0;
  const warmUntil = performance.now() + 500;
  while (performance.now() < warmUntil) sink += pass();
  const rates: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    let passes = 0;
    const start = performance.now();
    let elapsed = 0;
    do {
      sink += pass();
      passes++;
      elapsed = performance.now() - start;
    } while (elapsed < RUN_MS);
    rates.push((passes * opsPerPass) / (elapsed / 1000));
  }
  if (Number.isNaN(sink)) console.warn("NaN in benchmark results");
  return median(rates);
}

function ivSolveRate(inputs: Inputs): number {
  const { n, price, spot, strike, years, rate: r, isCall } = inputs;
  const pass = (): number => {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      sum += impliedVolatilityRaw(
        price[i] as number,
        spot[i] as number,
        strike[i] as number,
        years[i] as number,
        r[i] as number,
        isCall[i] === 1,
      );
    }
    return sum;
  };
  return rate(pass, n);
}

function ivResultRate(inputs: Inputs): number {
  const { n, price, spot, strike, years, rate: r, isCall } = inputs;
  const pass = (): number => {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const result = impliedVolatility(
        price[i] as number,
        spot[i] as number,
        strike[i] as number,
        years[i] as number,
        r[i] as number,
        isCall[i] === 1,
      );
      if (result.ok) sum += result.sigma;
    }
    return sum;
  };
  return rate(pass, n);
}

function greeksRate(inputs: Inputs): number {
  const { n, spot, strike, years, sigma, rate: r, isCall } = inputs;
  const out = createGreeks();
  const pass = (): number => {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      blackScholesInto(
        out,
        spot[i] as number,
        strike[i] as number,
        years[i] as number,
        sigma[i] as number,
        r[i] as number,
        isCall[i] === 1,
      );
      sum += out.price + out.delta + out.gamma + out.thetaPerDay + out.vegaPerVolPoint;
    }
    return sum;
  };
  return rate(pass, n);
}

/** A 2,000-contract chain: 10 expiries × 100 strikes × call/put around spot 100. */
function chainInputs(): Inputs {
  const cases: ReferenceCase[] = [];
  for (let e = 0; e < 10; e++) {
    const days = [1, 3, 7, 14, 30, 45, 60, 90, 180, 365][e] as number;
    for (let k = 0; k < 100; k++) {
      const strike = 50 + k;
      for (const right of ["C", "P"] as const) {
        const smile = 18 + 0.004 * (strike - 100) ** 2;
        cases.push({
          underlyingPrice: 100,
          strike,
          daysToExpiration: days,
          riskFreeRate: 4.5,
          right,
          price: 0,
          impliedVolatility: smile,
        });
      }
    }
  }
  return toInputs(cases);
}

/** Median wall time (ms) of computing fresh greeks objects for the whole chain. */
function chainMillis(chain: Inputs): number {
  const { n, spot, strike, years, sigma, rate: r, isCall } = chain;
  const pass = (): OptionGreeks[] => {
    const results: OptionGreeks[] = new Array(n);
    for (let i = 0; i < n; i++) {
      results[i] = blackScholes(
        spot[i] as number,
        strike[i] as number,
        years[i] as number,
        sigma[i] as number,
        r[i] as number,
        isCall[i] === 1,
      );
    }
    return results;
  };
  for (let w = 0; w < 200; w++) pass();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    pass();
    times.push(performance.now() - start);
  }
  return median(times);
}

/** A seeded geometric random walk of closes. */
function closes(count: number): number[] {
  let seed = 20240601;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const out: number[] = [];
  let price = 100;
  for (let i = 0; i < count; i++) {
    price *= Math.exp(0.01 * (random() - 0.5));
    out.push(Math.round(price * 100) / 100);
  }
  return out;
}

/** Median wall time (ms) of all indicators on a close series. */
function indicatorMillis(series: number[]): number {
  for (let w = 0; w < 50; w++) computeIndicators(series, INDICATOR_NAMES);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    computeIndicators(series, INDICATOR_NAMES);
    times.push(performance.now() - start);
  }
  return median(times);
}

const count = (value: number): string => Math.round(value).toLocaleString("en-US");

/** Issue 4's targets, single thread. */
const TARGETS = { ivPerSecond: 2_000_000, greeksPerSecond: 5_000_000, chainMs: 2 } as const;

export async function runQuantBench(): Promise<void> {
  const ivCases = toInputs(loadCases("iv_vectors.json"));
  const bsCases = toInputs(loadCases("bs_vectors.json"));
  console.log(`quant bench (node ${process.version}, single thread, median of ${RUNS} runs)`);
  const ivPerSecond = ivSolveRate(ivCases);
  console.log(
    `iv solves/s (median of 5, impliedVolatilityRaw, ${ivCases.n} valid reference cases): ${count(ivPerSecond)}  [target ≥ 2,000,000]`,
  );
  recordAtLeast(
    `implied volatility, ${count(ivCases.n)} reference cases at full accuracy`,
    ivPerSecond,
    TARGETS.ivPerSecond,
    "solves/s",
  );
  const ivResultsPerSecond = ivResultRate(ivCases);
  console.log(
    `iv solves/s (median of 5, impliedVolatility result objects): ${count(ivResultsPerSecond)}`,
  );
  recordInfo("implied volatility as result objects", `${count(ivResultsPerSecond)} solves/s`);
  const greeksPerSecond = greeksRate(bsCases);
  console.log(
    `bs price+greeks/s (median of 5, blackScholesInto, ${bsCases.n} reference cases): ${count(greeksPerSecond)}  [target ≥ 5,000,000]`,
  );
  recordAtLeast("Black-Scholes price + all greeks", greeksPerSecond, TARGETS.greeksPerSecond, "/s");
  const chainMs = chainMillis(chainInputs());
  console.log(
    `greeks for a 2,000-contract chain (median of 5, fresh objects): ${chainMs.toFixed(3)} ms  [target < 2 ms]`,
  );
  recordFigure({
    name: "greeks for a 2,000-contract chain",
    value: `${chainMs.toFixed(3)} ms`,
    target: `< ${TARGETS.chainMs} ms`,
    met: chainMs < TARGETS.chainMs,
  });
  for (const [label, bars] of [
    ["5-year daily chart", 1260],
    ["1-day minute chart", 1440],
  ] as const) {
    const ms = indicatorMillis(closes(bars));
    console.log(`all indicators, ${label} (${count(bars)} bars, median of 5): ${ms.toFixed(3)} ms`);
    recordInfo(`all indicators, ${label} (${count(bars)} bars)`, `${ms.toFixed(3)} ms`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runQuantBench();
}
