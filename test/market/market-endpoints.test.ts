import { describe, expect, it } from "vitest";
import { STOCKS } from "../../lib/market/sim/universe";
import { localApiWithKey } from "../setup/keyed-api";

/** The Market endpoints through the local server, with the simulated market's clock pinned. */

const SIM_NOW = "2026-11-24T16:00:00Z"; // Tuesday 11:00 New York
process.env.SIM_NOW = SIM_NOW;

const { get, post } = localApiWithKey();

describe("GET /market/stocks/{code}/quote", () => {
  it("answers every field with livePrice and change against the prior settlement", async () => {
    const { status, body } = await get("/market/stocks/AAPL_NASDAQ/quote");
    expect(status).toBe(200);
    const q = body.data;
    expect(q.symbol).toBe("AAPL");
    expect(q.marketSession).toBe("Regular");
    expect(q.livePrice).toBe(q.markPrice ?? q.lastPrice);
    expect(q.change).toBeCloseTo(q.livePrice - q.previousClose, 10);
    // Percent units, 4 decimals (the documented rounding), of the served change.
    expect(q.changePercent).toBe(Math.round((1e6 * q.change) / q.previousClose) / 1e4);
    expect(Date.parse(q.lastUpdated)).toBeLessThanOrEqual(Date.parse(SIM_NOW));
  });

  it("accepts lower-case codes and answers 404 for unknown ones, 400 for malformed ones", async () => {
    expect((await get("/market/stocks/aapl_nasdaq/quote")).status).toBe(200);
    const unknown = await get("/market/stocks/ZZZZ_NASDAQ/quote");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("SYMBOL_NOT_FOUND");
    const malformed = await get("/market/stocks/AAPL/quote");
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toContain("'code'");
  });
});

describe("GET /market/stocks/{code}/chart", () => {
  it("defaults to a year of daily bars ending at the clock", async () => {
    const { status, body } = await get("/market/stocks/MSFT_NASDAQ/chart");
    expect(status).toBe(200);
    expect(body.data.period).toBe(5);
    expect(body.data.bars.length).toBeGreaterThan(245);
    const last = body.data.bars.at(-1);
    expect(last.timestamp).toBeLessThanOrEqual(Date.parse(SIM_NOW));
    expect(body.data.floor).toBe(Math.min(...body.data.bars.map((b: { low: number }) => b.low)));
    expect(body.data.ceiling).toBe(
      Math.max(...body.data.bars.map((b: { high: number }) => b.high)),
    );
    expect(body.data.indicators).toBeUndefined();
  });

  it("returns the session's minute bars with indicators, null during warm-up", async () => {
    const { status, body } = await get(
      "/market/stocks/AAPL_NASDAQ/chart?period=1&extended=true&indicators=rsi,macd,bb,sma20",
    );
    expect(status).toBe(200);
    const { bars, indicators } = body.data;
    // The session's overnight part opens at 20:00 New York the evening before.
    expect(bars[0].timestamp).toBe(Date.parse("2026-11-24T01:00:00Z"));
    expect(Object.keys(indicators).sort()).toEqual(
      [
        "bb-lower",
        "bb-middle",
        "bb-upper",
        "macd",
        "macd-hist",
        "macd-signal",
        "rsi",
        "sma20",
      ].sort(),
    );
    expect(indicators.rsi).toHaveLength(bars.length);
    expect(indicators.rsi.slice(0, 14).every((p: { value: null }) => p.value === null)).toBe(true);
    expect(indicators.rsi[14].value).toBeGreaterThan(0);
    expect(indicators.sma20[19].timestamp).toBe(bars[19].timestamp);
    const quote = await get("/market/stocks/AAPL_NASDAQ/quote");
    expect(bars.at(-1).close).toBe(quote.body.data.lastPrice);
  });

  it.each([
    ["period", "period=0"],
    ["period", "period=8"],
    ["period", "period=abc"],
    ["period", "period=1.5"],
    ["extended", "extended=maybe"],
    ["indicators", "indicators=rsi,vwap"],
  ])("refuses a bad %s with 400 naming it", async (field, query) => {
    const { status, body } = await get(`/market/stocks/AAPL_NASDAQ/chart?${query}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe("INVALID_PARAMETER");
    expect(body.error.message).toContain(`'${field}`);
  });
});

describe("lists and details", () => {
  it("lists the contract codes of a symbol and details them", async () => {
    const { body } = await get("/market/exchanges/spy");
    expect(body.data).toEqual([
      expect.objectContaining({
        code: "SPY_ARCA",
        symbol: "SPY",
        exchange: "ARCA",
        contractType: 1,
      }),
    ]);
    const details = await get("/market/stocks/SPY_ARCA/details");
    expect(details.body.data).toMatchObject({
      symbol: "SPY",
      contractType: "Stock",
      currency: "USD",
      hasOptions: true,
    });
    expect((await get("/market/exchanges/NOPE")).status).toBe(404);
  });

  it("lists tradeable contracts, indices and crypto", async () => {
    const tradeable = await get("/market/tradeable");
    expect(tradeable.body.data.length).toBeGreaterThanOrEqual(110);
    const codes = new Set(tradeable.body.data.map((e: { code: string }) => e.code));
    expect(codes.size).toBe(tradeable.body.data.length);
    const indices = await get("/market/indices");
    expect(indices.body.data.map((e: { symbol: string }) => e.symbol)).toEqual(
      expect.arrayContaining(["SPX", "NDX", "DJI", "RUT", "VIX"]),
    );
    const crypto = await get("/market/crypto");
    expect(crypto.body.data.length).toBeGreaterThanOrEqual(10);
    for (const entry of [...indices.body.data, ...crypto.body.data]) {
      expect(entry.lastPrice).toBeGreaterThan(0);
      expect(Number.isFinite(entry.changePercent)).toBe(true);
    }
  });
});

describe("company, scanner and Nova endpoints over HTTP", () => {
  it("answers extended data whose market cap is shares × the live price", async () => {
    const [extended, quote] = await Promise.all([
      get("/market/stocks/MSFT_NASDAQ/extended"),
      get("/market/stocks/MSFT_NASDAQ/quote"),
    ]);
    expect(extended.status).toBe(200);
    const shares = STOCKS.find((stock) => stock.symbol === "MSFT")?.sharesOutstanding ?? 0;
    expect(extended.body.data.marketCap).toBeCloseTo(shares * quote.body.data.livePrice, 0);
    for (const path of ["short-interest", "dividends", "technicals"]) {
      expect((await get(`/market/stocks/JPM_NYSE/${path}`)).status, path).toBe(200);
    }
    expect((await get("/market/stocks/SPX_INDEX/dividends")).body.error.code).toBe("NO_DATA");
  });

  it("scans, lists trending names and suggests options", async () => {
    const types = await get("/market/scanner/types");
    expect(types.body.data.map((t: { code: string }) => t.code)).toEqual(
      expect.arrayContaining(["TOP_PERC_GAIN", "TOP_PERC_LOSE", "MOST_ACTIVE"]),
    );
    expect((await get("/market/scanner/filters")).status).toBe(200);
    const gainers = await post("/market/scanner/scan", {
      scannerTypeId: 1,
      filters: [{ id: 1, code: "priceAbove", min: 20 }],
    });
    expect(gainers.status).toBe(200);
    const changes = gainers.body.data.map((row: { changePercent: number }) => row.changePercent);
    expect([...changes].sort((a, b) => b - a)).toEqual(changes);
    expect(gainers.body.data.every((row: { lastPrice: number }) => row.lastPrice >= 20)).toBe(true);
    const unknown = await post("/market/scanner/scan", { scannerTypeId: 999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain("'scannerTypeId'");
    const trending = await get("/market/trending");
    expect(trending.body.data[0].trendingRank).toBe(1);
    const nova = await get("/market/nova/suggestions?topN=5");
    expect(nova.status).toBe(200);
    expect(nova.body.data.suggestions).toHaveLength(5);
    expect((await get("/market/nova/suggestions?topN=0")).status).toBe(400);
  }, 60_000);

  it("quotes futures and answers their trailing-24-hour minute chart", async () => {
    const chart = await get("/market/stocks/ESZ26_CME/chart?period=1");
    expect(chart.status).toBe(200);
    const bars = chart.body.data.bars;
    expect(bars.at(-1).timestamp - bars[0].timestamp).toBeLessThan(24 * 3_600_000);
    expect((await get("/market/exchanges/ESZ26")).body.data[0].contractType).toBe(2);
  });
});
