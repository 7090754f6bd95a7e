import type { DayNumber } from "../../market/civil-date";
import { nyInstant } from "../../market/ny-time";
import type { MarketDataProvider } from "../../market/ports";
import { haltWindowOf, type SimInstrument } from "../../market/sim/price-engine";
import { stockSpec } from "../../market/sim/simulated-market";
import type { UniverseStock } from "../../market/sim/universe";
import { type DayContext, dateKey, dayEndMs } from "./context";
import { compose, type Pen, type Story, type Variant } from "./story";
import { clockTime, countWord, pct, usd, weekdayName } from "./text";
import { COMPANIES, companyTopics, firstMention, nameWithTicker, shortName } from "./world";

/**
 * Trading halts: the simulated market's volatility pauses (price-engine.ts haltWindowOf, about
 * 1 % of a stock's sessions, 5 to 15 minutes). A wire has it minutes after the pause starts,
 * with the stock's move at that moment; a second story when trading resumes.
 */

export interface Halt {
  stock: UniverseStock;
  day: DayNumber;
  /** New York minutes of the day; `to` is when trading resumes. */
  from: number;
  to: number;
}

const specs = new Map<string, SimInstrument>();
const haltsMemo = new Map<DayNumber, Halt[]>();

/** The day's halts of companies, by when they start (memoised). */
export function haltsOn(day: DayNumber): Halt[] {
  let halts = haltsMemo.get(day);
  if (!halts) {
    halts = findHalts(day);
    if (haltsMemo.size >= 1000) haltsMemo.delete(haltsMemo.keys().next().value as DayNumber);
    haltsMemo.set(day, halts);
  }
  return halts;
}

function findHalts(day: DayNumber): Halt[] {
  const halts: Halt[] = [];
  for (const stock of COMPANIES) {
    let spec = specs.get(stock.symbol);
    if (!spec) {
      spec = stockSpec(stock);
      specs.set(stock.symbol, spec);
    }
    const window = haltWindowOf(spec, day);
    if (window) halts.push({ stock, day, from: window.from, to: window.to });
  }
  return halts.sort((a, b) => a.from - b.from);
}

/** When the halt's first story can be written: its start (the price then is known). */
export function haltStartMs(halt: Halt): number {
  return nyInstant(halt.day, halt.from);
}

/** When the resumption story can be written: two minutes into renewed trading. */
export function haltResumedMs(halt: Halt): number {
  return nyInstant(halt.day, halt.to + 2);
}

interface HaltFacts extends Halt {
  /** The last price before the pause, and the day's change then (decimal). */
  price: number;
  change: number;
}

/** The halt story: the pause, its time and the stock's move when it began. */
export async function haltStory(
  halt: Halt,
  market: MarketDataProvider,
  context: DayContext,
): Promise<Story[]> {
  const price = await priceBefore(market, halt, halt.from);
  const previous = context.book.previousClose(halt.stock.symbol, halt.day);
  if (price === undefined || previous === undefined) return [];
  const facts: HaltFacts = { ...halt, price, change: price / previous - 1 };
  return [
    {
      eventId: `halt:${halt.stock.symbol}:${dateKey(halt.day)}:${halt.from}`,
      kind: "halt",
      eventAtMs: haltStartMs(halt),
      deadlineMs: dayEndMs(halt.day),
      category: "price-action",
      tickers: [halt.stock.symbol],
      topics: ["halts", "price-action", ...companyTopics(halt.stock)],
      coverage: 1 + (Math.abs(facts.change) >= 0.03 ? 1 : 0),
      delayMinutes: [1, 14],
      write: (pen) => writeHalt(pen, facts),
    },
  ];
}

/** The resumption story, with the price shortly after trading resumed. */
export async function haltResumedStory(
  halt: Halt,
  market: MarketDataProvider,
  context: DayContext,
): Promise<Story[]> {
  const price = await priceBefore(market, halt, halt.to + 2);
  const previous = context.book.previousClose(halt.stock.symbol, halt.day);
  if (price === undefined || previous === undefined) return [];
  const facts: HaltFacts = { ...halt, price, change: price / previous - 1 };
  return [
    {
      eventId: `halt-resumed:${halt.stock.symbol}:${dateKey(halt.day)}:${halt.from}`,
      kind: "halt-resumed",
      eventAtMs: haltResumedMs(halt),
      deadlineMs: dayEndMs(halt.day),
      category: "price-action",
      tickers: [halt.stock.symbol],
      topics: ["halts", "price-action", ...companyTopics(halt.stock)],
      coverage: 1,
      delayMinutes: [1, 15],
      write: (pen) => writeResumed(pen, facts),
    },
  ];
}

/** The close of the last regular-session minute before `minute` (New York minute of the day). */
async function priceBefore(market: MarketDataProvider, halt: Halt, minute: number) {
  const code = `${halt.stock.symbol}_${halt.stock.exchange}`;
  const bars = await market.bars(code, {
    period: 1,
    from: nyInstant(halt.day, 570),
    to: nyInstant(halt.day, minute),
    extended: false,
  });
  return bars?.at(-1)?.close;
}

function writeHalt(pen: Pen, f: HaltFacts) {
  const n = shortName(f.stock);
  const t = f.stock.symbol;
  const nt = nameWithTicker(f.stock);
  const time = clockTime(f.from);
  const headlines: Variant[] = [
    ["w", `${n} shares halted for volatility`],
    ["w", `Trading in ${nt} paused at ${time}`],
    ["o", `${t} stock halted: trading paused on volatility`],
    ["o", `${n} hit with a volatility trading halt`],
    `${n} trading halted at ${time}`,
  ];
  const ledes: Variant[] = [
    `Trading in shares of ${firstMention(f.stock)} was halted at ${time} on ${weekdayName(f.day)} under a volatility trading pause`,
    `Shares of ${firstMention(f.stock)} were paused for volatility at ${time}, interrupting trading in the stock`,
  ];
  return compose(pen, {
    headlines,
    ledes,
    details: [
      `Before the pause the stock was ${f.change >= 0 ? "up" : "down"} ${pct(f.change)} on the day at ${usd(f.price)}`,
      "Volatility pauses usually last five minutes and can be extended when no orderly reopening price can be found",
      "The halt applies across all U.S. trading venues",
    ],
    maxDetails: 2,
  });
}

function writeResumed(pen: Pen, f: HaltFacts) {
  const n = shortName(f.stock);
  const t = f.stock.symbol;
  const minutes = f.to - f.from;
  const duration = `${minutes < 10 ? countWord(minutes) : minutes}-minute`;
  return compose(pen, {
    headlines: [
      ["w", `${n} shares resume trading after volatility halt`],
      ["o", `${t} reopens after ${duration} trading pause`],
      `Trading in ${n} resumes at ${clockTime(f.to)}`,
    ],
    ledes: [
      `Trading in ${firstMention(f.stock)} resumed at ${clockTime(f.to)} after a ${duration} volatility pause that began at ${clockTime(f.from)}`,
      `${firstMention(f.stock)} reopened for trading at ${clockTime(f.to)}, ending a ${duration} halt`,
    ],
    details: [
      `The shares were at ${usd(f.price)} shortly after the reopening, ${f.change >= 0 ? "up" : "down"} ${pct(f.change)} on the day`,
      "It was the stock's only halt of the session",
    ],
    maxDetails: 2,
  });
}
