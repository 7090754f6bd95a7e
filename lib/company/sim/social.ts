import type { DayNumber } from "../../market/civil-date";
import { exDividendDays, PAYMENTS_PER_YEAR } from "../../market/company-data";
import { nyInstant } from "../../market/ny-time";
import type { Bar, MarketDataProvider } from "../../market/ports";
import { normal, seedOf, uniform } from "../../market/random";
import { regularCloseMinute } from "../../market/sessions";
import { type EarningsReport, earningsReports, surprisePercent } from "../../market/sim/earnings";
import { STOCKS, stockBySymbol, type UniverseStock } from "../../market/sim/universe";
import { nextTradingDay, previousTradingDay, tradesOn } from "../../market/trading-days";
import type { SocialFeed, SocialMessage, SocialSnapshot } from "../ports";
import {
  dayPhrase,
  type MessageFigures,
  money,
  monthlyExpiry,
  type Phase,
  SHARE_LOTS,
  type Stance,
  signedPercent,
  strikeNear,
  TAILS,
  TEMPLATES,
  type Template,
  type Topic,
  USER_POOL_SIZE,
  userHandles,
  whenOf,
} from "./social-templates";

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

const SLOT_MS = 5 * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** New York wall-clock minutes. */
const PRE_MARKET_OPEN = 240;
const REGULAR_OPEN = 570;
const OVERNIGHT_OPEN = 1200;
/** Share of messages tagged Bullish or Bearish; of messages from the symbol's regulars. */
const TAGGED_SHARE = 0.62;
const REGULARS_SHARE = 0.35;
const REGULARS_PER_SYMBOL = 40;
/** Finished blocks and sessions' daily figures remembered per feed. */
const MEMO_LIMIT = 2_000;
/** Random lanes of a slot: count 0, times from 1, messages from 1000, likes from 5000. */
const TIME_LANE = 1;
const MESSAGE_LANE = 1000;
const LIKES_LANE = 5000;

/** One session block: the sessions of trading day `session` and the closed days after it. */
interface Block {
  session: DayNumber;
  startMs: number;
  endMs: number;
}

/** A session's daily figures, from finished sessions before it. */
interface SessionFigures {
  /** The previous session's regular close: what the session's moves are measured against. */
  referenceClose: number;
  /** The previous session's close-to-close return (decimal). */
  previousReturn: number;
  /** Highest high and lowest low of the sessions of the year before. */
  yearHigh: number;
  yearLow: number;
}

/** What the feed knows about the stock in a call. */
interface StockContext {
  stock: UniverseStock;
  code: string;
  seed: number;
  symbolHash: number;
  /** Daily σ of returns (decimal), from the universe's annualised volatility. */
  dailySigma: number;
  /** Messages per hour in a regular session without events. */
  baseRatePerHour: number;
  peers: readonly string[];
  reports: readonly EarningsReport[];
  exDividend: ReadonlySet<DayNumber>;
}

/** The stock's state at a slot's start: all its messages may know. */
interface SlotState extends SessionFigures {
  session: DayNumber;
  day: DayNumber;
  minute: number;
  phase: Phase;
  price: number;
  /** Price over the reference close, minus 1. */
  move: number;
  latestReport: { report: EarningsReport; hoursSince: number } | undefined;
  nextReport: EarningsReport | undefined;
}

interface Draft {
  id: number;
  createdAtMs: number;
  body: string;
  username: string;
  sentiment: "Bullish" | "Bearish" | null;
  /** Likes the message collects in time. */
  potentialLikes: number;
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
 * How much a stock is talked about: share volume, and retail interest, which follows
 * volatility (funds count as 25 % volatile at least) and short interest. About 2 for a quiet
 * large cap, 40 for TSLA or PLTR, 70 for AMC.
 */
function attentionOf(stock: UniverseStock): number {
  const volatility = stock.type === "ETF" ? Math.max(0.25, stock.volatility) : stock.volatility;
  const retail = (volatility / 0.25) ** 1.5 * (1 + stock.shortInterestPercent / 15);
  return Math.sqrt(stock.averageVolume / 1e6) * retail;
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
// Sessions and prices
// ---------------------------------------------------------------------------------------------

/** New York date and minute of an instant (cheap: nyInstant remembers each day's offset). */
function nyDayMinute(ms: number): { day: DayNumber; minute: number } {
  let day = Math.floor((ms - 4 * HOUR_MS) / DAY_MS);
  if (ms < nyInstant(day, 0)) day -= 1;
  // From 03:00 on, the offset after a daylight-saving change.
  const three = nyInstant(day, 180);
  const minute =
    ms >= three
      ? 180 + Math.floor((ms - three) / 60_000)
      : Math.floor((ms - nyInstant(day, 0)) / 60_000);
  return { day, minute };
}

/** The trading day whose sessions are trading or last traded at `ms` (the quote's trading day). */
function sessionDayAt(ms: number): DayNumber {
  const { day, minute } = nyDayMinute(ms);
  if (minute >= OVERNIGHT_OPEN && tradesOn("equity", day + 1)) return day + 1;
  return tradesOn("equity", day) ? day : previousTradingDay("equity", day);
}

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

function phaseAt(day: DayNumber, minute: number, session: DayNumber): Phase {
  if (day < session) return "overnight";
  if (day > session) return "gap";
  if (minute < PRE_MARKET_OPEN) return "overnight";
  if (minute < REGULAR_OPEN) return "pre";
  const close = regularCloseMinute(session);
  if (minute < close) return "regular";
  return minute < close + 240 ? "after" : "gap";
}

/** Message rate over the regular session's, by time of day: a U in the session, little at night. */
function phaseWeight(phase: Phase, minute: number, session: DayNumber): number {
  switch (phase) {
    case "regular": {
      const sinceOpen = minute - REGULAR_OPEN;
      if (sinceOpen < 30) return 1.8;
      if (sinceOpen < 60) return 1.35;
      if (regularCloseMinute(session) - minute <= 60) return 1.25;
      return minute >= 720 && minute < 840 ? 0.75 : 1;
    }
    case "pre":
      return minute >= 510 ? 0.5 : 0.22;
    case "after":
      return minute < regularCloseMinute(session) + 60 ? 0.45 : 0.2;
    case "overnight":
      return 0.06;
    default:
      return minute >= 540 && minute < 1320 ? 0.16 : 0.04;
  }
}

/**
 * When a report is out: before the open (bmo) from 07:00 of its day; after the close (amc)
 * from the next midnight, when the market's earnings history shows its actuals.
 */
export function reportReleaseMs(report: Pick<EarningsReport, "date" | "hour">): number {
  const day = Date.parse(report.date) / DAY_MS;
  return report.hour === "bmo" ? nyInstant(day, 7 * 60) : nyInstant(day + 1, 0);
}

function earningsAt(reports: readonly EarningsReport[], ms: number, day: DayNumber) {
  let latestReport: SlotState["latestReport"];
  let nextReport: EarningsReport | undefined;
  for (const report of reports) {
    const releaseMs = reportReleaseMs(report);
    if (releaseMs <= ms && report.epsActual !== null) {
      latestReport = { report, hoursSince: (ms - releaseMs) / HOUR_MS };
    } else if (!nextReport && releaseMs > ms && Date.parse(report.date) / DAY_MS - day <= 10) {
      nextReport = report;
    }
  }
  return { latestReport, nextReport };
}

// ---------------------------------------------------------------------------------------------
// Messages of a block
// ---------------------------------------------------------------------------------------------

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

/**
 * How much busier than usual the slot is: a move so far beyond 2 σ (or the previous session's),
 * earnings, an ex-dividend day, a new high or low.
 */
function eventFactor(context: StockContext, state: SlotState): number {
  const z = Math.abs(state.move) / context.dailySigma;
  // 1.35 at 1 σ, 2.4 at 2 σ, 4.2 at 3 σ: talk picks up as the move builds.
  let factor = Math.min(6, 1 + 0.35 * z * z);
  if (Math.abs(state.previousReturn) > 2 * context.dailySigma) factor *= 1.4;
  const since = state.latestReport?.hoursSince;
  if (since !== undefined && since < 24) factor *= 3.2;
  else if (since !== undefined && since < 72) factor *= 1.8;
  else if (state.nextReport && Date.parse(state.nextReport.date) / DAY_MS - state.day <= 1) {
    factor *= 1.6;
  }
  if (context.exDividend.has(state.session)) factor *= 1.3;
  if (state.price > state.yearHigh || state.price < state.yearLow) factor *= 1.5;
  return Math.min(8, factor);
}

/** Appends the slot's messages posted up to the clock to `drafts`. */
function slotMessages(
  context: StockContext,
  state: SlotState,
  slotMs: number,
  nowMs: number,
  seen: Set<string>,
  drafts: Draft[],
): void {
  const slot = slotMs / SLOT_MS;
  const perHour =
    context.baseRatePerHour *
    phaseWeight(state.phase, state.minute, state.session) *
    eventFactor(context, state);
  const count = poisson((perHour * SLOT_MS) / HOUR_MS, uniform(context.seed, slot, 0));
  if (count === 0) return;
  const offsetsMs = Array.from(
    { length: count },
    (_, i) => Math.floor(uniform(context.seed, slot, TIME_LANE + i) * 300) * 1000,
  ).sort((a, b) => a - b);
  for (const [rank, offsetMs] of offsetsMs.entries()) {
    // Later messages only ever see earlier ones (`seen`): stopping at the clock changes none.
    if (slotMs + offsetMs > nowMs) return;
    drafts.push(draftOf(context, state, slot, rank, slotMs + offsetMs, seen));
  }
}

/** Poisson draw by inversion of one uniform (a normal approximation for large rates). */
function poisson(rate: number, u: number): number {
  if (rate > 40) {
    // The logistic approximation of the normal quantile: enough for a count.
    return Math.max(0, Math.round(rate + (Math.sqrt(rate) * Math.log(u / (1 - u))) / 1.702));
  }
  let term = Math.exp(-rate);
  let cumulative = term;
  let k = 0;
  while (u > cumulative && k < 255) {
    k += 1;
    term *= rate / k;
    cumulative += term;
  }
  return k;
}

// ---------------------------------------------------------------------------------------------
// One message
// ---------------------------------------------------------------------------------------------

function draftOf(
  context: StockContext,
  state: SlotState,
  slot: number,
  rank: number,
  createdAtMs: number,
  seen: Set<string>,
): Draft {
  const draw = (lane: number) => uniform(context.seed, slot, MESSAGE_LANE + 16 * rank + lane);
  const tagged = draw(0) < TAGGED_SHARE;
  const bullish = draw(1) < bullishProbability(context, state);
  const stance: Stance = tagged || draw(2) < 0.4 ? (bullish ? "bull" : "bear") : "neutral";
  const topic = topicOf(context, state, draw(3));
  const figures = figuresOf(context, state, stance, draw);
  const likes = Math.exp(0.45 + 1.05 * normal(context.seed, slot, LIKES_LANE + rank));
  return {
    // Slot numbers stay below 2^23 until 2049: the id stays a safe integer.
    id: slot * 2 ** 30 + context.symbolHash * 256 + rank,
    createdAtMs,
    body: distinctBody(topic, stance, figures, draw(4), draw(5), seen),
    username: usernameOf(context, draw(6), draw(7)),
    sentiment: tagged ? (bullish ? "Bullish" : "Bearish") : null,
    potentialLikes: Math.min(150, Math.floor(likes)),
  };
}

/** Bullish more when the stock is up (in daily σ), after a beat and at new highs. */
function bullishProbability(context: StockContext, state: SlotState): number {
  const z = Math.max(-3, Math.min(3, state.move / context.dailySigma));
  let logit = 0.45 + 1.1 * z;
  const latest = state.latestReport;
  if (latest && latest.hoursSince < 72) logit += isBeat(latest.report) ? 0.9 : -0.9;
  if (state.price > state.yearHigh) logit += 0.4;
  if (state.price < state.yearLow) logit -= 0.4;
  return 1 / (1 + Math.exp(-logit));
}

function isBeat(report: EarningsReport): boolean {
  return (report.epsActual ?? 0) >= report.epsEstimate;
}

/** What the message is about, weighted by what is going on. */
function topicOf(context: StockContext, state: SlotState, u: number): Topic {
  const z = state.move / context.dailySigma;
  const move: Topic = Math.abs(z) < 0.25 ? "moveFlat" : z > 0 ? "moveUp" : "moveDown";
  const latest = state.latestReport;
  const weights: [Topic, number][] = [
    [move, Math.abs(z) > 2 ? 6 : 3],
    ["chatter", 3],
    ["peer", context.peers.length > 0 ? 1 : 0],
  ];
  if (latest && latest.hoursSince < 96) {
    weights.push([isBeat(latest.report) ? "beat" : "miss", latest.hoursSince < 24 ? 8 : 3]);
  }
  if (state.nextReport) weights.push(["earningsSoon", 2.5]);
  if (nextExDividend(context, state.session) !== undefined) weights.push(["exDividend", 2]);
  if (state.price > state.yearHigh) weights.push(["yearHigh", 4]);
  if (state.price < state.yearLow) weights.push(["yearLow", 4]);
  let pick = u * weights.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [topic, weight] of weights) {
    pick -= weight;
    if (pick < 0) return topic;
  }
  return move;
}

/** The session's ex-dividend day, or the next one within 5 days. */
function nextExDividend(context: StockContext, session: DayNumber): DayNumber | undefined {
  for (let day = session; day <= session + 5; day++) {
    if (context.exDividend.has(day)) return day;
  }
  return undefined;
}

function figuresOf(
  context: StockContext,
  state: SlotState,
  stance: Stance,
  draw: (lane: number) => number,
): MessageFigures {
  const { price, day } = state;
  const peer = context.peers[Math.floor(draw(8) * context.peers.length)];
  const latest = state.latestReport?.report;
  const next = state.nextReport;
  const exDay = nextExDividend(context, state.session);
  const dividend = context.stock.dividend;
  // A target a few months of volatility away: up for bulls, down for bears.
  const reach = Math.min(0.5, context.stock.volatility * (0.25 + 0.6 * draw(9)));
  const target = price * (1 + reach * (stance === "bear" ? -1 : 1));
  const hour = next?.hour === "bmo" ? "before the open" : "after the close";
  return {
    tag: `$${context.stock.symbol}`,
    peer: peer ? `$${peer}` : "",
    price: price.toFixed(2),
    move: signedPercent(state.move),
    when: whenOf(state.phase, state.session, draw(10)),
    yearHigh: state.yearHigh.toFixed(2),
    yearLow: state.yearLow.toFixed(2),
    quarter: latest ? `Q${latest.quarter}` : "",
    epsActual: latest?.epsActual?.toFixed(2) ?? "",
    epsEstimate: latest ? latest.epsEstimate.toFixed(2) : "",
    surprise: latest ? Math.abs(surprisePercent(latest)).toFixed(1) : "",
    revenue: latest?.revenueActual ? money(latest.revenueActual) : "",
    revenueEstimate: latest ? money(latest.revenueEstimate) : "",
    nextEarnings: next ? `${dayPhrase(Date.parse(next.date) / DAY_MS, day)} ${hour}` : "",
    nextEstimate: next ? next.epsEstimate.toFixed(2) : "",
    dividend:
      dividend && exDay !== undefined
        ? (dividend.annualAmount / PAYMENTS_PER_YEAR[dividend.frequency]).toFixed(2)
        : "",
    exDate: exDay === undefined ? "" : dayPhrase(exDay, day),
    shares: String(SHARE_LOTS[Math.floor(draw(11) * SHARE_LOTS.length)]),
    strike: strikeNear(price * (1 + (draw(12) - 0.5) * 0.16)),
    expiry: monthlyExpiry(day, draw(13)),
    target: target.toFixed(price < 20 ? 2 : 0),
  };
}

/**
 * The drawn template and ending, or the next pair the block has not said yet; when a busy
 * weekend has said them all, the stance's chatter or peer templates (their invented figures
 * differ from message to message).
 */
function distinctBody(
  topic: Topic,
  stance: Stance,
  figures: MessageFigures,
  uTemplate: number,
  uTail: number,
  seen: Set<string>,
): string {
  const firstTail = Math.floor(uTail * TAILS.length);
  let body = "";
  for (const pool of [
    TEMPLATES[topic][stance],
    TEMPLATES.chatter[stance],
    TEMPLATES.peer[stance],
  ]) {
    const first = Math.floor(uTemplate * pool.length);
    for (let k = 0; k < pool.length * TAILS.length; k++) {
      const text = (pool[(first + k) % pool.length] as Template)(figures);
      const tail = TAILS[(firstTail + Math.floor(k / pool.length)) % TAILS.length] as string;
      // "Thoughts?. Easy" reads wrong: a sentence already ended drops the tail's full stop.
      body = text + (/[?!.]$/.test(text) && tail.startsWith(".") ? tail.slice(1) : tail);
      if (!seen.has(body)) {
        seen.add(body);
        return body;
      }
    }
  }
  return body;
}

/** One of the symbol's regulars a third of the time, else anyone from the shared pool. */
function usernameOf(context: StockContext, uWho: number, uWhich: number): string {
  const regular = Math.floor(uWhich * REGULARS_PER_SYMBOL);
  const index =
    uWho < REGULARS_SHARE
      ? seedOf(`${context.stock.symbol}:${regular}`) % USER_POOL_SIZE
      : Math.floor(uWhich * USER_POOL_SIZE);
  return userHandles()[index] as string;
}
