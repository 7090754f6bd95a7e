import { describe, expect, it } from "vitest";
import { pinnedClock } from "../../lib/deps";
import { COVERED_COMPANIES } from "../../lib/fda/companies";
import { FDA_ROW_SOURCES, type FdaEvent } from "../../lib/fda/ports";
import { decisionSummary } from "../../lib/fda/queries";
import { isAmongLowestMoves, reactionOn } from "../../lib/fda/reaction";
import { applicationsFiled } from "../../lib/fda/sim/pipeline";
import { createSimulatedFda } from "../../lib/fda/sim/source";
import { isoDate } from "../../lib/market/civil-date";
import { isTradingDay } from "../../lib/market/nyse-calendar";
import { roundPrice } from "../../lib/market/precision";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";

/**
 * The simulated FDA pipeline: the outcome rule and the reaction on hand-made closes; then the
 * world itself over eight years: plausible approval rate, outcomes that follow the market's
 * own moves (checked here from the closes, independently of the source's code), fictional
 * unique application numbers, decisions on sessions, and nothing known before it happened.
 */

const NOW = "2026-11-23T15:00:00.000Z";
const clock = pinnedClock(new Date(NOW));
const market = createSimulatedMarket(clock);
const source = createSimulatedFda(market, clock);

describe("the outcome rule and the reaction", () => {
  /** Closes of sessions d0, d1, ...: each move +1 % except those given. */
  function closes(moves: number[]) {
    let close = 100;
    const out = [{ date: "2026-01-01", close }];
    moves.forEach((move, i) => {
      close *= 1 + move;
      out.push({
        date: `2026-${String(2 + Math.floor(i / 28)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`,
        close,
      });
    });
    return out;
  }

  it("calls a move bad when it is among the lowest 13.1 % of it and the 250 before", () => {
    // 250 sessions: 32 of them fall 2 %, the rest rise 1 %; then the event session.
    const history = Array.from({ length: 250 }, (_, i) => (i % 8 === 0 ? -0.02 : 0.01));
    expect(history.filter((m) => m < 0)).toHaveLength(32);
    const worse = closes([...history, -0.03]);
    const between = closes([...history, -0.01]);
    const lastDate = (series: { date: string }[]) => series.at(-1)?.date as string;
    expect(isAmongLowestMoves(worse, lastDate(worse))).toBe(true); // lower than all 250
    expect(isAmongLowestMoves(between, lastDate(between))).toBe(true); // 32 lower: rank 33
    // 33 sessions below it: not among the lowest 33 of 251.
    const oneMore = closes([...history.map((m, i) => (i === 1 ? -0.02 : m)), -0.01]);
    expect(isAmongLowestMoves(oneMore, lastDate(oneMore))).toBe(false);
  });

  it("measures the event session's close-to-close move, the next session for a non-session date", () => {
    const series = [
      { date: "2026-11-19", close: 200 },
      { date: "2026-11-20", close: 190 },
      { date: "2026-11-23", close: 199.5 },
    ];
    expect(reactionOn(series, "2026-11-20")).toEqual({
      date: "2026-11-20",
      previousClose: 200,
      close: 190,
      changePercent: -5,
    });
    expect(reactionOn(series, "2026-11-22")?.changePercent).toBe(5);
    expect(reactionOn(series, "2026-11-19")).toBeUndefined();
  });
});

describe("the simulated pipeline", () => {
  let events: FdaEvent[] = [];

  it("decides about 85-90 % of applications for approval over eight years", async () => {
    events = await source.events({ from: "2019-01-01", to: "2027-12-31" });
    const summary = decisionSummary(events);
    expect(summary.decisions).toBeGreaterThan(150);
    expect(summary.approvalRatePercent).toBeGreaterThan(80);
    expect(summary.approvalRatePercent).toBeLessThan(93);
    for (const event of events) expect(FDA_ROW_SOURCES).toContain(event.source);
  }, 120_000);

  it("reads each outcome off the market's move that day, as served", async () => {
    const decided = events.filter((e) => e.outcome !== null);
    expect(decided.length).toBeGreaterThan(150);
    for (const event of decided.slice(0, 80)) {
      const instrument = (await market.instruments()).find(
        (i) => i.symbol === event.symbol && i.contractType === "Stock",
      );
      expect(instrument, event.symbol).toBeDefined();
      if (!instrument) continue;
      const from = isoDate(Date.parse(event.date) / 86_400_000 - 380);
      const closes = (
        (await market.closeHistory?.sessionCloses(instrument.code, from, event.date)) ?? []
      ).map((c) => ({ date: c.date, close: roundPrice(c.close, instrument) }));
      expect(closes.at(-1)?.date, event.id).toBe(event.date);
      // Independently: the day's move against the 250 before it.
      const moves = closes
        .slice(1)
        .map((c, i) => c.close / (closes[i] as { close: number }).close - 1);
      const own = moves.at(-1) as number;
      const before = moves.slice(-251, -1);
      expect(before).toHaveLength(250);
      const lower = before.filter((m) => m < own).length;
      const bad = lower < 33;
      const expected =
        event.eventType === "AdComm"
          ? bad
            ? "unfavourable-vote"
            : "favourable-vote"
          : bad
            ? "complete-response"
            : "approved";
      expect(event.outcome, event.id).toBe(expected);
      expect(event.eventType).toBe(
        event.eventType === "AdComm" ? "AdComm" : bad ? "CRL" : "approval",
      );
    }
  }, 120_000);

  it("numbers applications 9xxxxx, uniquely, with fictional INN-style ingredients, on sessions", () => {
    const all = COVERED_COMPANIES.flatMap((c) =>
      [2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026].flatMap((y) =>
        applicationsFiled(c.symbol, y),
      ),
    );
    expect(all.length).toBeGreaterThan(250);
    const numbers = all.map((a) => a.applicationNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const a of all) {
      expect(a.applicationNumber).toMatch(/^(NDA|BLA)9\d{5}$/);
      expect(a.activeIngredient).toMatch(/^[a-z]+$/);
      expect(isTradingDay(a.goalDay) && isTradingDay(a.decisionDay)).toBe(true);
      expect(a.decisionDay).toBeLessThanOrEqual(a.goalDay);
      expect(a.acceptedDay).toBeLessThan(a.decisionDay);
      if (a.adComm) {
        expect(a.adComm.noticeDay).toBeLessThan(a.adComm.meetingDay);
        expect(a.adComm.meetingDay).toBeLessThan(a.goalDay);
      }
    }
  });

  it("knows nothing before it happened: a later clock only adds and decides, never rewrites the past", async () => {
    const earlier = pinnedClock(new Date("2026-06-01T15:00:00Z"));
    const before = await createSimulatedFda(createSimulatedMarket(earlier), earlier).events({
      from: "2025-01-01",
      to: "2027-06-30",
    });
    const after = await source.events({ from: "2025-01-01", to: "2027-06-30" });
    const laterById = new Map(after.map((e) => [e.id, e]));
    for (const event of before) {
      expect(event.publishedOn <= "2026-06-01", event.id).toBe(true);
      if (event.outcome !== null) {
        expect(event.date <= "2026-06-01").toBe(true);
        expect(laterById.get(event.id), event.id).toEqual(event); // decided: unchanged
      } else {
        expect(event.eventType === "PDUFA" || event.eventType === "AdComm").toBe(true);
        expect(event.date >= "2026-06-01", event.id).toBe(true);
      }
    }
    // The PDUFA dates known in June were decided by November where their day has passed.
    const pdufas = before.filter((e) => e.eventType === "PDUFA" && e.date < "2026-11-20");
    expect(pdufas.length).toBeGreaterThan(5);
    for (const pdufa of pdufas) {
      const decision = laterById.get(pdufa.id.replace(/-pdufa$/, "-decision"));
      expect(decision?.outcome, pdufa.id).not.toBeNull();
      expect(decision && decision.date <= pdufa.date, pdufa.id).toBe(true);
    }
  }, 120_000);
});
