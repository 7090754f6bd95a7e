import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api/errors";
import { OPTIONS_FLOW_EXAMPLES } from "../../lib/api/examples/options-flow";
import { optionsFlowRoutes } from "../../lib/api/groups/options/routes/flow";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import { pinnedClock } from "../../lib/deps";
import type { MarketDataProvider, OptionQuote, OptionTradePrint } from "../../lib/market/ports";
import { createSimulatedMarket, type SimulatedMarket } from "../../lib/market/sim/simulated-market";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";

/**
 * GET /options/{code}/flow on the simulated market at pinned instants: the unusual prints are
 * recomputed here from the provider's own tape and chains with the definition the route states
 * (not the implementation's helpers), and the side rules, totals and ordering are checked on a
 * hand-made tape whose every answer is known in advance.
 */

const route = optionsFlowRoutes.flow;
const TUESDAY_AFTERNOON = "2026-11-24T20:00:00.000Z"; // 15:00 New York, regular session
const SATURDAY = "2026-11-21T15:00:00.000Z"; // the latest session: Friday 2026-11-20
const AAPL = "AAPL_NASDAQ";
const CODES = [AAPL, "NVDA_NASDAQ", "SPY_ARCA", "F_NYSE"];

function depsAt(nowIso: string, edit?: (sim: SimulatedMarket) => MarketDataProvider) {
  const clock = pinnedClock(new Date(nowIso));
  const sim = createSimulatedMarket(clock);
  return { sim, deps: testDeps({ market: edit ? edit(sim) : sim, marketClock: clock }) };
}

const round = (value: number, decimals: number) => {
  const scale = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * scale)) / scale;
};

async function errorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** The contract of a print in the provider's chain at the clock. */
function chainReader(sim: MarketDataProvider, code: string) {
  const chains = new Map<string, Promise<OptionQuote[] | undefined>>();
  return async (print: OptionTradePrint) => {
    const key = `${print.expiration}${print.right}`;
    if (!chains.has(key)) chains.set(key, sim.optionChain(code, print.expiration, print.right));
    return (await chains.get(key))?.find((contract) => contract.strike === print.strike);
  };
}

/**
 * The route's definition of unusual, written out: premium ≥ minPremium, size ≥ minSize, or,
 * for prints of at least 10 contracts, size > open interest or volume ≥ open interest.
 */
function unusualBecause(
  print: OptionTradePrint,
  contract: OptionQuote | undefined,
  minPremium: number,
  minSize: number,
) {
  const reasons: string[] = [];
  if (round(print.price * print.size * 100, 2) >= minPremium) reasons.push("premium");
  if (print.size >= minSize) reasons.push("size");
  if (contract && print.size >= 10) {
    if (print.size > (contract.openInterest ?? Number.NaN)) reasons.push("opening");
    if (contract.volume >= (contract.openInterest ?? Number.NaN))
      reasons.push("volumeOverOpenInterest");
  }
  return reasons;
}

/** Every unusual print of the provider's tape up to the clock, newest first. */
async function expectedFlow(sim: SimulatedMarket, code: string, minPremium = 1e5, minSize = 250) {
  const tape = (await sim.optionTrades(code)) ?? [];
  const contractOf = chainReader(sim, code);
  const rows = [];
  for (const [index, print] of tape.entries()) {
    const contract = await contractOf(print);
    const reasons = unusualBecause(print, contract, minPremium, minSize);
    if (reasons.length > 0) rows.push({ index, print, contract, reasons });
  }
  rows.sort((a, b) => b.print.timestamp - a.print.timestamp || b.index - a.index);
  return { tape, rows };
}

/** The side rule of the route description, written out. */
function expectedSide(price: number, bid: number, ask: number) {
  const band = Math.max(0.005, 0.1 * (ask - bid));
  if (price > ask + 0.005 + 1e-9) return "aboveAsk";
  if (price >= ask - band - 1e-9) return "atAsk";
  if (price < bid - 0.005 - 1e-9) return "belowBid";
  if (price <= bid + band + 1e-9) return "atBid";
  return "mid";
}

describe("GET /options/{code}/flow on the simulated tape", () => {
  it.each(CODES)(
    "%s: lists exactly the tape's unusual prints up to the clock, newest first",
    async (code) => {
      const { sim, deps } = depsAt(TUESDAY_AFTERNOON);
      const answer = await callRoute(route, { params: { code }, query: { limit: "500" } }, deps);
      const { tape, rows } = await expectedFlow(sim, code);
      expect(tape.length).toBeGreaterThan(50);
      expect(answer.tapePrintCount).toBe(tape.length);
      expect(answer.unusualPrintCount).toBe(rows.length);
      expect(answer.items).toHaveLength(rows.length);
      const listed = answer.items.map((item) => [
        item.time,
        item.expiration,
        item.right,
        item.strike,
        item.size,
        item.price,
      ]);
      const recomputed = rows.map(({ print: p }) => [
        new Date(p.timestamp).toISOString(),
        p.expiration,
        p.right,
        p.strike,
        p.size,
        p.price,
      ]);
      expect(listed).toEqual(recomputed);
      expect(answer.items.map((item) => item.unusualBecause)).toEqual(rows.map((r) => r.reasons));
      // Newest first, nothing after the clock.
      const times = answer.items.map((item) => Date.parse(item.time));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      for (const time of times) expect(time).toBeLessThanOrEqual(Date.parse(TUESDAY_AFTERNOON));
    },
  );

  it("filters: some prints are unusual, most are not, on a liquid name", async () => {
    const { deps } = depsAt(TUESDAY_AFTERNOON);
    const answer = await callRoute(route, { params: { code: AAPL } }, deps);
    expect(answer.unusualPrintCount).toBeGreaterThan(0);
    expect(answer.unusualPrintCount).toBeLessThan(answer.tapePrintCount / 2);
    expect(answer.criteria).toEqual({
      minPremium: 100_000,
      minSize: 250,
      relativeMinSize: 10,
      volumeToOpenInterest: 1,
      sideBandSpreadShare: 0.1,
    });
  });

  it("follows minPremium and minSize, and limit cuts the list but not the totals", async () => {
    const { sim, deps } = depsAt(TUESDAY_AFTERNOON);
    const query = { minPremium: "20000", minSize: "100", limit: "3" };
    const answer = await callRoute(route, { params: { code: AAPL }, query }, deps);
    const { rows } = await expectedFlow(sim, AAPL, 20_000, 100);
    expect(rows.length).toBeGreaterThan(3);
    expect(answer.unusualPrintCount).toBe(rows.length);
    expect(answer.totals.printCount).toBe(rows.length);
    expect(answer.items.map((item) => item.time)).toEqual(
      rows.slice(0, 3).map((row) => new Date(row.print.timestamp).toISOString()),
    );
    const premium = rows.reduce((total, row) => total + row.print.price * row.print.size * 100, 0);
    expect(answer.totals.totalPremium).toBeCloseTo(premium, 2);
  });

  it("states each print's premium, quote, side, contract figures as the chain has them", async () => {
    const { sim, deps } = depsAt(TUESDAY_AFTERNOON);
    for (const code of CODES) {
      const answer = await callRoute(route, { params: { code }, query: { limit: "500" } }, deps);
      const { rows } = await expectedFlow(sim, code);
      for (const [i, item] of answer.items.entries()) {
        const { print, contract } = rows[i] as (typeof rows)[number];
        const quoted = contract as OptionQuote;
        expect(item.premium).toBe(round(item.price * item.size * 100, 2));
        expect(item.contract).toBe(quoted.contract);
        expect(item.daysToExpiration).toBeGreaterThanOrEqual(0);
        expect([item.bid, item.ask, item.bidAskSource]).toEqual([
          quoted.bid,
          quoted.ask,
          "current",
        ]);
        expect(item.side).toBe(expectedSide(item.price, quoted.bid, quoted.ask));
        // The simulated tape knows who traded: buyers lift the ask, sellers hit the bid.
        if (quoted.ask > quoted.bid) {
          const sim = (print as { side?: "buy" | "sell" }).side;
          expect(item.aggressor).toBe(sim === "buy" ? "buyer" : "seller");
        }
        expect(item.tradeType).toBe(
          { sweep: "sweep", block: "block", regular: "single" }[print.kind],
        );
        expect(item.volume).toBe(quoted.volume);
        expect(item.openInterest).toBe(quoted.openInterest);
        expect(item.volumeToOpenInterest).toBe(
          (quoted.openInterest ?? Number.NaN) > 0
            ? round(quoted.volume / (quoted.openInterest ?? Number.NaN), 6)
            : null,
        );
        expect(item.likelyOpening).toBe(item.size > (quoted.openInterest ?? Number.NaN));
        expect(item.impliedVolatility).toBe(round((quoted.impliedVolatility ?? 0) * 100, 4));
        expect(item.delta).toBe(round(quoted.delta ?? 0, 6));
      }
    }
  });

  it("totals add up by right and by lean", async () => {
    const { deps } = depsAt(TUESDAY_AFTERNOON);
    for (const code of CODES) {
      const answer = await callRoute(route, { params: { code }, query: { limit: "500" } }, deps);
      const { totals, items } = answer;
      const sum = (filter: (item: (typeof items)[number]) => boolean) =>
        round(
          items.filter(filter).reduce((total, item) => total + item.premium, 0),
          2,
        );
      expect(totals.printCount).toBe(items.length);
      expect(totals.callPremium).toBe(sum((item) => item.right === "C"));
      expect(totals.putPremium).toBe(sum((item) => item.right === "P"));
      expect(totals.totalPremium).toBe(round(totals.callPremium + totals.putPremium, 2));
      const bullish = (item: (typeof items)[number]) =>
        (item.right === "C" && item.aggressor === "buyer") ||
        (item.right === "P" && item.aggressor === "seller");
      const bearish = (item: (typeof items)[number]) =>
        (item.right === "P" && item.aggressor === "buyer") ||
        (item.right === "C" && item.aggressor === "seller");
      expect(totals.bullishPremium).toBe(sum(bullish));
      expect(totals.bearishPremium).toBe(sum(bearish));
      expect(totals.unclassifiedPremium).toBe(sum((item) => item.aggressor === "unknown"));
      expect(
        round(totals.bullishPremium + totals.bearishPremium + totals.unclassifiedPremium, 2),
      ).toBe(totals.totalPremium);
    }
  });

  it("on a weekend shows the latest session's tape (Friday's), all of it", async () => {
    const { sim, deps } = depsAt(SATURDAY);
    const answer = await callRoute(
      route,
      { params: { code: AAPL }, query: { limit: "500" } },
      deps,
    );
    const { tape, rows } = await expectedFlow(sim, AAPL);
    expect(answer.tapePrintCount).toBe(tape.length);
    expect(tape.length).toBeGreaterThan(50);
    expect(answer.unusualPrintCount).toBe(rows.length);
    const open = Date.parse("2026-11-20T14:30:00Z"); // 09:30 New York
    const close = Date.parse("2026-11-20T21:00:00Z"); // 16:00
    for (const print of tape) {
      expect(print.timestamp).toBeGreaterThanOrEqual(open);
      expect(print.timestamp).toBeLessThanOrEqual(close);
    }
  });

  it("before the open shows the previous session's tape (Monday pre-market: Friday's)", async () => {
    const { deps } = depsAt("2026-11-23T13:00:00.000Z"); // Monday 08:00 New York
    const answer = await callRoute(route, { params: { code: AAPL } }, deps);
    expect(answer.tapePrintCount).toBeGreaterThan(50);
    for (const item of answer.items) expect(item.time.startsWith("2026-11-20")).toBe(true);
  });

  it("shows the OpenAPI example's answer at EXAMPLE_TIME", async () => {
    const { deps } = depsAt(EXAMPLE_TIME);
    const example = OPTIONS_FLOW_EXAMPLES["options.flow"];
    const answer = await callRoute(route, example?.request as never, deps);
    expect(JSON.parse(JSON.stringify(answer))).toEqual(example?.data);
  });
});

describe("GET /options/{code}/flow: side, aggressor and totals on a hand-made tape", () => {
  const nowMs = Date.parse(TUESDAY_AFTERNOON);
  const minute = 60_000;

  /** A tape of prints on one listed call and one listed put, with quotes at the print. */
  async function craftedDeps() {
    const clock = pinnedClock(new Date(TUESDAY_AFTERNOON));
    const sim = createSimulatedMarket(clock);
    const expiration = (await sim.optionExpirations.expirations(AAPL))?.[2] as string;
    const call = (await sim.optionChain(AAPL, expiration, "C"))?.[20] as OptionQuote;
    const put = (await sim.optionChain(AAPL, expiration, "P"))?.[20] as OptionQuote;
    const at = (contract: OptionQuote, price: number, minutesAgo: number, quoted = true) => ({
      timestamp: nowMs - minutesAgo * minute,
      expiration,
      strike: contract.strike,
      right: contract.right,
      size: 1000,
      price,
      kind: "regular" as const,
      ...(quoted ? { bid: 1, ask: 1.2 } : {}),
    });
    // bid 1.00, ask 1.20: band = 0.02 (10 % of the spread), edges ± 0.005.
    const cases = [
      { print: at(call, 1.25, 9), side: "aboveAsk", aggressor: "buyer", lean: "bullish" },
      { print: at(call, 1.18, 8), side: "atAsk", aggressor: "buyer", lean: "bullish" },
      { print: at(call, 1.205, 8), side: "atAsk", aggressor: "buyer", lean: "bullish" },
      { print: at(call, 1.1, 7), side: "mid", aggressor: "unknown", lean: "unclassified" },
      { print: at(call, 0.995, 6), side: "atBid", aggressor: "seller", lean: "bearish" },
      { print: at(put, 1.02, 5), side: "atBid", aggressor: "seller", lean: "bullish" },
      { print: at(put, 0.99, 4), side: "belowBid", aggressor: "seller", lean: "bullish" },
      { print: at(put, 1.21, 3), side: "aboveAsk", aggressor: "buyer", lean: "bearish" },
      { print: at(put, 1.179, 3), side: "mid", aggressor: "unknown", lean: "unclassified" },
    ];
    const unquoted = at(put, put.ask, 2, false);
    const unlisted = { ...at(call, 2, 1, false), strike: 9999 };
    const afterClock = at(call, 1.25, -1);
    const tape: OptionTradePrint[] = [...cases.map((c) => c.print), unquoted, unlisted, afterClock];
    const market = {
      ...sim,
      optionTape: { optionTrades: async (code: string) => (code === AAPL ? tape : undefined) },
    };
    return { cases, call, put, unquoted, deps: testDeps({ market, marketClock: clock }) };
  }

  it("classifies each print by the documented bands and implies its aggressor", async () => {
    const { cases, put, deps } = await craftedDeps();
    const answer = await callRoute(
      route,
      { params: { code: AAPL }, query: { limit: "500" } },
      deps,
    );
    expect(answer.tapePrintCount).toBe(cases.length + 2); // the print after the clock is dropped
    const [unlisted, unquoted, ...rest] = answer.items;
    // Newest first; the two prints of the same instant in reverse tape order.
    expect(rest.map((item) => [item.price, item.side, item.aggressor])).toEqual(
      [...cases].reverse().map((c) => [c.print.price, c.side, c.aggressor]),
    );
    for (const item of rest)
      expect([item.bid, item.ask, item.bidAskSource]).toEqual([1, 1.2, "print"]);
    // Without a quote on the tape: the contract's current one; without either: no quote.
    expect(unquoted).toMatchObject({ bidAskSource: "current", bid: put.bid, ask: put.ask });
    expect(unquoted?.side).toBe("atAsk");
    expect(unlisted).toMatchObject({
      bidAskSource: "none",
      bid: null,
      ask: null,
      side: "noQuote",
      aggressor: "unknown",
      openInterest: null,
      likelyOpening: null,
      impliedVolatility: null,
      unusualBecause: ["premium", "size"],
    });
    expect(unlisted?.contract).toMatch(/^AAPL\d{6}C09999000$/);
  });

  it("adds bullish (calls bought, puts sold) and bearish (puts bought, calls sold) premium", async () => {
    const { cases, unquoted, deps } = await craftedDeps();
    const answer = await callRoute(route, { params: { code: AAPL } }, deps);
    const premiumOf = (leans: string) =>
      round(
        cases
          .filter((c) => c.lean === leans)
          .reduce((total, c) => total + c.print.price * c.print.size * 100, 0),
        2,
      );
    const unquotedPremium = round(unquoted.price * 1000 * 100, 2);
    expect(answer.totals.bullishPremium).toBe(premiumOf("bullish"));
    expect(answer.totals.bearishPremium).toBe(round(premiumOf("bearish") + unquotedPremium, 2)); // a put bought at the ask
    expect(answer.totals.unclassifiedPremium).toBe(
      round(premiumOf("unclassified") + 2 * 1000 * 100, 2),
    ); // + the unlisted print
    expect(answer.totals.printCount).toBe(cases.length + 2);
  });
});

describe("GET /options/{code}/flow: errors", () => {
  const { deps } = depsAt(TUESDAY_AFTERNOON);

  it.each([
    ["limit", "0"],
    ["limit", "501"],
    ["limit", "2.5"],
    ["limit", "many"],
    ["minPremium", "-1"],
    ["minPremium", "1000000001"],
    ["minSize", "0"],
  ])("answers 400 naming %s for %s", async (field, value) => {
    const request = { params: { code: AAPL }, query: { [field]: value } };
    const error = await errorOf(callRoute(route, request, deps));
    expect(error).toMatchObject({ status: 400, code: "INVALID_PARAMETER" });
    expect(error.message).toContain(`'${field}'`);
  });

  it("answers 400 naming code for a malformed code", async () => {
    const error = await errorOf(callRoute(route, { params: { code: "AAPL" } }, deps));
    expect(error).toMatchObject({ status: 400, code: "INVALID_PARAMETER" });
    expect(error.message).toContain("'code'");
  });

  it.each(["ZZZZ_NASDAQ", "BTC_COINBASE"])(
    "answers 404 NO_CHAIN_DATA for %s (unknown or without listed options)",
    async (code) => {
      const error = await errorOf(callRoute(route, { params: { code } }, deps));
      expect(error).toMatchObject({ status: 404, code: "NO_CHAIN_DATA" });
    },
  );

  it("answers 503 MARKET_DATA_UNAVAILABLE when the source has no tape (as Alpaca)", async () => {
    const { deps: tapeless } = depsAt(TUESDAY_AFTERNOON, (sim) => ({
      ...sim,
      optionTape: undefined,
    }));
    const error = await errorOf(callRoute(route, { params: { code: AAPL } }, tapeless));
    expect(error).toMatchObject({ status: 503, code: "MARKET_DATA_UNAVAILABLE" });
  });

  it("reads the tape through the wired (cached) provider", () => {
    expect(testDeps().market.optionTape).toBeDefined();
  });
});
