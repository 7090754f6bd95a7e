import { type DayNumber, weekday } from "../../market/civil-date";
import { nyWallClock } from "../../market/ny-time";
import { holidayName, isEarlyClose, isTradingDay } from "../../market/nyse-calendar";
import type { UniverseStock } from "../../market/sim/universe";
import { nextTradingDay, previousTradingDay } from "../../market/trading-days";
import { ratingChangesOn } from "./analyst-stories";
import { at, type DayContext, dateKey, dayEndMs, reportOn } from "./context";
import { exDatesBetween } from "./dividend-stories";
import { releasesBetween } from "./macro-stories";
import type { PriceBook } from "./prices";
import { compose, type Pen, type Story } from "./story";
import { countWord, indexLevel, listOf, monthDay, pct, usd, weekdayName } from "./text";
import { gainedOrLost, plainPast } from "./words";
import {
  COMPANIES,
  companyTopics,
  firstMention,
  nameWithTicker,
  shortName,
  sizeRank,
} from "./world";

/**
 * Days without a session: on Saturday the week in review (the indices, the week's biggest
 * movers) and the week's analyst calls; on Sunday the week ahead (earnings, economic releases,
 * ex-dividend dates); on a weekday holiday, the closed market.
 */

const SATURDAY = 6;
const SUNDAY = 0;

export function weekendStories(context: DayContext): Story[] {
  const dow = weekday(context.day);
  if (dow === SATURDAY) {
    return [
      ...optional(weeklyRecapStory(context)),
      ...weeklyMoverStories(context),
      ...optional(analystRoundupStory(context)),
    ];
  }
  if (dow === SUNDAY) return optional(weekAheadStory(context));
  return optional(holidayStory(context));
}

function optional<T>(value: T | undefined): T[] {
  return value === undefined ? [] : [value];
}

/**
 * The week before a closed day: its last session and the session before the week's Monday
 * (what the week's changes are measured from).
 */
export function weekBounds(day: DayNumber): { last: DayNumber; base: DayNumber } {
  const last = previousTradingDay("equity", day);
  const monday = last - ((weekday(last) + 6) % 7);
  return { last, base: previousTradingDay("equity", monday) };
}

interface WeeklyMove {
  stock: UniverseStock;
  change: number;
}

function weeklyMoves(book: PriceBook, last: DayNumber, base: DayNumber): WeeklyMove[] {
  return COMPANIES.map((stock) => ({ stock, change: book.changeBetween(stock.symbol, base, last) }))
    .filter((m): m is WeeklyMove => m.change !== undefined)
    .sort((a, b) => b.change - a.change);
}

// ---------------------------------------------------------------------------------------------
// Saturday
// ---------------------------------------------------------------------------------------------

function weeklyRecapStory(context: DayContext): Story | undefined {
  const { book, day } = context;
  const { last, base } = weekBounds(day);
  const spx = book.changeBetween("SPX", base, last);
  const comp = book.changeBetween("COMP", base, last);
  const dji = book.changeBetween("DJI", base, last);
  const moves = weeklyMoves(book, last, base);
  const best = moves[0];
  const worst = moves.at(-1);
  if (spx === undefined || comp === undefined || dji === undefined || !best || !worst) {
    return undefined;
  }
  return {
    eventId: `weekly-recap:${dateKey(last)}`,
    kind: "weekly-recap",
    eventAtMs: at(day, 8),
    deadlineMs: dayEndMs(day),
    category: "price-action",
    tickers: [best.stock.symbol, worst.stock.symbol],
    topics: ["markets", "price-action"],
    coverage: 3,
    delayMinutes: [0, 300],
    write: (pen) =>
      writeWeeklyRecap(pen, { spx, comp, dji, best, worst, close: book.close("SPX", last) }),
  };
}

interface RecapFacts {
  spx: number;
  comp: number;
  dji: number;
  best: WeeklyMove;
  worst: WeeklyMove;
  close: number | undefined;
}

function writeWeeklyRecap(pen: Pen, f: RecapFacts) {
  const up = f.spx >= 0;
  const dir = up ? "gain" : "loss";
  const index = (name: string, change: number) =>
    `${name} ${gainedOrLost(change)} ${pct(change, 2)}`;
  return compose(pen, {
    headlines: [
      ["w", `S&P 500 posts weekly ${dir} of ${pct(f.spx, 2)}`],
      [
        "p",
        `Stocks ${up ? "gain" : "fall"} for the week as ${shortName(up ? f.best.stock : f.worst.stock)} ${up ? "leads" : "lags"}`,
      ],
      [
        "o",
        `The week in markets: S&P 500 ${up ? "up" : "down"} ${pct(f.spx, 2)}, ${shortName(f.best.stock)} ${plainPast(f.best.change)} ${pct(f.best.change)}`,
      ],
      `Weekly market recap: ${up ? "a winning" : "a losing"} week for stocks`,
    ],
    ledes: [
      `The ${index("S&P 500", f.spx)} this week${f.close === undefined ? "" : `, ending the week at ${indexLevel(f.close)}`}`,
      `US stocks ${up ? "rose" : "fell"} over the week, with the S&P 500 ${f.spx >= 0 ? "up" : "down"} ${pct(f.spx, 2)} and the Nasdaq Composite ${f.comp >= 0 ? "up" : "down"} ${pct(f.comp, 2)}`,
      [
        "p",
        `It was ${up ? "a winning" : "a losing"} week on Wall Street: the S&P 500 ${up ? "rose" : "fell"} ${pct(f.spx, 2)}, and ${shortName(f.best.stock)} led all gainers`,
      ],
      [
        "w",
        `The S&P 500 ${up ? "gained" : "lost"} ${pct(f.spx, 2)} in the week, the Nasdaq Composite ${f.comp >= 0 ? "gained" : "lost"} ${pct(f.comp, 2)} and the Dow ${f.dji >= 0 ? "gained" : "lost"} ${pct(f.dji, 2)}`,
      ],
      [
        "o",
        `Here is how the week went for stocks: the S&P 500 ${up ? "finished higher" : "finished lower"}, ${up ? "up" : "down"} ${pct(f.spx, 2)}`,
      ],
    ],
    details: [
      `The ${index("Dow Jones Industrial Average", f.dji)} for the week`,
      `${firstMention(f.best.stock)} was the week's best performer, up ${pct(f.best.change)}, while ${firstMention(f.worst.stock)} fell ${pct(f.worst.change)}, the steepest decline`,
    ],
    maxDetails: 2,
  });
}

/** The week's three biggest gainers and decliners, one short piece each. */
function weeklyMoverStories(context: DayContext): Story[] {
  const { book, day } = context;
  const { last, base } = weekBounds(day);
  const moves = weeklyMoves(book, last, base);
  const picks = [...moves.slice(0, 3), ...moves.slice(-3)].filter(
    (m) => Math.abs(m.change) >= 0.05,
  );
  return picks.map((move) => ({
    eventId: `weekly-mover:${move.stock.symbol}:${dateKey(last)}`,
    kind: "weekly-recap",
    eventAtMs: at(day, 9),
    deadlineMs: dayEndMs(day),
    category: "price-action",
    tickers: [move.stock.symbol],
    topics: ["price-action", ...companyTopics(move.stock)],
    coverage: 1,
    delayMinutes: [0, 480],
    write: (pen) => writeWeeklyMover(pen, move, last, book.close(move.stock.symbol, last)),
  }));
}

function writeWeeklyMover(pen: Pen, move: WeeklyMove, last: DayNumber, close: number | undefined) {
  const n = shortName(move.stock);
  const up = move.change >= 0;
  const p = pct(move.change);
  return compose(pen, {
    headlines: [
      ["o", `${n} stock ${up ? "soared" : "sank"} ${p} this week`],
      ["w", `${n} shares ${up ? "gain" : "lose"} ${p} on the week`],
      ["p", `${n} ends the week ${p} ${up ? "higher" : "lower"}`],
      `${move.stock.symbol} was one of the week's ${up ? "biggest winners" : "biggest losers"}`,
    ],
    ledes: [
      `Shares of ${firstMention(move.stock)} ${gainedOrLost(move.change)} ${p} this week${close === undefined ? "" : `, closing ${weekdayName(last)} at ${usd(close)}`}`,
      `${firstMention(move.stock)} was among the ${up ? "best" : "worst"} performers of the week to ${monthDay(last)}, ${up ? "up" : "down"} ${p}`,
    ],
    details: [
      `That was one of the ${up ? "largest weekly gains" : "steepest weekly declines"} among large U.S. stocks`,
      `The stock's typical weekly move is about ${pct((move.stock.volatility / Math.sqrt(52)) * 0.8)}`,
    ],
    maxDetails: 2,
  });
}

function analystRoundupStory(context: DayContext): Story | undefined {
  const { last } = weekBounds(context.day);
  const monday = last - ((weekday(last) + 6) % 7);
  const changes: ReturnType<typeof ratingChangesOn> = [];
  for (let day = monday; day <= last; day++) {
    if (isTradingDay(day)) changes.push(...ratingChangesOn(day));
  }
  if (changes.length === 0) return undefined;
  const upgrades = changes.filter((c) => c.previous && c.rating < c.previous.rating);
  const downgrades = changes.filter((c) => c.previous && c.rating > c.previous.rating);
  const initiations = changes.filter((c) => !c.previous);
  const seen = new Set<string>();
  const notable = [...upgrades, ...downgrades]
    .sort((a, b) => sizeRank(a.stock) - sizeRank(b.stock))
    .filter((c) => !seen.has(c.stock.symbol) && seen.add(c.stock.symbol))
    .slice(0, 4);
  if (notable.length === 0) return undefined;
  const phrase = (c: (typeof changes)[number]) => {
    const verb = c.previous && c.rating < c.previous.rating ? "upgraded" : "downgraded";
    return `${c.firm.name} ${verb} ${shortName(c.stock)} (${c.stock.symbol}) to ${c.firm.scale[c.rating]} on ${weekdayName(c.day)}`;
  };
  return {
    eventId: `analyst-roundup:${dateKey(last)}`,
    kind: "analyst-roundup",
    eventAtMs: at(context.day, 10),
    deadlineMs: dayEndMs(context.day),
    category: "analyst",
    tickers: notable.map((c) => c.stock.symbol),
    topics: ["analyst-ratings"],
    coverage: 2,
    delayMinutes: [0, 360],
    write: (pen) =>
      compose(pen, {
        headlines: [
          [
            "o",
            `Analyst calls of the week: ${listOf(notable.slice(0, 3).map((c) => shortName(c.stock)))}`,
          ],
          [
            "p",
            `This week's upgrades and downgrades: ${countWord(upgrades.length)} up, ${countWord(downgrades.length)} down`,
          ],
          `The week's biggest analyst moves, from ${shortName((notable[0] as (typeof changes)[number]).stock)} to ${shortName((notable.at(-1) as (typeof changes)[number]).stock)}`,
        ],
        ledes: [
          `Research firms made ${countWord(upgrades.length)} upgrades and ${countWord(downgrades.length)} downgrades this week, and started coverage of ${countWord(initiations.length)} stocks`,
          `It was a busy week for analysts: ${countWord(upgrades.length + downgrades.length)} rating changes and ${countWord(initiations.length)} initiations across the stocks we follow`,
        ],
        details: notable.map(phrase),
        maxDetails: 4,
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// Sunday and holidays
// ---------------------------------------------------------------------------------------------

function weekAheadStory(context: DayContext): Story | undefined {
  const monday = context.day + 1;
  const friday = context.day + 5;
  const reports: { stock: UniverseStock; day: DayNumber }[] = [];
  for (let day = monday; day <= friday; day++) {
    for (const stock of COMPANIES) if (reportOn(stock, day)) reports.push({ stock, day });
  }
  const asOf = at(context.day, 12);
  const releases = releasesBetween(monday, friday, asOf, "high");
  const routine = releasesBetween(monday, friday, asOf, "medium");
  const exDates = exDatesBetween(monday, friday);
  const biggest = [...reports].sort((a, b) => sizeRank(a.stock) - sizeRank(b.stock)).slice(0, 4);
  const names = biggest.map((r) => shortName(r.stock));
  const named = (list: typeof releases) =>
    listOf(list.map((r) => `${r.event} on ${weekdayName(nyWallClock(r.releaseAtMs).day)}`));
  const details: string[] = [];
  if (biggest.length > 0) {
    details.push(
      `Companies reporting include ${listOf(biggest.map((r) => `${nameWithTicker(r.stock)} on ${weekdayName(r.day)}`))}`,
    );
  }
  if (releases.length > 0) details.push(`On the economic calendar: ${named(releases)}`);
  if (routine.length > 0) details.push(`Also due: ${named(routine.slice(0, 4))}`);
  if (exDates.length > 0) {
    details.push(`During the week, ${plural(exDates.length, "stock")} go ex-dividend`);
  }
  if (details.length < 2) return undefined;
  return {
    eventId: `week-ahead:${dateKey(monday)}`,
    kind: "week-ahead",
    eventAtMs: at(context.day, 11),
    deadlineMs: dayEndMs(context.day),
    category: reports.length > 0 ? "earnings" : "macro",
    tickers: biggest.map((r) => r.stock.symbol),
    topics: [
      "markets",
      ...(reports.length > 0 ? ["earnings"] : []),
      ...(releases.length > 0 ? ["economy"] : []),
    ],
    coverage: 2 + (reports.length >= 10 ? 1 : 0),
    delayMinutes: [0, 420],
    write: (pen) =>
      compose(pen, {
        headlines: weekAheadHeadlines(names, reports.length, releases, monday),
        ledes:
          reports.length > 0
            ? [
                `${capitalised(countWord(reports.length))} ${reports.length === 1 ? "company" : "companies"} among the largest US stocks report results in the week of ${monthDay(monday)}, led by ${listOf(names.slice(0, 2))}`,
                `Investors face ${plural(reports.length, "earnings report")} and ${plural(releases.length, "major economic release")} in the coming week`,
                `The earnings calendar for the week of ${monthDay(monday)} holds ${plural(reports.length, "report")} from large US companies`,
              ]
            : releases.length > 0
              ? [
                  `It is a quiet week for earnings, and the economic calendar takes center stage in the week of ${monthDay(monday)} with ${plural(releases.length, "major release")}`,
                  `With no major earnings reports due in the week of ${monthDay(monday)}, investors turn to economic data`,
                  `Economic data, not earnings, set the tone in the week of ${monthDay(monday)}`,
                ]
              : [
                  `It is a quiet week on the calendar, with no major earnings reports or top-tier economic data due in the week of ${monthDay(monday)}`,
                  `Investors face a light schedule in the week of ${monthDay(monday)}: no major earnings reports and no top-tier economic data`,
                  `Little is on the calendar for the week of ${monthDay(monday)}`,
                ],
        details,
        maxDetails: 3,
      }),
  };
}

function weekAheadHeadlines(
  names: string[],
  reports: number,
  releases: { event: string }[],
  monday: DayNumber,
): [string, string][] {
  const first = releases[0]?.event;
  if (reports === 0) {
    return [
      ["p", first ? "Week ahead: economic data in focus" : "Week ahead: a quiet week for markets"],
      ["o", `What to watch this week: ${first ?? "a light calendar"}`],
      ["w", `Stocks week ahead: a light earnings calendar, week of ${monthDay(monday)}`],
    ];
  }
  return [
    ["p", `Week ahead: ${listOf(names.slice(0, 3))} earnings in focus`],
    [
      "o",
      `What to watch this week: ${plural(reports, "earnings report")}${first ? ` and ${first}` : ""}`,
    ],
    [
      "w",
      `Stocks week ahead: ${plural(reports, "company", "companies")} report, week of ${monthDay(monday)}`,
    ],
  ];
}

/** "one earnings report", "12 earnings reports". */
function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${countWord(n)} ${n === 1 ? noun : nouns}`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function holidayStory(context: DayContext): Story | undefined {
  const name = holidayName(context.day);
  if (!name) return undefined;
  const next = nextTradingDay("equity", context.day);
  const previous = previousTradingDay("equity", context.day);
  const early = isEarlyClose(next) ? ", with an early close at 1 p.m. ET" : "";
  return {
    eventId: `market-holiday:${dateKey(context.day)}`,
    kind: "market-holiday",
    eventAtMs: at(context.day, 7),
    deadlineMs: dayEndMs(context.day),
    category: "macro",
    tickers: [],
    topics: ["markets"],
    coverage: 2,
    delayMinutes: [0, 180],
    write: (pen) =>
      compose(pen, {
        headlines: [
          ["w", `US stock markets closed for ${name}`],
          ["o", `Is the stock market open today? Closed for ${name}`],
          `Wall Street takes a break for ${name}`,
        ],
        ledes: [
          `US stock exchanges are closed on ${weekdayName(context.day)} for ${name}`,
          `There is no trading on the NYSE or Nasdaq today, ${weekdayName(context.day)}, for the ${name} holiday`,
        ],
        details: [
          `Regular trading resumes on ${weekdayName(next)}${early}`,
          `The last session was on ${weekdayName(previous)}, ${monthDay(previous)}`,
        ],
        maxDetails: 2,
      }),
  };
}
