import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { marketImplementations } from "../../lib/api/groups/market/implementations";
import { type Deps, pinnedClock } from "../../lib/deps";
import {
  type AlpacaProviderOptions,
  createAlpacaProvider,
  markPrice,
  parseOccSymbol,
} from "../../lib/market/adapters/alpaca";
import {
  type ChartPeriod,
  type MarketDataProvider,
  MarketDataUnavailable,
} from "../../lib/market/ports";
import { withUniverseReference } from "../../lib/wiring/market";

/**
 * The Alpaca adapter against recorded responses in Alpaca's documented format
 * (test/fixtures/alpaca), served by a fake fetch that records every request.
 */

const DATA = "https://data.alpaca.markets";
const TRADING = "https://paper-api.alpaca.markets";
/** Wednesday 2026-03-18, 10:34:30 New York time (EDT). */
const NOW = Date.parse("2026-03-18T14:34:30Z");
const DAY_PAGE_TOKEN = "QUFQTHxEfDIwMjUtMDYtMjdUMDQ6MDA6MDAuMDAwMDAwMDAwWg==";
const CHAIN_PAGE_TOKEN = "QUFQTDI2MTIxOEMwMDIxMDAwMA==";

function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/alpaca/${name}`, import.meta.url), "utf8");
}

function respond(body: string | object | null, status = 200): Response {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return new Response(text, { status, headers: { "Content-Type": "application/json" } });
}

type Serve = (url: URL, init?: RequestInit) => Response | Promise<Response>;

/** Alpaca as recorded: AAPL's data and the assets list; anything else is a 404. */
const recorded: Serve = (url) => {
  const path = url.pathname;
  const query = url.searchParams;
  const token = query.get("page_token");
  if (url.origin === DATA && path === "/v2/stocks/AAPL/snapshot") {
    return respond(fixture("snapshot-aapl.json"));
  }
  if (url.origin === DATA && path === "/v2/stocks/AAPL/bars") {
    if (query.get("timeframe") === "1Min") return respond(fixture("bars-minute.json"));
    if (query.get("timeframe") !== "1Day") {
      return respond({ bars: null, symbol: "AAPL", next_page_token: null });
    }
    if (token === null) return respond(fixture("bars-day-page1.json"));
    if (token === DAY_PAGE_TOKEN) return respond(fixture("bars-day-page2.json"));
    return respond({ message: "invalid page token" }, 400);
  }
  if (url.origin === DATA && path === "/v1beta1/options/snapshots/AAPL") {
    if (token === null) return respond(fixture("option-chain-aapl-page1.json"));
    if (token === CHAIN_PAGE_TOKEN) return respond(fixture("option-chain-aapl-page2.json"));
    return respond({ message: "invalid page token" }, 400);
  }
  if (url.origin === TRADING && path === "/v2/assets") return respond(fixture("assets.json"));
  if (url.origin === TRADING && path === "/v2/assets/AAPL")
    return respond(fixture("asset-aapl.json"));
  return respond(fixture("error-not-found.json"), 404);
};

/** The recorded responses, with one path answered differently. */
function except(path: string, serve: Serve): Serve {
  return (url, init) => (url.pathname === path ? serve(url, init) : recorded(url, init));
}

function harness(serve: Serve = recorded, options: Partial<AlpacaProviderOptions> = {}) {
  const calls: { url: URL; headers: Headers }[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    calls.push({ url, headers: new Headers(init?.headers) });
    return serve(url, init);
  };
  const provider = createAlpacaProvider({
    keyId: "AKFIXTUREKEY",
    secretKey: "fixture-secret",
    fetch,
    now: () => NOW,
    ...options,
  });
  return { provider, calls };
}

function snapshotWith(edit: (snapshot: any) => void): Serve {
  return except("/v2/stocks/AAPL/snapshot", () => {
    const snapshot = JSON.parse(fixture("snapshot-aapl.json"));
    edit(snapshot);
    return respond(snapshot);
  });
}

async function unavailable(promise: Promise<unknown>): Promise<MarketDataUnavailable> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MarketDataUnavailable);
  expect((error as MarketDataUnavailable).provider).toBe("alpaca");
  return error as MarketDataUnavailable;
}

const REQUEST = {
  period: 1 as ChartPeriod,
  from: Date.parse("2026-03-18T04:00:00Z"),
  to: Date.parse("2026-03-19T04:00:00Z"),
  extended: true,
};

describe("quote", () => {
  it("maps every field of the snapshot, the year range from every page of daily bars", async () => {
    const { provider } = harness();
    expect(await provider.quote("AAPL_NASDAQ")).toEqual({
      symbol: "AAPL",
      lastPrice: 214.87,
      bid: 214.85,
      ask: 214.9,
      markPrice: 214.875,
      open: 212.5,
      close: 214.88,
      // The settlement before the trading day: change is measured against it.
      previousClose: 212.2,
      high: 215.3,
      low: 211.9,
      // The high is on the second page of daily bars, the low on the first.
      yearHigh: 288.62,
      yearLow: 169.21,
      volume: 1254678,
      marketSession: "Regular",
      isHalted: false,
      lastUpdated: Date.parse("2026-03-18T14:33:58.448Z"),
    });
  });

  it("asks for the snapshot and a year of split-adjusted daily bars, following next_page_token", async () => {
    const { provider, calls } = harness();
    await provider.quote("AAPL_NASDAQ");
    for (const { url, headers } of calls) {
      expect(url.origin).toBe(DATA);
      expect(headers.get("APCA-API-KEY-ID")).toBe("AKFIXTUREKEY");
      expect(headers.get("APCA-API-SECRET-KEY")).toBe("fixture-secret");
      expect(url.searchParams.get("feed")).toBe("iex");
    }
    const snapshot = calls.filter((c) => c.url.pathname === "/v2/stocks/AAPL/snapshot");
    expect(snapshot).toHaveLength(1);
    const bars = calls.filter((c) => c.url.pathname === "/v2/stocks/AAPL/bars");
    expect(bars.map((c) => Object.fromEntries(c.url.searchParams))).toEqual([
      {
        timeframe: "1Day",
        start: "2025-03-18T14:34:30.000Z",
        limit: "10000",
        adjustment: "split",
        feed: "iex",
      },
      {
        timeframe: "1Day",
        start: "2025-03-18T14:34:30.000Z",
        limit: "10000",
        adjustment: "split",
        feed: "iex",
        page_token: DAY_PAGE_TOKEN,
      },
    ]);
  });

  it("measures a trade on a day with no daily bar yet against the latest settlement", async () => {
    // 08:05 New York on Thursday: a pre-market trade, the daily bar still Wednesday's.
    const { provider } = harness(
      snapshotWith((s) => {
        s.latestTrade.t = "2026-03-19T12:05:00Z";
      }),
      { now: () => Date.parse("2026-03-19T12:05:30Z") },
    );
    expect((await provider.quote("AAPL_NASDAQ"))?.previousClose).toBe(214.88);
  });

  it.each([
    ["a two-sided market", 214.85, 214.9, 214.875],
    ["a locked market", 100, 100, 100],
    ["a crossed market", 214.95, 214.9, undefined],
    ["no bid", 0, 214.9, undefined],
    ["no offer", 214.85, 0, undefined],
  ])("marks %s at %s/%s as %s", async (_, bid, ask, mark) => {
    const { provider } = harness(
      snapshotWith((s) => {
        s.latestQuote.bp = bid;
        s.latestQuote.ap = ask;
      }),
    );
    const quote = await provider.quote("AAPL_NASDAQ");
    expect(quote?.markPrice).toBe(mark);
    expect([quote?.bid, quote?.ask]).toEqual([bid, ask]);
  });

  it("keeps the mark within the quote", () => {
    for (const [bid, ask] of [
      [0.01, 0.02],
      [1e-9, 2e-9],
      [99.99, 100.01],
      [123456.78, 123456.79],
    ] as const) {
      const mark = markPrice(bid, ask) as number;
      expect(mark).toBeGreaterThanOrEqual(bid);
      expect(mark).toBeLessThanOrEqual(ask);
    }
  });

  it("labels a trade outside 09:30-16:00 New York time Closed, or asks the injected rule", async () => {
    const afterHours = snapshotWith((s) => {
      s.latestTrade.t = "2026-03-18T20:15:00.000000001Z";
    });
    expect((await harness(afterHours).provider.quote("AAPL_NASDAQ"))?.marketSession).toBe("Closed");
    const seen: number[] = [];
    const { provider } = harness(afterHours, {
      sessionAt: (ms) => {
        seen.push(ms);
        return "After-Hours";
      },
    });
    expect((await provider.quote("AAPL_NASDAQ"))?.marketSession).toBe("After-Hours");
    expect(seen).toEqual([Date.parse("2026-03-18T20:15:00Z")]);
  });

  it("never reports a halt (Alpaca's trade conditions carry none)", async () => {
    const { provider } = harness(snapshotWith((s) => (s.latestTrade.c = ["H", "T"])));
    expect((await provider.quote("AAPL_NASDAQ"))?.isHalted).toBe(false);
  });

  it("refuses a snapshot missing a section it needs instead of inventing it", async () => {
    const error = await unavailable(
      harness(snapshotWith((s) => (s.latestQuote = null))).provider.quote("AAPL_NASDAQ"),
    );
    expect(error.message).toMatch(/incomplete snapshot for AAPL: no quote/);
  });

  it("fails the quote when the year range cannot be fetched", async () => {
    const serve = except("/v2/stocks/AAPL/bars", () => respond({ message: "internal" }, 500));
    await unavailable(harness(serve).provider.quote("AAPL_NASDAQ"));
  });
});

describe("bars", () => {
  it.each([
    [1, "1Min"],
    [2, "5Min"],
    [3, "15Min"],
    [4, "1Hour"],
    [5, "1Day"],
    [6, "1Week"],
    [7, "1Month"],
  ] as const)("asks for period %s as timeframe %s", async (period, timeframe) => {
    const { provider, calls } = harness();
    await provider.bars("AAPL_NASDAQ", { ...REQUEST, period });
    const call = calls[0];
    expect(call?.url.pathname).toBe("/v2/stocks/AAPL/bars");
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
      timeframe,
      start: "2026-03-18T04:00:00.000Z",
      end: "2026-03-19T04:00:00.000Z",
      limit: "10000",
      adjustment: "split",
      feed: "iex",
    });
  });

  it("maps bars to epoch milliseconds, extended hours included", async () => {
    const bars = await harness().provider.bars("AAPL_NASDAQ", REQUEST);
    expect(bars?.map((b) => new Date(b.timestamp).toISOString())).toEqual([
      "2026-03-18T12:00:00.000Z",
      "2026-03-18T13:29:00.000Z",
      "2026-03-18T13:30:00.000Z",
      "2026-03-18T16:00:00.000Z",
      "2026-03-18T19:59:00.000Z",
      "2026-03-18T20:00:00.000Z",
      "2026-03-18T23:59:00.000Z",
    ]);
    expect(bars?.[2]).toEqual({
      timestamp: Date.parse("2026-03-18T13:30:00Z"),
      open: 213.5,
      high: 214.1,
      low: 213.3,
      close: 213.9,
      volume: 48210,
    });
  });

  it("keeps only bars starting 09:30-16:00 New York time without extended hours", async () => {
    const bars = await harness().provider.bars("AAPL_NASDAQ", { ...REQUEST, extended: false });
    expect(bars?.map((b) => new Date(b.timestamp).toISOString())).toEqual([
      "2026-03-18T13:30:00.000Z",
      "2026-03-18T16:00:00.000Z",
      "2026-03-18T19:59:00.000Z",
    ]);
  });

  it("does not filter daily bars, which start at New York midnight", async () => {
    const bars = await harness().provider.bars("AAPL_NASDAQ", {
      period: 5,
      from: Date.parse("2025-03-18T00:00:00Z"),
      to: NOW,
      extended: false,
    });
    expect(bars).toHaveLength(6);
  });

  it("treats the end as exclusive (Alpaca's is inclusive)", async () => {
    const bars = await harness().provider.bars("AAPL_NASDAQ", {
      ...REQUEST,
      from: Date.parse("2026-03-18T13:30:00Z"),
      to: Date.parse("2026-03-18T19:59:00Z"),
    });
    expect(bars?.map((b) => new Date(b.timestamp).toISOString())).toEqual([
      "2026-03-18T13:30:00.000Z",
      "2026-03-18T16:00:00.000Z",
    ]);
  });
});

describe("dailyCloses", () => {
  const day = (date: string, close: number) => ({
    t: `${date}T04:00:00Z`,
    o: close,
    h: close,
    l: close,
    c: close,
    v: 1000,
  });

  it("are the last closes of the split-adjusted daily bars, oldest first", async () => {
    const week = [
      day("2026-03-12", 210),
      day("2026-03-13", 211),
      day("2026-03-16", 212),
      day("2026-03-17", 213),
      day("2026-03-18", 214),
    ];
    const { provider, calls } = harness(
      except("/v2/stocks/AAPL/bars", () => respond({ bars: week, next_page_token: null })),
    );
    expect(await provider.dailyCloses("AAPL_NASDAQ", 3)).toEqual([212, 213, 214]);
    const query = Object.fromEntries(calls[0]?.url.searchParams ?? []);
    expect(query).toMatchObject({ timeframe: "1Day", adjustment: "split" });
    // Enough calendar days for the sessions asked for: 3 × 1.6 + 10, rounded up.
    expect(Date.parse(query.start ?? "")).toBe(NOW - 15 * 86_400_000);
  });

  it("resolves undefined for an unknown symbol", async () => {
    expect(await harness().provider.dailyCloses("ZZZZ_NASDAQ", 3)).toBeUndefined();
  });
});

describe("what Alpaca does not offer", () => {
  it("has no reference figures, no listed expirations and no volatility surface", async () => {
    const { provider, calls } = harness();
    const instrument = await provider.instrument("AAPL_NASDAQ");
    expect(instrument).toBeDefined();
    if (!instrument) return;
    expect(await provider.reference(instrument)).toBeUndefined();
    expect(provider.optionExpirations).toBeUndefined();
    expect(provider.volatilitySurface).toBeUndefined();
    // Only the instrument was asked for: the rest is known without asking.
    expect(calls).toHaveLength(1);
  });
});

describe("optionChain", () => {
  it("maps every contract on every page, sorted by strike", async () => {
    const { provider, calls } = harness();
    const chain = await provider.optionChain("AAPL_NASDAQ", "2026-12-18", "C");
    expect(chain).toEqual([
      {
        contract: "AAPL261218C00195000",
        underlying: "AAPL",
        expiration: "2026-12-18",
        strike: 195,
        right: "C",
        bid: 36,
        ask: 36.6,
        last: 35.1,
        volume: 0,
        impliedVolatility: 0.2847112058866057,
        delta: 0.6893104217762019,
      },
      {
        contract: "AAPL261218C00200000",
        underlying: "AAPL",
        expiration: "2026-12-18",
        strike: 200,
        right: "C",
        bid: 32.75,
        ask: 33.3,
        last: 33.05,
        volume: 11,
        impliedVolatility: 0.2801533311260939,
        delta: 0.6535117711834523,
      },
      {
        contract: "AAPL261218C00202500",
        underlying: "AAPL",
        expiration: "2026-12-18",
        strike: 202.5,
        right: "C",
        bid: 31.2,
        ask: 31.85,
        last: 0,
        volume: 0,
        impliedVolatility: undefined,
        delta: undefined,
      },
      {
        contract: "AAPL261218C00210000",
        underlying: "AAPL",
        expiration: "2026-12-18",
        strike: 210,
        right: "C",
        bid: 27.15,
        ask: 27.6,
        last: 27.4,
        volume: 57,
        impliedVolatility: 0.2718634408218384,
        delta: 0.5712409318723451,
      },
    ]);
    expect(calls.map((c) => Object.fromEntries(c.url.searchParams))).toEqual([
      { expiration_date: "2026-12-18", type: "call", feed: "indicative", limit: "1000" },
      {
        expiration_date: "2026-12-18",
        type: "call",
        feed: "indicative",
        limit: "1000",
        page_token: CHAIN_PAGE_TOKEN,
      },
    ]);
    expect(calls.every((c) => c.url.pathname === "/v1beta1/options/snapshots/AAPL")).toBe(true);
  });

  it("asks for puts, and answers an empty chain as empty", async () => {
    const serve = except("/v1beta1/options/snapshots/AAPL", () =>
      respond({ snapshots: {}, next_page_token: null }),
    );
    const { provider, calls } = harness(serve);
    expect(await provider.optionChain("AAPL_NASDAQ", "2026-12-18", "P")).toEqual([]);
    expect(calls[0]?.url.searchParams.get("type")).toBe("put");
  });

  it("refuses a contract that is not of the requested expiration and right", async () => {
    const serve = except("/v1beta1/options/snapshots/AAPL", () =>
      respond({ snapshots: { AAPL261219C00200000: {} }, next_page_token: null }),
    );
    await unavailable(harness(serve).provider.optionChain("AAPL_NASDAQ", "2026-12-18", "C"));
  });

  it.each([
    ["AAPL261218C00200000", { root: "AAPL", expiration: "2026-12-18", right: "C", strike: 200 }],
    ["SPY250117P00450500", { root: "SPY", expiration: "2025-01-17", right: "P", strike: 450.5 }],
    ["BRKB270115C00012345", { root: "BRKB", expiration: "2027-01-15", right: "C", strike: 12.345 }],
    ["AAPL1261218P00000500", { root: "AAPL1", expiration: "2026-12-18", right: "P", strike: 0.5 }],
  ])("parses the OCC symbol %s", (contract, parsed) => {
    expect(parseOccSymbol(contract)).toEqual(parsed);
  });

  it.each([
    "AAPL",
    "AAPL261318C00200000",
    "AAPL261200C00200000",
    "AAPL261218X00200000",
    "AAPL261218C0020000",
    "aapl261218C00200000",
    "TOOLONGX261218C00200000",
  ])("rejects %s as an OCC symbol", (contract) => {
    expect(parseOccSymbol(contract)).toBeUndefined();
  });
});

describe("instruments", () => {
  it("lists active US equities from the trading API's assets endpoint", async () => {
    const { provider, calls } = harness();
    expect(await provider.instruments()).toEqual([
      {
        symbol: "AAPL",
        code: "AAPL_NASDAQ",
        name: "Apple Inc. Common Stock",
        exchange: "NASDAQ",
        contractType: "Stock",
        currency: "USD",
        hasOptions: true,
      },
      {
        symbol: "SPY",
        code: "SPY_ARCA",
        name: "SPDR S&P 500 ETF Trust",
        exchange: "ARCA",
        contractType: "Stock",
        currency: "USD",
        hasOptions: true,
      },
      {
        symbol: "BRK.B",
        code: "BRK.B_NYSE",
        name: "Berkshire Hathaway Inc. Class B",
        exchange: "NYSE",
        contractType: "Stock",
        currency: "USD",
        hasOptions: false,
      },
      {
        symbol: "IMO",
        code: "IMO_AMEX",
        name: "Imperial Oil Limited",
        exchange: "AMEX",
        contractType: "Stock",
        currency: "USD",
        hasOptions: true,
      },
      {
        symbol: "CBOE",
        code: "CBOE_BATS",
        name: "Cboe Global Markets, Inc. Common Stock",
        exchange: "BATS",
        contractType: "Stock",
        currency: "USD",
        hasOptions: false,
      },
      {
        symbol: "GLD",
        code: "GLD_ARCA",
        name: "SPDR Gold Shares",
        exchange: "ARCA",
        contractType: "Stock",
        currency: "USD",
        hasOptions: false,
      },
    ]);
    expect(calls.map((c) => c.url.href)).toEqual([
      `${TRADING}/v2/assets?status=active&asset_class=us_equity`,
    ]);
    expect(calls[0]?.headers.get("APCA-API-KEY-ID")).toBe("AKFIXTUREKEY");
  });

  it("finds one instrument by code, on the right exchange only", async () => {
    const { provider, calls } = harness();
    expect(await provider.instrument("AAPL_NASDAQ")).toMatchObject({
      code: "AAPL_NASDAQ",
      hasOptions: true,
    });
    expect(await provider.instrument("AAPL_NYSE")).toBeUndefined();
    expect(await provider.instrument("ZZZZ_NASDAQ")).toBeUndefined();
    expect(calls.map((c) => c.url.href)).toEqual([
      `${TRADING}/v2/assets/AAPL`,
      `${TRADING}/v2/assets/AAPL`,
      `${TRADING}/v2/assets/ZZZZ`,
    ]);
  });

  it("uses the configured trading host", async () => {
    const live = "https://api.alpaca.markets";
    const { provider, calls } = harness(
      (url) => recorded(new URL(url.href.replace(live, TRADING))),
      {
        tradingBaseUrl: live,
      },
    );
    expect(await provider.instruments()).toHaveLength(6);
    expect(calls[0]?.url.origin).toBe(live);
  });
});

describe("unknown symbols", () => {
  it("resolves undefined on Alpaca's 404", async () => {
    const { provider } = harness();
    expect(await provider.quote("ZZZZ_NASDAQ")).toBeUndefined();
    expect(await provider.bars("ZZZZ_NASDAQ", REQUEST)).toBeUndefined();
    expect(await provider.optionChain("ZZZZ_NASDAQ", "2026-12-18", "C")).toBeUndefined();
    expect(await provider.instrument("ZZZZ_NASDAQ")).toBeUndefined();
  });

  it.each([400, 422])("resolves undefined on HTTP %s invalid symbol", async (status) => {
    const { provider } = harness(() => respond(fixture("error-invalid-symbol.json"), status));
    expect(await provider.quote("AAPL$_NASDAQ")).toBeUndefined();
    expect(await provider.bars("AAPL$_NASDAQ", REQUEST)).toBeUndefined();
    expect(await provider.optionChain("AAPL$_NASDAQ", "2026-12-18", "C")).toBeUndefined();
  });

  it.each([
    ["a null snapshot", null],
    [
      "a snapshot with every section null",
      {
        symbol: "AAPL",
        latestTrade: null,
        latestQuote: null,
        minuteBar: null,
        dailyBar: null,
        prevDailyBar: null,
      },
    ],
    ["an empty object", {}],
  ])("resolves undefined on %s", async (_, body) => {
    const serve = except("/v2/stocks/AAPL/snapshot", () => respond(body));
    expect(await harness(serve).provider.quote("AAPL_NASDAQ")).toBeUndefined();
  });

  it("resolves undefined for a code that is not SYMBOL_EXCHANGE, without asking", async () => {
    const { provider, calls } = harness();
    expect(await provider.quote("AAPL")).toBeUndefined();
    expect(await provider.bars("_NASDAQ", REQUEST)).toBeUndefined();
    expect(calls).toEqual([]);
  });
});

describe("outages", () => {
  const calls = [
    ["quote", (p: ReturnType<typeof harness>["provider"]) => p.quote("AAPL_NASDAQ")],
    ["bars", (p: ReturnType<typeof harness>["provider"]) => p.bars("AAPL_NASDAQ", REQUEST)],
    [
      "optionChain",
      (p: ReturnType<typeof harness>["provider"]) =>
        p.optionChain("AAPL_NASDAQ", "2026-12-18", "C"),
    ],
    ["instruments", (p: ReturnType<typeof harness>["provider"]) => p.instruments()],
    ["instrument", (p: ReturnType<typeof harness>["provider"]) => p.instrument("AAPL_NASDAQ")],
  ] as const;

  const statuses = [
    [401, "error-unauthorized.json", /HTTP 401 .*request is not authorized/],
    [403, "error-forbidden.json", /HTTP 403 .*subscription does not permit/],
    [429, "error-rate-limited.json", /HTTP 429 \(rate limited\)/],
    [500, "error-not-found.json", /HTTP 500 \(server error\)/],
    [503, "error-not-found.json", /HTTP 503 \(server error\)/],
  ] as const;

  for (const [name, call] of calls) {
    it.each(statuses)(
      `${name}: HTTP %s is MarketDataUnavailable`,
      async (status, file, message) => {
        const { provider } = harness(() => respond(fixture(file), status));
        expect((await unavailable(call(provider))).message).toMatch(message);
      },
    );

    it(`${name}: a timeout is MarketDataUnavailable`, async () => {
      const hang: Serve = (_, init) =>
        new Promise((_resolve, reject) => {
          const signal = init?.signal;
          signal?.addEventListener("abort", () => reject(signal.reason));
        });
      const { provider } = harness(hang, { timeoutMs: 20 });
      expect((await unavailable(call(provider))).message).toMatch(/no answer within 20 ms/);
    });

    it(`${name}: a network error is MarketDataUnavailable`, async () => {
      const { provider } = harness(() => {
        throw new TypeError("fetch failed");
      });
      expect((await unavailable(call(provider))).message).toMatch(/network error/);
    });

    it(`${name}: malformed JSON is MarketDataUnavailable`, async () => {
      const { provider } = harness(() => respond('{"latestTrade": {"t": "2026-03-18T14:3'));
      expect((await unavailable(call(provider))).message).toMatch(/not JSON/);
    });
  }

  it("a refusal other than an invalid symbol is MarketDataUnavailable", async () => {
    const { provider } = harness(() => respond({ message: "invalid timeframe" }, 422));
    await unavailable(provider.bars("AAPL_NASDAQ", REQUEST));
  });

  it("pagination that never ends is MarketDataUnavailable", async () => {
    const serve = except("/v2/stocks/AAPL/bars", () =>
      respond({ bars: [], symbol: "AAPL", next_page_token: "again" }),
    );
    const { provider, calls } = harness(serve);
    await unavailable(provider.bars("AAPL_NASDAQ", REQUEST));
    expect(calls).toHaveLength(2);
  });
});

describe("response validation", () => {
  it.each([
    ["a trade without a price", (s: any) => delete s.latestTrade.p, /latestTrade\.p/],
    ["a quote without a bid", (s: any) => delete s.latestQuote.bp, /latestQuote\.bp/],
    ["a daily bar without a close", (s: any) => delete s.dailyBar.c, /dailyBar\.c/],
    ["a price as a string", (s: any) => (s.latestTrade.p = "214.87"), /latestTrade\.p/],
    ["a negative price", (s: any) => (s.latestQuote.ap = -1), /latestQuote\.ap/],
    ["a timestamp that is not one", (s: any) => (s.latestTrade.t = "yesterday"), /latestTrade\.t/],
  ])("rejects a snapshot with %s", async (_, edit, path) => {
    const error = await unavailable(harness(snapshotWith(edit)).provider.quote("AAPL_NASDAQ"));
    expect(error.message).toMatch(/unexpected response format/);
    expect(error.message).toMatch(path);
  });

  it("rejects bars missing their open", async () => {
    const serve = except("/v2/stocks/AAPL/bars", () =>
      respond({ bars: [{ t: "2026-03-18T13:30:00Z", h: 1, l: 1, c: 1, v: 1 }], symbol: "AAPL" }),
    );
    const error = await unavailable(harness(serve).provider.bars("AAPL_NASDAQ", REQUEST));
    expect(error.message).toMatch(/bars\.0\.o/);
  });

  it("rejects an option chain whose quote lacks an ask", async () => {
    const serve = except("/v1beta1/options/snapshots/AAPL", () =>
      respond({
        snapshots: { AAPL261218C00200000: { latestQuote: { t: "2026-03-18T14:00:00Z", bp: 1 } } },
      }),
    );
    const error = await unavailable(
      harness(serve).provider.optionChain("AAPL_NASDAQ", "2026-12-18", "C"),
    );
    expect(error.message).toMatch(/latestQuote\.ap/);
  });

  it("rejects an assets list entry without a symbol", async () => {
    const assets = JSON.parse(fixture("assets.json"));
    delete assets[1].symbol;
    const { provider } = harness(except("/v2/assets", () => respond(assets)));
    expect((await unavailable(provider.instruments())).message).toMatch(/1\.symbol/);
  });
});

describe("through the market endpoints", () => {
  const context = {
    requestId: "r",
    sourceIp: "",
    baseUrl: "",
    apiKey: undefined,
    origin: undefined,
  };
  const depsOf = (provider: MarketDataProvider) =>
    ({
      market: provider,
      marketClock: pinnedClock(new Date(NOW)),
      defaultRiskFreeRatePercent: 4,
    }) as unknown as Deps;

  it("serves the quote rounded to the cent: the sub-penny mark, change from the rounded prices", async () => {
    const { provider } = harness();
    const quote = await marketImplementations["market.quote"](
      { params: { code: "AAPL_NASDAQ" }, query: undefined, body: undefined, context },
      depsOf(provider),
    );
    expect(quote).toMatchObject({ markPrice: 214.88, livePrice: 214.88, previousClose: 212.2 });
    expect(quote.change).toBe(2.68);
    expect(quote.changePercent).toBe(1.263);
  });

  it("keeps measuring change against the prior settlement in the evening", async () => {
    // 18:30 New York, after the close: the day's change stays against yesterday's settlement.
    const evening = Date.parse("2026-03-18T22:30:00Z");
    const { provider } = harness(
      snapshotWith((s) => {
        s.latestTrade.t = "2026-03-18T22:29:41Z";
      }),
      { now: () => evening },
    );
    const quote = await marketImplementations["market.quote"](
      { params: { code: "AAPL_NASDAQ" }, query: undefined, body: undefined, context },
      depsOf(provider),
    );
    expect(quote).toMatchObject({ close: 214.88, previousClose: 212.2, livePrice: 214.88 });
    expect(quote.change).toBe(2.68);
  });

  it("answers no implied volatility and no greeks rather than inventing them", async () => {
    // Alpaca supplies no 30-day ATM implied volatility (no volatility surface); as wired, the
    // reference figures come from the universe file.
    const provider = withUniverseReference(harness().provider);
    expect(provider.volatilitySurface).toBeUndefined();
    const input = { params: { code: "AAPL_NASDAQ" }, query: undefined, body: undefined, context };
    const extended = await marketImplementations["market.extended"](input, depsOf(provider));
    expect(extended).toMatchObject({ impliedVolatility: "", theta: 0, gamma: 0, vega: 0 });
    const technicals = await marketImplementations["market.technicals"](input, depsOf(provider));
    expect(technicals.impliedVolatility).toBe("");
  });

  it("answers 404 NO_DATA for reference figures the source does not have", async () => {
    const { provider } = harness();
    const input = { params: { code: "AAPL_NASDAQ" }, query: undefined, body: undefined, context };
    await expect(
      marketImplementations["market.dividends"](input, depsOf(provider)),
    ).rejects.toMatchObject({ status: 404, code: "NO_DATA" });
  });
});
