import type { OptionLeg, Right } from "./book";
import { contractDelta, type QuotedContract } from "./greeks";

/**
 * The hedging strategies: the catalogue (what each protects, costs and gives up) and how each
 * is built on a listed chain for a position.
 *
 * `optionType` names the kind of option a hedge is built on. A put protects a long position
 * (it gains as the price falls), a call a short one; collars add the other kind, sold to pay
 * for the protection. The same kind on the other side of a position only funds a cushion: a
 * covered call on a long position, a covered put on a short one. So `put` gives a long
 * position protective puts, put spreads and collars (and a short one a covered put), and a
 * long book the SPY put overlay; `call` gives a short position protective calls, call spreads
 * and short collars (and a long one a covered call), and a short book the SPY call overlay.
 *
 * Strikes: the listed strike nearest to its target, among contracts with a price on the side
 * traded (an ask to buy, a bid to sell). With d = +1 for a long position and −1 for a short one
 * and distance = (100 − protectionPercent) %:
 *   protective strike  S × (1 − d × distance)            (95 % of spot for a long, by default)
 *   spread's far leg   S × (1 − d × (distance + 10 %))   (strictly beyond the protective strike)
 *   collar's cap       S × (1 + d × 10 %)                 (out of the money)
 *   covered strike     S × (1 + d × distance)             (out of the money)
 *   zero-cost cap      the farthest out-of-the-money strike whose bid covers the protective ask
 * Contracts: ⌊|shares| / 100⌋ per position, so a hedge never exceeds the shares it covers; the
 * SPY overlay buys round(|beta-weighted delta in SPY shares| / 100) contracts.
 */

export type OptionType = "put" | "call";

export type StrategyId =
  | "protective-put"
  | "put-spread"
  | "collar"
  | "zero-cost-collar"
  | "covered-put"
  | "index-put-overlay"
  | "protective-call"
  | "call-spread"
  | "short-collar"
  | "zero-cost-short-collar"
  | "covered-call"
  | "index-call-overlay";

type Construction = "protective" | "spread" | "collar" | "zero-cost-collar" | "covered" | "overlay";

export interface StrategyDefinition {
  id: StrategyId;
  name: string;
  optionType: OptionType;
  /** The positions it is built for: long or short stock (the overlay: the whole book's sign). */
  protects: "long" | "short";
  /** One position at a time, or the whole book at once (the SPY overlay). */
  scope: "position" | "portfolio";
  construction: Construction;
  /** The legs, per 100 shares of a position. */
  legs: string;
  /** What it protects against. */
  protection: string;
  /** What it costs. */
  cost: string;
  /** What it gives up. */
  givesUp: string;
  /** The request parameters that set it. */
  parameters: string[];
}

/** The gap from the protective strike to the spread's far strike, and the collar's cap distance. */
export const SPREAD_WIDTH = 0.1;
export const COLLAR_CAP_DISTANCE = 0.1;
/** Below this |beta| an index hedge cannot track a position: the overlay is not offered. */
export const MIN_OVERLAY_BETA = 0.2;
export const CONTRACT_MULTIPLIER = 100;

const COMMON = ["horizonDays", "maxCostPercent"];

export const STRATEGIES: readonly StrategyDefinition[] = [
  {
    id: "protective-put",
    name: "Protective put",
    optionType: "put",
    protects: "long",
    scope: "position",
    construction: "protective",
    legs: "Buy 1 put at the protective strike (protectionPercent of spot).",
    protection: "Every fall below the strike until expiry: the floor is strike × shares − premium.",
    cost: "The put's premium (paid at the ask), the dearest of the put hedges.",
    givesUp: "Nothing of the upside beyond the premium paid.",
    parameters: ["protectionPercent", ...COMMON],
  },
  {
    id: "put-spread",
    name: "Put spread",
    optionType: "put",
    protects: "long",
    scope: "position",
    construction: "spread",
    legs: "Buy 1 put at the protective strike, sell 1 put 10 % of spot further below.",
    protection: "Falls between the two strikes; below the lower strike losses resume.",
    cost: "The bought put's ask less the sold put's bid: cheaper than a protective put.",
    givesUp: "Protection against a crash beyond the lower strike; no upside is given up.",
    parameters: ["protectionPercent", ...COMMON],
  },
  {
    id: "collar",
    name: "Collar",
    optionType: "put",
    protects: "long",
    scope: "position",
    construction: "collar",
    legs: "Buy 1 put at the protective strike, sell 1 call 10 % above spot.",
    protection: "Every fall below the put's strike, as a protective put.",
    cost: "The put's ask less the call's bid: usually a small debit.",
    givesUp: "Gains above the call's strike (the cap).",
    parameters: ["protectionPercent", ...COMMON],
  },
  {
    id: "zero-cost-collar",
    name: "Zero-cost collar",
    optionType: "put",
    protects: "long",
    scope: "position",
    construction: "zero-cost-collar",
    legs: "Buy 1 put at the protective strike, sell 1 call at the highest strike whose bid covers the put's ask.",
    protection: "Every fall below the put's strike, as a protective put.",
    cost: "Nothing, or a small credit: the call's bid pays the put's ask.",
    givesUp: "Gains above the call's strike, usually a tighter cap than the collar's.",
    parameters: ["protectionPercent", ...COMMON],
  },
  {
    id: "covered-put",
    name: "Covered put",
    optionType: "put",
    protects: "short",
    scope: "position",
    construction: "covered",
    legs: "Sell 1 put below spot (at the distance protectionPercent sets) against the short shares.",
    protection: "Only a cushion the size of the premium against a rise; no cap on the loss.",
    cost: "None: the put's bid is received.",
    givesUp: "Gains from falls below the put's strike.",
    parameters: ["protectionPercent", ...COMMON],
  },
  {
    id: "index-put-overlay",
    name: "Index put overlay",
    optionType: "put",
    protects: "long",
    scope: "portfolio",
    construction: "overlay",
    legs: "Buy SPY puts at protectionPercent of SPY's price, round(beta-weighted delta in SPY shares / 100) contracts.",
    protection:
      "A market fall for the whole book at once, in proportion to each position's beta; not a fall of one stock on its own news (basis risk).",
    cost: "The SPY puts' premium; index options are liquid, so the spread paid is small.",
    givesUp: "Nothing of the upside beyond the premium; stock-specific risk stays unhedged.",
    parameters: ["protectionPercent", ...COMMON],
  },
  {
    id: "protective-call",
    name: "Protective call",
    optionType: "call",
    protects: "short",
    scope: "position",
    construction: "protective",
    legs: "Buy 1 call at the protective strike (above spot for a short position).",
    protection: "Every rise above the strike until expiry: the short's loss is capped.",
    cost: "The call's premium (paid at the ask).",
    givesUp: "Nothing of the short's gains beyond the premium paid.",
    parameters: ["protectionPercent", ...COMMON],
  },
  {
    id: "call-spread",
    name: "Call spread",
    optionType: "call",
    protects: "short",
    scope: "position",
    construction: "spread",
    legs: "Buy 1 call at the protective strike, sell 1 call 10 % of spot further above.",
    protection: "Rises between the two strikes; above the upper strike losses resume.",
    cost: "The bought call's ask less the sold call's bid: cheaper than a protective call.",
    givesUp: "Protection against a squeeze beyond the upper strike.",
    parameters: ["protectionPercent", ...COMMON],
  },
  {
    id: "short-collar",
    name: "Short collar",
    optionType: "call",
    protects: "short",
    scope: "position",
    construction: "collar",
    legs: "Buy 1 call at the protective strike, sell 1 put 10 % below spot.",
    protection: "Every rise above the call's strike, as a protective call.",
    cost: "The call's ask less the put's bid: usually a small debit.",
    givesUp: "The short's gains below the put's strike.",
    parameters: ["protectionPercent", ...COMMON],
  },
  {
    id: "zero-cost-short-collar",
    name: "Zero-cost short collar",
    optionType: "call",
    protects: "short",
    scope: "position",
    construction: "zero-cost-collar",
    legs: "Buy 1 call at the protective strike, sell 1 put at the lowest strike whose bid covers the call's ask.",
    protection: "Every rise above the call's strike, as a protective call.",
    cost: "Nothing, or a small credit.",
    givesUp: "The short's gains below the put's strike.",
    parameters: ["protectionPercent", ...COMMON],
  },
  {
    id: "covered-call",
    name: "Covered call",
    optionType: "call",
    protects: "long",
    scope: "position",
    construction: "covered",
    legs: "Sell 1 call above spot (at the distance protectionPercent sets) against the shares.",
    protection: "Only a cushion the size of the premium against a fall; no floor.",
    cost: "None: the call's bid is received.",
    givesUp: "Gains above the call's strike.",
    parameters: ["protectionPercent", ...COMMON],
  },
  {
    id: "index-call-overlay",
    name: "Index call overlay",
    optionType: "call",
    protects: "short",
    scope: "portfolio",
    construction: "overlay",
    legs: "Buy SPY calls at (200 − protectionPercent) % of SPY's price, round(|beta-weighted delta in SPY shares| / 100) contracts.",
    protection:
      "A market rise for a net short book, in proportion to each position's beta; not a squeeze of one stock (basis risk).",
    cost: "The SPY calls' premium.",
    givesUp: "Nothing of the book's gains beyond the premium; stock-specific risk stays unhedged.",
    parameters: ["protectionPercent", ...COMMON],
  },
];

/** The strategies of one option type, in catalogue order. */
export function strategiesFor(optionType: OptionType): StrategyDefinition[] {
  return STRATEGIES.filter((strategy) => strategy.optionType === optionType);
}

// --- Building legs on a chain ------------------------------------------------------------------

export interface ChainQuote extends QuotedContract {
  /** OCC contract symbol. */
  contract: string;
}

/** One underlying's listed contracts at the hedge's expiration. */
export interface ListedChain {
  code: string;
  expiration: string;
  /** Calendar days to it. */
  days: number;
  /** The underlying's live price, USD. */
  spot: number;
  calls: readonly ChainQuote[];
  puts: readonly ChainQuote[];
}

export interface BuildSettings {
  /** Percent of spot where protection starts, e.g. 95. */
  protectionPercent: number;
  /** Default rate, percent, for the legs' deltas. */
  ratePercent: number;
}

/** Legs for one position, or why none can be built. */
export type Built = { legs: OptionLeg[] } | { reason: string };

/** The legs of a single-name strategy on `shares` of the chain's underlying. */
export function positionLegs(
  strategy: StrategyDefinition,
  shares: number,
  chain: ListedChain,
  settings: BuildSettings,
): Built {
  const side = Math.sign(shares) as 1 | -1;
  const contracts = Math.floor(Math.abs(shares) / CONTRACT_MULTIPLIER);
  if (contracts === 0) return { reason: "fewer than 100 shares: no whole contract to hedge with" };
  const distance = (100 - settings.protectionPercent) / 100;
  const protectiveRight: Right = side > 0 ? "P" : "C";
  const financingRight: Right = side > 0 ? "C" : "P";
  const leg = (quote: ChainQuote, quantity: number) =>
    optionLegOf(quote, chain, quantity * contracts, settings.ratePercent);
  if (strategy.construction === "covered") {
    const sold = nearest(
      outOfTheMoney(sideOf(chain, financingRight), chain.spot, financingRight).filter(hasBid),
      chain.spot * (1 + side * distance),
    );
    if (!sold) return { reason: `no ${rightName(financingRight)} with a bid out of the money` };
    return { legs: [leg(sold, -1)] };
  }
  const bought = nearest(
    sideOf(chain, protectiveRight).filter(hasAsk),
    chain.spot * (1 - side * distance),
  );
  if (!bought) return { reason: `no ${rightName(protectiveRight)} with an ask to buy` };
  const sold = financingLeg(strategy.construction, chain, bought, side, distance);
  if (sold === undefined) return { legs: [leg(bought, 1)] };
  if (typeof sold === "string") return { reason: sold };
  return { legs: [leg(bought, 1), leg(sold, -1)] };
}

/**
 * The leg sold against the protective one: none for a protective option, the far strike of a
 * spread, the cap of a collar; a reason when the chain has no suitable contract.
 */
function financingLeg(
  construction: Construction,
  chain: ListedChain,
  bought: ChainQuote,
  side: 1 | -1,
  distance: number,
): ChainQuote | string | undefined {
  const otherRight: Right = bought.right === "P" ? "C" : "P";
  switch (construction) {
    case "spread": {
      const further = sideOf(chain, bought.right).filter(
        (quote) => hasBid(quote) && side * (bought.strike - quote.strike) > 0,
      );
      const far = nearest(further, chain.spot * (1 - side * (distance + SPREAD_WIDTH)));
      return far ?? `no ${rightName(bought.right)} with a bid beyond the ${bought.strike} strike`;
    }
    case "collar": {
      const cap = nearest(
        outOfTheMoney(sideOf(chain, otherRight), chain.spot, otherRight).filter(hasBid),
        chain.spot * (1 + side * COLLAR_CAP_DISTANCE),
      );
      return cap ?? `no ${rightName(otherRight)} with a bid out of the money`;
    }
    case "zero-cost-collar": {
      const covering = outOfTheMoney(sideOf(chain, otherRight), chain.spot, otherRight).filter(
        (quote) => quote.bid >= bought.ask,
      );
      // The farthest from the money keeps the most upside (for a short: downside) open.
      const farthest = covering.sort((a, b) => side * (b.strike - a.strike))[0];
      return (
        farthest ??
        `no ${rightName(otherRight)} out of the money bids ${bought.ask} or more, the ${rightName(bought.right)}'s ask`
      );
    }
    default:
      return undefined;
  }
}

/** The SPY overlay's legs for a book of `betaWeightedSpyShares`, or why there are none. */
export function overlayLegs(
  betaWeightedSpyShares: number,
  chain: ListedChain,
  settings: BuildSettings,
): Built {
  const side = Math.sign(betaWeightedSpyShares);
  const contracts = Math.round(Math.abs(betaWeightedSpyShares) / CONTRACT_MULTIPLIER);
  if (contracts === 0) {
    return { reason: "the book's market exposure is under 50 SPY shares: no whole contract" };
  }
  const right: Right = side > 0 ? "P" : "C";
  const distance = (100 - settings.protectionPercent) / 100;
  const bought = nearest(sideOf(chain, right).filter(hasAsk), chain.spot * (1 - side * distance));
  if (!bought) return { reason: `no SPY ${rightName(right)} with an ask to buy` };
  return { legs: [optionLegOf(bought, chain, contracts, settings.ratePercent)] };
}

/** A bought leg pays the ask, a sold one receives the bid. */
function optionLegOf(
  quote: ChainQuote,
  chain: ListedChain,
  quantity: number,
  ratePercent: number,
): OptionLeg {
  const { delta, volatilityPercent } = contractDelta(quote, chain.spot, chain.days, ratePercent);
  return {
    kind: "option",
    code: chain.code,
    contract: quote.contract,
    expiration: chain.expiration,
    right: quote.right,
    strike: quote.strike,
    quantity,
    multiplier: CONTRACT_MULTIPLIER,
    price: quantity > 0 ? quote.ask : quote.bid,
    priceSource: quantity > 0 ? "ask" : "bid",
    bid: quote.bid,
    ask: quote.ask,
    delta,
    volatilityPercent,
  };
}

const hasAsk = (quote: ChainQuote) => quote.ask > 0;
const hasBid = (quote: ChainQuote) => quote.bid > 0;
const rightName = (right: Right) => (right === "C" ? "call" : "put");

function sideOf(chain: ListedChain, right: Right): ChainQuote[] {
  return [...(right === "C" ? chain.calls : chain.puts)];
}

/** Calls above spot, puts below it. */
function outOfTheMoney(quotes: readonly ChainQuote[], spot: number, right: Right): ChainQuote[] {
  return quotes.filter((quote) => (right === "C" ? quote.strike > spot : quote.strike < spot));
}

/** The quote whose strike is nearest the target; the lower strike on a tie. */
function nearest(quotes: readonly ChainQuote[], target: number): ChainQuote | undefined {
  let best: ChainQuote | undefined;
  for (const quote of quotes) {
    const gap = Math.abs(quote.strike - target);
    const bestGap = best ? Math.abs(best.strike - target) : Number.POSITIVE_INFINITY;
    if (gap < bestGap || (gap === bestGap && best && quote.strike < best.strike)) best = quote;
  }
  return best;
}
