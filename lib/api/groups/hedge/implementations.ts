import type { StockLeg, Underlying } from "../../../hedge/book";
import { pnlCurve } from "../../../hedge/curve";
import { codesOf, hedgeMetrics } from "../../../hedge/metrics";
import { scenarioPath } from "../../../hedge/payoff";
import { analysisRequest, hedgeFacts, suggestionRequest } from "../../../hedge/rationale";
import { type ListedChain, STRATEGIES, strategiesFor } from "../../../hedge/strategies";
import { type Suggestion, suggestHedges } from "../../../hedge/suggest";
import type { Instrument } from "../../../market/ports";
import { roundDecimals, roundMoney, roundPercent, roundRatio } from "../../../market/precision";
import { narrateAll } from "../../../narrative/answer";
import { ApiError, invalidParameter } from "../../errors";
import { daysTo, listedExpirations } from "../../option-data";
import type { Implementations } from "../../route";
import { resolveAnalysis } from "./analysis";
import {
  benchmarkOf,
  chainOrReason,
  type HedgeDeps,
  instrumentNamed,
  listingsOf,
  underlyingsOf,
} from "./market";
import {
  benchmarkOut,
  bookOut,
  figuresOut,
  legOut,
  optionLegOut,
  scenarioBasisOut,
  statedInputsOf,
  stockLegOut,
} from "./present";
import { type hedgeRoutes, OPTION_TYPE_RULE, RANKING_RULE, STRIKE_RULE } from "./routes";

export type { HedgeDeps } from "./market";

/** The listed expiration a hedge of `horizonDays` uses: the first that far out, else the last. */
async function hedgeExpiration(
  deps: HedgeDeps,
  code: string,
  horizonDays: number,
): Promise<string | null> {
  try {
    const expirations = await listedExpirations(deps, code);
    return (
      expirations.find((date) => daysTo(deps, date) >= horizonDays) ??
      (expirations.at(-1) as string)
    );
  } catch (error) {
    // No expiration listed: every strategy is then unavailable, not an error.
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The positions' instruments, each symbol once (400 naming the repeat). */
function positionInstruments(
  listings: readonly Instrument[],
  positions: readonly { symbol: string }[],
): Instrument[] {
  const seen = new Set<string>();
  return positions.map((position, index) => {
    const field = `positions[${index}].symbol`;
    const instrument = instrumentNamed(listings, position.symbol, field);
    if (seen.has(instrument.code)) throw invalidParameter(field, `repeats ${instrument.code}`);
    seen.add(instrument.code);
    return instrument;
  });
}

function suggestionFacts(
  suggestion: Suggestion,
  rank: number,
  underlyings: ReadonlyMap<string, Underlying>,
) {
  return hedgeFacts(suggestion.strategy.name, suggestion.legs, suggestion.metrics, underlyings, {
    rank,
    marketHedge: suggestion.strategy.scope === "portfolio",
    unhedgedPositions: suggestion.unhedged.length,
  });
}

export const hedgeImplementations: Implementations<typeof hedgeRoutes, HedgeDeps> = {
  "hedge.strategies": ({ query }) => ({
    optionTypeRule: OPTION_TYPE_RULE,
    strikeRule: STRIKE_RULE,
    rankingRule: RANKING_RULE,
    strategies: (query.optionType ? strategiesFor(query.optionType) : STRATEGIES).map(
      ({ construction: _construction, ...strategy }) => ({
        ...strategy,
        parameters: [...strategy.parameters],
      }),
    ),
  }),

  "hedge.suggest": async ({ body }, deps) => {
    const listings = await listingsOf(deps);
    const instruments = positionInstruments(listings, body.positions);
    const benchmarkInstrument = await benchmarkOf(deps);
    const underlyings = await underlyingsOf(deps, instruments, benchmarkInstrument);
    const benchmark = underlyings.get(benchmarkInstrument.code) as Underlying;
    const positions: StockLeg[] = body.positions.map((position, index) => {
      const code = (instruments[index] as Instrument).code;
      const price = (underlyings.get(code) as Underlying).price;
      return { kind: "stock", code, quantity: position.quantity, price };
    });
    const optionable = instruments.filter((instrument) => instrument.hasOptions);
    const pivot = optionable[0] ?? benchmarkInstrument;
    const expiration = await hedgeExpiration(deps, pivot.code, body.horizonDays);
    const chains = new Map<string, ListedChain | string>();
    if (expiration !== null) {
      const chainCodes = [...new Set([...optionable.map((i) => i.code), benchmark.code])];
      const read = await Promise.all(
        chainCodes.map((code) =>
          chainOrReason(deps, underlyings.get(code) as Underlying, expiration),
        ),
      );
      for (const [index, code] of chainCodes.entries())
        chains.set(code, read[index] as ListedChain | string);
    }
    const days = expiration === null ? 0 : daysTo(deps, expiration);
    const result = suggestHedges({
      optionType: body.optionType,
      positions,
      underlyings,
      benchmark,
      chains,
      days,
      settings: {
        protectionPercent: body.protectionPercent,
        ratePercent: deps.defaultRiskFreeRatePercent,
      },
      maxCostPercent: body.maxCostPercent,
    });
    const rationales = await narrateAll(
      deps.narrative,
      result.suggestions.map((suggestion, index) =>
        suggestionRequest(suggestionFacts(suggestion, index + 1, underlyings)),
      ),
    );
    const symbol = (code: string) => (underlyings.get(code) as Underlying).symbol;
    return {
      ...statedInputsOf(deps),
      optionType: body.optionType,
      horizonDays: body.horizonDays,
      protectionPercent: body.protectionPercent,
      maxCostPercent: body.maxCostPercent ?? null,
      expiration,
      daysToExpiration: expiration === null ? null : days,
      benchmark: benchmarkOut(benchmark),
      scenarioBasis: scenarioBasisOut(result.path, underlyings, benchmark),
      book: {
        ...bookOut(result.unhedged),
        positions: positions.map((leg) => ({
          ...stockLegOut(leg, underlyings),
          beta: roundRatio((underlyings.get(leg.code) as Underlying).beta),
        })),
      },
      rankingRule: RANKING_RULE,
      suggestions: result.suggestions.map((suggestion, index) => ({
        rank: index + 1,
        strategy: suggestion.strategy.id,
        name: suggestion.strategy.name,
        score: roundMoney(suggestion.score) + 0,
        legs: suggestion.legs.map((leg) => optionLegOut(leg, underlyings)),
        unhedgedPositions: suggestion.unhedged.map((entry) => ({
          symbol: symbol(entry.code),
          code: entry.code,
          reason: entry.reason,
        })),
        ...figuresOut(suggestion.metrics),
        rationale: rationales[index] as string,
      })),
      excludedOverBudget: result.overBudget.map((suggestion) => ({
        strategy: suggestion.strategy.id,
        name: suggestion.strategy.name,
        costPercent: roundPercent(suggestion.metrics.costPercent) + 0,
      })),
      unavailable: result.unavailable.map(({ strategy, reason }) => ({
        strategy: strategy.id,
        name: strategy.name,
        reason,
      })),
    };
  },

  "hedge.analyze": async ({ body }, deps) => {
    const resolved = await resolveAnalysis(deps, body);
    const { positions, hedge, underlyings, benchmark, expiration } = resolved;
    const all = [...positions, ...hedge];
    const codes = codesOf(all);
    const reference =
      codes.length === 1 ? (underlyings.get(codes[0] as string) as Underlying) : benchmark;
    const inUse = new Map(codes.map((code) => [code, underlyings.get(code) as Underlying]));
    const path = scenarioPath(reference, inUse);
    const days = daysTo(deps, expiration);
    const metrics = hedgeMetrics({
      positions,
      hedge,
      underlyings,
      path,
      benchmarkPrice: benchmark.price,
      days,
    });
    const unhedged = hedgeMetrics({
      positions,
      hedge: [],
      underlyings,
      path,
      benchmarkPrice: benchmark.price,
      days,
    });
    const optionLegs = hedge.filter((leg) => leg.kind === "option");
    const facts = hedgeFacts("Your hedge", optionLegs, metrics, underlyings, {
      marketHedge: codes.length > 1,
      unhedgedPositions: 0,
    });
    const [rationale] = await narrateAll(deps.narrative, [analysisRequest(facts)]);
    return {
      ...statedInputsOf(deps),
      expiration,
      daysToExpiration: days,
      benchmark: benchmarkOut(benchmark),
      scenarioBasis: scenarioBasisOut(path, underlyings, benchmark),
      positions: positions.map((leg) => legOut(leg, underlyings)),
      hedge: hedge.map((leg) => legOut(leg, underlyings)),
      book: bookOut(unhedged),
      ...figuresOut(metrics),
      curve: {
        reference: reference.symbol,
        points: pnlCurve(all, path).map((point) => ({
          price: roundDecimals(point.price, 4),
          movePercent: roundPercent(point.move * 100) + 0,
          pnl: roundMoney(point.pnl) + 0,
        })),
      },
      rationale: rationale as string,
    };
  },
};
