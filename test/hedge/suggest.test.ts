import { describe, expect, it } from "vitest";
import { hedgeRoutes as routes } from "../../lib/api/groups/hedge/routes";
import { optionsChainsRoutes } from "../../lib/api/groups/options/routes/chains";
import { pinnedClock } from "../../lib/deps";
import { nyWallClock } from "../../lib/market/ny-time";
import type { MarketDataProvider, OptionQuote } from "../../lib/market/ports";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { pnlAtExpiry } from "../../lib/quant/pnl";
import { callRoute, type Json } from "../setup/call-route";
import { testDeps } from "../setup/deps";
import { expectInvalid, refusal } from "../setup/refusals";

/**
 * POST /hedge/suggest on the simulated market at a pinned instant, each figure recomputed here:
 * legs priced off the chain (pay the ask, receive the bid), floors and caps by hand, scenario
 * P&L from lib/quant/pnl.ts at the scenario's prices, each leg's delta as GET
 * /options/{code}/greeks gives it, the 60-session beta from the port's daily bars, the ranking
 * by its stated rule; and the refusals (spec fact 10: optionType call or put only).
 */

const SIM_NOW = "2026-11-24T16:00:00.000Z"; // Tuesday 11:00 New York, regular session
const AAPL = "AAPL_NASDAQ";
const SPY = "SPY_ARCA";
const DAY_MS = 86_400_000;

const clock = pinnedClock(new Date(SIM_NOW));
const market = createSimulatedMarket(clock);
const deps = testDeps({ market, marketClock: clock });

const suggest = (body: Json) => callRoute(routes.suggest, { body }, deps);
type Answer = Awaited<ReturnType<typeof suggest>>;
type Suggestion = Answer["suggestions"][number];

const AAPL_300 = { positions: [{ symbol: "AAPL", quantity: 300 }], optionType: "put" };
const cents = (usd: number) => Math.round(usd * 100) / 100;

async function chainQuote(leg: Suggestion["legs"][number]): Promise<OptionQuote> {
  const chain = await market.optionChain(leg.code, leg.expiration, leg.right);
  const quote = chain?.find((contract) => contract.contract === leg.contract);
  if (!quote) throw new Error(`${leg.contract} is not on the chain`);
  return quote;
}

const byStrategy = (answer: Answer, id: string) => {
  const found = answer.suggestions.find((s) => s.strategy === id);
  if (!found) throw new Error(`no ${id} suggested`);
  return found;
};

describe("POST /hedge/suggest for 300 AAPL with puts", () => {
  it("builds every put strategy for a long stock on one expiration at least horizonDays out", async () => {
    const answer = await suggest(AAPL_300);
    expect(answer.suggestions.map((s) => s.strategy).sort()).toEqual(
      ["collar", "index-put-overlay", "protective-put", "put-spread", "zero-cost-collar"].sort(),
    );
    // The covered put is for short positions.
    expect(answer.unavailable.map((u) => u.strategy)).toEqual(["covered-put"]);
    const expiration = answer.expiration as string;
    expect(answer.daysToExpiration).toBeGreaterThanOrEqual(30);
    const expirations = (await market.optionExpirations?.expirations(AAPL)) ?? [];
    const earlier = expirations.filter((date) => date < expiration);
    const today = Date.parse(SIM_NOW.slice(0, 10));
    for (const date of earlier) expect((Date.parse(date) - today) / DAY_MS).toBeLessThan(30);
    for (const suggestion of answer.suggestions) {
      for (const leg of suggestion.legs) expect(leg.expiration).toBe(expiration);
    }
  });

  it("pays the ask for a leg bought and receives the bid for one sold", async () => {
    const answer = await suggest(AAPL_300);
    for (const suggestion of answer.suggestions) {
      let cash = 0;
      for (const leg of suggestion.legs) {
        const quote = await chainQuote(leg);
        expect(leg.price).toBe(leg.quantity > 0 ? quote.ask : quote.bid);
        expect(leg.priceSource).toBe(leg.quantity > 0 ? "ask" : "bid");
        expect(leg.contract).toMatch(/^[A-Z]{1,6}\d{6}[CP]\d{8}$/);
        cash += leg.quantity * 100 * leg.price;
      }
      expect(suggestion.netCost).toBe(cents(cash));
    }
  });

  it("states floor, cap, cost and breakeven as worked out by hand", async () => {
    const answer = await suggest(AAPL_300);
    const spot = answer.book.positions[0]?.price as number;
    expect(answer.book.value).toBe(cents(300 * spot));

    const put = byStrategy(answer, "protective-put");
    const [bought] = put.legs;
    expect(bought?.quantity).toBe(3);
    // A protective put's floor: strike × shares − premium paid.
    expect(put.floor).toBe(cents((bought?.strike as number) * 300 - put.netCost));
    expect(put.cap).toBeNull();
    expect(put.maxGain).toBeNull();
    expect(put.costPercent).toBeCloseTo((put.netCost / (300 * spot)) * 100, 4);
    expect(put.costPercentAnnualised).toBeCloseTo(
      (put.costPercent * 365) / (answer.daysToExpiration as number),
      2,
    );
    expect(put.breakevens.map((b) => b.prices[0]?.price)).toEqual([
      expect.closeTo(spot + put.netCost / 300, 3),
    ]);
    expect(put.protectionStart?.prices[0]?.price).toBe(bought?.strike);
    // The strike nearest 95 % of spot.
    const puts = (await market.optionChain(AAPL, answer.expiration as string, "P")) ?? [];
    const target = 0.95 * spot;
    const nearest = Math.min(...puts.map((p) => Math.abs(p.strike - target)));
    expect(Math.abs((bought?.strike as number) - target)).toBe(nearest);

    const collar = byStrategy(answer, "collar");
    const call = collar.legs.find((leg) => leg.right === "C");
    expect(call?.quantity).toBe(-3);
    expect(collar.cap).toBe(cents((call?.strike as number) * 300 - collar.netCost));

    const zeroCost = byStrategy(answer, "zero-cost-collar");
    expect(zeroCost.netCost).toBeLessThanOrEqual(0);

    const spread = byStrategy(answer, "put-spread");
    const lower = Math.min(...spread.legs.map((leg) => leg.strike));
    expect(spread.protectionEnd?.prices[0]?.price).toBe(lower);
  });

  it("gives scenario P&L equal to pnlAtExpiry at the scenario's prices", async () => {
    const answer = await suggest(AAPL_300);
    const spot = answer.book.positions[0]?.price as number;
    for (const suggestion of answer.suggestions.filter((s) => s.strategy !== "index-put-overlay")) {
      expect(suggestion.scenarios.map((s) => s.movePercent)).toEqual([-30, -20, -10, -5, 5, 10]);
      const legs = suggestion.legs.map((leg) => ({
        quantity: leg.quantity,
        premiumPerShare: leg.price,
        strike: leg.strike,
        right: leg.right,
      }));
      for (const scenario of suggestion.scenarios) {
        const price = spot * (1 + scenario.movePercent / 100);
        expect(scenario.prices[0]?.price).toBeCloseTo(price, 4);
        expect(scenario.unhedgedPnl).toBeCloseTo(300 * (price - spot), 2);
        expect(scenario.hedgePnl).toBeCloseTo(pnlAtExpiry(legs, price), 2);
        expect(scenario.hedgedPnl).toBeCloseTo(300 * (price - spot) + pnlAtExpiry(legs, price), 2);
      }
    }
  });

  it("ranks by the mean hedged scenario P&L, highest first", async () => {
    const answer = await suggest(AAPL_300);
    const scores = answer.suggestions.map((s) => s.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(answer.suggestions.map((s) => s.rank)).toEqual(scores.map((_, i) => i + 1));
    for (const suggestion of answer.suggestions) {
      const mean = suggestion.scenarios.reduce((sum, s) => sum + s.hedgedPnl, 0) / 6;
      expect(suggestion.score).toBeCloseTo(mean, 1);
    }
  });

  it("leaves out what costs more than maxCostPercent, and says so", async () => {
    const all = await suggest(AAPL_300);
    const limit = byStrategy(all, "protective-put").costPercent - 0.01;
    const capped = await suggest({ ...AAPL_300, maxCostPercent: limit });
    for (const suggestion of capped.suggestions) {
      expect(suggestion.costPercent).toBeLessThanOrEqual(limit);
    }
    expect(capped.excludedOverBudget.map((e) => e.strategy)).toContain("protective-put");
    expect(capped.suggestions.length + capped.excludedOverBudget.length).toBe(
      all.suggestions.length,
    );
  });

  it("takes a single position object as a list of one", async () => {
    const single = await suggest({
      positions: { symbol: "aapl", quantity: 300 },
      optionType: "PUT",
    });
    expect(single).toEqual(await suggest(AAPL_300));
  });

  it("writes a rationale from each suggestion's own numbers, the same for the same request", async () => {
    const [first, second] = [await suggest(AAPL_300), await suggest(AAPL_300)];
    for (const suggestion of first.suggestions) {
      expect(suggestion.rationale).toMatch(/\S/);
      expect(suggestion.rationale).toContain(suggestion.name);
      const cost = Math.abs(suggestion.netCost).toFixed(2);
      expect(suggestion.rationale.replaceAll(",", "")).toContain(cost);
    }
    expect(second.suggestions.map((s) => s.rationale)).toEqual(
      first.suggestions.map((s) => s.rationale),
    );
    // Varied wording: not one sentence pattern for every suggestion.
    const openings = new Set(
      first.suggestions.map((s) => s.rationale.split(":")[0]?.split(" ").at(-1)),
    );
    expect(openings.size).toBeGreaterThan(1);
  });
});

describe("deltas and betas", () => {
  /** Daily closes of completed sessions from the port (today's session is in progress). */
  async function completedCloses(provider: MarketDataProvider, code: string) {
    const now = Date.parse(SIM_NOW);
    const bars =
      (await provider.bars(code, {
        period: 5,
        from: now - 200 * DAY_MS,
        to: now + 1,
        extended: false,
      })) ?? [];
    const today = nyWallClock(now).day;
    return bars.filter((bar) => nyWallClock(bar.timestamp).day !== today);
  }

  /** cov/var of the last 59 daily log returns (60 sessions), by hand. */
  async function handBeta(code: string) {
    const own = (await completedCloses(market, code)).slice(-60);
    const spy = (await completedCloses(market, SPY)).slice(-60);
    expect(own.map((b) => b.timestamp)).toEqual(spy.map((b) => b.timestamp));
    const returns = (bars: typeof own) =>
      bars.slice(1).map((bar, i) => Math.log(bar.close / (bars[i] as typeof bar).close));
    const x = returns(own);
    const m = returns(spy);
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
    const [mx, mm] = [mean(x), mean(m)];
    let cov = 0;
    let varM = 0;
    for (let i = 0; i < x.length; i++) {
      cov += ((x[i] as number) - mx) * ((m[i] as number) - mm);
      varM += ((m[i] as number) - mm) ** 2;
    }
    return cov / varM;
  }

  it("measures beta over the last 60 completed sessions against SPY", async () => {
    const answer = await suggest({
      positions: [
        { symbol: "AAPL", quantity: 300 },
        { symbol: "XOM", quantity: 200 },
      ],
      optionType: "put",
    });
    for (const position of answer.book.positions) {
      expect(position.beta).toBeCloseTo(await handBeta(position.code), 6);
    }
  });

  it("gives each leg the delta GET /options/{code}/greeks gives its contract", async () => {
    const answer = await suggest(AAPL_300);
    for (const leg of byStrategy(answer, "collar").legs) {
      const greeks = await callRoute(
        optionsChainsRoutes.greeks,
        { params: { code: leg.code }, query: { expiry: leg.expiration, right: leg.right } },
        deps,
      );
      const row = greeks.items.find((item) => item.contract === leg.contract);
      expect(leg.delta).toBe(row?.delta);
      expect(leg.impliedVolatility).toBe(row?.impliedVolatility);
    }
  });

  it("beta-weights delta into SPY shares before and after the hedge", async () => {
    const answer = await suggest(AAPL_300);
    const spy = answer.benchmark.price;
    const [aapl] = answer.book.positions;
    const beta = aapl?.beta as number;
    const spot = aapl?.price as number;
    const collar = byStrategy(answer, "collar");
    // beta is served to 6 decimals: 3 decimals of SPY shares are exact here.
    expect(collar.delta.before.betaWeightedDeltaSpyShares).toBeCloseTo(
      (beta * 300 * spot) / spy,
      3,
    );
    const hedgedShares =
      300 + collar.legs.reduce((sum, leg) => sum + leg.quantity * 100 * leg.delta, 0);
    expect(collar.delta.after.byUnderlying[0]?.deltaShares).toBeCloseTo(hedgedShares, 3);
    expect(collar.delta.after.betaWeightedDeltaSpyShares).toBeCloseTo(
      (beta * hedgedShares * spot) / spy,
      3,
    );
  });

  it("sizes the SPY overlay on the book's beta-weighted delta", async () => {
    const answer = await suggest({
      positions: ["AAPL", "MSFT", "NVDA", "JPM", "XOM"].map((symbol) => ({
        symbol,
        quantity: 400,
      })),
      optionType: "put",
    });
    expect(answer.scenarioBasis).toMatchObject({ reference: "SPY", kind: "market" });
    const overlay = byStrategy(answer, "index-put-overlay");
    const [puts] = overlay.legs;
    expect(overlay.legs).toHaveLength(1);
    expect(puts?.symbol).toBe("SPY");
    expect(puts?.quantity).toBe(Math.round(answer.book.delta.betaWeightedDeltaSpyShares / 100));
    // Each stock moves its beta times SPY's move.
    const down = overlay.scenarios[1];
    for (const row of down?.prices ?? []) {
      const position = answer.book.positions.find((p) => p.code === row.code);
      const beta = row.code === SPY ? 1 : (position?.beta as number);
      const now = row.code === SPY ? answer.benchmark.price : (position?.price as number);
      expect(row.price).toBeCloseTo(now * (1 - 0.2 * beta), 3);
    }
  });
});

describe("short positions and calls", () => {
  it("protects a short stock with calls above the price", async () => {
    const answer = await suggest({
      positions: [{ symbol: "TSLA", quantity: -200 }],
      optionType: "call",
    });
    const spot = answer.book.positions[0]?.price as number;
    expect(answer.book.exposure).toBe("short");
    const call = byStrategy(answer, "protective-call");
    expect(call.legs).toMatchObject([{ right: "C", action: "buy", quantity: 2 }]);
    expect(call.legs[0]?.strike).toBeGreaterThan(spot);
    // Mirrored scenarios: against a short book the rises come first.
    expect(call.scenarios.map((s) => s.movePercent)).toEqual([30, 20, 10, 5, -5, -10]);
    expect(call.maxLoss).toBe(
      cents(-((call.legs[0]?.strike as number) - spot) * 200 - call.netCost),
    );
  });

  it("offers a long position with calls only the covered call, and says why the rest is out", async () => {
    const answer = await suggest({
      positions: [{ symbol: "AAPL", quantity: 300 }],
      optionType: "call",
    });
    expect(answer.suggestions.map((s) => s.strategy)).toEqual(["covered-call"]);
    const covered = byStrategy(answer, "covered-call");
    expect(covered.protectionStart).toBeNull();
    expect(covered.netCost).toBeLessThan(0);
    expect(answer.unavailable.map((u) => u.strategy)).toContain("protective-call");
    expect(answer.unavailable.find((u) => u.strategy === "index-call-overlay")?.reason).toContain(
      "long",
    );
  });

  it("leaves positions under 100 shares unhedged by single-name options, with the reason", async () => {
    const answer = await suggest({
      positions: [
        { symbol: "AAPL", quantity: 300 },
        { symbol: "MSFT", quantity: 50 },
      ],
      optionType: "put",
    });
    const put = byStrategy(answer, "protective-put");
    expect(put.legs.every((leg) => leg.symbol === "AAPL")).toBe(true);
    expect(put.unhedgedPositions).toEqual([
      { symbol: "MSFT", code: "MSFT_NASDAQ", reason: expect.stringContaining("100 shares") },
    ]);
  });
});

describe("refusals", () => {
  it.each(["straddle", "C", "P", "", "calls"])(
    "answers 400 INVALID_PARAMETER naming optionType for %j (spec fact 10)",
    async (optionType) => {
      await expectInvalid(() => suggest({ ...AAPL_300, optionType }), "optionType");
    },
  );

  it("answers 400 naming optionType when it is missing", async () => {
    await expectInvalid(() => suggest({ positions: AAPL_300.positions }), "optionType");
  });

  it.each([
    [{ positions: [], optionType: "put" }, "positions"],
    [{ positions: [{ symbol: "AAPL", quantity: 0 }], optionType: "put" }, "positions[0].quantity"],
    [
      { positions: [{ symbol: "AAPL", quantity: 1.5 }], optionType: "put" },
      "positions[0].quantity",
    ],
    [
      { positions: [{ symbol: "AAPL NASDAQ", quantity: 10 }], optionType: "put" },
      "positions[0].symbol",
    ],
    [{ ...AAPL_300, protectionPercent: 120 }, "protectionPercent"],
    [{ ...AAPL_300, horizonDays: 0 }, "horizonDays"],
    [{ ...AAPL_300, maxCostPercent: -1 }, "maxCostPercent"],
  ])("answers 400 naming the field for %j", async (body, field) => {
    await expectInvalid(() => suggest(body as Json), field);
  });

  it("answers 400 for a symbol given twice or a contract that is not a stock or ETF", async () => {
    await expectInvalid(
      () =>
        suggest({
          positions: [
            { symbol: "AAPL", quantity: 100 },
            { symbol: "AAPL_NASDAQ", quantity: 100 },
          ],
          optionType: "put",
        }),
      "positions[1].symbol",
    );
    await expectInvalid(
      () => suggest({ positions: [{ symbol: "BTC_COINBASE", quantity: 1 }], optionType: "put" }),
      "positions[0].symbol",
    );
  });

  it("answers 404 SYMBOL_NOT_FOUND for an unknown symbol", async () => {
    const error = await refusal(() =>
      suggest({ positions: [{ symbol: "AAPX", quantity: 100 }], optionType: "put" }),
    );
    expect(error).toMatchObject({ status: 404, code: "SYMBOL_NOT_FOUND" });
    expect(error.message).toContain("AAPX");
  });
});
