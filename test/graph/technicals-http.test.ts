import { describe, expect, it } from "vitest";
import { expectRefusals, localApiWithKey } from "../setup/keyed-api";

/**
 * GET /graph/{code}/technicals and /options-analytics through the local server (HTTP, the graph
 * Lambda's handler, the envelope) on the simulated world at a pinned clock: both answer for a
 * company and cite the endpoints they summarise, and refusals arrive in the error envelope.
 */

process.env.SIM_NOW = "2026-11-23T15:00:00Z"; // Monday 10:00 New York

const { get } = localApiWithKey();

async function ok(path: string) {
  const { status, body } = await get(path);
  expect(status, `${path}: ${JSON.stringify(body.error)}`).toBe(200);
  return body.data;
}

describe("the graph's technicals and options analytics over HTTP", () => {
  it("answer for a company at the pinned clock", async () => {
    const technicals = await ok("/graph/AAPL_NASDAQ/technicals");
    expect(technicals.asOf).toBe("2026-11-23T15:00:00.000Z");
    expect(technicals.bars.source).toBe("/v1/market/stocks/AAPL_NASDAQ/chart?period=5");
    const chart = await ok("/market/stocks/AAPL_NASDAQ/chart?period=5&indicators=rsi");
    expect(technicals.momentum.rsi14).toBe(chart.indicators.rsi.at(-1).value);

    const analytics = await ok("/graph/AAPL_NASDAQ/options-analytics");
    expect(analytics.unavailable).toEqual([]);
    const ivRank = await ok(analytics.ivRank.source.replace(/^\/v1/, ""));
    expect(analytics.ivRank.ivRank).toBe(ivRank.ivRank);
  });

  it("refuse unknown codes and what is no company", async () => {
    await expectRefusals(get, [
      ["/graph/AAPX_NASDAQ/technicals", 404, "SYMBOL_NOT_FOUND", "AAPX_NASDAQ"],
      ["/graph/SPY_ARCA/technicals", 404, "NO_DATA", "SPY_ARCA"],
      ["/graph/AAPL/options-analytics", 400, "INVALID_PARAMETER", "'code'"],
      ["/graph/BTC_COINBASE/options-analytics", 404, "NO_DATA", "BTC_COINBASE"],
    ]);
  });
});
