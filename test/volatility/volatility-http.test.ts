import { describe, expect, it } from "vitest";
import { expectRefusals, localApiWithKey } from "../setup/keyed-api";

/**
 * The volatility endpoints through the local server (HTTP, the volatility Lambda's handler, the
 * envelope) on a pinned simulated clock: each answers, states its inputs, and refuses bad input
 * with the documented status and code.
 */

const SIM_NOW = "2026-11-24T16:00:00Z"; // Tuesday 11:00 New York
process.env.SIM_NOW = SIM_NOW;

const { get } = localApiWithKey();

const STATED = {
  model: "Black-Scholes",
  riskFreeRate: 4,
  asOf: "2026-11-24T16:00:00.000Z",
  symbol: "AAPL",
};

describe("the volatility endpoints over HTTP", () => {
  it("answer surface, term structure, skew, hv-iv and gex for AAPL, stating their inputs", async () => {
    const paths = [
      "/volatility/AAPL_NASDAQ/surface?maxDte=30&minDelta=0.1&maxDelta=0.9",
      "/volatility/AAPL_NASDAQ/term-structure",
      "/volatility/AAPL_NASDAQ/skew?expiry=2026-12-18",
      "/volatility/AAPL_NASDAQ/hv-iv",
      "/volatility/AAPL_NASDAQ/gex",
      "/volatility/AAPL_NASDAQ/gex?expiry=2026-12-18&dealerConvention=short-calls-long-puts",
    ];
    for (const path of paths) {
      const { status, body } = await get(path);
      expect(status, path).toBe(200);
      expect(body.data, path).toMatchObject(STATED);
      expect(body.data.underlyingLivePrice, path).toBeGreaterThan(0);
    }
  });

  it("serve figures that agree across endpoints", async () => {
    const [terms, skew, hvIv, ivRank] = await Promise.all([
      get("/volatility/AAPL_NASDAQ/term-structure"),
      get("/volatility/AAPL_NASDAQ/skew?expiry=2026-12-18"),
      get("/volatility/AAPL_NASDAQ/hv-iv"),
      get("/options/AAPL_NASDAQ/iv-rank"),
    ]);
    const monthly = terms.body.data.expirations.find(
      (term: { expiration: string }) => term.expiration === "2026-12-18",
    );
    expect(skew.body.data.atmForwardIv).toBe(monthly.atmImpliedVolatility);
    expect(hvIv.body.data.ivRank).toBe(ivRank.body.data.ivRank);
    expect(hvIv.body.data.impliedVolatility30).toBe(ivRank.body.data.currentImpliedVolatility);
  });

  it("answer 400 naming the field and 404 with the code naming the situation", async () => {
    const cases = [
      ["/volatility/AAPL_NASDAQ/skew", 400, "INVALID_PARAMETER", "'expiry'"],
      ["/volatility/AAPL_NASDAQ/skew?expiry=2026-11-20", 400, "INVALID_PARAMETER", "'expiry'"],
      ["/volatility/AAPL_NASDAQ/gex?expiry=12/18/2026", 400, "INVALID_PARAMETER", "'expiry'"],
      ["/volatility/AAPL_NASDAQ/surface?minDelta=2", 400, "INVALID_PARAMETER", "'minDelta'"],
      ["/volatility/AAPX_NASDAQ/term-structure", 404, "NO_CHAIN_DATA", "AAPX_NASDAQ"],
      ["/volatility/BTC_COINBASE/hv-iv", 404, "NO_CHAIN_DATA", "BTC_COINBASE"],
      ["/volatility/AAPL_NASDAQ/gex?expiry=2026-11-28", 404, "NO_CHAIN_DATA", "2026-11-28"],
    ] as const;
    await expectRefusals(get, cases);
  });
});
