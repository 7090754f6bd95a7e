import { describe, expect, it } from "vitest";
import { pinnedClock } from "../../lib/deps";
import { clearSimCaches } from "../../lib/market/sim/price-engine";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";

/** The simulated market's ATM IV history (for IV rank) and options trade tape (for flow). */

const NOW = new Date("2026-11-24T20:00:00Z"); // Tuesday 15:00 New York
const market = createSimulatedMarket(pinnedClock(NOW));

describe("ATM implied volatility history", () => {
  it("covers a year of trading days, ending today, at levels that follow the price regime", async () => {
    const history = await market.atmIvHistory("AAPL_NASDAQ", 260);
    expect(history).toHaveLength(260);
    expect(history?.at(-1)?.date).toBe("2026-11-24");
    const ivs = history?.map((h) => h.impliedVolatility) ?? [];
    for (const iv of ivs) expect(iv).toBeGreaterThan(0.05);
    expect(Math.max(...ivs) / Math.min(...ivs)).toBeGreaterThan(1.5); // regimes move it
    const bars = await market.bars("AAPL_NASDAQ", {
      period: 5,
      from: NOW.getTime() - 400 * 86_400_000,
      to: NOW.getTime(),
      extended: false,
    });
    const closes = bars?.map((b) => b.close) ?? [];
    // Implied carries a premium over realised volatility across the year, as it usually does.
    const returns = closes.slice(1).map((c, i) => Math.log(c / (closes[i] as number)));
    const realized = Math.sqrt((returns.reduce((a, r) => a + r * r, 0) / returns.length) * 252);
    const meanIv = ivs.reduce((a, b) => a + b, 0) / ivs.length;
    expect(meanIv).toBeGreaterThan(realized);
    expect(meanIv).toBeLessThan(realized * 1.6);
  });

  it("agrees with today's chain at the money", async () => {
    const history = await market.atmIvHistory("MSFT_NASDAQ", 1);
    const quote = await market.quote("MSFT_NASDAQ");
    const chain = (await market.optionChain("MSFT_NASDAQ", "2026-12-24", "C")) ?? [];
    const spot = quote?.lastPrice ?? 0;
    const atm = chain.reduce((best, o) =>
      Math.abs(o.strike - spot) < Math.abs(best.strike - spot) ? o : best,
    );
    const today = history?.[0]?.impliedVolatility ?? 0;
    expect(Math.abs((atm.impliedVolatility ?? 0) / today - 1)).toBeLessThan(0.12);
  });
});

describe("options trade tape", () => {
  it("is deterministic, ordered, up to the clock, and priced at the chain's bid or ask", async () => {
    const trades = (await market.optionTrades("NVDA_NASDAQ")) ?? [];
    clearSimCaches();
    expect(await createSimulatedMarket(pinnedClock(NOW)).optionTrades("NVDA_NASDAQ")).toEqual(
      trades,
    );
    expect(trades.length).toBeGreaterThan(50);
    const times = trades.map((t) => t.timestamp);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(Math.max(...times)).toBeLessThanOrEqual(NOW.getTime());
    const sample = trades[0];
    const chain =
      (await market.optionChain("NVDA_NASDAQ", sample?.expiration ?? "", sample?.right ?? "C")) ??
      [];
    const quoted = chain.find((o) => o.strike === sample?.strike);
    expect([quoted?.bid, quoted?.ask]).toContain(sample?.price);
    expect(sample?.premium).toBe(Math.round((sample?.size ?? 0) * (sample?.price ?? 0) * 100));
  });

  it("has occasional large sweeps and blocks", async () => {
    const days = ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"];
    const all = (
      await Promise.all(
        days.map((d) =>
          createSimulatedMarket(pinnedClock(new Date(`${d}T21:30:00Z`))).optionTrades(
            "AAPL_NASDAQ",
          ),
        ),
      )
    ).flatMap((t) => t ?? []);
    const large = all.filter((t) => t.kind !== "regular");
    expect(large.length).toBeGreaterThan(0);
    expect(large.length / all.length).toBeLessThan(0.1);
    const blocks = all.filter((t) => t.kind === "block");
    const regular = all.filter((t) => t.kind === "regular");
    expect(Math.min(...blocks.map((t) => t.size))).toBeGreaterThan(
      Math.max(...regular.map((t) => t.size)) / 10,
    );
    expect(Math.min(...blocks.map((t) => t.size))).toBeGreaterThanOrEqual(500);
  });
});
