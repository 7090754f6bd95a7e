import type { Clock } from "../../deps";
import { isoDate } from "../../market/civil-date";
import { nyInstant, nyWallClock } from "../../market/ny-time";
import type { MarketDataProvider } from "../../market/ports";
import { regularCloseMinute } from "../../market/sessions";
import { previousTradingDay } from "../../market/trading-days";
import type { NewsDesk } from "../../news/desk";
import { keptPromise } from "../../promise-cache";
import type { PeopleSource } from "../ports";
import type { GraphSnapshot } from "../snapshot";
import {
  insiderActivityAt,
  institutionalFlowAt,
  newsSentimentAt,
  optionsPositioningAt,
  SUPPLY_RETURN_SESSIONS,
  supplyChainHealthAt,
  technicalTrendAt,
  valuationAt,
} from "./components";
import { type ComponentReading, type CompositeScore, combine } from "./composite";
import { type ScoreInputs, scoreInputsLoader } from "./inputs";

/**
 * The day's graph scores: every stock scored as of the close of the last session before
 * today (New York), and weekly (every fifth session) back 12 weeks, from inputs known at each
 * of those closes. Built lazily per stock and kept for the day (one book per graph snapshot).
 */

/** Points: the latest and 12 weekly ones before it. */
export const HISTORY_WEEKS = 12;
export const SESSIONS_PER_WEEK = 5;

export interface ScorePoint extends CompositeScore {
  /** The session whose close the score is as of, yyyy-MM-dd. */
  date: string;
}

export interface ScoreBookDeps {
  market: MarketDataProvider;
  news: NewsDesk;
  people: PeopleSource;
  marketClock: Clock;
}

export interface ScoreBook {
  /** Point dates, newest first: [0] the latest, [1] a week before, ... [12]. */
  pointDates: readonly string[];
  /** The stock's score at point `index` (0 latest, 1 a week before, ...). */
  scoreAt(symbol: string, index: number): Promise<ScorePoint>;
}

const books = new WeakMap<GraphSnapshot, { market: MarketDataProvider; book: ScoreBook }>();

/** The book of the snapshot's day (one per snapshot and market). */
export function scoreBook(snapshot: GraphSnapshot, deps: ScoreBookDeps): ScoreBook {
  const cached = books.get(snapshot);
  if (cached?.market === deps.market) return cached.book;
  const book = createScoreBook(snapshot, deps);
  books.set(snapshot, { market: deps.market, book });
  return book;
}

function createScoreBook(snapshot: GraphSnapshot, deps: ScoreBookDeps): ScoreBook {
  const pointDates = pointDatesOf(deps.marketClock.now().getTime());
  const inputs = scoreInputsLoader(snapshot, deps, pointDates);
  const points = new Map<string, Promise<ScorePoint>>();
  return {
    pointDates,
    scoreAt: (symbol, index) =>
      keptPromise(points, `${symbol}|${index}`, () =>
        inputs.of(symbol, index).then((loaded) => scorePoint(loaded, index)),
      ),
  };
}

/** The last session before today (New York) and every fifth session before it. */
function pointDatesOf(nowMs: number): string[] {
  let day = previousTradingDay("equity", nyWallClock(nowMs).day);
  const dates = [isoDate(day)];
  while (dates.length <= HISTORY_WEEKS) {
    for (let step = 0; step < SESSIONS_PER_WEEK; step++) day = previousTradingDay("equity", day);
    dates.push(isoDate(day));
  }
  return dates;
}

/** The instant a session's regular hours end, epoch ms. */
export function sessionCloseMs(date: string): number {
  const day = Date.parse(`${date}T00:00:00Z`) / 86_400_000;
  return nyInstant(day, regularCloseMinute(day));
}

function scorePoint(inputs: ScoreInputs, index: number): ScorePoint {
  const date = inputs.pointDates[index] as string;
  const close = inputs.stock.closes.get(date);
  const readings: Record<string, ComponentReading> = {
    insiderActivity: close
      ? insiderActivityAt(inputs.insiderTrades, date, close * inputs.sharesOutstanding)
      : noPrice(date),
    institutionalFlow: institutionalFlowAt(inputs.filerChanges, date, inputs.sharesOutstanding),
    supplyChainHealth: supplyChainHealthAt(
      inputs.partners,
      inputs.benchmark,
      date,
      inputs.sessionsBefore(date, SUPPLY_RETURN_SESSIONS),
    ),
    newsSentiment: inputs.news
      ? newsSentimentAt(inputs.news.articles, date, sessionCloseMs(date), inputs.news.windowStartMs)
      : { value: null, asOf: null, inputs: {}, note: "the news source is unavailable" },
    technicalTrend: technicalAt(inputs, date),
    optionsPositioning: inputs.options
      ? optionsPositioningAt(
          inputs.options.sessions,
          inputs.options.ivByDate,
          inputs.options.ivDates,
          date,
        )
      : { value: null, asOf: null, inputs: {}, note: "no listed options" },
    valuation: valuationAt(inputs.valuation, date),
  };
  return { date, ...combine(readings as Parameters<typeof combine>[0]) };
}

function technicalAt(inputs: ScoreInputs, date: string): ComponentReading {
  const index = inputs.stock.technical.dates.indexOf(date);
  if (index < 0) return noPrice(date);
  return technicalTrendAt(inputs.stock.technical, index);
}

const noPrice = (date: string): ComponentReading => ({
  value: null,
  asOf: null,
  inputs: {},
  note: `no close for ${date}`,
});
