import type { OptionLeg, StockLeg, Underlying } from "./book";
import { deltaFigures } from "./greeks";
import { codesOf, type HedgeMetrics, hedgeMetrics } from "./metrics";
import { type ScenarioPath, scenarioPath } from "./payoff";
import {
  type BuildSettings,
  type ListedChain,
  MIN_OVERLAY_BETA,
  type OptionType,
  overlayLegs,
  positionLegs,
  type StrategyDefinition,
  strategiesFor,
} from "./strategies";

/**
 * Concrete hedges for a book of stock positions: every strategy of the requested option type
 * built on the listed chains (strategies.ts), measured (metrics.ts) and ranked.
 *
 * Ranking: suggestions whose cost exceeds maxCostPercent of the book's notional are left out
 * (counted); the rest are ordered by their score, the mean P&L of the hedged book over the six
 * scenarios (−30, −20, −10, −5, +5, +10 % against the book: four falls for a long book, four
 * rises for a short one), highest first; ties by lower net cost, then catalogue order. The
 * score rewards protection where the scenarios put the weight (large adverse moves) and
 * charges for both the premium and the upside a cap gives up.
 */

export interface SuggestInputs {
  optionType: OptionType;
  positions: readonly StockLeg[];
  /** Every underlying of the positions, and SPY when the source lists it. */
  underlyings: ReadonlyMap<string, Underlying>;
  /** SPY, the benchmark of the betas and the overlay's underlying. */
  benchmark: Underlying;
  /** The hedge's expiration chain per underlying (positions' and SPY's), or why there is none. */
  chains: ReadonlyMap<string, ListedChain | string>;
  /** Calendar days to the hedge's expiration. */
  days: number;
  settings: BuildSettings;
  /** Percent of notional; no limit when undefined. */
  maxCostPercent: number | undefined;
}

export interface Suggestion {
  strategy: StrategyDefinition;
  legs: OptionLeg[];
  /** Positions the strategy leaves unhedged, and why. */
  unhedged: { code: string; reason: string }[];
  metrics: HedgeMetrics;
  /** Mean hedged P&L over the scenarios, USD. */
  score: number;
}

export interface SuggestResult {
  /** The scenario path every suggestion is measured on. */
  path: ScenarioPath;
  reference: Underlying;
  /** The book with no hedge, on the same path. */
  unhedged: HedgeMetrics;
  /** Within budget, best first. */
  suggestions: Suggestion[];
  /** Built but over maxCostPercent. */
  overBudget: Suggestion[];
  /** Strategies of the option type that could not be built, and why. */
  unavailable: { strategy: StrategyDefinition; reason: string }[];
}

export function suggestHedges(inputs: SuggestInputs): SuggestResult {
  const reference = referenceOf(inputs);
  const overlayOk = overlayAllowed(inputs, reference);
  const pathCodes = [
    ...codesOf(inputs.positions),
    ...(overlayOk === true ? [inputs.benchmark.code] : []),
  ];
  const path = scenarioPath(reference, subset(inputs.underlyings, pathCodes));
  const measure = (legs: readonly OptionLeg[]) =>
    hedgeMetrics({
      positions: inputs.positions,
      hedge: legs,
      underlyings: inputs.underlyings,
      path,
      benchmarkPrice: inputs.benchmark.price,
      days: inputs.days,
    });
  const built: Suggestion[] = [];
  const unavailable: SuggestResult["unavailable"] = [];
  for (const strategy of strategiesFor(inputs.optionType)) {
    const attempt =
      strategy.scope === "portfolio"
        ? overlayOf(inputs, strategy, overlayOk)
        : singleNameOf(inputs, strategy);
    if ("reason" in attempt) {
      unavailable.push({ strategy, reason: attempt.reason });
      continue;
    }
    const metrics = measure(attempt.legs);
    built.push({ strategy, ...attempt, metrics, score: meanScenarioPnl(metrics) });
  }
  const fits = (suggestion: Suggestion) =>
    inputs.maxCostPercent === undefined ||
    suggestion.metrics.costPercent <= inputs.maxCostPercent + 1e-9;
  return {
    path,
    reference,
    unhedged: measure([]),
    suggestions: rank(built.filter(fits)),
    overBudget: built.filter((suggestion) => !fits(suggestion)),
    unavailable,
  };
}

/** The path's reference: the book's one underlying, else SPY (moves are the market's). */
function referenceOf(inputs: SuggestInputs): Underlying {
  const codes = codesOf(inputs.positions);
  if (codes.length === 1) return inputs.underlyings.get(codes[0] as string) as Underlying;
  return inputs.benchmark;
}

/** true, or why the SPY overlay cannot hedge this book. */
function overlayAllowed(inputs: SuggestInputs, reference: Underlying): true | string {
  const codes = codesOf(inputs.positions);
  if (codes.length === 1 && codes[0] === inputs.benchmark.code) {
    return "the book holds only SPY: the protective strategies hedge it directly";
  }
  if (Math.abs(reference.beta) < MIN_OVERLAY_BETA) {
    return `${reference.symbol}'s beta (${reference.beta.toFixed(2)}) is too small for a market hedge to track it`;
  }
  return true;
}

function overlayOf(
  inputs: SuggestInputs,
  strategy: StrategyDefinition,
  allowed: true | string,
): { legs: OptionLeg[]; unhedged: Suggestion["unhedged"] } | { reason: string } {
  if (allowed !== true) return { reason: allowed };
  const chain = inputs.chains.get(inputs.benchmark.code);
  if (chain === undefined || typeof chain === "string") {
    return { reason: chain ?? "SPY has no chain at the hedge's expiration" };
  }
  const exposure = deltaFigures(
    inputs.positions,
    codesOf(inputs.positions),
    inputs.underlyings,
    inputs.benchmark.price,
  ).betaWeightedDeltaSpyShares;
  const wanted = strategy.protects === "long" ? 1 : -1;
  if (Math.sign(exposure) !== wanted) {
    return {
      reason: `the book's beta-weighted delta is ${exposure > 0 ? "long" : exposure < 0 ? "short" : "zero"}: ${strategy.name.toLowerCase()}s protect ${strategy.protects} books`,
    };
  }
  const built = overlayLegs(exposure, chain, inputs.settings);
  return "reason" in built ? built : { legs: built.legs, unhedged: [] };
}

function singleNameOf(
  inputs: SuggestInputs,
  strategy: StrategyDefinition,
): { legs: OptionLeg[]; unhedged: Suggestion["unhedged"] } | { reason: string } {
  const legs: OptionLeg[] = [];
  const unhedged: Suggestion["unhedged"] = [];
  for (const position of inputs.positions) {
    const side = position.quantity > 0 ? "long" : "short";
    const chain = inputs.chains.get(position.code);
    const built: { legs: OptionLeg[] } | { reason: string } =
      side !== strategy.protects
        ? {
            reason: `a ${side} position: the ${strategy.name.toLowerCase()} is for ${strategy.protects} ones`,
          }
        : chain === undefined || typeof chain === "string"
          ? { reason: chain ?? "no options listed" }
          : positionLegs(strategy, position.quantity, chain, inputs.settings);
    if ("reason" in built) unhedged.push({ code: position.code, reason: built.reason });
    else legs.push(...built.legs);
  }
  if (legs.length === 0) {
    const reasons = [...new Set(unhedged.map((entry) => entry.reason))];
    return { reason: reasons.join("; ") };
  }
  return { legs, unhedged };
}

/** Mean hedged P&L over the scenarios (USD): the ranking score. */
export function meanScenarioPnl(metrics: HedgeMetrics): number {
  let total = 0;
  for (const scenario of metrics.scenarios) total += scenario.hedgedPnl;
  return total / metrics.scenarios.length;
}

function rank(suggestions: Suggestion[]): Suggestion[] {
  return [...suggestions].sort(
    (a, b) =>
      b.score - a.score ||
      a.metrics.netCost - b.metrics.netCost ||
      catalogueIndex(a.strategy) - catalogueIndex(b.strategy),
  );
}

const catalogueIndex = (strategy: StrategyDefinition) =>
  strategiesFor(strategy.optionType).indexOf(strategy);

function subset(
  underlyings: ReadonlyMap<string, Underlying>,
  codes: readonly string[],
): Map<string, Underlying> {
  return new Map(codes.map((code) => [code, underlyings.get(code) as Underlying]));
}
