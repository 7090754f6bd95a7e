import type { BookLeg, OptionLeg, StockLeg, Underlying } from "../../../hedge/book";
import type { DeltaFigures } from "../../../hedge/greeks";
import type { HedgeMetrics, PricedMove } from "../../../hedge/metrics";
import type { ScenarioPath } from "../../../hedge/payoff";
import { roundDecimals, roundMoney, roundPercent, roundRatio } from "../../../market/precision";
import { MODEL } from "../../option-data";
import { BETA_SESSIONS, type HedgeDeps } from "./market";

/**
 * The hedge engine's figures as served: amounts to the cent, percents to 4 decimals, deltas and
 * betas to 6, scenario prices to 4. Each figure is rounded once, here.
 */

const percentOfMove = (move: number) => roundPercent(move * 100);
const money = (usd: number) => roundMoney(usd) + 0; // + 0: never -0
const nullableMoney = (usd: number | null) => (usd === null ? null : money(usd));

function symbolOf(underlyings: ReadonlyMap<string, Underlying>, code: string): string {
  return underlyings.get(code)?.symbol ?? code;
}

export function pricedMoveOut(priced: PricedMove) {
  return {
    movePercent: percentOfMove(priced.move),
    prices: priced.prices.map((row) => ({
      symbol: row.symbol,
      code: row.code,
      price: roundDecimals(row.price, 4),
    })),
  };
}

export function deltaOut(figures: DeltaFigures) {
  return {
    byUnderlying: figures.byUnderlying.map((row) => ({
      symbol: row.symbol,
      code: row.code,
      deltaShares: roundRatio(row.deltaShares) + 0,
      deltaDollars: money(row.deltaDollars),
      beta: roundRatio(row.beta) + 0,
    })),
    deltaDollars: money(figures.deltaDollars),
    betaWeightedDeltaDollars: money(figures.betaWeightedDeltaDollars),
    betaWeightedDeltaSpyShares: roundRatio(figures.betaWeightedDeltaSpyShares) + 0,
  };
}

/** The figures of one hedge on the book (schemas.ts hedgeFigures). */
export function figuresOut(metrics: HedgeMetrics) {
  return {
    netCost: money(metrics.netCost),
    costPercent: roundPercent(metrics.costPercent) + 0,
    costPercentAnnualised: roundPercent(metrics.costPercentAnnualised) + 0,
    protectionStart: metrics.protectionStart && pricedMoveOut(metrics.protectionStart),
    protectionEnd: metrics.protectionEnd && pricedMoveOut(metrics.protectionEnd),
    floor: nullableMoney(metrics.floor),
    cap: nullableMoney(metrics.cap),
    maxLoss: nullableMoney(metrics.hedged.maxLoss),
    maxGain: nullableMoney(metrics.hedged.maxGain),
    breakevens: metrics.breakevens.map(pricedMoveOut),
    scenarios: metrics.scenarios.map((scenario) => ({
      ...pricedMoveOut(scenario),
      unhedgedPnl: money(scenario.unhedgedPnl),
      hedgePnl: money(scenario.hedgePnl),
      hedgedPnl: money(scenario.hedgedPnl),
    })),
    delta: { before: deltaOut(metrics.before), after: deltaOut(metrics.after) },
  };
}

/** The unhedged book, from metrics measured with no hedge legs. */
export function bookOut(unhedged: HedgeMetrics) {
  return {
    value: money(unhedged.bookValue),
    notional: money(unhedged.notional),
    exposure: unhedged.exposure,
    maxLoss: nullableMoney(unhedged.unhedged.maxLoss),
    maxGain: nullableMoney(unhedged.unhedged.maxGain),
    scenarios: unhedged.scenarios.map((scenario) => ({
      ...pricedMoveOut(scenario),
      pnl: money(scenario.unhedgedPnl),
    })),
    delta: deltaOut(unhedged.before),
  };
}

export function optionLegOut(leg: OptionLeg, underlyings: ReadonlyMap<string, Underlying>) {
  return {
    kind: "option" as const,
    contract: leg.contract,
    symbol: symbolOf(underlyings, leg.code),
    code: leg.code,
    expiration: leg.expiration,
    right: leg.right,
    strike: leg.strike,
    action: leg.quantity > 0 ? ("buy" as const) : ("sell" as const),
    quantity: leg.quantity,
    multiplier: leg.multiplier,
    price: leg.price,
    priceSource: leg.priceSource,
    bid: leg.bid,
    ask: leg.ask,
    cashFlow: money(-leg.quantity * leg.multiplier * leg.price),
    impliedVolatility: leg.volatilityPercent,
    delta: roundRatio(leg.delta) + 0,
  };
}

export function stockLegOut(leg: StockLeg, underlyings: ReadonlyMap<string, Underlying>) {
  return {
    kind: "stock" as const,
    symbol: symbolOf(underlyings, leg.code),
    code: leg.code,
    quantity: leg.quantity,
    price: leg.price,
    value: money(leg.quantity * leg.price),
  };
}

export function legOut(leg: BookLeg, underlyings: ReadonlyMap<string, Underlying>) {
  return leg.kind === "stock" ? stockLegOut(leg, underlyings) : optionLegOut(leg, underlyings);
}

export function benchmarkOut(benchmark: Underlying) {
  return {
    symbol: benchmark.symbol,
    code: benchmark.code,
    price: benchmark.price,
    betaSessions: BETA_SESSIONS,
  };
}

/** How the scenarios move prices, in words. */
export function scenarioBasisOut(
  path: ScenarioPath,
  underlyings: ReadonlyMap<string, Underlying>,
  benchmark: Underlying,
) {
  const reference = symbolOf(underlyings, path.reference);
  if (path.underlyings.size <= 1 && path.underlyings.has(path.reference)) {
    return {
      reference,
      kind: "underlying" as const,
      description: `${reference} moves by the scenario's percent`,
    };
  }
  const market = path.reference === benchmark.code;
  return {
    reference,
    kind: market ? ("market" as const) : ("underlying" as const),
    description: market
      ? `${reference} moves by the scenario's percent and each underlying by its beta times that`
      : `${reference} moves by the scenario's percent and each other underlying by its beta / ${reference}'s beta times that (SPY: 1 / ${reference}'s beta)`,
  };
}

/** What every hedge answer states it was computed from. */
export function statedInputsOf(deps: HedgeDeps) {
  return {
    model: MODEL,
    riskFreeRate: deps.defaultRiskFreeRatePercent,
    asOf: deps.marketClock.now().toISOString(),
  };
}
