import type { CoreDeps, Deps } from "../../../deps";
import type { Underlying } from "../../../hedge/book";
import type { ChainQuote, ListedChain } from "../../../hedge/strategies";
import type { Bar, Instrument } from "../../../market/ports";
import { calendarDaysHolding } from "../../../market/trading-days";
import { ApiError, apiError, invalidParameter } from "../../errors";
import { fromProvider, servedQuoteOf } from "../../market-data";
import { dailyBarsOf } from "../../market-figures";
import { chainOf, daysTo } from "../../option-data";
import { benchmarkInstrument, completedBeforeMs, realisedBeta } from "../../realised-beta";

/**
 * What the hedge endpoints read from the market-data ports: the contracts the request names,
 * their live prices and 60-session betas against SPY, and the chains at the hedge's expiration.
 */

/** What the hedge group's implementations use (wired in ./index.ts). */
export type HedgeDeps = CoreDeps &
  Pick<Deps, "market" | "defaultRiskFreeRatePercent" | "narrative">;

/** Completed sessions the hedge's betas are measured over. */
export const BETA_SESSIONS = 60;
/** Calendar days of daily bars that hold them and today's. */
const BETA_LOOKBACK_DAYS = calendarDaysHolding(BETA_SESSIONS + 1);

/** The instruments the source lists, read once per request. */
export async function listingsOf(deps: HedgeDeps): Promise<Instrument[]> {
  return fromProvider(() => deps.market.instruments());
}

/**
 * The contract a ticker or a code names: a code as listed, a ticker as the stock or ETF listed
 * under it (the one with options first). 404 SYMBOL_NOT_FOUND when none; `equityOnly`: 400
 * naming `field` for a contract that is not a stock or ETF.
 */
export function instrumentNamed(
  listings: readonly Instrument[],
  symbol: string,
  field: string,
): Instrument {
  const isCode = symbol.includes("_");
  const matches = listings.filter((listed) =>
    isCode ? listed.code === symbol : listed.symbol === symbol && isEquity(listed),
  );
  const found = matches.find((listed) => listed.hasOptions) ?? matches[0];
  if (!found) throw apiError("SYMBOL_NOT_FOUND", isCode ? { code: symbol } : { symbol });
  if (!isEquity(found)) {
    throw invalidParameter(
      field,
      `must be a stock or ETF (${found.code} is ${found.contractType})`,
    );
  }
  return found;
}

const isEquity = (instrument: Instrument) =>
  instrument.contractType === "Stock" || instrument.contractType === "ETF";

/** SPY as listed; 503 when the source does not list it (betas and overlays need it). */
export async function benchmarkOf(deps: HedgeDeps): Promise<Instrument> {
  const benchmark = await benchmarkInstrument(deps);
  if (!benchmark) {
    throw apiError("MARKET_DATA_UNAVAILABLE", {
      lacking: "SPY, the benchmark of the betas",
      cause: new Error("the market-data source does not list SPY"),
    });
  }
  return benchmark;
}

/**
 * Each instrument as an Underlying: its live price (mark, else last) and its realised beta to
 * the benchmark over the last 60 completed sessions (lib/api/realised-beta.ts, the figure
 * /market/stocks/{code}/technicals computes over 252). The benchmark's own beta is 1.
 */
export async function underlyingsOf(
  deps: HedgeDeps,
  instruments: readonly Instrument[],
  benchmark: Instrument,
): Promise<Map<string, Underlying>> {
  const unique = [...new Map([...instruments, benchmark].map((i) => [i.code, i])).values()];
  const benchmarkBars = dailyBarsOf(deps, benchmark.code, BETA_LOOKBACK_DAYS);
  const nowMs = deps.marketClock.now().getTime();
  const rows = await Promise.all(
    unique.map(async (instrument) => {
      const bars: Promise<Bar[]> =
        instrument.code === benchmark.code
          ? benchmarkBars
          : dailyBarsOf(deps, instrument.code, BETA_LOOKBACK_DAYS);
      const [quote, own, market] = await Promise.all([
        servedQuoteOf(deps, instrument),
        bars,
        benchmarkBars,
      ]);
      const completedBefore = completedBeforeMs(quote, nowMs);
      const underlying: Underlying = {
        code: instrument.code,
        symbol: instrument.symbol,
        price: quote.livePrice,
        beta: realisedBeta(own, market, completedBefore, BETA_SESSIONS),
      };
      return [instrument.code, underlying] as const;
    }),
  );
  return new Map(rows);
}

/**
 * Both sides of an underlying's chain at `expiration`, as the engine takes them; the 404
 * NO_CHAIN_DATA the lookup answers when the expiration is not listed.
 */
export async function listedChainOf(
  deps: HedgeDeps,
  underlying: Underlying,
  expiration: string,
): Promise<ListedChain> {
  const [calls, puts] = await Promise.all([
    chainOf(deps, underlying.code, expiration, "C"),
    chainOf(deps, underlying.code, expiration, "P"),
  ]);
  const quotes = (side: typeof calls): ChainQuote[] =>
    side
      .map((quote) => ({
        contract: quote.contract,
        strike: quote.strike,
        right: quote.right,
        bid: quote.bid,
        ask: quote.ask,
        impliedVolatility: quote.impliedVolatility,
      }))
      .sort((a, b) => a.strike - b.strike);
  return {
    code: underlying.code,
    expiration,
    days: daysTo(deps, expiration),
    spot: underlying.price,
    calls: quotes(calls),
    puts: quotes(puts),
  };
}

/** The chain, or the reason a 404 gave (a suggestion then leaves the position unhedged). */
export async function chainOrReason(
  deps: HedgeDeps,
  underlying: Underlying,
  expiration: string,
): Promise<ListedChain | string> {
  try {
    return await listedChainOf(deps, underlying, expiration);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return `no options listed for ${expiration}`;
    }
    throw error;
  }
}
