import {
  type AnalysisOptions,
  analyseStock,
  assessStock,
  storeVerdict,
  type VerdictAnswer,
} from "../../../../intelligence/analysis";
import type { Vote } from "../../../../intelligence/opinion";
import { RULES_VERSION, type SpecialistName } from "../../../../intelligence/rules";
import { COMPARE_INSTRUCTIONS, COMPARE_KIND } from "../../../../intelligence/templates";
import type { Instrument } from "../../../../market/ports";
import { narrateAll } from "../../../../narrative/answer";
import { apiError, invalidParameter } from "../../../errors";
import { ARTICLE, fromProvider, instrumentOf } from "../../../market-data";
import { noChainData } from "../../../option-data";
import type { Implementations } from "../../../route";
import type { intelligenceCommitteeRoutes } from "../routes/committee";
import type { IntelligenceDeps } from "../shared";

/**
 * An optionable company stock: 404 SYMBOL_NOT_FOUND for an unknown code, 404 NO_CHAIN_DATA
 * without listed options, 404 NO_DATA for a fund or an index with options (the committee reads
 * a company's statements, insiders and news).
 */
async function committeeStock(deps: IntelligenceDeps, code: string): Promise<Instrument> {
  const instrument = await instrumentOf(deps, code);
  if (!instrument.hasOptions)
    throw noChainData(instrument.code, "the contract has no listed options");
  if (instrument.contractType !== "Stock") {
    throw apiError("NO_DATA", {
      what: "intelligence analysis",
      code: instrument.code,
      reason: `${ARTICLE[instrument.contractType]} is no company`,
    });
  }
  return instrument;
}

/** The stocks a compare request names, each once: 404 for an unknown one, 400 naming the rest. */
async function comparedStocks(deps: IntelligenceDeps, symbols: readonly string[]) {
  const listings = await fromProvider(() => deps.market.instruments());
  const seen = new Set<string>();
  return symbols.map((symbol, index) => {
    const field = `symbols[${index}]`;
    const isCode = symbol.includes("_");
    const named = listings.filter((listed) =>
      isCode ? listed.code === symbol : listed.symbol === symbol,
    );
    const found = named.find((listed) => listed.contractType === "Stock") ?? named[0];
    if (!found) throw apiError("SYMBOL_NOT_FOUND", isCode ? { code: symbol } : { symbol });
    if (found.contractType !== "Stock") {
      throw invalidParameter(
        field,
        `must be a stock (${found.code} is ${ARTICLE[found.contractType]})`,
      );
    }
    if (!found.hasOptions) throw invalidParameter(field, `${found.code} has no listed options`);
    if (seen.has(found.code)) throw invalidParameter(field, `repeats ${found.code}`);
    seen.add(found.code);
    return found;
  });
}

const VERDICT_ORDER: Record<Vote, number> = { SELL_PUT: 0, CAUTION: 1, AVOID: 2 };

/** SELL_PUT first, then CAUTION, then AVOID; by conviction (SELL_PUT) or score; ties by code. */
export function byRank(a: VerdictAnswer, b: VerdictAnswer): number {
  const verdict = VERDICT_ORDER[a.FinalVerdict] - VERDICT_ORDER[b.FinalVerdict];
  if (verdict !== 0) return verdict;
  const strength =
    a.FinalVerdict === "SELL_PUT"
      ? b.FinalConviction - a.FinalConviction
      : b.committeeScore - a.committeeScore;
  return strength !== 0 ? strength : a.code.localeCompare(b.code);
}

function rankingRow(answer: VerdictAnswer, index: number) {
  return {
    rank: index + 1,
    symbol: answer.symbol,
    code: answer.code,
    name: answer.name,
    FinalVerdict: answer.FinalVerdict,
    FinalConviction: answer.FinalConviction,
    CommitteeAgreement: answer.CommitteeAgreement,
    committeeScore: answer.committeeScore,
    vetoes: answer.vetoes,
    specialistScores: Object.fromEntries(
      answer.specialists.map((o) => [o.specialist, o.score]),
    ) as Record<SpecialistName, number>,
    expiration: answer.target.expiration,
    inputsHash: answer.inputsHash,
    analysedAt: answer.analysedAt,
  };
}

function compareRequest(ranked: readonly VerdictAnswer[]) {
  const best = ranked[0] as VerdictAnswer;
  const count = (verdict: Vote) => ranked.filter((a) => a.FinalVerdict === verdict).length;
  return {
    kind: COMPARE_KIND,
    instructions: COMPARE_INSTRUCTIONS,
    facts: {
      compared: ranked.length,
      bestSymbol: best.symbol,
      bestVerdict: best.FinalVerdict,
      bestConviction: best.FinalConviction,
      sellPut: count("SELL_PUT"),
      avoided: count("AVOID"),
    },
  };
}

export const intelligenceCommitteeImplementations: Implementations<
  typeof intelligenceCommitteeRoutes,
  IntelligenceDeps
> = {
  "intelligence.analysis": async ({ params, query }, deps) => {
    const instrument = await committeeStock(deps, params.code);
    return analyseStock(deps, instrument, { targetDte: query.targetDte, trigger: "request" });
  },

  "intelligence.conviction": async ({ params }, deps) => {
    const stored = await deps.verdicts.latest(params.code);
    if (stored) return stored.verdict as unknown as VerdictAnswer;
    // Nothing stored: an unknown code is 404 SYMBOL_NOT_FOUND, a known one NO_VERDICT.
    const instrument = await instrumentOf(deps, params.code);
    throw apiError("NO_VERDICT", { code: instrument.code });
  },

  "intelligence.compare": async ({ body }, deps) => {
    const instruments = await comparedStocks(deps, body.symbols);
    const options: AnalysisOptions = { targetDte: body.targetDte, trigger: "request" };
    const answers = await Promise.all(instruments.map((i) => assessStock(deps, i, options)));
    const ranked = [...answers].sort(byRank);
    const [summary] = await narrateAll(deps.narrative, [compareRequest(ranked)]);
    // Stored once every text is written: a failed summary stores nothing (all or nothing).
    await Promise.all(ranked.map((answer) => storeVerdict(deps, answer)));
    return {
      asOf: deps.marketClock.now().toISOString(),
      targetDte: body.targetDte,
      rulesVersion: RULES_VERSION,
      summary: summary as string,
      ranking: ranked.map(rankingRow),
      verdicts: ranked,
    };
  },
};
