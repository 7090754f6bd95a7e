import type { MarketDataProvider } from "../ports";
import { roundMoney, roundPercent, roundRatio } from "../precision";
import { candidatesAt } from "./candidates";
import { featureVector } from "./features";
import { type NovaModel, parseModel, scoreOf } from "./model";
import artifact from "./model.json";

/**
 * Nova: ranks the live short-dated chain of its universe by the trained model's probability
 * that writing the option makes money at expiry. The model is checked once at cold start.
 */

let loaded: { model: NovaModel } | { error: Error } | undefined;

export function novaModel(): NovaModel {
  if (!loaded) {
    try {
      loaded = { model: parseModel(artifact) };
    } catch (error) {
      loaded = { error: error as Error };
    }
  }
  if ("error" in loaded) throw loaded.error;
  return loaded.model;
}

export interface Suggestion {
  symbol: string;
  strike: number;
  expiry: string;
  right: "C" | "P";
  score: number;
  delta: number;
  iv: number;
  premium: number;
}

export async function novaSuggestions(
  market: MarketDataProvider,
  nowMs: number,
  options: { topN: number; minDte: number; maxDte: number },
): Promise<{ modelVersion: string; suggestions: Suggestion[] }> {
  const model = novaModel();
  // Nova ranks listed expirations: a source that lists none cannot serve it (503).
  const listings = market.optionExpirations;
  if (!listings) throw new Error(`market provider ${market.name} has no option listings for Nova`);
  const candidates = await candidatesAt(market, listings, nowMs, options.minDte, options.maxDte);
  const scored = candidates.map((candidate) => ({
    candidate,
    score: scoreOf(model, featureVector(candidate)),
  }));
  scored.sort(
    (a, b) =>
      b.score - a.score || a.candidate.option.contract.localeCompare(b.candidate.option.contract),
  );
  return {
    modelVersion: model.modelVersion,
    suggestions: scored.slice(0, options.topN).map(({ candidate, score }) => ({
      symbol: candidate.symbol,
      strike: candidate.option.strike,
      expiry: candidate.option.expiration,
      right: candidate.option.right,
      score: roundRatio(score),
      delta: roundRatio(candidate.option.delta ?? 0),
      iv: roundPercent((candidate.option.impliedVolatility ?? 0) * 100),
      premium: roundMoney(candidate.premium),
    })),
  };
}
