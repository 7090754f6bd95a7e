import { describe, expect, it } from "vitest";
import type { SocialSnapshot } from "../../lib/company/ports";
import { createSimulatedSocialFeed, watchlistCount } from "../../lib/company/sim/social";
import {
  type MessageFigures,
  TEMPLATES,
  userHandles,
} from "../../lib/company/sim/social-templates";
import { pinnedClock } from "../../lib/deps";
import type { DayNumber } from "../../lib/market/civil-date";
import { nyInstant, nyWallClock } from "../../lib/market/ny-time";
import { regularCloseMinute } from "../../lib/market/sessions";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { STOCKS, stockBySymbol } from "../../lib/market/sim/universe";
import { nextTradingDay } from "../../lib/market/trading-days";

/**
 * The simulated social feed: deterministic, nothing after the clock, stable as the clock moves
 * on, and consistent with the simulated market (the moves and earnings figures it quotes are
 * the market's, recomputed here from the market's own bars, quotes and reports). Event days
 * and strong days are found in the simulated history, not hard-coded.
 */

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** Tuesday 2026-11-24, 11:00 New York: regular session. */
const NOW = Date.parse("2026-11-24T16:00:00Z");
/** Other clocks: Sunday afternoon, the overnight session, a holiday (Thanksgiving). */
const CLOCKS = [
  NOW,
  Date.parse("2026-11-29T18:00:00Z"),
  Date.parse("2026-11-24T07:30:00Z"),
  Date.parse("2026-11-26T17:00:00Z"),
];
const SYMBOLS = ["AAPL", "TSLA", "KO", "GME", "BKNG", "SPY", "JPM"];

function feedAt(ms: number) {
  const clock = pinnedClock(new Date(ms));
  const market = createSimulatedMarket(clock);
  return { feed: createSimulatedSocialFeed(market, clock), market };
}

async function socialAt(ms: number, symbol: string): Promise<SocialSnapshot> {
  const snapshot = await feedAt(ms).feed.social(symbol);
  if (!snapshot) throw new Error(`no feed for ${symbol}`);
  return snapshot;
}

function codeOf(symbol: string): string {
  const stock = stockBySymbol(symbol);
  if (!stock) throw new Error(symbol);
  return `${symbol}_${stock.exchange}`;
}

/** The session's change as the feed formats it: "+1.23%", "-0.45%". */
function signedPercent(change: number): string {
  const text = Math.abs(change * 100).toFixed(2);
  return `${change < 0 && text !== "0.00" ? "-" : "+"}${text}%`;
}

/**
 * The move at an instant, from a market pinned there: the close of the latest 5-minute bar
 * finished by then over the quote's previous close.
 */
async function moveAt(symbol: string, ms: number): Promise<string> {
  const { market } = feedAt(ms);
  const code = codeOf(symbol);
  const quote = await market.quote(code);
  const bars = await market.bars(code, {
    period: 2,
    from: ms - 4 * DAY,
    to: ms + 1,
    extended: true,
  });
  const finished = (bars ?? []).filter((bar) => bar.timestamp + 5 * 60_000 <= ms);
  const last = finished.at(-1);
  if (!quote || !last) throw new Error(`no price for ${symbol} at ${ms}`);
  return signedPercent(last.close / quote.previousClose - 1);
}

interface HistoryDay {
  day: DayNumber;
  /** Close-to-close return in daily σ of the universe's volatility. */
  z: number;
}

/** The last year's sessions of a stock with their returns, and its earnings reaction days. */
async function history(symbol: string) {
  const { market } = feedAt(NOW);
  const code = codeOf(symbol);
  const stock = stockBySymbol(symbol);
  const bars = await market.bars(code, {
    period: 5,
    from: NOW - 365 * DAY,
    to: NOW,
    extended: false,
  });
  if (!stock || !bars) throw new Error(symbol);
  const sigma = stock.volatility / Math.sqrt(252);
  const days: HistoryDay[] = bars.slice(1).map((bar, i) => ({
    day: nyWallClock(bar.timestamp).day,
    z: (bar.close / (bars[i] as { close: number }).close - 1) / sigma,
  }));
  const reports =
    (await market.earningsHistory?.earningsReports(
      code,
      new Date(NOW - 365 * DAY).toISOString().slice(0, 10),
      new Date(NOW - 2 * DAY).toISOString().slice(0, 10),
    )) ?? [];
  const reactions = reports.map((report) => {
    const day = Date.parse(report.date) / DAY;
    return { report, day: report.hour === "bmo" ? day : nextTradingDay("equity", day) };
  });
  const nearEarnings = (day: DayNumber) => reactions.some((r) => Math.abs(r.day - day) <= 5);
  /** Tuesday to Friday, so that the day before is a session too. */
  const midweek = (day: DayNumber) => new Date(day * DAY).getUTCDay() >= 2;
  return { days, reactions, nearEarnings, midweek };
}

/** Messages posted on a New York day, read at 23:55 that day. */
async function messagesOfDay(symbol: string, day: DayNumber) {
  const snapshot = await socialAt(nyInstant(day, 23 * 60 + 55), symbol);
  const start = nyInstant(day, 0);
  return snapshot.messages.filter((m) => Date.parse(m.createdAt) >= start);
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

describe("simulated social feed", () => {
  it("answers undefined for a symbol the simulated market does not list as a stock or fund", async () => {
    const { feed } = feedAt(NOW);
    expect(await feed.social("NOPE")).toBeUndefined();
    expect(await feed.social("")).toBeUndefined();
    expect(await feed.social("aapl")).toBeUndefined();
    expect(await feed.social("SPX")).toBeUndefined();
    expect(await feed.social("AAPL_NASDAQ")).toBeUndefined();
  });

  it("is deterministic: two feeds at the same clock answer the same", async () => {
    for (const symbol of ["AAPL", "TSLA", "KO"]) {
      expect(await socialAt(NOW, symbol)).toEqual(await socialAt(NOW, symbol));
    }
  });

  it("holds the last 48 hours up to the clock, newest first, at most 60, with unique ids", async () => {
    for (const now of CLOCKS) {
      for (const symbol of SYMBOLS) {
        const snapshot = await socialAt(now, symbol);
        expect(snapshot.windowHours).toBe(48);
        expect(snapshot.messages.length).toBeGreaterThan(0);
        expect(snapshot.messages.length).toBeLessThanOrEqual(60);
        const times = snapshot.messages.map((m) => Date.parse(m.createdAt));
        for (const [i, time] of times.entries()) {
          expect(time).toBeLessThanOrEqual(now);
          expect(time).toBeGreaterThanOrEqual(now - 48 * HOUR);
          if (i > 0) expect(time).toBeLessThanOrEqual(times[i - 1] as number);
        }
        const ids = snapshot.messages.map((m) => m.id);
        expect(new Set(ids).size).toBe(ids.length);
        for (const m of snapshot.messages) {
          expect(Number.isSafeInteger(m.id) && m.id > 0).toBe(true);
          expect(Number.isInteger(m.likes) && m.likes >= 0).toBe(true);
          expect([null, "Bullish", "Bearish"]).toContain(m.sentiment);
          expect(m.username).toMatch(/^[A-Za-z][A-Za-z0-9_]+$/);
        }
      }
    }
  });

  it("fills 60 messages within hours for retail favourites, not for a quiet large cap", async () => {
    const hoursCovered = async (symbol: string) => {
      const messages = (await socialAt(NOW, symbol)).messages;
      return {
        count: messages.length,
        hours: (NOW - Date.parse(messages.at(-1)?.createdAt ?? "")) / HOUR,
      };
    };
    for (const symbol of ["TSLA", "GME", "AMC", "PLTR"]) {
      const { count, hours } = await hoursCovered(symbol);
      expect(count).toBe(60);
      expect(hours).toBeLessThan(12);
    }
    expect((await hoursCovered("KO")).count).toBeLessThan(40);
  });

  it("has templates enough, each plain text quoting the cashtag and the price or the move", () => {
    const figures: MessageFigures = {
      tag: "$TAG",
      peer: "$PEER",
      price: "101.23",
      move: "+1.11%",
      when: "today",
      yearHigh: "120.00",
      yearLow: "80.00",
      quarter: "Q3",
      epsActual: "1.23",
      epsEstimate: "1.18",
      surprise: "4.2",
      revenue: "86.5B",
      revenueEstimate: "85.0B",
      nextEarnings: "on Thursday after the close",
      nextEstimate: "1.30",
      dividend: "0.26",
      exDate: "tomorrow",
      shares: "100",
      strike: "105",
      expiry: "12/18",
      target: "130",
    };
    const templates = Object.values(TEMPLATES).flatMap((byStance) =>
      Object.values(byStance).flat(),
    );
    expect(templates.length).toBeGreaterThanOrEqual(40);
    const bodies = templates.map((template) => template(figures));
    expect(new Set(bodies).size).toBe(bodies.length);
    for (const body of bodies) {
      expect(body).toContain("$TAG");
      expect(body).not.toMatch(/[<>&]|undefined/);
      expect(body.includes("101.23") || body.includes("+1.11%")).toBe(true);
    }
  });

  it("writes plain-text bodies with the cashtag, none repeated in a window", async () => {
    for (const now of CLOCKS) {
      for (const symbol of [...SYMBOLS, "AMC", "NVDA", "XOM"]) {
        const bodies = (await socialAt(now, symbol)).messages.map((m) => m.body);
        expect(new Set(bodies).size).toBe(bodies.length);
        for (const body of bodies) {
          expect(body).toContain(`$${symbol}`);
          expect(body).not.toMatch(/[<>&]/);
        }
      }
    }
  });

  it("keeps each message (id, time, body, user, sentiment) as the clock moves on an hour", async () => {
    for (const symbol of ["KO", "AAPL", "TSLA", "SPY"]) {
      const before = await socialAt(NOW, symbol);
      const later = await socialAt(NOW + HOUR, symbol);
      // A feed that has answered before (and remembered finished sessions) answers the same.
      const { feed } = feedAt(NOW + HOUR);
      await feed.social(symbol);
      expect(await feed.social(symbol)).toEqual(later);
      const laterById = new Map(later.messages.map((m) => [m.id, m]));
      const oldestLater = Date.parse(later.messages.at(-1)?.createdAt ?? "");
      let common = 0;
      for (const m of before.messages) {
        const again = laterById.get(m.id);
        // Every earlier message still inside the later window is there, unchanged.
        if (Date.parse(m.createdAt) > oldestLater) expect(again).toBeDefined();
        if (!again) continue;
        common += 1;
        const { likes, ...rest } = again;
        const { likes: likesBefore, ...restBefore } = m;
        expect(rest).toEqual(restBefore);
        expect(likes).toBeGreaterThanOrEqual(likesBefore);
      }
      expect(common).toBeGreaterThan(0);
    }
  });

  it("quotes the session's move that really happened when the message was posted", async () => {
    let checked = 0;
    for (const now of CLOCKS.slice(0, 3)) {
      for (const symbol of ["AAPL", "KO", "TSLA"]) {
        const messages = (await socialAt(now, symbol)).messages.slice(0, 25);
        for (const m of messages) {
          const quoted = m.body.match(/(?:^|[\s(])([+-]\d+\.\d\d%)/)?.[1];
          if (!quoted) continue;
          expect(quoted).toBe(await moveAt(symbol, Date.parse(m.createdAt)));
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("talks about an earnings report only once it is out, with its real figures, and more", async () => {
    // KO and JPM report before the open (bmo), COST after the close (amc).
    for (const symbol of ["KO", "JPM", "COST"]) {
      const { reactions, days, nearEarnings, midweek } = await history(symbol);
      const latest = reactions.at(-1);
      if (!latest) throw new Error(`no reports for ${symbol}`);
      const { report } = latest;
      const reportDay = Date.parse(report.date) / DAY;
      // Out when the market's earnings history shows the actuals: 07:00 (bmo), the close (amc).
      const releasedMs = nyInstant(
        reportDay,
        report.hour === "bmo" ? 7 * 60 : regularCloseMinute(reportDay),
      );
      const snapshot = await socialAt(nyInstant(latest.day, 23 * 60 + 55), symbol);
      const times = snapshot.messages.map((m) => Date.parse(m.createdAt));
      expect(times.some((t) => t < releasedMs)).toBe(true);
      let quoting = 0;
      for (const m of snapshot.messages) {
        const eps = m.body.match(/EPS (\d+\.\d\d) vs (\d+\.\d\d) est/);
        if (!eps) continue;
        quoting += 1;
        expect(Date.parse(m.createdAt)).toBeGreaterThanOrEqual(releasedMs);
        expect(eps[1]).toBe(report.epsActual?.toFixed(2));
        expect(eps[2]).toBe(report.epsEstimate.toFixed(2));
      }
      expect(quoting).toBeGreaterThan(0);
      // More messages on reaction days than on quiet midweek days (no report near, small move).
      const quiet = days
        .filter((d) => Math.abs(d.z) < 0.5 && !nearEarnings(d.day) && midweek(d.day))
        .slice(-3);
      const quietCounts = await Promise.all(
        quiet.map(async (d) => (await messagesOfDay(symbol, d.day)).length),
      );
      const eventCounts = await Promise.all(
        reactions.slice(-3).map(async (r) => (await messagesOfDay(symbol, r.day)).length),
      );
      expect(quietCounts).toHaveLength(3);
      expect(mean(eventCounts)).toBeGreaterThan(1.5 * mean(quietCounts));
    }
  });

  it("gets busier on the year's biggest move than on quiet days", async () => {
    for (const symbol of ["MSFT", "JPM"]) {
      const { days, nearEarnings, midweek } = await history(symbol);
      const candidates = days.filter((d) => !nearEarnings(d.day) && midweek(d.day));
      const biggest = candidates.reduce((a, b) => (Math.abs(b.z) > Math.abs(a.z) ? b : a));
      expect(Math.abs(biggest.z)).toBeGreaterThan(2);
      const quiet = candidates.filter((d) => Math.abs(d.z) < 0.5).slice(-3);
      const quietCounts = await Promise.all(
        quiet.map(async (d) => (await messagesOfDay(symbol, d.day)).length),
      );
      const eventCount = (await messagesOfDay(symbol, biggest.day)).length;
      expect(eventCount).toBeGreaterThan(1.5 * mean(quietCounts));
    }
  });

  it("leans Bullish on a strongly up day and Bearish on a strongly down day, with noise", async () => {
    for (const symbol of ["AAPL", "TSLA", "MSFT"]) {
      const { days, nearEarnings } = await history(symbol);
      const plain = days.filter((d) => !nearEarnings(d.day));
      const up = plain.reduce((a, b) => (b.z > a.z ? b : a));
      const down = plain.reduce((a, b) => (b.z < a.z ? b : a));
      expect(up.z).toBeGreaterThan(2);
      expect(down.z).toBeLessThan(-2);
      // The afternoon and evening, once the day's move has happened.
      const bullishShare = async (day: DayNumber) => {
        const snapshot = await socialAt(nyInstant(day, 20 * 60), symbol);
        const tagged = snapshot.messages.filter(
          (m) => m.sentiment !== null && Date.parse(m.createdAt) >= nyInstant(day, 13 * 60),
        );
        expect(tagged.length).toBeGreaterThan(4);
        return tagged.filter((m) => m.sentiment === "Bullish").length / tagged.length;
      };
      expect(await bullishShare(up.day)).toBeGreaterThan((await bullishShare(down.day)) + 0.3);
    }
    // Not every message of a day agrees: some untagged, some against the crowd.
    const all = (await Promise.all(SYMBOLS.map((s) => socialAt(NOW, s)))).flatMap(
      (s) => s.messages,
    );
    const untagged = all.filter((m) => m.sentiment === null).length / all.length;
    expect(untagged).toBeGreaterThan(0.2);
    expect(untagged).toBeLessThan(0.6);
    expect(all.some((m) => m.sentiment === "Bullish")).toBe(true);
    expect(all.some((m) => m.sentiment === "Bearish")).toBe(true);
  });

  it("has invented users who post about several stocks, and skewed likes that grow with age", async () => {
    const handles = userHandles();
    expect(new Set(handles).size).toBe(handles.length);
    expect(handles.length).toBeGreaterThanOrEqual(2000);
    const symbolsByUser = new Map<string, Set<string>>();
    const likes: { likes: number; ageHours: number }[] = [];
    for (const stock of STOCKS.slice(0, 60)) {
      for (const m of (await socialAt(NOW, stock.symbol)).messages) {
        symbolsByUser.set(
          m.username,
          (symbolsByUser.get(m.username) ?? new Set()).add(stock.symbol),
        );
        likes.push({ likes: m.likes, ageHours: (NOW - Date.parse(m.createdAt)) / HOUR });
      }
    }
    expect([...symbolsByUser.values()].filter((s) => s.size >= 2).length).toBeGreaterThan(20);
    const counts = likes.map((l) => l.likes).sort((a, b) => a - b);
    expect(counts[Math.floor(counts.length / 2)]).toBeLessThanOrEqual(5);
    expect(counts.at(-1)).toBeGreaterThanOrEqual(20);
    const recent = likes.filter((l) => l.ageHours < 1).map((l) => l.likes);
    const older = likes.filter((l) => l.ageHours > 12).map((l) => l.likes);
    expect(mean(older)).toBeGreaterThan(mean(recent) + 1);
  });

  it("counts watchers by size and retail interest, growing slowly", async () => {
    const watchers = async (symbol: string, ms = NOW) =>
      (await socialAt(ms, symbol)).watchlistCount;
    expect(await watchers("TSLA")).toBeGreaterThan(await watchers("KO"));
    expect(await watchers("GME")).toBeGreaterThan(await watchers("BKNG"));
    expect(await watchers("AAPL")).toBe(await watchers("AAPL", NOW + HOUR));
    const yearLater = await watchers("AAPL", NOW + 365 * DAY);
    expect(yearLater).toBeGreaterThan(await watchers("AAPL"));
    expect(yearLater).toBeLessThan(1.3 * (await watchers("AAPL")));
    for (const stock of STOCKS) {
      const count = watchlistCount(stock, NOW);
      expect(count).toBeGreaterThanOrEqual(1_000);
      expect(count).toBeLessThan(1_000_000);
    }
  });
});
