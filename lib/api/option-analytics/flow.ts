import type { Instrument, OptionQuote, OptionTradePrint } from "../../market/ports";
import { roundDecimals, roundMoney, roundPercent, roundRatio } from "../../market/precision";
import { apiError } from "../errors";
import { fromProvider } from "../market-data";
import {
  daysTo,
  noChainData,
  type OptionDataDeps,
  pricingInputsOf,
  yyMMddOf,
} from "../option-data";

/**
 * GET /options/{code}/flow: the unusual prints of the day's options tape, classified. Outside
 * the group folders: GET /graph/{code}/options-analytics cites its figures. The definitions are
 * in the flow route's description (options/routes/flow.ts).
 */

/** Default thresholds of "unusual"; the query can change them. */
export const DEFAULT_MIN_PREMIUM_USD = 100_000;
export const DEFAULT_MIN_SIZE_CONTRACTS = 250;
/** The relative criteria (opening, volume over open interest) ignore prints smaller than this. */
export const RELATIVE_MIN_SIZE_CONTRACTS = 10;
/** A contract's volume today at or above this multiple of its open interest is unusual. */
export const VOLUME_OI_THRESHOLD = 1;
/** The "at bid" / "at ask" band: this share of the spread inside the quote. */
export const SIDE_BAND_SPREAD_SHARE = 0.1;

/** Shares per listed equity option contract. */
const MULTIPLIER = 100;

/** Half a cent: prices are cent quotes, so closer than this is equal. */
const PRICE_EPSILON = 0.005;

type Side = "aboveAsk" | "atAsk" | "mid" | "atBid" | "belowBid" | "noQuote";
type Aggressor = "buyer" | "seller" | "unknown";
type Reason = "premium" | "size" | "opening" | "volumeOverOpenInterest";

interface Thresholds {
  minPremium: number;
  minSize: number;
}

/** Option prices: 4 decimals, as the chain serves them. */
const round4 = (value: number) => roundDecimals(value, 4);

/** Binary noise of decimal prices (1.2 − 0.02 ≠ 1.18): edges count as inside the band. */
const FLOAT_NOISE = 1e-9;

/** The side of a print against a quote (the route description states the bands). */
export function sideOf(price: number, bid: number, ask: number): Side {
  if (!(ask > 0) || ask < bid) return "noQuote";
  const band = Math.max(PRICE_EPSILON, SIDE_BAND_SPREAD_SHARE * (ask - bid)) + FLOAT_NOISE;
  const edge = PRICE_EPSILON + FLOAT_NOISE;
  if (price > ask + edge) return "aboveAsk";
  if (price >= ask - band) return "atAsk";
  if (price < bid - edge) return "belowBid";
  if (price <= bid + band) return "atBid";
  return "mid";
}

export function aggressorOf(side: Side): Aggressor {
  if (side === "aboveAsk" || side === "atAsk") return "buyer";
  if (side === "atBid" || side === "belowBid") return "seller";
  return "unknown";
}

const TRADE_TYPES = { sweep: "sweep", block: "block", regular: "single" } as const;

/** OCC symbol for a print whose contract the chain does not list (root, yyMMdd, right, strike × 1000). */
function occSymbol(symbol: string, print: OptionTradePrint): string {
  const strike = String(Math.round(print.strike * 1000)).padStart(8, "0");
  return `${symbol}${yyMMddOf(print.expiration)}${print.right}${strike}`;
}

const chainKey = (expiration: string, right: "C" | "P") => `${expiration}#${right}`;

/** The chains the tape's prints belong to, contracts keyed by expiration, right and strike. */
async function contractsOf(
  deps: OptionDataDeps,
  code: string,
  prints: readonly OptionTradePrint[],
) {
  const sides = new Map<string, { expiration: string; right: "C" | "P" }>();
  for (const print of prints) {
    sides.set(chainKey(print.expiration, print.right), print);
  }
  const byKey = new Map<string, OptionQuote>();
  const chains = await Promise.all(
    [...sides.values()].map(({ expiration, right }) =>
      fromProvider(() => deps.market.optionChain(code, expiration, right)),
    ),
  );
  for (const contract of chains.flatMap((chain) => chain ?? [])) {
    byKey.set(`${chainKey(contract.expiration, contract.right)}#${contract.strike}`, contract);
  }
  return (print: OptionTradePrint) =>
    byKey.get(`${chainKey(print.expiration, print.right)}#${print.strike}`);
}

/** The bid and ask a print is classified against, and whose they are. */
function quoteFor(print: OptionTradePrint, contract: OptionQuote | undefined) {
  if (print.bid !== undefined && print.ask !== undefined) {
    return { bid: print.bid, ask: print.ask, source: "print" as const };
  }
  if (contract) return { bid: contract.bid, ask: contract.ask, source: "current" as const };
  return { bid: undefined, ask: undefined, source: "none" as const };
}

/** Why a print is unusual (empty: it is not). */
export function unusualReasons(
  print: { size: number; premium: number },
  contract: { volume: number; openInterest?: number } | undefined,
  thresholds: Thresholds,
): Reason[] {
  const reasons: Reason[] = [];
  if (print.premium >= thresholds.minPremium) reasons.push("premium");
  if (print.size >= thresholds.minSize) reasons.push("size");
  const openInterest = contract?.openInterest;
  if (contract && openInterest !== undefined && print.size >= RELATIVE_MIN_SIZE_CONTRACTS) {
    if (print.size > openInterest) reasons.push("opening");
    if (contract.volume >= VOLUME_OI_THRESHOLD * openInterest) {
      reasons.push("volumeOverOpenInterest");
    }
  }
  return reasons;
}

/** One print as the route serves it, with what the totals need. */
function flowPrint(
  deps: OptionDataDeps,
  instrument: Instrument,
  print: OptionTradePrint,
  contract: OptionQuote | undefined,
  reasons: Reason[],
) {
  const premium = roundMoney(print.price * print.size * MULTIPLIER);
  const quote = quoteFor(print, contract);
  const side =
    quote.bid === undefined || quote.ask === undefined
      ? "noQuote"
      : sideOf(print.price, quote.bid, quote.ask);
  const openInterest = contract?.openInterest;
  return {
    time: new Date(print.timestamp).toISOString(),
    contract: contract?.contract ?? occSymbol(instrument.symbol, print),
    expiration: print.expiration,
    daysToExpiration: daysTo(deps, print.expiration),
    strike: print.strike,
    right: print.right,
    size: print.size,
    price: round4(print.price),
    premium,
    bid: quote.bid === undefined ? null : round4(quote.bid),
    ask: quote.ask === undefined ? null : round4(quote.ask),
    bidAskSource: quote.source,
    side,
    aggressor: aggressorOf(side),
    tradeType: TRADE_TYPES[print.kind],
    volume: contract?.volume ?? null,
    openInterest: openInterest ?? null,
    volumeToOpenInterest:
      contract && openInterest !== undefined && openInterest > 0
        ? roundRatio(contract.volume / openInterest)
        : null,
    likelyOpening: openInterest === undefined ? null : print.size > openInterest,
    impliedVolatility:
      contract?.impliedVolatility === undefined
        ? null
        : roundPercent(contract.impliedVolatility * 100),
    delta: contract?.delta === undefined ? null : roundRatio(contract.delta),
    unusualBecause: reasons,
  };
}
type FlowPrint = ReturnType<typeof flowPrint>;

/** Premium totals by side and by lean (bullish: calls bought, puts sold). */
function totalsOf(prints: readonly FlowPrint[]) {
  let call = 0;
  let put = 0;
  let bullish = 0;
  let bearish = 0;
  let unclassified = 0;
  for (const print of prints) {
    if (print.right === "C") call += print.premium;
    else put += print.premium;
    if (print.aggressor === "unknown") unclassified += print.premium;
    else if ((print.right === "C") === (print.aggressor === "buyer")) bullish += print.premium;
    else bearish += print.premium;
  }
  return {
    printCount: prints.length,
    totalPremium: roundMoney(call + put),
    callPremium: roundMoney(call),
    putPremium: roundMoney(put),
    bullishPremium: roundMoney(bullish),
    bearishPremium: roundMoney(bearish),
    unclassifiedPremium: roundMoney(unclassified),
  };
}

/** Today's tape up to the clock, newest first (ties: later in the tape first). */
async function tapeOf(deps: OptionDataDeps, instrument: Instrument) {
  const tape = deps.market.optionTape;
  if (!tape) {
    throw apiError("MARKET_DATA_UNAVAILABLE", {
      lacking: "an options trade tape",
      cause: new Error("the market-data source has no options trade tape"),
    });
  }
  const prints = await fromProvider(() => tape.optionTrades(instrument.code));
  if (!prints) throw noChainData(instrument.code, "no options trade tape");
  const nowMs = deps.marketClock.now().getTime();
  return prints
    .map((print, index) => ({ print, index }))
    .filter(({ print }) => print.timestamp <= nowMs)
    .sort((a, b) => b.print.timestamp - a.print.timestamp || b.index - a.index)
    .map(({ print }) => print);
}

/** What GET /options/{code}/flow answers for an optionable instrument and its query. */
export async function flowReport(
  deps: OptionDataDeps,
  instrument: Instrument,
  query: Thresholds & { limit: number },
) {
  const [prints, inputs] = await Promise.all([
    tapeOf(deps, instrument),
    pricingInputsOf(deps, instrument),
  ]);
  const contractOf = await contractsOf(deps, instrument.code, prints);
  const thresholds = { minPremium: query.minPremium, minSize: query.minSize };
  const unusual: FlowPrint[] = [];
  for (const print of prints) {
    const contract = contractOf(print);
    const premium = roundMoney(print.price * print.size * MULTIPLIER);
    const reasons = unusualReasons({ size: print.size, premium }, contract, thresholds);
    if (reasons.length > 0) unusual.push(flowPrint(deps, instrument, print, contract, reasons));
  }
  return {
    symbol: instrument.symbol,
    ...inputs,
    criteria: {
      ...thresholds,
      relativeMinSize: RELATIVE_MIN_SIZE_CONTRACTS,
      volumeToOpenInterest: VOLUME_OI_THRESHOLD,
      sideBandSpreadShare: SIDE_BAND_SPREAD_SHARE,
    },
    tapePrintCount: prints.length,
    unusualPrintCount: unusual.length,
    totals: totalsOf(unusual),
    items: unusual.slice(0, query.limit),
  };
}
