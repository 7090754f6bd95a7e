import type { OptionQuote } from "../../../../market/ports";
import { roundDecimals, roundPercent, roundRatio } from "../../../../market/precision";
import { blackScholes, impliedVolatility, normCdf, yearsFromDays } from "../../../../quant";
import { fromProvider } from "../../../market-data";
import {
  daysTo,
  listedExpirations,
  optionableInstrument,
  pricingInputsOf,
} from "../../../option-data";
import type { Implementations } from "../../../route";
import { MAX_CANDIDATES, type optionsScannerRoutes, type Strategy } from "../routes/scanner";
import type { OptionsDeps } from "./shared";

/** Option prices carry 4 decimals: the mid of two cent quotes is exact. */
const round4 = (usd: number) => roundDecimals(usd, 4);

type Right = "C" | "P";
const rightOf = (strategy: Strategy): Right => (strategy === "short-put" ? "P" : "C");

/** What every candidate of one scan is measured against. */
interface ScanContext {
  right: Right;
  /** underlyingLivePrice, USD: the spot the chains are quoted against. */
  spot: number;
  /** Decimal (0.04 = 4 %). */
  rate: number;
  maxDelta: number;
}

type Candidate = NonNullable<ReturnType<typeof candidateOf>>;

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

/** Highest annualised return first; ties: likelier out of the money, sooner, then by symbol. */
function byRank(a: Candidate, b: Candidate): number {
  return (
    b.annualizedReturnPercent - a.annualizedReturnPercent ||
    b.probabilityOtmPercent - a.probabilityOtmPercent ||
    a.expiration.localeCompare(b.expiration) ||
    a.contract.localeCompare(b.contract)
  );
}

export const optionsScannerImplementations: Implementations<
  typeof optionsScannerRoutes,
  OptionsDeps
> = {
  "options.premiumScanner": async ({ params, query }, deps) => {
    const instrument = await optionableInstrument(deps, params.code);
    const [expirations, inputs] = await Promise.all([
      listedExpirations(deps, instrument.code),
      pricingInputsOf(deps, instrument),
    ]);
    const inRange = expirations.filter((expiration) => {
      const days = daysTo(deps, expiration);
      return days >= query.minDte && days <= query.maxDte;
    });
    const context: ScanContext = {
      right: rightOf(query.strategy),
      spot: inputs.underlyingLivePrice,
      rate: deps.defaultRiskFreeRatePercent / 100,
      maxDelta: query.maxDelta,
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
    return {
      symbol: instrument.symbol,
      strategy: query.strategy,
      right: context.right,
      ...inputs,
      filters: {
        minDte: query.minDte,
        maxDte: query.maxDte,
        maxDelta: query.maxDelta,
        outOfTheMoney: `strike ${context.right === "P" ? "<" : ">"} underlyingLivePrice`,
        minBid: 0,
      },
      expirationsScanned: inRange,
      qualifyingCount: qualifying.length,
      premiumBasis: "bid" as const,
      candidates: qualifying.sort(byRank).slice(0, MAX_CANDIDATES),
    };
  },
};
