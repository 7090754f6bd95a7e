import { type DayNumber, isoDate } from "../../market/civil-date";
import { stockBySymbol } from "../../market/sim/universe";
import type { InsiderTransaction } from "../ports";
import {
  addBusinessDays,
  corporateCalendar,
  draw,
  RECORD_START_DAY,
  type TradingWindow,
} from "./filings-calendar";
import { type CastMember, castOf, inOffice } from "./people";

/**
 * The simulated insiders' trades, as Form 4s report them. Planned without prices (plannedTrades:
 * which member does what on which day, memoised per symbol), then executed in day order at the
 * simulated market's prices (executeTrades), keeping each member's running holdings of common
 * stock and restricted stock units:
 * - officers get an annual RSU grant (A) a few business days after the 10-K, when 30 % of their
 *   unvested units vest (M) into common stock, part withheld for tax (F at the day's close);
 *   successors get a hiring grant on their first day;
 * - directors get an annual stock award (A) at the annual meeting (not the CEO: employees are
 *   not paid as directors);
 * - officers sell in the open market (S): most under a Rule 10b5-1 plan once or twice every
 *   trading window, the others now and then; directors seldom; a founder sells small slices;
 * - outside directors rarely buy (P), much more often after the stock dropped.
 * Open-market trades happen only inside trading windows (filings-calendar.ts): never in the four
 * weeks before a report. Execution is causal: a trade depends only on prices up to its day, so
 * the history up to a day never changes when later prices become known.
 */

/** One line of a Form 4, and whether it is an open-market sale under a 10b5-1 plan. */
export interface TradeLine extends InsiderTransaction {
  tradingPlan: boolean;
}

/** One Form 4: a member's transactions of one day, non-derivative lines first. */
export interface InsiderForm4 {
  member: CastMember;
  transactionDay: DayNumber;
  filingDay: DayNumber;
  lines: TradeLine[];
}

export const COMMON_STOCK = "Common Stock";
export const RESTRICTED_STOCK_UNITS = "Restricted Stock Units";
/** Share of unvested units that vest at each annual grant. */
const VESTING_SHARE = 0.3;
/** Nobody files a plan or calls a broker for less (the member holds too little yet). */
const MIN_SALE_USD = 20_000;
/** Sessions over which a sharp drop from the peak close makes directors buy. */
const DROP_LOOKBACK_SESSIONS = 30;
/** A director's chance to buy in a window: small, larger after a drop of 15 % or 25 %. */
const PURCHASE_CHANCE = 0.01;

type PlannedKind = "annual-grant" | "hire-grant" | "director-award" | "sale" | "purchase";

interface PlannedTrade {
  day: DayNumber;
  member: CastMember;
  kind: PlannedKind;
  /** Sales: the share of the common stock held; purchases: the chance without a drop. */
  fraction: number;
  plan: boolean;
  /** Where in the day's low-high the trade prices, and (purchases) the decision draw. */
  position: number;
  decision: number;
}

/**
 * The simulated market's regular-session closes, oldest first, and the low-high ranges of the
 * days trades need (filings.ts fills it: every close, but a range only where a trade is made,
 * since a day's range costs its intraday path).
 */
export class PriceTable {
  readonly days: DayNumber[] = [];
  private readonly closes: number[] = [];
  private readonly indexOf = new Map<DayNumber, number>();
  private readonly ranges = new Map<DayNumber, { low: number; high: number }>();

  get lastDay(): DayNumber | undefined {
    return this.days.at(-1);
  }

  /** Appends a later day's close (earlier or known days are ignored). */
  appendClose(day: DayNumber, close: number): void {
    const last = this.lastDay;
    if (last !== undefined && day <= last) return;
    this.indexOf.set(day, this.days.length);
    this.days.push(day);
    this.closes.push(close);
  }

  /** Records a known day's low and high. */
  setRange(day: DayNumber, low: number, high: number): void {
    if (this.indexOf.has(day)) this.ranges.set(day, { low, high });
  }

  /** Appends a later day's whole range. */
  append(day: DayNumber, low: number, high: number, close: number): void {
    this.appendClose(day, close);
    this.setRange(day, low, high);
  }

  /** The day's range and close; undefined for a day without a close or a recorded range. */
  range(day: DayNumber): { low: number; high: number; close: number } | undefined {
    const i = this.indexOf.get(day);
    const range = this.ranges.get(day);
    if (i === undefined || !range) return undefined;
    return { low: range.low, high: range.high, close: this.closes[i] as number };
  }

  /** 1 − the previous close over the peak close of the sessions before it (0: no drop). */
  drawdownBefore(day: DayNumber): number {
    const i = this.indexOf.get(day);
    if (i === undefined || i === 0) return 0;
    const window = this.closes.slice(Math.max(0, i - DROP_LOOKBACK_SESSIONS), i);
    return 1 - (window.at(-1) as number) / Math.max(...window);
  }
}

/**
 * The days from `fromDay` to `toDay` on which a planned trade will be made, so needs the day's
 * range: every grant, award and sale day, and the purchase days where the director buys (a
 * decision on closes alone). `prices` must hold the closes up to `toDay`.
 */
export function tradeDaysNeedingRanges(
  symbol: string,
  prices: PriceTable,
  fromDay: DayNumber,
  toDay: DayNumber,
): DayNumber[] {
  const days = new Set<DayNumber>();
  for (const trade of plannedTrades(symbol)) {
    if (trade.day < fromDay || trade.day > toDay) continue;
    if (trade.kind !== "purchase" || buys(trade, prices)) days.add(trade.day);
  }
  return [...days].sort((a, b) => a - b);
}

const plans = new Map<string, PlannedTrade[]>();

/** The stock's planned trades up to the horizon, in execution order (memoised). */
export function plannedTrades(symbol: string): readonly PlannedTrade[] {
  let planned = plans.get(symbol);
  if (!planned) {
    planned = planTrades(symbol);
    plans.set(symbol, planned);
  }
  return planned;
}

function planTrades(symbol: string): PlannedTrade[] {
  const stock = stockBySymbol(symbol);
  const cast = castOf(symbol) ?? [];
  if (!stock || cast.length === 0) return [];
  const calendar = corporateCalendar(stock);
  const grantDays = calendar.reports
    .filter((report) => report.form === "10-K")
    .map((tenK, i) =>
      addBusinessDays(tenK.filingDay, 2 + Math.floor(draw(symbol, "grant-day", i) * 4)),
    );
  const meetingDays = calendar.meetings.map((meeting) => meeting.day);
  const planned: PlannedTrade[] = [];
  for (const member of cast) {
    const plan = (day: DayNumber, kind: PlannedKind, fraction: number, isPlan: boolean) => {
      if (day < RECORD_START_DAY || !inOffice(member, day)) return;
      const u = (lane: number) => draw(symbol, `trade:${member.key}:${kind}`, day, lane);
      planned.push({ day, member, kind, fraction, plan: isPlan, position: u(0), decision: u(1) });
    };
    if (member.insider.role === "officer") {
      for (const day of grantDays) plan(day, "annual-grant", 0, false);
      if (member.sinceDay >= RECORD_START_DAY) plan(member.sinceDay, "hire-grant", 0, false);
    }
    if (member.seat === "director" || member.seat === "founder") {
      // Directors leaving at a meeting get no award there; those elected at it do.
      for (const day of meetingDays)
        if (member.untilDay !== day) plan(day, "director-award", 0, false);
    }
    calendar.windows.forEach((window, w) => {
      if (window.close < member.sinceDay || (member.untilDay ?? Infinity) < window.open) return;
      for (const trade of windowTrades(symbol, member, window, w)) {
        plan(trade.day, trade.kind, trade.fraction, trade.plan);
      }
    });
  }
  const order: PlannedKind[] = ["annual-grant", "hire-grant", "director-award", "sale", "purchase"];
  return planned.sort(
    (a, b) =>
      a.day - b.day || a.member.key - b.member.key || order.indexOf(a.kind) - order.indexOf(b.kind),
  );
}

/** A member's open-market trades in one trading window (days inside it). */
function windowTrades(
  symbol: string,
  member: CastMember,
  window: TradingWindow,
  w: number,
): { day: DayNumber; kind: PlannedKind; fraction: number; plan: boolean }[] {
  const u = (lane: number) => draw(symbol, `window:${member.key}`, w, lane);
  const after = (days: number) => addBusinessDays(window.open, days);
  const trades: { day: DayNumber; kind: PlannedKind; fraction: number; plan: boolean }[] = [];
  const sale = (day: DayNumber, fraction: number, plan: boolean) =>
    trades.push({ day, kind: "sale", fraction, plan });
  if (member.seat === "founder") {
    if (u(0) < 0.35) sale(after(3 + Math.floor(u(1) * 10)), 0.005 + 0.015 * u(2), true);
  } else if (member.seat === "director") {
    if (u(0) < 0.04) sale(after(1 + Math.floor(u(1) * 8)), 0.1 + 0.2 * u(2), false);
    trades.push({
      day: after(Math.floor(u(3) * 5)),
      kind: "purchase",
      fraction: PURCHASE_CHANCE,
      plan: false,
    });
  } else if (member.planSeller) {
    const first = 2 + Math.floor(u(1) * 10);
    sale(after(first), 0.03 + 0.05 * u(2), true);
    if (u(3) < 0.5) sale(after(first + 8 + Math.floor(u(4) * 8)), 0.03 + 0.05 * u(5), true);
  } else if (u(0) < 0.2) {
    sale(after(1 + Math.floor(u(1) * 8)), 0.05 + 0.2 * u(2), false);
  }
  return trades.filter((trade) => trade.day <= window.close);
}

/**
 * The Form 4s of the planned trades priced by `prices`, oldest first: trades on days the table
 * does not reach yet are not made (they lie in the future of the table's last day).
 */
export function executeTrades(symbol: string, prices: PriceTable): InsiderForm4[] {
  const lastDay = prices.lastDay;
  if (lastDay === undefined) return [];
  const holdings = new Map<number, { common: number; units: number }>();
  const forms: InsiderForm4[] = [];
  for (const trade of plannedTrades(symbol)) {
    if (trade.day > lastDay) break;
    const range = prices.range(trade.day);
    if (!range) continue;
    const held = holdingsOf(holdings, trade.member);
    const lines = linesOf(trade, range, held, prices);
    if (lines.length === 0) continue;
    const previous = forms.at(-1);
    if (previous?.member === trade.member && previous.transactionDay === trade.day) {
      previous.lines.push(...lines);
    } else {
      const lag = draw(symbol, `form4:${trade.member.key}`, trade.day) < 0.6 ? 1 : 2;
      forms.push({
        member: trade.member,
        transactionDay: trade.day,
        filingDay: addBusinessDays(trade.day, lag),
        lines,
      });
    }
  }
  for (const form of forms) form.lines.sort((a, b) => Number(a.derivative) - Number(b.derivative));
  return forms;
}

function holdingsOf(
  holdings: Map<number, { common: number; units: number }>,
  member: CastMember,
): { common: number; units: number } {
  let held = holdings.get(member.key);
  if (!held) {
    const start = member.insider.startingHoldings;
    held = { common: start.commonShares, units: start.restrictedStockUnits };
    holdings.set(member.key, held);
  }
  return held;
}

type DayRange = { low: number; high: number; close: number };

/** The trade's Form 4 lines, updating `held`; none when there is nothing to trade. */
function linesOf(
  trade: PlannedTrade,
  range: DayRange,
  held: { common: number; units: number },
  prices: PriceTable,
): TradeLine[] {
  const { member, kind } = trade;
  const line = (
    title: string,
    code: string,
    shares: number,
    price: number | null,
    acquired: boolean,
  ): TradeLine => {
    const derivative = title === RESTRICTED_STOCK_UNITS;
    const key = derivative ? "units" : "common";
    held[key] += acquired ? shares : -shares;
    return {
      securityTitle: title,
      derivative,
      transactionDate: "",
      code,
      shares,
      pricePerShare: price,
      acquiredDisposed: acquired ? "A" : "D",
      sharesOwnedAfter: held[key],
      ownership: "D",
      tradingPlan: trade.plan,
    };
  };
  const lines: TradeLine[] = [];
  const awardShares = (usd: number) => Math.max(1, Math.round(usd / range.close));
  if (kind === "annual-grant") {
    const vesting = Math.round(held.units * VESTING_SHARE);
    if (vesting > 0) {
      lines.push(line(RESTRICTED_STOCK_UNITS, "M", vesting, null, false));
      lines.push(line(COMMON_STOCK, "M", vesting, null, true));
      const withheld = Math.round(vesting * member.taxWithholding);
      lines.push(line(COMMON_STOCK, "F", withheld, priceWithin(range, range.close), false));
    }
    const grantUsd = member.annualAwardUsd * (0.9 + 0.2 * trade.position);
    lines.push(line(RESTRICTED_STOCK_UNITS, "A", awardShares(grantUsd), null, true));
  } else if (kind === "hire-grant") {
    lines.push(
      line(RESTRICTED_STOCK_UNITS, "A", awardShares(member.annualAwardUsd * 1.5), null, true),
    );
  } else if (kind === "director-award") {
    lines.push(line(COMMON_STOCK, "A", awardShares(member.annualAwardUsd), null, true));
  } else if (kind === "sale") {
    const shares = Math.min(held.common, roundLot(held.common * trade.fraction));
    const price = tradePrice(range, trade);
    if (shares * price >= MIN_SALE_USD) lines.push(line(COMMON_STOCK, "S", shares, price, false));
  } else if (buys(trade, prices)) {
    const usd = member.annualAwardUsd * (0.5 + 3 * trade.position);
    const shares = roundLot(usd / range.close);
    if (shares >= 1) lines.push(line(COMMON_STOCK, "P", shares, tradePrice(range, trade), true));
  }
  const date = isoDate(trade.day);
  for (const l of lines) l.transactionDate = date;
  return lines;
}

/** A director buys now and then, much more often after a sharp drop from the recent peak. */
function buys(trade: PlannedTrade, prices: PriceTable): boolean {
  const drop = prices.drawdownBefore(trade.day);
  const chance = trade.fraction + (drop >= 0.25 ? 0.2 : drop >= 0.15 ? 0.06 : 0);
  return trade.decision < chance;
}

/** Whole shares, to the ten above a thousand, to the hundred above ten thousand. */
function roundLot(shares: number): number {
  const lot = shares >= 10_000 ? 100 : shares >= 1000 ? 10 : 1;
  return Math.round(shares / lot) * lot;
}

function tradePrice(range: DayRange, trade: PlannedTrade): number {
  return priceWithin(range, range.low + trade.position * (range.high - range.low));
}

/** A price to four decimals (as Form 4s report averages), kept within the day's low-high. */
function priceWithin(range: DayRange, price: number): number {
  const rounded = Math.round(price * 10_000) / 10_000;
  return rounded >= range.low && rounded <= range.high ? rounded : price;
}
