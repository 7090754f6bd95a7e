import { describe, expect, it } from "vitest";
import { hedgeRoutes as routes } from "../../lib/api/groups/hedge/routes";
import { pinnedClock } from "../../lib/deps";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { strategyPnlAtExpiry } from "../../lib/quant/pnl";
import { callRoute, type Json } from "../setup/call-route";
import { testDeps } from "../setup/deps";
import { expectInvalid, expectNoChain, refusal } from "../setup/refusals";

/**
 * POST /hedge/analyze on the simulated market at a pinned instant: the user's legs priced as
 * stated (hedge legs at the ask or bid or a given price, options held at the mid), the same
 * figures as /hedge/suggest gives the same hedge, the 121-point curve from lib/quant/pnl.ts,
 * and the refusals (forms, expirations, unlisted contracts).
 */

const SIM_NOW = "2026-11-24T16:00:00.000Z"; // Tuesday 11:00 New York, regular session
const AAPL = "AAPL_NASDAQ";
const clock = pinnedClock(new Date(SIM_NOW));
const market = createSimulatedMarket(clock);
const deps = testDeps({ market, marketClock: clock });

const analyze = (body: Json) => callRoute(routes.analyze, { body }, deps);
const suggest = (body: Json) => callRoute(routes.suggest, { body }, deps);
const cents = (usd: number) => Math.round(usd * 100) / 100;

/** The collar /hedge/suggest builds for 300 AAPL, as analyze legs. */
async function suggestedCollar() {
  const answer = await suggest({
    positions: [{ symbol: "AAPL", quantity: 300 }],
    optionType: "put",
  });
  const collar = answer.suggestions.find((s) => s.strategy === "collar");
  if (!collar) throw new Error("no collar suggested");
  return { collar, expiration: answer.expiration as string };
}

describe("POST /hedge/analyze", () => {
  it("gives a suggested hedge the figures /hedge/suggest gave it", async () => {
    const { collar } = await suggestedCollar();
    const answer = await analyze({
      positions: [{ symbol: "AAPL", quantity: 300 }],
      hedge: collar.legs.map((leg) => ({ contract: leg.contract, quantity: leg.quantity })),
    });
    for (const key of [
      "netCost",
      "costPercent",
      "costPercentAnnualised",
      "floor",
      "cap",
      "maxLoss",
      "maxGain",
      "breakevens",
      "scenarios",
      "protectionStart",
      "protectionEnd",
      "delta",
    ] as const) {
      expect(answer[key], key).toEqual(collar[key]);
    }
    expect(answer.hedge.map((leg) => leg.kind === "option" && leg.priceSource)).toEqual([
      "ask",
      "bid",
    ]);
  });

  it("draws the P&L at expiry with strategyPnlAtExpiry: 121 points, stock as a call at 0", async () => {
    const { collar } = await suggestedCollar();
    const answer = await analyze({
      positions: [{ symbol: "AAPL", quantity: 300 }],
      hedge: collar.legs.map((leg) => ({
        symbol: "AAPL",
        right: leg.right,
        strike: leg.strike,
        expiry: leg.expiration,
        quantity: leg.quantity,
      })),
    });
    const spot = (answer.positions[0] as { price: number }).price;
    const profile = strategyPnlAtExpiry(
      [
        { quantity: 300, premiumPerShare: spot, strike: 0, right: "C", multiplier: 1 },
        ...collar.legs.map((leg) => ({
          quantity: leg.quantity,
          premiumPerShare: leg.price,
          strike: leg.strike,
          right: leg.right,
        })),
      ],
      spot,
    );
    expect(answer.curve.reference).toBe("AAPL");
    expect(answer.curve.points).toHaveLength(121);
    answer.curve.points.forEach((point, i) => {
      const expected = profile.points[i] as { underlyingPrice: number; pnl: number };
      expect(point.price).toBeCloseTo(expected.underlyingPrice, 4);
      expect(point.pnl).toBe(cents(expected.pnl));
    });
    // The curve's flat floor is the reported maximum loss.
    expect(Math.min(...answer.curve.points.map((p) => p.pnl))).toBe(answer.maxLoss);
  });

  it("carries options the book holds at the mid and uses a stated hedge price", async () => {
    const { collar, expiration } = await suggestedCollar();
    const put = collar.legs.find((leg) => leg.right === "P");
    const call = collar.legs.find((leg) => leg.right === "C");
    const answer = await analyze({
      positions: [
        { symbol: "AAPL", quantity: 300 },
        { contract: call?.contract as string, quantity: -3 },
      ],
      hedge: [{ contract: put?.contract as string, quantity: 3, price: 1.5 }],
    });
    const held = answer.positions[1];
    expect(held).toMatchObject({ kind: "option", priceSource: "mid" });
    const quote = (await market.optionChain(AAPL, expiration, "C"))?.find(
      (c) => c.contract === call?.contract,
    );
    expect(held?.price).toBe(((quote?.bid as number) + (quote?.ask as number)) / 2);
    expect(answer.hedge[0]).toMatchObject({ price: 1.5, priceSource: "stated", cashFlow: -450 });
    expect(answer.netCost).toBe(450);
    // The hedge alone pays from the put's strike: the book's covered call is no protection.
    expect(answer.protectionStart?.prices[0]?.price).toBe(put?.strike);
  });

  it("measures a stock hedged with SPY puts on the market path", async () => {
    const { expiration } = await suggestedCollar();
    const puts = (await market.optionChain("SPY_ARCA", expiration, "P")) ?? [];
    const strike = puts[Math.floor(puts.length / 2) - 3]?.strike as number;
    const answer = await analyze({
      positions: [{ symbol: "AAPL", quantity: 300 }],
      hedge: [{ symbol: "SPY", right: "P", strike, expiry: expiration, quantity: 1 }],
    });
    expect(answer.scenarioBasis).toMatchObject({ reference: "SPY", kind: "market" });
    expect(answer.curve.reference).toBe("SPY");
    expect(answer.curve.points).toHaveLength(121);
    expect(answer.protectionStart?.prices.find((p) => p.symbol === "SPY")?.price).toBeCloseTo(
      strike,
      4,
    );
    expect(answer.rationale).toMatch(/\S/);
  });

  // Found by the fuzz test: SPY, the reference of a book of several stocks, was left off the
  // scenario path, so the curve had 2 points at price 0 with a NaN move (served as null).
  it("draws the curve over SPY for several stocks that do not include SPY", async () => {
    const { collar } = await suggestedCollar();
    const answer = await analyze({
      positions: [
        { symbol: "AAPL", quantity: 300 },
        { symbol: "MSFT", quantity: 20 },
      ],
      hedge: collar.legs.map((leg) => ({ contract: leg.contract, quantity: leg.quantity })),
    });
    expect(answer.curve.reference).toBe("SPY");
    expect(answer.curve.points).toHaveLength(121);
    expect(answer.curve.points.every((point) => Number.isFinite(point.movePercent))).toBe(true);
    expect(answer.curve.points[0]?.movePercent).toBe(-100);
    const spot = answer.curve.points.find((point) => point.movePercent === 0);
    expect(spot?.price).toBe(answer.benchmark.price);
    expect(routes.analyze.response.safeParse(JSON.parse(JSON.stringify(answer))).success).toBe(
      true,
    );
  });
});

describe("POST /hedge/analyze refusals", () => {
  const position = [{ symbol: "AAPL", quantity: 300 }];

  it("answers 400 naming the leg field for a leg in no valid form", async () => {
    await expectInvalid(
      () => analyze({ positions: position, hedge: [{ symbol: "AAPL", right: "P", quantity: 1 }] }),
      "hedge[0].strike",
    );
    await expectInvalid(
      () =>
        analyze({
          positions: position,
          hedge: [{ contract: "AAPL261218P00190000", symbol: "AAPL", quantity: 1 }],
        }),
      "hedge[0].symbol",
    );
    await expectInvalid(
      () => analyze({ positions: position, hedge: [{ contract: "AAPL-PUT", quantity: 1 }] }),
      "hedge[0].contract",
    );
    await expectInvalid(
      () =>
        analyze({
          positions: position,
          hedge: [{ symbol: "AAPL", right: "X", strike: 190, expiry: "2026-12-18", quantity: 1 }],
        }),
      "hedge[0].right",
    );
  });

  it("answers 400 for a hedge without options, legs on two expirations, a past expiry", async () => {
    await expectInvalid(
      () => analyze({ positions: position, hedge: [{ symbol: "SPY", quantity: -100 }] }),
      "hedge",
    );
    const expirations = (await market.optionExpirations?.expirations(AAPL)) ?? [];
    const [first, second] = expirations;
    await expectInvalid(
      () =>
        analyze({
          positions: position,
          hedge: [
            { symbol: "AAPL", right: "P", strike: 190, expiry: first as string, quantity: 1 },
            { symbol: "AAPL", right: "C", strike: 210, expiry: second as string, quantity: -1 },
          ],
        }),
      "hedge[1].expiry",
    );
    await expectInvalid(
      () =>
        analyze({
          positions: position,
          hedge: [{ symbol: "AAPL", right: "P", strike: 190, expiry: "2026-11-20", quantity: 1 }],
        }),
      "hedge[0].expiry",
    );
  });

  it("answers 404 NO_CHAIN_DATA for an option that is not listed, SYMBOL_NOT_FOUND for a stock", async () => {
    const { expiration } = await suggestedCollar();
    await expectNoChain(() =>
      analyze({
        positions: position,
        hedge: [{ symbol: "AAPL", right: "P", strike: 191.23, expiry: expiration, quantity: 1 }],
      }),
    );
    await expectNoChain(() =>
      analyze({ positions: position, hedge: [{ contract: "ZZZZ261218P00190000", quantity: 1 }] }),
    );
    await expectNoChain(() =>
      analyze({
        positions: position,
        hedge: [{ symbol: "AAPX", right: "P", strike: 190, expiry: expiration, quantity: 1 }],
      }),
    );
    const error = await refusal(() =>
      analyze({
        positions: [{ symbol: "AAPX", quantity: 100 }],
        hedge: [{ symbol: "AAPL", right: "P", strike: 190, expiry: expiration, quantity: 1 }],
      }),
    );
    expect(error).toMatchObject({ status: 404, code: "SYMBOL_NOT_FOUND" });
  });
});
