import type { output } from "zod";
import type { BookLeg, OptionLeg, Right, Underlying } from "../../../hedge/book";
import { contractDelta } from "../../../hedge/greeks";
import { CONTRACT_MULTIPLIER } from "../../../hedge/strategies";
import type { Instrument, OptionQuote } from "../../../market/ports";
import { invalidParameter } from "../../errors";
import { chainOf, daysTo, isoFromYyMMdd, noChainData, refusePastExpiry } from "../../option-data";
import { benchmarkOf, type HedgeDeps, instrumentNamed, listingsOf, underlyingsOf } from "./market";
import { type hedgeLeg, parseOcc, type positionLeg } from "./schemas";

/**
 * POST /hedge/analyze's request resolved against the market: each leg's contract found on its
 * chain (404 NO_CHAIN_DATA when it is not listed, spec Errors rule 1), the option legs checked to
 * share one expiration, every leg priced: stock at its live price, options the book holds at
 * their mid, hedge options at the ask to buy and the bid to sell unless a price is stated.
 */

type PositionInput = output<typeof positionLeg>;
type HedgeInput = output<typeof hedgeLeg>;
type LegInput = PositionInput & { price?: number | undefined };

/** A leg's contract before pricing. */
type Located =
  | { kind: "stock"; field: string; instrument: Instrument; quantity: number }
  | {
      kind: "option";
      field: string;
      /** The request field naming the expiration (`.expiry` or `.contract`). */
      expiryField: string;
      instrument: Instrument;
      expiration: string;
      right: Right;
      strike: number;
      quantity: number;
      stated: number | undefined;
    };

export interface ResolvedAnalysis {
  positions: BookLeg[];
  hedge: BookLeg[];
  underlyings: Map<string, Underlying>;
  benchmark: Underlying;
  expiration: string;
}

export async function resolveAnalysis(
  deps: HedgeDeps,
  body: { positions: PositionInput[]; hedge: HedgeInput[] },
): Promise<ResolvedAnalysis> {
  const listings = await listingsOf(deps);
  const locate = (prefix: string) => (leg: LegInput, index: number) =>
    locateLeg(deps, listings, leg, `${prefix}[${index}]`);
  const positions = body.positions.map(locate("positions"));
  const hedge = body.hedge.map(locate("hedge"));
  if (!hedge.some((leg) => leg.kind === "option")) {
    throw invalidParameter("hedge", "must hold at least one option leg");
  }
  const expiration = commonExpiration([...positions, ...hedge]);
  const benchmarkInstrument = await benchmarkOf(deps);
  const underlyings = await underlyingsOf(
    deps,
    [...positions, ...hedge].map((leg) => leg.instrument),
    benchmarkInstrument,
  );
  const quotes = chainReader(deps);
  const price = (held: boolean) => (leg: Located) => priceLeg(deps, leg, held, underlyings, quotes);
  return {
    positions: await Promise.all(positions.map(price(true))),
    hedge: await Promise.all(hedge.map(price(false))),
    underlyings,
    benchmark: underlyings.get(benchmarkInstrument.code) as Underlying,
    expiration,
  };
}

function locateLeg(
  deps: HedgeDeps,
  listings: readonly Instrument[],
  leg: LegInput,
  field: string,
): Located {
  if (leg.contract !== undefined) {
    const occ = parseOcc(leg.contract);
    const expiryField = `${field}.contract`;
    const expiration = isoFromYyMMdd(
      leg.contract.slice(occ.root.length, occ.root.length + 6),
      expiryField,
    );
    refusePastExpiry(deps, expiration, expiryField);
    const instrument = listings.find(
      (listed) => listed.hasOptions && listed.symbol.replace(/[^A-Z]/g, "") === occ.root,
    );
    if (!instrument) throw noChainData(leg.contract, "no such contract");
    return {
      kind: "option",
      field,
      expiryField,
      instrument,
      expiration,
      right: occ.right,
      strike: occ.strike,
      quantity: leg.quantity,
      stated: leg.price,
    };
  }
  const symbol = leg.symbol as string;
  if (leg.right === undefined || leg.strike === undefined || leg.expiry === undefined) {
    return {
      kind: "stock",
      field,
      instrument: instrumentNamed(listings, symbol, `${field}.symbol`),
      quantity: leg.quantity,
    };
  }
  const expiryField = `${field}.expiry`;
  refusePastExpiry(deps, leg.expiry, expiryField);
  return {
    kind: "option",
    field,
    expiryField,
    instrument: optionableNamed(listings, symbol),
    expiration: leg.expiry,
    right: leg.right,
    strike: leg.strike,
    quantity: leg.quantity,
    stated: leg.price,
  };
}

/** The optionable contract an option leg's symbol names; 404 NO_CHAIN_DATA otherwise (rule 1). */
function optionableNamed(listings: readonly Instrument[], symbol: string): Instrument {
  const isCode = symbol.includes("_");
  const matches = listings.filter((listed) =>
    isCode ? listed.code === symbol : listed.symbol === symbol,
  );
  const found = matches.find((listed) => listed.hasOptions);
  if (found) return found;
  throw noChainData(
    symbol,
    matches.length > 0 ? "the contract has no listed options" : "no such contract",
  );
}

/** Every option leg's expiration, which must be one; 400 naming the first that differs. */
function commonExpiration(legs: readonly Located[]): string {
  const options = legs.filter((leg) => leg.kind === "option");
  const first = options[0] as Extract<Located, { kind: "option" }>;
  for (const leg of options) {
    if (leg.expiration !== first.expiration) {
      throw invalidParameter(
        leg.expiryField,
        `must expire on ${first.expiration} like ${first.expiryField}: the analysis is at one expiry`,
      );
    }
  }
  return first.expiration;
}

type ChainReader = (code: string, expiration: string, right: Right) => Promise<OptionQuote[]>;

/** Chains read once per code, expiration and side within the request. */
function chainReader(deps: HedgeDeps): ChainReader {
  const read = new Map<string, Promise<OptionQuote[]>>();
  return (code, expiration, right) => {
    const key = `${code}|${expiration}|${right}`;
    let chain = read.get(key);
    if (!chain) {
      chain = chainOf(deps, code, expiration, right);
      read.set(key, chain);
    }
    return chain;
  };
}

async function priceLeg(
  deps: HedgeDeps,
  leg: Located,
  held: boolean,
  underlyings: ReadonlyMap<string, Underlying>,
  chains: ChainReader,
): Promise<BookLeg> {
  const underlying = underlyings.get(leg.instrument.code) as Underlying;
  if (leg.kind === "stock") {
    return {
      kind: "stock",
      code: underlying.code,
      quantity: leg.quantity,
      price: underlying.price,
    };
  }
  const chain = await chains(underlying.code, leg.expiration, leg.right);
  const quote = chain.find((contract) => contract.strike === leg.strike);
  if (!quote) {
    const side = leg.right === "C" ? "call" : "put";
    throw noChainData(
      underlying.code,
      `no ${side} struck at ${leg.strike} is listed for ${leg.expiration}`,
    );
  }
  const days = daysTo(deps, leg.expiration);
  const { delta, volatilityPercent } = contractDelta(
    quote,
    underlying.price,
    days,
    deps.defaultRiskFreeRatePercent,
  );
  return {
    kind: "option",
    code: underlying.code,
    contract: quote.contract,
    expiration: leg.expiration,
    right: leg.right,
    strike: leg.strike,
    quantity: leg.quantity,
    multiplier: CONTRACT_MULTIPLIER,
    ...carriedPrice(leg, quote, held),
    bid: quote.bid,
    ask: quote.ask,
    delta,
    volatilityPercent,
  };
}

/** What a leg is carried at: held at the mid; a hedge leg stated, else the ask or the bid. */
function carriedPrice(
  leg: Extract<Located, { kind: "option" }>,
  quote: OptionQuote,
  held: boolean,
): Pick<OptionLeg, "price" | "priceSource"> {
  if (held) return { price: (quote.bid + quote.ask) / 2, priceSource: "mid" };
  if (leg.stated !== undefined) return { price: leg.stated, priceSource: "stated" };
  if (leg.quantity < 0) return { price: quote.bid, priceSource: "bid" };
  if (!(quote.ask > 0)) {
    throw invalidParameter(
      `${leg.field}.price`,
      `required: ${quote.contract} has no ask to buy at`,
    );
  }
  return { price: quote.ask, priceSource: "ask" };
}
