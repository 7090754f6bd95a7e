import type { Bar, Instrument, Quote } from "./ports";

/**
 * The rounding rules of every number the market-data endpoints serve, by kind. Sources and the
 * simulator keep full double precision; the market handlers round each figure once, when they
 * build the payload, with these functions. The options calculators (calculator, implied
 * volatility, P&L) do not use them: they answer in full precision.
 *
 * | kind                    | rule                                                                   |
 * |-------------------------|------------------------------------------------------------------------|
 * | price                   | the instrument's tick at that price (priceTick)                        |
 * | change                  | livePrice − previousClose of the rounded prices, to their decimals     |
 * | money                   | USD cents (market capitalisation, option premium)                      |
 * | dividend per share      | 4 decimals, the precision dividends are declared in (e.g. $0.2775)     |
 * | volume, count           | integer                                                                |
 * | percent                 | 4 decimals (changePercent, yields, fee rate, IV in percent; also RSI)  |
 * | greek, ratio            | 6 decimals (theta, gamma, vega, delta, beta, probabilities)            |
 * | price-scaled indicator  | 2 decimals finer than the tick (SMA, EMA, Bollinger, MACD)             |
 *
 * Ties round half away from zero. Rounding is monotonic, so orderings survive it: bid ≤ mark
 * ≤ ask, low ≤ open, close ≤ high, a bar's extremes within the 52-week range.
 */

export const PERCENT_DECIMALS = 4;
export const RATIO_DECIMALS = 6;
export const MONEY_DECIMALS = 2;
export const DIVIDEND_DECIMALS = 4;
/** Price-scaled indicator values carry this many decimals more than the price tick. */
export const INDICATOR_EXTRA_DECIMALS = 2;

/** What the price rule needs of an instrument. */
export type PricedInstrument = Pick<Instrument, "contractType" | "tickSize">;

const POW10 = Array.from({ length: 16 }, (_, d) => 10 ** d);

/**
 * Minimum price increment at `price`:
 * - stocks and ETFs: $0.01 from $1.00, $0.0001 below (SEC Rule 612's quoting increments);
 * - indices: 0.01 (index levels are published to 2 decimals);
 * - futures: the contract's tick (ES 0.25, CL 0.01, ZN 1/64); 0.01 when the source gives none;
 * - crypto: 5 significant digits, at most 2 decimals (BTC and ETH $0.01, SOL $0.01, XRP
 *   $0.0001, DOGE $0.00001: close to the venues' USD quote increments).
 */
export function priceTick(instrument: PricedInstrument, price: number): number {
  switch (instrument.contractType) {
    case "Stock":
    case "ETF":
      return Math.abs(price) >= 1 ? 0.01 : 0.0001;
    case "Index":
      return 0.01;
    case "Future":
      return instrument.tickSize ?? 0.01;
    case "Crypto": {
      const magnitude = Math.floor(Math.log10(Math.abs(price)));
      return Number.isFinite(magnitude) ? Math.min(0.01, 10 ** (magnitude - 4)) : 0.01;
    }
  }
}

const decimalsByTick = new Map<number, number>();

/** Decimals needed to write multiples of `tick` (0.25 → 2, 1/64 → 6, 5e-5 → 5). */
export function decimalsOf(tick: number): number {
  let decimals = decimalsByTick.get(tick);
  if (decimals === undefined) {
    decimals = 0;
    while (decimals < 15) {
      const scaled = tick * (POW10[decimals] as number);
      // A whole number of at least 1: a tick of 1e-7 is not "0 decimals" however small it is.
      const whole = Math.round(scaled);
      if (whole >= 1 && Math.abs(scaled - whole) < 1e-6) break;
      decimals++;
    }
    decimalsByTick.set(tick, decimals);
  }
  return decimals;
}

/** `value` to `decimals` places, ties away from zero; the result prints as that decimal. */
export function roundDecimals(value: number, decimals: number): number {
  const scale = POW10[decimals] ?? 10 ** decimals;
  const rounded = Math.round(Math.abs(value) * scale) / scale;
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** `value` to the nearest multiple of `tick`, written with the tick's decimals. */
export function roundToTick(value: number, tick: number): number {
  const decimals = decimalsOf(tick);
  const scale = POW10[decimals] ?? 10 ** decimals;
  // A power-of-ten tick (0.01): decimal rounding, which is also the faster path.
  if (Math.round(tick * scale) === 1) return roundDecimals(value, decimals);
  const rounded = Math.round(Math.round(Math.abs(value) / tick) * tick * scale) / scale;
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

export function roundPrice(value: number, instrument: PricedInstrument): number {
  return roundToTick(value, priceTick(instrument, value));
}

/** The difference of two rounded prices, free of binary noise (207.18 − 205.1 = 2.08). */
export function roundPriceChange(
  price: number,
  reference: number,
  instrument: PricedInstrument,
): number {
  const decimals = Math.max(
    decimalsOf(priceTick(instrument, price)),
    decimalsOf(priceTick(instrument, reference)),
  );
  return roundDecimals(price - reference, decimals);
}

export const roundMoney = (usd: number): number => roundDecimals(usd, MONEY_DECIMALS);
export const roundDividend = (usdPerShare: number): number =>
  roundDecimals(usdPerShare, DIVIDEND_DECIMALS);
export const roundVolume = (count: number): number => roundDecimals(count, 0);
export const roundPercent = (percent: number): number => roundDecimals(percent, PERCENT_DECIMALS);
export const roundRatio = (ratio: number): number => roundDecimals(ratio, RATIO_DECIMALS);

/** Decimals of price-scaled indicator values for an instrument trading at `referencePrice`. */
export function indicatorDecimals(instrument: PricedInstrument, referencePrice: number): number {
  return decimalsOf(priceTick(instrument, referencePrice)) + INDICATOR_EXTRA_DECIMALS;
}

export function roundBar(bar: Bar, instrument: PricedInstrument): Bar {
  return {
    timestamp: bar.timestamp,
    open: roundPrice(bar.open, instrument),
    high: roundPrice(bar.high, instrument),
    low: roundPrice(bar.low, instrument),
    close: roundPrice(bar.close, instrument),
    volume: roundVolume(bar.volume),
  };
}

/** Every price of a quote to the tick, its volume to an integer. */
export function roundQuote(quote: Quote, instrument: PricedInstrument): Quote {
  const price = (value: number) => roundPrice(value, instrument);
  return {
    ...quote,
    lastPrice: price(quote.lastPrice),
    bid: price(quote.bid),
    ask: price(quote.ask),
    markPrice: quote.markPrice === undefined ? undefined : price(quote.markPrice),
    open: price(quote.open),
    close: price(quote.close),
    previousClose: price(quote.previousClose),
    high: price(quote.high),
    low: price(quote.low),
    yearHigh: price(quote.yearHigh),
    yearLow: price(quote.yearLow),
    volume: roundVolume(quote.volume),
  };
}
