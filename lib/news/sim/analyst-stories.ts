import { civilDate, type DayNumber, dayNumber } from "../../market/civil-date";
import { earningsDay, onOrAfterTradingDay } from "../../market/company-data";
import { nyInstant } from "../../market/ny-time";
import { seedOf, uniform } from "../../market/random";
import type { UniverseStock } from "../../market/sim/universe";
import { nextTradingDay, previousTradingDay } from "../../market/trading-days";
import { type DayContext, dateKey, dayEndMs, reportOn } from "./context";
import { type ReportFacts, reportFactsOf } from "./earnings-stories";
import { RESEARCH_FIRMS, type ResearchFirm } from "./outlets";
import { moveThreshold } from "./price-stories";
import type { PriceBook } from "./prices";
import { compose, type Pen, type Story, type Variant } from "./story";
import { monthName, pct, possessive, usd, usdTarget, weekdayName, withArticle } from "./text";
import {
  COMPANIES,
  companyTopics,
  firstMention,
  nameWithTicker,
  shortName,
  sizeRank,
} from "./world";

/**
 * Analyst notes by the FICTIONAL research firms (outlets.ts RESEARCH_FIRMS). Each firm covers a
 * stock in spells of two years (larger companies draw more coverage) and publishes about one
 * note per covered stock per quarter, most of them the morning after the earnings report. Its
 * rating holds for about three quarters; a note that changes it is an upgrade or a downgrade,
 * the first of a spell an initiation, others move the price target. Targets are set from the
 * close before the note (a Buy 10-35 % above it, a Hold near it, a Sell below), so a target
 * change follows what the stock did since the firm's previous note. The morning after a large
 * move, a covering firm may reiterate its standing call.
 *
 * Everything is a function of (firm, stock, quarter): a note's predecessor is found without
 * replaying history, and the same note has the same figures on every call.
 */

export type RatingLevel = 0 | 1 | 2;
export type NoteAction =
  | "initiate"
  | "upgrade"
  | "downgrade"
  | "raise-target"
  | "cut-target"
  | "reiterate";

/** A note as the schedule knows it, before prices: who, what, when, which rating. */
interface ScheduledNote {
  firm: ResearchFirm;
  stock: UniverseStock;
  quarter: number;
  day: DayNumber;
  rating: RatingLevel;
  /** The previous note's quarter and rating; undefined for an initiation. */
  previous: { quarter: number; rating: RatingLevel } | undefined;
  /** Whether it is the note after an earnings report (and which report day). */
  reportDay: DayNumber | undefined;
}

export interface AnalystNote extends ScheduledNote {
  action: NoteAction;
  analyst: string;
  /** New York minute of the day it comes out. */
  minute: number;
  /** The close the target is set from (the session before the note) and that session. */
  price: number;
  priceDay: DayNumber;
  target: number;
  previousTarget: number | undefined;
  previousPrice: number | undefined;
  previousDay: DayNumber | undefined;
  /** The report the note follows. */
  report: ReportFacts | undefined;
  /** A reiteration after a large move: that move (decimal). */
  afterMove: number | undefined;
}

const COVERAGE_SPELL_QUARTERS = 8;
const RATING_SPELL_QUARTERS = 3;
const NOTE_PROBABILITY = 0.75;
const POST_EARNINGS_SHARE = 0.45;
const REITERATE_AFTER_MOVE = 0.5;

function quarterOf(day: DayNumber): number {
  const { year, month } = civilDate(day);
  return year * 4 + Math.floor((month - 1) / 3);
}

function quarterStart(quarter: number): DayNumber {
  return dayNumber(Math.floor(quarter / 4), (quarter % 4) * 3 + 1, 1);
}

function seedFor(firm: ResearchFirm, stock: UniverseStock, purpose: string): number {
  return seedOf(`analyst:${purpose}:${firm.id}:${stock.symbol}`);
}

function covers(firm: ResearchFirm, stock: UniverseStock, quarter: number): boolean {
  const seed = seedFor(firm, stock, "coverage");
  const spell = Math.floor((quarter + (seed % COVERAGE_SPELL_QUARTERS)) / COVERAGE_SPELL_QUARTERS);
  return uniform(seed, spell) < 0.85 - 0.4 * sizeRank(stock);
}

function hasNote(firm: ResearchFirm, stock: UniverseStock, quarter: number): boolean {
  if (!covers(firm, stock, quarter)) return false;
  if (!covers(firm, stock, quarter - 1)) return true;
  return uniform(seedFor(firm, stock, "note"), quarter, 0) < NOTE_PROBABILITY;
}

function ratingOf(firm: ResearchFirm, stock: UniverseStock, quarter: number): RatingLevel {
  const seed = seedFor(firm, stock, "rating");
  const spell = Math.floor((quarter + (seed % RATING_SPELL_QUARTERS)) / RATING_SPELL_QUARTERS);
  const u = uniform(seed, spell);
  return u < 0.55 ? 0 : u < 0.92 ? 1 : 2;
}

/** The quarter's earnings report day of the stock, if it reports in that quarter. */
function reportDayIn(stock: UniverseStock, quarter: number): DayNumber | undefined {
  const year = Math.floor(quarter / 4);
  const month = (stock.earningsMonths ?? []).find((m) => Math.floor((m - 1) / 3) === quarter % 4);
  return month === undefined ? undefined : earningsDay(stock.symbol, year, month);
}

/** The note's day: the session after the report, or a seeded session of the quarter. */
function noteDayOf(firm: ResearchFirm, stock: UniverseStock, quarter: number) {
  const seed = seedFor(firm, stock, "note");
  const reportDay = reportDayIn(stock, quarter);
  if (reportDay !== undefined && uniform(seed, quarter, 1) < POST_EARNINGS_SHARE) {
    return { day: nextTradingDay("equity", reportDay), reportDay };
  }
  const start = quarterStart(quarter);
  const length = quarterStart(quarter + 1) - start;
  const day = onOrAfterTradingDay(start + Math.floor(uniform(seed, quarter, 2) * length));
  return {
    day: day >= start + length ? previousTradingDay("equity", start + length) : day,
    reportDay: undefined,
  };
}

function previousNote(firm: ResearchFirm, stock: UniverseStock, quarter: number) {
  if (!covers(firm, stock, quarter - 1)) return undefined;
  for (let q = quarter - 1; q >= quarter - COVERAGE_SPELL_QUARTERS * 2; q--) {
    if (hasNote(firm, stock, q)) return { quarter: q, rating: ratingOf(firm, stock, q) };
    if (!covers(firm, stock, q - 1)) return undefined;
  }
  return undefined;
}

function scheduledNote(
  firm: ResearchFirm,
  stock: UniverseStock,
  quarter: number,
): ScheduledNote | undefined {
  if (!hasNote(firm, stock, quarter)) return undefined;
  const { day, reportDay } = noteDayOf(firm, stock, quarter);
  return {
    firm,
    stock,
    quarter,
    day,
    rating: ratingOf(firm, stock, quarter),
    previous: previousNote(firm, stock, quarter),
    reportDay,
  };
}

const quarterMemo = new Map<number, Map<DayNumber, ScheduledNote[]>>();

/** Every scheduled note of a quarter, by day (memoised: each day of the quarter asks). */
function notesOfQuarter(quarter: number): Map<DayNumber, ScheduledNote[]> {
  let byDay = quarterMemo.get(quarter);
  if (!byDay) {
    byDay = new Map();
    for (const stock of COMPANIES) {
      for (const firm of RESEARCH_FIRMS) {
        const note = scheduledNote(firm, stock, quarter);
        if (!note) continue;
        const list = byDay.get(note.day);
        if (list) list.push(note);
        else byDay.set(note.day, [note]);
      }
    }
    if (quarterMemo.size >= 16) quarterMemo.delete(quarterMemo.keys().next().value as number);
    quarterMemo.set(quarter, byDay);
  }
  return byDay;
}

/** The scheduled notes of a day (a post-earnings note may fall just after its quarter). */
function scheduledNotesOn(day: DayNumber): ScheduledNote[] {
  const quarter = quarterOf(day);
  return [
    ...(notesOfQuarter(quarter).get(day) ?? []),
    ...(notesOfQuarter(quarter - 1).get(day) ?? []),
  ];
}

/** Rating changes and initiations of a day, from the schedule alone (no prices needed). */
export function ratingChangesOn(day: DayNumber): ScheduledNote[] {
  return scheduledNotesOn(day).filter(
    (note) => note.previous === undefined || note.previous.rating !== note.rating,
  );
}

/** A firm's target from a close: by rating, a seeded distance from the price. */
function targetOf(
  note: { firm: ResearchFirm; stock: UniverseStock; quarter: number },
  rating: RatingLevel,
  price: number,
) {
  const u = uniform(seedFor(note.firm, note.stock, "target"), note.quarter);
  const upside = rating === 0 ? 0.1 + 0.25 * u : rating === 1 ? -0.04 + 0.14 * u : -0.25 + 0.18 * u;
  const target = price * (1 + upside);
  return target >= 20 ? Math.round(target) : Math.round(target * 2) / 2;
}

/** A scheduled note with its prices: the target, the previous one, the action they make. */
async function pricedNote(
  scheduled: ScheduledNote,
  context: DayContext,
  afterMove?: number,
): Promise<AnalystNote | undefined> {
  const { book, nowMs } = context;
  const symbol = scheduled.stock.symbol;
  const priceDay = previousTradingDay("equity", scheduled.day);
  const price = await book.closeOn(symbol, priceDay, nowMs);
  if (price === undefined) return undefined;
  let previousTarget: number | undefined;
  let previousPrice: number | undefined;
  let previousDay: DayNumber | undefined;
  if (scheduled.previous) {
    const earlier = noteDayOf(scheduled.firm, scheduled.stock, scheduled.previous.quarter).day;
    previousDay = previousTradingDay("equity", earlier);
    previousPrice = await book.closeOn(symbol, previousDay, nowMs);
    if (previousPrice !== undefined) {
      const prior = { ...scheduled, quarter: scheduled.previous.quarter };
      previousTarget = targetOf(prior, scheduled.previous.rating, previousPrice);
    }
  }
  // A reiteration keeps the standing target; a scheduled note sets one from the last close.
  const target =
    afterMove === undefined ? targetOf(scheduled, scheduled.rating, price) : previousTarget;
  if (target === undefined) return undefined;
  // A firm reiterates a call the price still supports: a Buy's target above the price, a Sell's below.
  if (afterMove !== undefined && !supports(scheduled.rating, target / price - 1)) return undefined;
  const report =
    scheduled.reportDay === undefined ? undefined : reportOf(scheduled.stock, scheduled.reportDay);
  const seed = seedFor(scheduled.firm, scheduled.stock, "minute");
  // Most notes reach clients before the open; some during the session.
  const u = uniform(seed, scheduled.day);
  const minute = u < 0.75 ? 6 * 60 + Math.floor(u * 240) : 10 * 60 + Math.floor((u - 0.75) * 1200);
  return {
    ...scheduled,
    action: actionOf(scheduled, target, previousTarget, afterMove),
    analyst: scheduled.firm.analysts[seedOf(symbol) % scheduled.firm.analysts.length] as string,
    minute,
    price,
    priceDay,
    target,
    previousTarget,
    previousPrice,
    previousDay,
    report,
    afterMove,
  };
}

function supports(rating: RatingLevel, upside: number): boolean {
  return rating === 0 ? upside > 0.05 : rating === 2 ? upside < 0 : Math.abs(upside) < 0.15;
}

function reportOf(stock: UniverseStock, reportDay: DayNumber): ReportFacts | undefined {
  const report = reportOn(stock, reportDay);
  return report ? reportFactsOf(stock, report, reportDay) : undefined;
}

function actionOf(
  note: ScheduledNote,
  target: number,
  previousTarget: number | undefined,
  afterMove: number | undefined,
): NoteAction {
  if (afterMove !== undefined) return "reiterate";
  if (!note.previous) return "initiate";
  if (note.rating < note.previous.rating) return "upgrade";
  if (note.rating > note.previous.rating) return "downgrade";
  if (previousTarget === undefined) return "reiterate";
  if (target > previousTarget * 1.01) return "raise-target";
  if (target < previousTarget * 0.99) return "cut-target";
  return "reiterate";
}

/**
 * The day's notes with their prices: the scheduled ones, and reiterations the morning after a
 * large move (not an earnings reaction) by a firm with a standing call.
 */
export async function analystNotesOn(context: DayContext): Promise<AnalystNote[]> {
  const notes: AnalystNote[] = [];
  for (const scheduled of scheduledNotesOn(context.day)) {
    const note = await pricedNote(scheduled, context);
    if (note) notes.push(note);
  }
  for (const scheduled of reiterationsOn(context.day, context.book, notes)) {
    const previousDay = previousTradingDay("equity", context.day);
    const move = context.book.change(scheduled.stock.symbol, previousDay) ?? 0;
    const note = await pricedNote(scheduled, context, move);
    if (note) notes.push(note);
  }
  return notes;
}

/** Standing calls reiterated the morning after a large move of the previous session. */
function reiterationsOn(day: DayNumber, book: PriceBook, notes: AnalystNote[]): ScheduledNote[] {
  const previousDay = previousTradingDay("equity", day);
  const quarter = quarterOf(day);
  const noted = new Set(notes.map((n) => n.stock.symbol));
  const out: ScheduledNote[] = [];
  for (const stock of COMPANIES) {
    const move = book.change(stock.symbol, previousDay);
    if (move === undefined || Math.abs(move) < moveThreshold(stock) || noted.has(stock.symbol)) {
      continue;
    }
    if (
      reportOn(stock, previousDay) ||
      reportOn(stock, previousTradingDay("equity", previousDay))
    ) {
      continue;
    }
    const seed = seedOf(`analyst:after-move:${stock.symbol}`);
    if (uniform(seed, day) >= REITERATE_AFTER_MOVE) continue;
    const firm = RESEARCH_FIRMS[Math.floor(uniform(seed, day, 1) * RESEARCH_FIRMS.length)];
    if (!firm || !covers(firm, stock, quarter)) continue;
    const standing = standingCall(firm, stock, day);
    if (standing) out.push(standing);
  }
  return out;
}

/** The firm's call in force on `day`: its latest note before the day, re-dated to the day. */
function standingCall(
  firm: ResearchFirm,
  stock: UniverseStock,
  day: DayNumber,
): ScheduledNote | undefined {
  const quarter = quarterOf(day);
  const current = scheduledNote(firm, stock, quarter);
  const latest =
    current && current.day < day
      ? { quarter, rating: current.rating }
      : previousNote(firm, stock, quarter);
  if (!latest || noteDayOf(firm, stock, latest.quarter).day >= day) return undefined;
  return {
    firm,
    stock,
    // The reiteration keeps the standing note's quarter: its target is that note's.
    quarter: latest.quarter,
    day,
    rating: latest.rating,
    previous: latest,
    reportDay: undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Stories
// ---------------------------------------------------------------------------------------------

export function analystStories(notes: readonly AnalystNote[]): Story[] {
  return notes.map((note) => {
    const change =
      note.action === "upgrade" || note.action === "downgrade" || note.action === "initiate";
    const big = sizeRank(note.stock) < 0.3;
    return {
      eventId: `analyst:${note.firm.id}:${note.stock.symbol}:${dateKey(note.day)}`,
      kind: "analyst",
      eventAtMs: nyInstant(note.day, note.minute),
      deadlineMs: dayEndMs(note.day),
      category: "analyst",
      tickers: [note.stock.symbol],
      topics: ["analyst-ratings", ...companyTopics(note.stock)],
      // Rating changes of the largest names draw a second outlet; target moves stay wire items.
      coverage: change && big ? 2 : 1,
      delayMinutes: [2, 75],
      write: (pen) => writeNote(pen, note),
    };
  });
}

/**
 * What a large move's story can say about the morning's note: "Halvard & Pike Securities
 * upgraded the stock to Buy from Hold", for notes whose direction agrees with the move.
 */
export function catalystOf(note: AnalystNote, change: number): string | undefined {
  const [rating, previous] = ratingNames(note);
  if (note.action === "upgrade" && change > 0) {
    return `${note.firm.name} upgraded the stock to ${rating} from ${previous}`;
  }
  if (note.action === "downgrade" && change < 0) {
    return `${note.firm.name} downgraded the stock to ${rating} from ${previous}`;
  }
  if (
    note.action === "initiate" &&
    (note.rating === 0 ? change > 0 : note.rating === 2 && change < 0)
  ) {
    return `${note.firm.name} started coverage with ${withArticle(rating)} rating`;
  }
  return undefined;
}

/** A rating change or initiation in a roundup: "Fenmore Brothers upgraded Apple (AAPL) to Buy from Neutral". */
export function callPhrase(note: AnalystNote): string | undefined {
  const [rating, previous] = ratingNames(note);
  const who = nameWithTicker(note.stock);
  if (note.action === "upgrade")
    return `${note.firm.name} upgraded ${who} to ${rating} from ${previous}`;
  if (note.action === "downgrade") {
    return `${note.firm.name} downgraded ${who} to ${rating} from ${previous}`;
  }
  if (note.action === "initiate")
    return `${note.firm.name} started coverage of ${who} at ${rating}`;
  return undefined;
}

function ratingNames(note: AnalystNote): [string, string] {
  const previous = note.previous ? note.firm.scale[note.previous.rating] : "";
  return [note.firm.scale[note.rating], previous as string];
}

function writeNote(pen: Pen, note: AnalystNote) {
  return compose(pen, {
    headlines: noteHeadlines(note),
    ledes: noteLedes(note),
    details: noteDetails(note),
    maxDetails: 3,
  });
}

function noteHeadlines(note: AnalystNote): Variant[] {
  const f = note.firm.name;
  const n = shortName(note.stock);
  const t = note.stock.symbol;
  const [rating, previous] = ratingNames(note);
  const target = usdTarget(note.target);
  const prior = note.previousTarget === undefined ? "" : usdTarget(note.previousTarget);
  const upside = note.target / note.price - 1;
  const view = upside >= 0 ? `sees ${pct(upside, 0)} upside` : `sees ${pct(upside, 0)} downside`;
  switch (note.action) {
    case "upgrade":
      return [
        ["w", `${f} upgrades ${n} to ${rating}`],
        ["w", `${n} upgraded to ${rating} from ${previous} at ${f}`],
        ["o", `${t} stock upgraded: ${f} ${view}`],
        ["p", `${f} turns more bullish on ${n}, lifts rating to ${rating}`],
        `${n} wins an upgrade from ${f}, target ${target}`,
      ];
    case "downgrade":
      return [
        ["w", `${f} downgrades ${n} to ${rating}`],
        ["w", `${n} downgraded to ${rating} from ${previous} at ${f}`],
        ["o", `${t} stock downgraded at ${f}, target ${target}`],
        ["p", `${f} turns more cautious on ${n}, cuts rating to ${rating}`],
        `${n} hit with a downgrade from ${f}`,
      ];
    case "initiate":
      return [
        ["w", `${f} initiates ${n} at ${rating}`],
        ["w", `${n} coverage started at ${f} with ${rating} rating`],
        ["o", `${f} starts ${t} at ${rating}, ${view}`],
        ["p", `${f} begins covering ${n} with ${withArticle(rating)} rating`],
        `New coverage: ${f} rates ${n} ${rating}, target ${target}`,
      ];
    case "raise-target":
      return [
        ["w", `${f} raises ${n} price target to ${target}`],
        ["w", `${n} price target lifted to ${target} from ${prior} at ${f}`],
        ["o", `${t} price target boosted to ${target} by ${f}`],
        ["p", `${f} lifts its ${n} target, keeps ${rating} rating`],
        `${f} raises ${n} target to ${target} from ${prior}`,
      ];
    case "cut-target":
      return [
        ["w", `${f} cuts ${n} price target to ${target}`],
        ["w", `${n} price target lowered to ${target} from ${prior} at ${f}`],
        ["o", `${t} price target slashed to ${target} by ${f}`],
        ["p", `${f} trims its ${n} target, keeps ${rating} rating`],
        `${f} lowers ${n} target to ${target} from ${prior}`,
      ];
    default:
      return [
        ["w", `${f} reiterates ${rating} on ${n}`],
        ["w", `${n}: ${f} keeps ${rating}, ${target} target`],
        ["o", `${f} stands by its ${rating} call on ${t}`],
        ["p", `${f} sticks with ${rating} on ${n}, target ${target}`],
        `${f} reaffirms ${rating} rating on ${n}`,
      ];
  }
}

function noteLedes(note: AnalystNote): Variant[] {
  const f = note.firm.name;
  const who = firstMention(note.stock);
  const [rating, previous] = ratingNames(note);
  const target = usdTarget(note.target);
  const prior = note.previousTarget === undefined ? undefined : usdTarget(note.previousTarget);
  const targetMove =
    prior === undefined || note.previousTarget === note.target
      ? `a ${target} price target`
      : `a price target of ${target}, ${note.target > (note.previousTarget ?? 0) ? "up" : "down"} from ${prior}`;
  const analyst = `${note.analyst}, an analyst at ${f},`;
  switch (note.action) {
    case "upgrade":
    case "downgrade": {
      const verb = note.action === "upgrade" ? "upgraded" : "downgraded";
      return [
        `${f} ${verb} ${who} to ${rating} from ${previous}, with ${targetMove}`,
        ["p", `${analyst} ${verb} ${who} to ${rating} from ${previous} and set ${targetMove}`],
        [
          "o",
          `${who} has ${withArticle(`new ${rating}`)} rating from ${f}, which ${verb} the stock from ${previous}`,
        ],
      ];
    }
    case "initiate":
      return [
        `${f} initiated coverage of ${who} with ${withArticle(rating)} rating and a ${target} price target`,
        [
          "p",
          `${analyst} began covering ${who} with ${withArticle(rating)} rating and a ${target} target`,
        ],
        [
          "o",
          `${who} picked up new coverage from ${f}, which rates the stock ${rating} with a ${target} target`,
        ],
      ];
    case "raise-target":
    case "cut-target": {
      const verb = note.action === "raise-target" ? "raised" : "cut";
      return [
        `${f} ${verb} its price target on ${who} to ${target} from ${prior} and reiterated its ${rating} rating`,
        [
          "p",
          `${analyst} ${verb} the firm's target on ${who} to ${target} from ${prior}, keeping ${withArticle(rating)} rating`,
        ],
        ["o", `${f} now sees ${who} at ${target}, having ${verb} its target from ${prior}`],
      ];
    }
    default:
      if (note.afterMove !== undefined) {
        const moved = note.afterMove >= 0 ? "jumped" : "fell";
        return [
          `${f} reiterated its ${rating} rating on ${who} after the shares ${moved} ${pct(note.afterMove)} in the previous session, keeping its ${target} price target`,
          [
            "p",
            `${analyst} stood by ${withArticle(rating)} rating on ${who} after the stock ${moved} ${pct(note.afterMove)}, with a ${target} target`,
          ],
        ];
      }
      return [
        `${f} reiterated its ${rating} rating on ${who} with a ${target} price target`,
        ["p", `${analyst} kept ${withArticle(rating)} rating on ${who} and a ${target} target`],
      ];
  }
}

function noteDetails(note: AnalystNote): string[] {
  const upside = note.target / note.price - 1;
  const details = [
    `The target implies ${pct(upside)} ${upside >= 0 ? "upside" : "downside"} from ${weekdayName(note.priceDay)}'s close of ${usd(note.price)}`,
  ];
  if (note.report) {
    const r = note.report;
    const verdict = r.outcome === "beat" ? "beat" : r.outcome === "miss" ? "missed" : "matched";
    details.push(
      `The note follows the company's ${r.quarterAdj} report, in which EPS of ${r.actual} ${verdict} the ${r.estimate} consensus`,
    );
  }
  if (
    note.previousPrice !== undefined &&
    note.previousDay !== undefined &&
    note.afterMove === undefined
  ) {
    const since = note.price / note.previousPrice - 1;
    details.push(
      `The shares have ${since >= 0 ? "gained" : "lost"} ${pct(since)} since ${possessive(note.firm.name)} previous note in ${monthName(civilDate(note.previousDay).month)}`,
    );
    const reason = reasonOf(note, since);
    if (reason) details.push(reason);
  }
  details.push(
    note.action === "initiate"
      ? `${note.analyst} leads ${possessive(note.firm.name)} coverage of ${shortName(note.stock)}`
      : `${note.analyst} covers ${shortName(note.stock)} for the firm`,
  );
  if (note.afterMove !== undefined) {
    details.push(
      note.rating === 0 && note.afterMove < 0
        ? `${note.analyst} told clients the decline did not change the firm's positive view`
        : `${note.analyst} told clients the move did not change the firm's view`,
    );
  }
  return details;
}

/** The analyst's stated reason for a rating change, from the facts the note rests on. */
function reasonOf(note: AnalystNote, since: number): string | undefined {
  if (note.action === "upgrade") {
    return since < -0.1
      ? `${note.analyst} pointed to a more attractive valuation after the stock's decline`
      : note.report?.outcome === "beat"
        ? `${note.analyst} cited the stronger-than-expected quarter`
        : undefined;
  }
  if (note.action === "downgrade") {
    return since > 0.1
      ? `${note.analyst} said the stock's rally left less room for further gains`
      : note.report?.outcome === "miss"
        ? `${note.analyst} cited the weaker-than-expected quarter`
        : undefined;
  }
  return undefined;
}
