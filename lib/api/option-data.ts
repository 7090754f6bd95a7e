import type { CoreDeps, Deps } from "../deps";
import { civilDate, dayNumber, isoDate } from "../market/civil-date";
import { nyWallClock } from "../market/ny-time";
import type { Instrument, OptionQuote } from "../market/ports";
import { type ApiError, apiError, invalidParameter } from "./errors";
import { fromProvider, type ServedQuote, servedQuoteOf } from "./market-data";

/**
 * Option-chain lookups every group that reads chains shares (options, volatility, hedge,
 * premium selling), outside the group folders so a function bundles only its own group.
 */

/** What the lookups read: the market-data ports, the market clock and the default rate. */
export type OptionDataDeps = CoreDeps & Pick<Deps, "market" | "defaultRiskFreeRatePercent">;

/** The pricing model every chain analytic states. */
export const MODEL = "Black-Scholes";

export function noChainData(code: string, reason: string): ApiError {
  return apiError("NO_CHAIN_DATA", { code, reason });
}

/**
 * The optionable contract a code names: 404 NO_CHAIN_DATA for an unknown code or one without
 * listed options (spec, Errors rule 1: never 500).
 */
export async function optionableInstrument(
  deps: OptionDataDeps,
  code: string,
): Promise<Instrument> {
  const instrument = await fromProvider(() => deps.market.instrument(code));
  if (!instrument) throw noChainData(code, "no such contract");
  if (!instrument.hasOptions) throw noChainData(code, "the contract has no listed options");
  return instrument;
}

/**
 * The listed expirations (yyyy-MM-dd, soonest first); 503 MARKET_DATA_UNAVAILABLE when the
 * source offers no expiration list, 404 when it lists none for the contract.
 */
export async function listedExpirations(deps: OptionDataDeps, code: string): Promise<string[]> {
  const source = deps.market.optionExpirations;
  if (!source) {
    throw apiError("MARKET_DATA_UNAVAILABLE", {
      lacking: "a list of option expirations",
      cause: new Error("the market-data source lists no option expirations"),
    });
  }
  const expirations = await fromProvider(() => source.expirations(code));
  if (!expirations || expirations.length === 0) throw noChainData(code, "no expirations listed");
  return expirations;
}

/** One side of one expiration's chain; 404 NO_CHAIN_DATA when it is not listed. */
export async function chainOf(
  deps: OptionDataDeps,
  code: string,
  expiration: string,
  right: "C" | "P",
): Promise<OptionQuote[]> {
  const chain = await fromProvider(() => deps.market.optionChain(code, expiration, right));
  if (!chain || chain.length === 0) {
    throw noChainData(code, `no expiration ${expiration} is listed`);
  }
  return chain;
}

/**
 * The contracts' open interest, in their order; 503 MARKET_DATA_UNAVAILABLE when the source
 * does not report it for one of them (Alpaca's snapshots), never a made-up 0.
 */
export function reportedOpenInterest(chain: readonly OptionQuote[]): number[] {
  return chain.map((contract) => {
    if (contract.openInterest !== undefined) return contract.openInterest;
    throw apiError("MARKET_DATA_UNAVAILABLE", {
      lacking: "open interest",
      cause: new Error(`the source reports no open interest for ${contract.contract}`),
    });
  });
}

/** The market clock's New York date. */
export function todayOf(deps: OptionDataDeps): number {
  return nyWallClock(deps.marketClock.now().getTime()).day;
}

/** yyMMdd → yyyy-MM-dd (20yy); 400 naming `field` for an impossible date. */
export function isoFromYyMMdd(value: string, field: string): string {
  const year = 2000 + Number(value.slice(0, 2));
  const month = Number(value.slice(2, 4));
  const day = Number(value.slice(4, 6));
  const date = dayNumber(year, month, day);
  const civil = civilDate(date);
  if (civil.month !== month || civil.day !== day) {
    throw invalidParameter(field, "must be a real date yyMMdd, e.g. 261218");
  }
  return isoDate(date);
}

/** yyyy-MM-dd → yyMMdd. */
export function yyMMddOf(iso: string): string {
  return iso.slice(2).replaceAll("-", "");
}

/** 400 naming `field` for an expiration before today (spec fact 6: past expiries are refused). */
export function refusePastExpiry(deps: OptionDataDeps, iso: string, field: string): void {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  if (dayNumber(year, month, day) < todayOf(deps)) {
    throw invalidParameter(field, "must not be in the past");
  }
}

/** Calendar days from today (New York) to an expiration. */
export function daysTo(deps: OptionDataDeps, iso: string): number {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  return dayNumber(year, month, day) - todayOf(deps);
}

/** The inputs every chain analytic states (see routes/schemas.ts `pricingInputs`). */
export async function pricingInputsOf(deps: OptionDataDeps, instrument: Instrument) {
  return pricingInputsFrom(deps, await servedQuoteOf(deps, instrument));
}

/** The stated inputs from an underlying quote already read. */
export function pricingInputsFrom(deps: OptionDataDeps, quote: ServedQuote) {
  return {
    model: MODEL,
    riskFreeRate: deps.defaultRiskFreeRatePercent,
    underlyingPrice: quote.lastPrice,
    underlyingLivePrice: quote.livePrice,
    asOf: deps.marketClock.now().toISOString(),
  };
}
