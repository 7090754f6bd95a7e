import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import { AMOUNT_BANDS } from "../../lib/congressional/bands";
import { DISCLOSURE_DEADLINE_DAYS } from "../../lib/congressional/ports";
import { HOUSE_SEATS, SIMULATED_MEMBERS } from "../../lib/congressional/sim/roster";
import {
  createSimulatedCongress,
  SIMULATED_FILING_BASE_URL,
} from "../../lib/congressional/sim/source";
import { LATE_SHARE, MAX_DELAY_DAYS } from "../../lib/congressional/sim/trades";
import { pinnedClock } from "../../lib/deps";
import { nyInstant, nyWallClock } from "../../lib/market/ny-time";
import { isTradingDay } from "../../lib/market/nyse-calendar";
import { roundPrice } from "../../lib/market/precision";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";

/**
 * The simulated Congress: a fictional roster in plausible seats, and trades whose delays,
 * late flags, amount bands and prices follow the rules and the market, known only once
 * disclosed.
 */

const world = (instant: string) => {
  const clock = pinnedClock(new Date(instant));
  const market = createSimulatedMarket(clock);
  return { clock, market, congress: createSimulatedCongress(market, clock) };
};

const CURRENT_LAST_NAMES = new Set(
  readFileSync(
    join(import.meta.dirname, "../fixtures/congressional/current-member-last-names.txt"),
    "utf8",
  )
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((name) => name.toLowerCase()),
);

describe("the simulated roster", () => {
  it("has 40-50 fictional members across both chambers, parties and plausible seats", () => {
    const members = SIMULATED_MEMBERS;
    expect(members.length).toBeGreaterThanOrEqual(40);
    expect(members.length).toBeLessThanOrEqual(50);
    expect(new Set(members.map((m) => m.id)).size).toBe(members.length);
    expect(new Set(members.map((m) => m.chamber))).toEqual(new Set(["house", "senate"]));
    expect(new Set(members.map((m) => m.party))).toEqual(new Set(["D", "R", "I"]));
    expect(new Set(members.map((m) => m.state)).size).toBeGreaterThanOrEqual(20);
    const seats = new Set<string>();
    const senators = new Map<string, number>();
    for (const m of members) {
      if (m.chamber === "senate") {
        expect(m.district, m.id).toBeNull();
        senators.set(m.state, (senators.get(m.state) ?? 0) + 1);
        continue;
      }
      const seatsInState = HOUSE_SEATS[m.state] as number;
      expect(seatsInState, m.state).toBeGreaterThan(0);
      if (seatsInState === 1) expect(m.district, m.id).toBe("AL");
      else expect(Number(m.district), m.id).toBeGreaterThanOrEqual(1);
      if (seatsInState > 1) expect(Number(m.district), m.id).toBeLessThanOrEqual(seatsInState);
      seats.add(`${m.state}-${m.district}`);
    }
    expect(seats.size).toBe(members.filter((m) => m.chamber === "house").length);
    for (const [state, count] of senators) expect(count, state).toBeLessThanOrEqual(2);
  });

  it("shares no last name with a member of the current Congress", () => {
    expect(CURRENT_LAST_NAMES.size).toBeGreaterThan(400);
    expect(CURRENT_LAST_NAMES.has("klobuchar")).toBe(true);
    const clashes = SIMULATED_MEMBERS.flatMap((m) =>
      [m.lastName, ...m.lastName.split("-")]
        .filter((part) => CURRENT_LAST_NAMES.has(part.toLowerCase()))
        .map((part) => `${m.firstName} ${m.lastName} (${part})`),
    );
    expect(clashes).toEqual([]);
  });
});

describe("the STOCK Act amount bands", () => {
  it("carry bounds that match their label, and the midpoint estimate", () => {
    expect(AMOUNT_BANDS.map((b) => b.label)).toEqual([
      "$1,001 - $15,000",
      "$15,001 - $50,000",
      "$50,001 - $100,000",
      "$100,001 - $250,000",
      "$250,001 - $500,000",
      "$500,001 - $1,000,000",
      "$1,000,001 - $5,000,000",
      "$5,000,001 - $25,000,000",
      "$25,000,001 - $50,000,000",
      "Over $50,000,000",
    ]);
    const dollars = (text: string) => Number(text.replaceAll(/[$,]/g, ""));
    for (const band of AMOUNT_BANDS) {
      const closed = /^(\$[\d,]+) - (\$[\d,]+)$/.exec(band.label);
      if (closed) {
        expect(band.minUsd).toBe(dollars(closed[1] as string));
        expect(band.maxUsd).toBe(dollars(closed[2] as string));
        expect(band.estimateUsd).toBe(((band.minUsd + (band.maxUsd as number)) / 2) as number);
      } else {
        expect(band.maxUsd).toBeNull();
        expect(band.minUsd).toBe(dollars(band.label.replace("Over ", "")) + 1);
        expect(band.estimateUsd).toBe(band.minUsd);
      }
    }
    // Contiguous: each band starts a dollar above the last one's end.
    for (let i = 1; i < AMOUNT_BANDS.length; i++) {
      expect((AMOUNT_BANDS[i] as { minUsd: number }).minUsd).toBe(
        ((AMOUNT_BANDS[i - 1] as { maxUsd: number }).maxUsd as number) + 1,
      );
    }
  });
});

describe("the simulated trades", () => {
  const { clock, market, congress } = world(EXAMPLE_TIME);
  const nowMs = clock.now().getTime();

  it("are disclosed within the rule, with a few late filings flagged, never before the clock", async () => {
    const trades = await congress.disclosedTrades("2025-01-01");
    expect(trades.length).toBeGreaterThan(1000);
    const today = nyWallClock(nowMs).day;
    for (const t of trades) {
      expect(t.delayDays, t.id).toBeGreaterThanOrEqual(1);
      expect(t.delayDays, t.id).toBeLessThanOrEqual(MAX_DELAY_DAYS);
      expect(t.late, t.id).toBe(t.delayDays > DISCLOSURE_DEADLINE_DAYS);
      expect(Date.parse(t.disclosureDate) - Date.parse(t.transactionDate)).toBe(
        t.delayDays * 86_400_000,
      );
      expect(t.disclosedAtMs, t.id).toBeLessThanOrEqual(nowMs);
      // Public on its filing day, after the transaction's session closed.
      expect(nyWallClock(t.disclosedAtMs).day).toBe(Date.parse(t.disclosureDate) / 86_400_000);
      expect(t.disclosedAtMs).toBeGreaterThan(
        nyInstant(Date.parse(t.transactionDate) / 86_400_000, 16 * 60),
      );
      expect(isTradingDay(Date.parse(t.transactionDate) / 86_400_000), t.id).toBe(true);
      expect(Date.parse(t.disclosureDate) / 86_400_000).toBeLessThanOrEqual(today);
      expect(AMOUNT_BANDS).toContainEqual(t.amount);
      expect(t.filingUrl).toBe(`${SIMULATED_FILING_BASE_URL}/${t.filingId}.pdf`);
      expect(new URL(t.filingUrl as string).hostname).toBe("disclosures.example.com");
    }
    const lateShare = trades.filter((t) => t.late).length / trades.length;
    expect(lateShare).toBeGreaterThan(LATE_SHARE / 3);
    expect(lateShare).toBeLessThan(LATE_SHARE * 2);
    expect(Math.max(...trades.map((t) => t.delayDays))).toBeGreaterThan(DISCLOSURE_DEADLINE_DAYS);
    expect(new Set(trades.map((t) => t.member.id)).size).toBe(SIMULATED_MEMBERS.length);
    expect(new Set(trades.map((t) => t.transactionType)).size).toBe(4);
    expect(new Set(trades.map((t) => t.owner)).size).toBe(4);
  });

  it("are valued at the market's close on the transaction date", async () => {
    const trades = (await congress.disclosedTrades("2026-06-01")).slice(0, 40);
    expect(trades.length).toBe(40);
    for (const t of trades) {
      const day = Date.parse(t.transactionDate) / 86_400_000;
      const bars = await market.bars(t.code, {
        period: 5,
        from: nyInstant(day, 0),
        to: nyInstant(day + 1, 0),
        extended: false,
      });
      const instrument = await market.instrument(t.code);
      expect(bars?.length, t.id).toBe(1);
      const bar = bars?.[0] as { close: number };
      expect(t.priceAtTransaction, t.id).toBe(roundPrice(bar.close, instrument as never));
    }
  });

  it("know only their past: a later clock adds disclosures and changes none", async () => {
    const later = world("2026-12-15T15:00:00Z").congress;
    const [before, after] = await Promise.all([
      congress.disclosedTrades("2026-01-01"),
      later.disclosedTrades("2026-01-01"),
    ]);
    const afterById = new Map(after.map((t) => [t.id, t]));
    for (const t of before) expect(afterById.get(t.id), t.id).toEqual(t);
    const added = after.filter((t) => !before.some((b) => b.id === t.id));
    expect(added.length).toBeGreaterThan(0);
    for (const t of added) expect(t.disclosedAtMs).toBeGreaterThan(nowMs);
    // An earlier clock on the same day knows fewer of the day's filings.
    const morning = world("2026-11-23T13:30:00Z").congress;
    const early = await morning.disclosedTrades("2026-01-01");
    expect(early.every((t) => t.disclosedAtMs <= Date.parse("2026-11-23T13:30:00Z"))).toBe(true);
    expect(early.length).toBeLessThanOrEqual(before.length);
  });
});
