import { describe, expect, it } from "vitest";
import { loadConfig } from "../../lib/config";
import { pinnedClock } from "../../lib/deps";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { wiringOf } from "../../lib/wiring/core";
import { newsDesk } from "../../lib/wiring/news";

/**
 * NEWS_PROVIDER and NEWS_FEED_URLS: the default follows the market (the newsroom with the
 * simulated market, EDGAR with a vendor), and a real source missing its settings fails at
 * wiring (a cold start), not on the first request.
 */

const clock = pinnedClock(new Date("2026-11-24T16:00:00Z"));
const market = createSimulatedMarket(clock);
const wire = (env: Record<string, string>) =>
  newsDesk(wiringOf(loadConfig({ ...process.env, ...env })), market, clock);

describe("news wiring", () => {
  it("follows the market by default: the newsroom with it, EDGAR with a vendor", () => {
    expect(loadConfig({}).newsProvider).toBe("sim");
    expect(loadConfig({ MARKET_PROVIDER: "alpaca" }).newsProvider).toBe("edgar");
    expect(loadConfig({ MARKET_PROVIDER: "alpaca", NEWS_PROVIDER: "sim" }).newsProvider).toBe(
      "sim",
    );
  });

  it("refuses a real source without its settings, and an unknown provider", () => {
    expect(() => wire({ NEWS_PROVIDER: "edgar" })).toThrow(/EDGAR_USER_AGENT/);
    expect(() => wire({ NEWS_PROVIDER: "feeds" })).toThrow(/NEWS_FEED_URLS/);
    expect(() =>
      wire({ NEWS_PROVIDER: "edgar+feeds", EDGAR_USER_AGENT: "Ex ops@example.com" }),
    ).toThrow(/NEWS_FEED_URLS/);
    expect(() => wire({ NEWS_PROVIDER: "gossip" })).toThrow(/unknown/);
  });

  it("wires EDGAR, feeds and both when configured", () => {
    const agent = { EDGAR_USER_AGENT: "Example ops@example.com" };
    const feeds = { NEWS_FEED_URLS: "https://example.com/rss.xml|Example Wire|press-release" };
    expect(wire({ NEWS_PROVIDER: "edgar", ...agent })).toBeDefined();
    expect(wire({ NEWS_PROVIDER: "feeds", ...feeds })).toBeDefined();
    expect(wire({ NEWS_PROVIDER: "edgar+feeds", ...agent, ...feeds })).toBeDefined();
  });
});
