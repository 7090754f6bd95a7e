import type { Instrument, OptionQuote } from "../market/ports";
import { roundDecimals, roundPercent, roundRatio } from "../market/precision";
import { blackScholes, impliedVolatility, normCdf, yearsFromDays } from "../quant";
import { fromProvider } from "./market-data";
import {
  daysTo,
  listedExpirations,
  type OptionDataDeps,
  type pricingInputsFrom,
  pricingInputsOf,
} from "./option-data";

/**
 * The premium-selling scanner's candidate logic, shared by GET /options/{code}/premium-scanner
 * (the options group) and the premium-selling extras (POST /options/ripeness, the
 * cross-universe feed): one implementation, so every surface serves the same candidates. The
 * definitions are in the scanner route's description (options/routes/scanner.ts).
 */

/** Spec, Parameter limits: at most 20 candidates. */
export const MAX_CANDIDATES = 20;

export const STRATEGIES = ["short-put", "short-call"] as const;
export type Strategy = (typeof STRATEGIES)[number];

/** The scanner's filters, as its query states them (calendar days; |delta|). */
export interface ScanRequest {
  strategy: Strategy;
  minDte: number;
  maxDte: number;
  maxDelta: number;
}

/** The figures every answer states (lib/api/option-data.ts `pricingInputsFrom`). */
export type PricingInputs = ReturnType<typeof pricingInputsFrom>;

/** Option prices carry 4 decimals: the mid of two cent quotes is exact. */
const round4 = (usd: number) => roundDecimals(usd, 4);

type Right = "C" | "P";
export const rightOf = (strategy: Strategy): Right => (strategy === "short-put" ? "P" : "C");

/** What every candidate of one scan is measured against. */
interface ScanContext {
  right: Right;
  /** underlyingLivePrice, USD: the spot the chains are quoted against. */
  spot: number;
  /** Decimal (0.04 = 4 %). */
  rate: number;
  maxDelta: number;
}

export type Candidate = NonNullable<ReturnType<typeof candidateOf>>;

const isOutOfTheMoney = (strike: number, { right, spot }: ScanContext) =>
  right === "P" ? strike < spot : strike > spot;

/** The source's volatility (percent, 4 decimals), else the one repricing the mid; or none. */
function volatilityPercentOf(contract: OptionQuote, days: number, context: ScanContext) {
  if (contract.impliedVolatility !== undefined) {
    return roundPercent(contract.impliedVolatility * 100);
  }
  const mid = (contract.bid + contract.ask) / 2;
  const years = yearsFromDays(days);
  const solved = impliedVolatility(
    mid,
    context.spot,
    contract.strike,
    years,
    context.rate,
    context.right === "C",
  );
  return solved.ok ? roundPercent(solved.sigma * 100) : undefined;
}

/** Risk-neutral P(out of the money at expiry): put N(d2), call N(−d2). */
function probabilityOtm(strike: number, days: number, volPercent: number, context: ScanContext) {
  const years = yearsFromDays(days);
  const sigmaRootT = (volPercent / 100) * Math.sqrt(years);
  const d2 =
    (Math.log(context.spot / strike) + context.rate * years) / sigmaRootT - 0.5 * sigmaRootT;
  return normCdf(context.right === "P" ? d2 : -d2);
}

/** The seller's figures for one contract; undefined when it fails a filter. */
function candidateOf(
  contract: OptionQuote,
  expiration: string,
  days: number,
  context: ScanContext,
) {
  if (!(contract.bid > 0) || !isOutOfTheMoney(contract.strike, context)) return undefined;
  const volPercent = volatilityPercentOf(contract, days, context);
  // A zero volatility has no d2 (and no option value above intrinsic to sell).
  if (volPercent === undefined || !(volPercent > 0)) return undefined;
  const isCall = context.right === "C";
  const rawDelta =
    contract.delta ??
    blackScholes(
      context.spot,
      contract.strike,
      yearsFromDays(days),
      volPercent / 100,
      context.rate,
      isCall,
    ).delta;
  const delta = roundRatio(rawDelta);
  if (Math.abs(delta) > context.maxDelta) return undefined;

  const premium = contract.bid;
  const capitalAtRisk = isCall ? context.spot : contract.strike - premium;
  const returnPercent = (premium / capitalAtRisk) * 100;
  const annualizedReturnPercent = (returnPercent * 365) / days;
  const probabilityOtmPercent = probabilityOtm(contract.strike, days, volPercent, context) * 100;
  return {
    contract: contract.contract,
    strike: contract.strike,
    expiration,
    daysToExpiration: days,
    delta,
    impliedVolatility: volPercent,
    bid: round4(contract.bid),
    mid: round4((contract.bid + contract.ask) / 2),
    premium: round4(premium),
    strikeAwayPercent: roundPercent(((contract.strike - context.spot) / context.spot) * 100),
    breakEven: round4(isCall ? contract.strike + premium : contract.strike - premium),
    capitalAtRisk: round4(capitalAtRisk),
    returnPercent: roundPercent(returnPercent),
    annualizedReturnPercent: roundPercent(annualizedReturnPercent),
    probabilityOtmPercent: roundPercent(probabilityOtmPercent),
    score: roundPercent((annualizedReturnPercent * probabilityOtmPercent) / 100),
  };
}

/** What a candidate ranks by. */
export type RankKey = Pick<
  Candidate,
  "annualizedReturnPercent" | "probabilityOtmPercent" | "expiration" | "contract"
>;

/** Highest annualised return first; ties: likelier out of the money, sooner, then by symbol. */
export function byRank(a: RankKey, b: RankKey): number {
  return (
    b.annualizedReturnPercent - a.annualizedReturnPercent ||
    b.probabilityOtmPercent - a.probabilityOtmPercent ||
    a.expiration.localeCompare(b.expiration) ||
    a.contract.localeCompare(b.contract)
  );
}

/**
 * The scanner's answer for one optionable instrument: every listed expiration in
 * [minDte, maxDte], the qualifying contracts of the strategy's side, the best 20. `knownInputs`:
 * the stated pricing inputs when the caller has read the quote already (one read for both sides).
 */
export async function premiumScan(
  deps: OptionDataDeps,
  instrument: Instrument,
  request: ScanRequest,
  knownInputs?: PricingInputs,
) {
  return (await premiumScanWithChains(deps, instrument, request, knownInputs)).scan;
}

/** One side of one expiration's chain, as the source served it to the scan. */
export interface ScannedChain {
  expiration: string;
  contracts: readonly OptionQuote[];
}

/** `premiumScan`, with the chains it read (the ripeness score measures their liquidity). */
export async function premiumScanWithChains(
  deps: OptionDataDeps,
  instrument: Instrument,
  request: ScanRequest,
  knownInputs?: PricingInputs,
) {
  const [expirations, inputs] = await Promise.all([
    listedExpirations(deps, instrument.code),
    knownInputs ?? pricingInputsOf(deps, instrument),
  ]);
  const inRange = expirations.filter((expiration) => {
    const days = daysTo(deps, expiration);
    return days >= request.minDte && days <= request.maxDte;
  });
  const context: ScanContext = {
    right: rightOf(request.strategy),
    spot: inputs.underlyingLivePrice,
    rate: deps.defaultRiskFreeRatePercent / 100,
    maxDelta: request.maxDelta,
  };
  // A listed expiration whose side the source returns empty adds nothing: no 404 for it.
  const chains = await Promise.all(
    inRange.map(
      async (expiration) =>
        (await fromProvider(() =>
          deps.market.optionChain(instrument.code, expiration, context.right),
        )) ?? [],
    ),
  );
  const qualifying = chains.flatMap((chain, i) => {
    const expiration = inRange[i] as string;
    const days = daysTo(deps, expiration);
    return chain.flatMap((contract) => candidateOf(contract, expiration, days, context) ?? []);
  });
  const scan = {
    symbol: instrument.symbol,
    strategy: request.strategy,
    right: context.right,
    ...inputs,
    filters: {
      minDte: request.minDte,
      maxDte: request.maxDte,
      maxDelta: request.maxDelta,
      outOfTheMoney: `strike ${context.right === "P" ? "<" : ">"} underlyingLivePrice`,
      minBid: 0,
    },
    expirationsScanned: inRange,
    qualifyingCount: qualifying.length,
    premiumBasis: "bid" as const,
    candidates: qualifying.sort(byRank).slice(0, MAX_CANDIDATES),
  };
  const scanned: ScannedChain[] = chains.map((contracts, i) => ({
    expiration: inRange[i] as string,
    contracts,
  }));
  return { scan, chains: scanned };
}
