import type { DayNumber } from "../../market/civil-date";
import { PAYMENTS_PER_YEAR } from "../../market/company-data";
import { normal, seedOf, uniform } from "../../market/random";
import { type EarningsReport, surprisePercent } from "../../market/sim/earnings";
import {
  DAY_MS,
  eventFactor,
  HOUR_MS,
  phaseWeight,
  poisson,
  SLOT_MS,
  type SlotState,
  type StockContext,
} from "./social-activity";
import {
  dayPhrase,
  type MessageFigures,
  money,
  monthlyExpiry,
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
 * The messages of one 5-minute slot of the simulated social feed (social.ts): when each is
 * posted (how many: social-activity.ts) and what it says: sentiment, topic, the figures it
 * quotes, a body the block has not said yet (templates in social-templates.ts) and its user.
 */

/** Share of messages tagged Bullish or Bearish; of messages from the symbol's regulars. */
const TAGGED_SHARE = 0.62;
const REGULARS_SHARE = 0.35;
const REGULARS_PER_SYMBOL = 40;
/** Random lanes of a slot: count 0, times from 1, messages from 1000, likes from 5000. */
const TIME_LANE = 1;
const MESSAGE_LANE = 1000;
const LIKES_LANE = 5000;

export interface Draft {
  id: number;
  createdAtMs: number;
  body: string;
  username: string;
  sentiment: "Bullish" | "Bearish" | null;
  /** Likes the message collects in time. */
  potentialLikes: number;
}

/** Appends the slot's messages posted up to the clock to `drafts`. */
export function slotMessages(
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
