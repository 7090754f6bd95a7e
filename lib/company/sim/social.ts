import type { DayNumber } from "../../market/civil-date";
import { exDividendDays } from "../../market/company-data";
import { nyInstant } from "../../market/ny-time";
import type { Bar, MarketDataProvider } from "../../market/ports";
import { seedOf } from "../../market/random";
import { regularCloseMinute } from "../../market/sessions";
import { earningsReports } from "../../market/sim/earnings";
import { STOCKS, stockBySymbol, type UniverseStock } from "../../market/sim/universe";
import { nextTradingDay, previousTradingDay } from "../../market/trading-days";
import type { SocialFeed, SocialMessage, SocialSnapshot } from "../ports";
import {
  attentionOf,
  DAY_MS,
  earningsAt,
  HOUR_MS,
  nyDayMinute,
  OVERNIGHT_OPEN,
  phaseAt,
  type SessionFigures,
  SLOT_MS,
  type SlotState,
  type StockContext,
  sessionDayAt,
} from "./social-activity";
import { type Draft, slotMessages } from "./social-messages";

export { reportReleaseMs } from "../../market/sim/earnings";

/**
 * The simulated world's social feed (StockTwits-like): messages about a stock that react to
 * what its simulated market did before each message was posted: the move so far in the
 * session, the latest earnings report (its real simulated figures), the next one, ex-dividend
 * dates, new 52-week highs and lows. Deterministic from the seed and the clock; nothing is
 * posted after the clock.
 *
 * How a message comes to be:
 * - Time is cut into 5-minute slots. A slot's message count is a Poisson draw whose rate
 *   scales with the stock's attention (average share volume; retail interest: volatility and
 *   short interest), the time of day (busiest at the open, little overnight and at weekends)
 *   and events at the slot's start (a move beyond 2 daily σ, earnings, an ex-dividend day, a
 *   new high or low). Its messages quote the state at the slot's start: the close of the latest
 *   finished 5-minute bar, and its change over the session's reference close (the quote's
 *   previousClose then).
 * - A session block runs from an overnight open (20:00 New York the evening before a trading
 *   day) to the next, closed days included. Within a block no body repeats (a repeat takes the
 *   next template or ending); that depends only on earlier messages of the block, so a message
 *   keeps its id, time, user, sentiment and body as the clock moves on. Only likes grow.
 * - ids: the slot's number, a hash of the symbol and the message's rank in its slot.
 *
 * A snapshot holds the messages of the last 48 hours up to the clock, newest first, at most
 * 60: for a busy stock the newest 60, which then cover less than the 48 hours.
 */

export const SOCIAL_WINDOW_HOURS = 48;
export const SOCIAL_MESSAGE_LIMIT = 60;

/** Finished blocks and sessions' daily figures remembered per feed. */
const MEMO_LIMIT = 2_000;

/** One session block: the sessions of trading day `session` and the closed days after it. */
interface Block {
  session: DayNumber;
  startMs: number;
  endMs: number;
}

/**
 * The feed over the simulated market (or a cache in front of it); `clock` is the market's
 * clock. Finished session blocks are remembered per feed (they never change), a bounded number.
 */
export function createSimulatedSocialFeed(
  market: MarketDataProvider,
  clock: { now(): Date },
): SocialFeed {
  const finishedBlocks = new Map<string, Draft[]>();
  const sessionFigures = new Map<string, SessionFigures>();

  /** The block's messages up to the clock, oldest first (a finished block's are remembered). */
  async function messagesOf(context: StockContext, block: Block, nowMs: number) {
    const key = `${context.code}:${block.session}`;
    const remembered = finishedBlocks.get(key);
    if (remembered) return remembered;
    const figures =
      sessionFigures.get(key) ??
      remember(sessionFigures, key, await figuresBefore(market, context.code, block.session));
    const bars = await blockBars(market, context.code, block, nowMs);
    const drafts = blockMessages(context, block, figures, bars, nowMs);
    return block.endMs <= nowMs ? remember(finishedBlocks, key, drafts) : drafts;
  }

  return {
    async social(symbol) {
      const stock = stockBySymbol(symbol);
      if (!stock) return undefined;
      const code = `${stock.symbol}_${stock.exchange}`;
      if (!(await market.instrument(code))) return undefined;
      const nowMs = clock.now().getTime();
      const context = stockContext(stock, code, nowMs);
      const windowStart = nowMs - SOCIAL_WINDOW_HOURS * HOUR_MS;
      const drafts: Draft[] = [];
      let block = blockOf(sessionDayAt(nowMs));
      while (block.endMs > windowStart && drafts.length < SOCIAL_MESSAGE_LIMIT) {
        const messages = await messagesOf(context, block, nowMs);
        for (let i = messages.length - 1; i >= 0; i--) {
          const draft = messages[i] as Draft;
          if (draft.createdAtMs >= windowStart) drafts.push(draft);
        }
        block = blockOf(previousTradingDay("equity", block.session));
      }
      return snapshotOf(stock, drafts.slice(0, SOCIAL_MESSAGE_LIMIT), nowMs);
    },
  };
}

function remember<T>(memo: Map<string, T>, key: string, value: T): T {
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value as string);
  memo.set(key, value);
  return value;
}

function stockContext(stock: UniverseStock, code: string, nowMs: number): StockContext {
  const today = nyDayMinute(nowMs).day;
  const year = new Date(today * DAY_MS).getUTCFullYear();
  return {
    stock,
    code,
    seed: seedOf(`social:${stock.symbol}`),
    symbolHash: seedOf(`social-id:${stock.symbol}`) & 0x3fffff,
    dailySigma: stock.volatility / Math.sqrt(252),
    baseRatePerHour: 0.55 * attentionOf(stock),
    peers: STOCKS.filter((s) => s.sector === stock.sector && s.symbol !== stock.symbol).map(
      (s) => s.symbol,
    ),
    // The simulated market's reports, actuals as of the clock (its earningsHistory port leaves
    // out quarter and revenue); a block only reads those out before its messages.
    reports: earningsReports(stock, today - 20, today + 30, nowMs),
    exDividend: new Set(stock.dividend ? exDividendDays(stock.dividend, year - 1, year + 1) : []),
  };
}

function snapshotOf(stock: UniverseStock, drafts: Draft[], nowMs: number): SocialSnapshot {
  const messages: SocialMessage[] = drafts.map((draft) => ({
    id: draft.id,
    body: draft.body,
    createdAt: new Date(draft.createdAtMs).toISOString(),
    username: draft.username,
    sentiment: draft.sentiment,
    likes: likesAt(draft, nowMs),
  }));
  return {
    watchlistCount: watchlistCount(stock, nowMs),
    messages,
    windowHours: SOCIAL_WINDOW_HOURS,
  };
}

/** Likes come in over the first hours: most messages get 0-5, a few dozens. */
function likesAt(draft: Draft, nowMs: number): number {
  const ageHours = (nowMs - draft.createdAtMs) / HOUR_MS;
  return Math.floor(draft.potentialLikes * (1 - Math.exp(-ageHours / 4)));
}

/**
 * Users watching the symbol: grows with its market capitalisation and attention (thousands
 * to a few hundred thousand), and by about 12 % a year (stepping once a New York day).
 */
export function watchlistCount(stock: UniverseStock, nowMs: number): number {
  const capBillions = (stock.sharesOutstanding * stock.price) / 1e9;
  const base = 1100 * capBillions ** 0.35 * attentionOf(stock) ** 0.7 + 1500;
  const daysSince2024 = Math.max(0, nyDayMinute(nowMs).day - 19_723);
  return Math.round(base * (1 + 0.00033 * daysSince2024));
}

// ---------------------------------------------------------------------------------------------
// Session blocks
// ---------------------------------------------------------------------------------------------

function blockOf(session: DayNumber): Block {
  return {
    session,
    startMs: nyInstant(session - 1, OVERNIGHT_OPEN),
    endMs: nyInstant(nextTradingDay("equity", session) - 1, OVERNIGHT_OPEN),
  };
}

/** The previous session's close and the year's range before `session`, from daily bars. */
async function figuresBefore(
  market: MarketDataProvider,
  code: string,
  session: DayNumber,
): Promise<SessionFigures> {
  const from = nyInstant(session - 365, 0);
  const to = nyInstant(previousTradingDay("equity", session) + 1, 0);
  const daily = (await market.bars(code, { period: 5, from, to, extended: false })) ?? [];
  let yearHigh = 0;
  let yearLow = Number.POSITIVE_INFINITY;
  for (const bar of daily) {
    yearHigh = Math.max(yearHigh, bar.high);
    yearLow = Math.min(yearLow, bar.low);
  }
  const referenceClose = daily.at(-1)?.close ?? Number.NaN;
  const closeBefore = daily.at(-2)?.close ?? referenceClose;
  return {
    referenceClose,
    previousReturn: referenceClose / closeBefore - 1,
    yearHigh,
    yearLow: Number.isFinite(yearLow) ? yearLow : 0,
  };
}

/** The block's 5-minute bars, from the last hour of the previous session's after-hours. */
async function blockBars(
  market: MarketDataProvider,
  code: string,
  block: Block,
  nowMs: number,
): Promise<Bar[]> {
  const previous = previousTradingDay("equity", block.session);
  const from = nyInstant(previous, regularCloseMinute(previous) + 180);
  const to = Math.min(block.endMs, nowMs + 1);
  return (await market.bars(code, { period: 2, from, to, extended: true })) ?? [];
}

/** Every message of the block up to the clock, oldest first (bodies distinct within it). */
function blockMessages(
  context: StockContext,
  block: Block,
  figures: SessionFigures,
  bars: Bar[],
  nowMs: number,
): Draft[] {
  const seen = new Set<string>();
  const drafts: Draft[] = [];
  let price = figures.referenceClose;
  let barIndex = 0;
  const end = Math.min(block.endMs, nowMs + 1);
  for (let slotMs = block.startMs; slotMs < end; slotMs += SLOT_MS) {
    // The latest bar finished at the slot's start.
    for (; barIndex < bars.length; barIndex++) {
      const bar = bars[barIndex] as Bar;
      if (bar.timestamp + SLOT_MS > slotMs) break;
      price = bar.close;
    }
    const { day, minute } = nyDayMinute(slotMs);
    const state: SlotState = {
      ...figures,
      session: block.session,
      day,
      minute,
      phase: phaseAt(day, minute, block.session),
      price,
      move: price / figures.referenceClose - 1,
      ...earningsAt(context.reports, slotMs, day),
    };
    slotMessages(context, state, slotMs, nowMs, seen, drafts);
  }
  return drafts;
}
