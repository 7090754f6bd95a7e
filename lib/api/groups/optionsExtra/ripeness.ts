import { isoDate } from "../../../market/civil-date";
import type { Instrument } from "../../../market/ports";
import { roundPercent } from "../../../market/precision";
import { errorAnswer } from "../../error-catalogue";
import { ApiError } from "../../errors";
import { ivRankReport } from "../../iv-rank";
import { fromProvider, servedQuoteOf } from "../../market-data";
import { noChainData, type OptionDataDeps, pricingInputsFrom, todayOf } from "../../option-data";
import {
  type Candidate,
  type PricingInputs,
  premiumScanWithChains,
  type Strategy,
} from "../../premium-scanner";
import { SCAN_DEFAULTS } from "../../schemas/premium-scan";
import { type Measures, ripenessScore } from "./score-model";
import {
  completedDailyBars,
  earningsOutlook,
  historicalVolatility20,
  ivHvRatioOf,
  median,
  relativeSpreadsPercent,
  sma50,
  trendPercentOf,
} from "./underlying-figures";

/**
 * POST /options/ripeness: each requested symbol resolved to an optionable contract, measured
 * and scored (score-model.ts). A symbol that names no contract, or one without listed options,
 * is an entry with its error, not a failure of the batch.
 */

/** The per-symbol errors an entry may carry (404s of the single-contract endpoints). */
export const ENTRY_ERROR_CODES = ["SYMBOL_NOT_FOUND", "NO_CHAIN_DATA"] as const;
type EntryErrorCode = (typeof ENTRY_ERROR_CODES)[number];

/** A symbol that could not be scored: the code and message its own endpoint would answer. */
export class EntryError extends Error {
  constructor(
    readonly code: EntryErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The catalogue's wording of the answer GET /market/exchanges/{symbol} or a code route gives. */
const symbolNotFound = (lookup: { code: string } | { symbol: string }) =>
  new EntryError("SYMBOL_NOT_FOUND", errorAnswer("SYMBOL_NOT_FOUND", lookup).message);

const isEntryErrorCode = (code: string): code is EntryErrorCode =>
  (ENTRY_ERROR_CODES as readonly string[]).includes(code);

/** Stocks and ETFs before index options when a ticker is listed more than once. */
const KIND_ORDER: Record<string, number> = { Stock: 0, ETF: 0, Index: 1 };

/**
 * The optionable contract `input` names: a code SYMBOL_EXCHANGE as is, a bare ticker through
 * the listings (as GET /market/exchanges/{symbol}); of several optionable listings, a stock or
 * ETF first, then the first code alphabetically.
 */
export async function resolveOptionable(
  deps: OptionDataDeps,
  input: string,
  listings: () => Promise<Instrument[]>,
): Promise<Instrument> {
  const byCode = input.includes("_");
  const matches = byCode
    ? [await fromProvider(() => deps.market.instrument(input))].filter((i) => i !== undefined)
    : (await listings()).filter((instrument) => instrument.symbol === input);
  if (matches.length === 0) {
    throw symbolNotFound(byCode ? { code: input } : { symbol: input });
  }
  const optionable = matches
    .filter((instrument) => instrument.hasOptions)
    .sort(
      (a, b) =>
        (KIND_ORDER[a.contractType] ?? 2) - (KIND_ORDER[b.contractType] ?? 2) ||
        a.code.localeCompare(b.code),
    );
  const chosen = optionable[0];
  if (!chosen) {
    const code = (matches[0] as Instrument).code;
    throw noChainData(code, "the contract has no listed options");
  }
  return chosen;
}

/** |live price − breakEven| / live price × 100 and the same in one-sigma moves to expiry. */
function cushionOf(candidate: Candidate, livePrice: number) {
  const cushionPercent = roundPercent(
    (Math.abs(livePrice - candidate.breakEven) / livePrice) * 100,
  );
  const oneSigmaMovePercent = roundPercent(
    candidate.impliedVolatility * Math.sqrt(candidate.daysToExpiration / 365),
  );
  return {
    cushionPercent,
    oneSigmaMovePercent,
    cushionSigmas: roundPercent(cushionPercent / oneSigmaMovePercent),
  };
}

/** Everything the score of one contract is measured from, and the score. */
async function scoreContract(deps: OptionDataDeps, instrument: Instrument, strategy: Strategy) {
  const quote = await servedQuoteOf(deps, instrument);
  const inputs: PricingInputs = pricingInputsFrom(deps, quote);
  const [rank, bars, earnings, scanned] = await Promise.all([
    ivRankReport(deps, instrument),
    completedDailyBars(deps, instrument, quote.marketSession === "Regular"),
    earningsOutlook(deps, instrument),
    premiumScanWithChains(deps, instrument, { strategy, ...SCAN_DEFAULTS }, inputs),
  ]);
  const live = inputs.underlyingLivePrice;
  const best = scanned.scan.candidates[0];
  const hv20 = historicalVolatility20(bars);
  const sma = sma50(bars);
  const spreads = relativeSpreadsPercent(scanned.chains, live);
  const medianSpread = median(spreads);
  const cushion = best ? cushionOf(best, live) : undefined;
  const targetDte = best?.daysToExpiration ?? SCAN_DEFAULTS.maxDte;
  const measures: Measures = {
    strategy,
    ivRank: rank.ivRank,
    ivHvRatio: ivHvRatioOf(rank.currentImpliedVolatility, hv20),
    earningsKnown: earnings.known,
    daysToEarnings: earnings.daysToReaction,
    targetDte,
    trendPercent: trendPercentOf(live, sma),
    medianSpreadPercent: medianSpread === null ? null : roundPercent(medianSpread),
    cushionSigmas: cushion?.cushionSigmas ?? null,
    hasCandidate: best !== undefined,
  };
  return {
    symbol: instrument.symbol,
    code: instrument.code,
    name: instrument.name,
    sector: instrument.sector ?? null,
    underlyingPrice: inputs.underlyingPrice,
    underlyingLivePrice: live,
    ...ripenessScore(measures),
    measures: {
      impliedVolatility30: rank.currentImpliedVolatility,
      historicalVolatility20: hv20,
      ivRank: rank.ivRank,
      ivPercentile: rank.ivPercentile,
      sma50: sma,
      trendPercent: measures.trendPercent,
      earningsScheduleKnown: earnings.known,
      nextEarningsDate: earnings.date,
      earningsTiming: earnings.timing,
      earningsReactionDate: earnings.reactionDate,
      targetExpiration: best?.expiration ?? isoDate(todayOf(deps) + SCAN_DEFAULTS.maxDte),
      targetDte,
      liquidityContracts: spreads.length,
      medianSpreadPercent: measures.medianSpreadPercent,
      cushionPercent: cushion?.cushionPercent ?? null,
      oneSigmaMovePercent: cushion?.oneSigmaMovePercent ?? null,
    },
    bestCandidate: best ?? null,
  };
}

/** One symbol's entry: its score, or the error its own endpoint would answer. */
export async function ripenessEntry(
  deps: OptionDataDeps,
  input: string,
  strategy: Strategy,
  listings: () => Promise<Instrument[]>,
) {
  try {
    const instrument = await resolveOptionable(deps, input, listings);
    return { status: "ok" as const, input, ...(await scoreContract(deps, instrument, strategy)) };
  } catch (error) {
    const entry = entryErrorOf(error);
    if (!entry) throw error;
    return { status: "error" as const, input, error: { code: entry.code, message: entry.message } };
  }
}

/** A symbol's own 404 (unknown, no options, no chain or IV data); undefined for anything else. */
function entryErrorOf(error: unknown): EntryError | undefined {
  if (error instanceof EntryError) return error;
  if (error instanceof ApiError && error.status === 404 && isEntryErrorCode(error.code)) {
    return new EntryError(error.code, error.message);
  }
  return undefined;
}
