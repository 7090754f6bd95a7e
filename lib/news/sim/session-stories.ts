import type { DayNumber } from "../../market/civil-date";
import { nyInstant } from "../../market/ny-time";
import type { MarketDataProvider } from "../../market/ports";
import type { UniverseStock } from "../../market/sim/universe";
import { type AnalystNote, callPhrase } from "./analyst-stories";
import { at, type DayContext, dateKey, dayEndMs, reportOn } from "./context";
import { exDatesBetween } from "./dividend-stories";
import { reportFactsOf } from "./earnings-stories";
import { compose, type Pen, type Story } from "./story";
import {
  indexLevel,
  listOf,
  monthDay as monthDayOf,
  pct,
  usd,
  usdDividend,
  weekdayName,
} from "./text";
import {
  COMPANIES,
  companyTopics,
  firstMention,
  nameWithTicker,
  shortName,
  sizeRank,
} from "./world";

/**
 * Stories of the session's course: what to watch before the open, the market and the day's
 * big gappers at midday (their prices at 12:30 New York), and the ex-dividend names of the day.
 */

/** Midday is 12:30 New York; its stories are written from the minute bar that ends then. */
export const MIDDAY_MINUTE = 12 * 60 + 30;
const MIDDAY_GAP = 0.02;
const MIDDAY_MOVE = 0.025;

async function priceAt(
  market: MarketDataProvider,
  code: string,
  day: DayNumber,
  minute: number,
): Promise<number | undefined> {
  const bars = await market.bars(code, {
    period: 1,
    from: nyInstant(day, minute - 1),
    to: nyInstant(day, minute),
    extended: false,
  });
  return bars?.at(-1)?.close;
}

/** The market at midday, and the morning's big gappers: extending, paring or reversing. */
export async function middayStories(
  context: DayContext,
  market: MarketDataProvider,
): Promise<Story[]> {
  const { book, day } = context;
  const stories: Story[] = [];
  const indexMoves: { name: string; level: number; change: number }[] = [];
  for (const [symbol, code, name] of INDEX_CODES) {
    const price = await priceAt(market, code, day, MIDDAY_MINUTE);
    const previous = book.previousClose(symbol, day);
    if (price === undefined || previous === undefined) return stories;
    indexMoves.push({ name, level: price, change: price / previous - 1 });
  }
  stories.push(marketMiddayStory(day, indexMoves));
  for (const stock of COMPANIES) {
    const gap = book.gap(stock.symbol, day);
    const previous = book.previousClose(stock.symbol, day);
    if (gap === undefined || previous === undefined || Math.abs(gap) < MIDDAY_GAP) continue;
    const price = await priceAt(market, `${stock.symbol}_${stock.exchange}`, day, MIDDAY_MINUTE);
    if (price === undefined || Math.abs(price / previous - 1) < MIDDAY_MOVE) continue;
    stories.push(middayMoverStory(stock, day, gap, price, previous));
  }
  return stories;
}

const INDEX_CODES: [string, string, string][] = [
  ["SPX", "SPX_INDEX", "S&P 500"],
  ["COMP", "COMP_INDEX", "Nasdaq Composite"],
  ["DJI", "DJI_INDEX", "Dow Jones Industrial Average"],
];

function marketMiddayStory(
  day: DayNumber,
  moves: { name: string; level: number; change: number }[],
): Story {
  const [spx, comp, dji] = moves as [(typeof moves)[0], (typeof moves)[0], (typeof moves)[0]];
  const up = spx.change >= 0;
  const dir = up ? "higher" : "lower";
  const describe = (m: typeof spx) =>
    `the ${m.name} ${m.change >= 0 ? "up" : "down"} ${pct(m.change, 2)}`;
  const sentence = (m: typeof spx) =>
    `The ${m.name} was ${m.change >= 0 ? "up" : "down"} ${pct(m.change, 2)}`;
  return {
    eventId: `market-midday:${dateKey(day)}`,
    kind: "market-midday",
    eventAtMs: nyInstant(day, MIDDAY_MINUTE),
    deadlineMs: dayEndMs(day),
    category: "price-action",
    tickers: [],
    topics: ["markets", "price-action"],
    coverage: 2,
    delayMinutes: [2, 40],
    write: (pen) =>
      compose(pen, {
        headlines: [
          [
            "o",
            `Stock market today: S&P 500 ${up ? "up" : "down"} ${pct(spx.change, 2)} at midday`,
          ],
          [
            "w",
            `Midday: stocks trade ${dir}; Dow ${dji.change >= 0 ? "up" : "down"} ${pct(dji.change, 2)}`,
          ],
          ["p", `Stocks ${up ? "hold gains" : "stay under pressure"} at midday`],
          `Wall Street at midday: Nasdaq ${comp.change >= 0 ? "up" : "down"} ${pct(comp.change, 2)}`,
        ],
        ledes: [
          `US stocks were ${dir} at midday on ${weekdayName(day)}, with ${describe(spx)} at ${indexLevel(spx.level)}`,
          `At the halfway point of ${weekdayName(day)}'s session, the S&P 500 stood at ${indexLevel(spx.level)}, ${spx.change >= 0 ? "up" : "down"} ${pct(spx.change, 2)}`,
        ],
        details: [sentence(dji), sentence(comp)],
        maxDetails: 2,
      }),
  };
}

function middayMoverStory(
  stock: UniverseStock,
  day: DayNumber,
  gap: number,
  price: number,
  previousClose: number,
): Story {
  const change = price / previousClose - 1;
  const sameWay = Math.sign(gap) === Math.sign(change);
  const trend = !sameWay ? "reverse" : Math.abs(change) > Math.abs(gap) ? "extend" : "pare";
  return {
    eventId: `midday-mover:${stock.symbol}:${dateKey(day)}`,
    kind: "midday-mover",
    eventAtMs: nyInstant(day, MIDDAY_MINUTE),
    deadlineMs: dayEndMs(day),
    category: "price-action",
    tickers: [stock.symbol],
    topics: ["price-action", ...companyTopics(stock)],
    coverage: 1 + (sizeRank(stock) < 0.4 ? 1 : 0),
    delayMinutes: [3, 60],
    write: (pen) => writeMiddayMover(pen, stock, day, { gap, price, previousClose, trend }),
  };
}

function writeMiddayMover(
  pen: Pen,
  stock: UniverseStock,
  day: DayNumber,
  move: {
    gap: number;
    price: number;
    previousClose: number;
    trend: "reverse" | "extend" | "pare";
  },
) {
  const { gap, price, previousClose, trend } = move;
  const change = price / previousClose - 1;
  const n = shortName(stock);
  const up = change >= 0;
  const word = up ? "gains" : "losses";
  const action =
    trend === "extend"
      ? `extend ${word}`
      : trend === "pare"
        ? `pare ${gap >= 0 ? "gains" : "losses"}`
        : `reverse to trade ${up ? "higher" : "lower"}`;
  const opened = `after opening ${pct(gap)} ${gap >= 0 ? "higher" : "lower"}`;
  return compose(pen, {
    headlines: [
      ["w", `${n} shares ${action}, ${up ? "up" : "down"} ${pct(change)} at midday`],
      ["o", `${stock.symbol} stock ${up ? "up" : "down"} ${pct(change)} at midday ${opened}`],
      `${n} ${up ? "trades higher" : "trades lower"} at midday, ${up ? "up" : "down"} ${pct(change)}`,
    ],
    ledes: [
      `Shares of ${firstMention(stock)} were ${up ? "up" : "down"} ${pct(change)} at ${usd(price)} at midday on ${weekdayName(day)}, ${opened}`,
      `${firstMention(stock)} traded at ${usd(price)} at 12:30 p.m. ET, ${up ? "up" : "down"} ${pct(change)} on the day ${opened}`,
    ],
    details: [
      trend === "extend"
        ? `The stock has built on its opening move through the morning`
        : trend === "pare"
          ? `The stock has given back part of its opening move`
          : `The stock has reversed its opening move`,
      `It closed at ${usd(previousClose)} in the previous session`,
    ],
    maxDetails: 2,
  });
}

/** Before the open: the morning's reports, the reports due after the close, calls and ex-dates. */
export function stocksToWatchStory(
  context: DayContext,
  notes: readonly AnalystNote[],
): Story | undefined {
  const day = context.day;
  const eventAtMs = at(day, 7, 40);
  const items: { stock: UniverseStock; text: string }[] = [];
  for (const stock of COMPANIES) {
    const report = reportOn(stock, day);
    if (!report) continue;
    const f = reportFactsOf(stock, report, day);
    items.push({
      stock,
      text:
        report.hour === "bmo"
          ? `${nameWithTicker(stock)} reported ${f.quarterAdj} EPS of ${f.actual} before the bell, against the ${f.estimate} consensus`
          : `${nameWithTicker(stock)} reports after the close; analysts expect ${f.estimate} a share`,
    });
  }
  for (const note of notes) {
    if (nyInstant(day, note.minute) >= eventAtMs) continue;
    const call = callPhrase(note);
    if (call) items.push({ stock: note.stock, text: call });
  }
  for (const ex of exDatesBetween(day, day)) {
    items.push({
      stock: ex.stock,
      text: `${nameWithTicker(ex.stock)} goes ex-dividend today, ahead of a ${usdDividend(ex.amount)} payout`,
    });
  }
  const picks = items.sort((a, b) => sizeRank(a.stock) - sizeRank(b.stock)).slice(0, 5);
  if (picks.length < 2) return undefined;
  const names = picks.slice(0, 3).map((p) => shortName(p.stock));
  return {
    eventId: `stocks-to-watch:${dateKey(day)}`,
    kind: "stocks-to-watch",
    eventAtMs,
    deadlineMs: dayEndMs(day),
    category: "price-action",
    tickers: [...new Set(picks.map((p) => p.stock.symbol))],
    topics: ["markets"],
    coverage: 2,
    delayMinutes: [0, 80],
    write: (pen) =>
      compose(pen, {
        headlines: [
          ["o", `Stocks to watch ${weekdayName(day)}: ${listOf(names)}`],
          ["w", `Premarket watchlist: ${listOf(names)}`],
          `${listOf(names)} among the stocks to watch before the open`,
        ],
        ledes: [
          `These are the stocks in focus before ${possessiveDay(day)} open, from fresh earnings to analyst calls`,
          `Earnings, analyst calls and dividends put these names on investors' radar ahead of the ${weekdayName(day)} session`,
        ],
        details: picks.map((p) => p.text),
        maxDetails: 5,
      }),
  };
}

function possessiveDay(day: DayNumber): string {
  return `${weekdayName(day)}'s`;
}

/** The day's ex-dividend names, one short piece each before the open. */
export function exDividendStories(context: DayContext): Story[] {
  const { book, day } = context;
  return exDatesBetween(day, day).map((ex) => {
    const previous = book.previousClose(ex.stock.symbol, day);
    return {
      eventId: `ex-dividend:${ex.stock.symbol}:${dateKey(day)}`,
      kind: "ex-dividend",
      eventAtMs: at(day, 6, 30),
      deadlineMs: dayEndMs(day),
      category: "dividends",
      tickers: [ex.stock.symbol],
      topics: ["dividends", ...companyTopics(ex.stock)],
      coverage: 1,
      delayMinutes: [0, 150],
      write: (pen) => {
        const n = shortName(ex.stock);
        const amount = usdDividend(ex.amount);
        const details = [
          `The ${amount} payment goes to shareholders of record on ${weekdayName(ex.record)} and is paid on ${monthDayOf(ex.pay)}`,
          "On the ex-dividend date a share's price typically opens lower by about the dividend amount",
        ];
        if (previous !== undefined) {
          details.push(
            `The payout is about ${pct(ex.amount / previous, 2)} of the previous close of ${usd(previous)}`,
          );
        }
        return compose(pen, {
          headlines: [
            ["o", `${n} stock goes ex-dividend today`],
            ["w", `${n} (${ex.stock.symbol}) trades ex-dividend of ${amount}`],
            `${n} shares go ex-dividend ahead of ${amount} payout`,
          ],
          ledes: [
            `Shares of ${firstMention(ex.stock)} trade ex-dividend on ${weekdayName(day)}: buyers from today do not receive the ${amount} dividend`,
            `${firstMention(ex.stock)} goes ex-dividend today ahead of its ${amount} per-share payout`,
          ],
          details,
          maxDetails: 2,
        });
      },
    };
  });
}
