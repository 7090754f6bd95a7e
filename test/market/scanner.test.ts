import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { invokeRoute } from "../../lib/api/dispatch";
import { ApiError } from "../../lib/api/errors";
import { marketScannerImplementations } from "../../lib/api/groups/market/implementations/scanner";
import {
  marketScannerRoutes,
  scanBodySchema,
  scannerFilterSchema,
  scannerRowSchema,
  scannerTypeSchema,
  trendingRowSchema,
} from "../../lib/api/groups/market/routes/scanner";
import type { RouteSpec } from "../../lib/api/route";
import { validate } from "../../lib/api/validation";
import { type Deps, pinnedClock } from "../../lib/deps";
import type { MarketDataProvider, Quote } from "../../lib/market/ports";
import {
  attentionScore,
  type FilterCriterion,
  passesFilters,
  SCAN_LIMIT,
  SCANNER_FILTERS,
  SCANNER_TYPES,
  type ScannerFilterCode,
  type ScanRow,
  scan,
  TRENDING_LIMIT,
  trending,
} from "../../lib/market/scanner";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { STOCKS } from "../../lib/market/sim/universe";
import { testDeps } from "../setup/deps";
import { gatewayEvent } from "../setup/events";

/** The scanners and trending list: pure ranking and filters, then the implementations in-process. */

function row(symbol: string, fields: Partial<ScanRow> = {}): ScanRow {
  return {
    symbol,
    code: `${symbol}_NASDAQ`,
    companyName: `${symbol} Inc.`,
    exchange: "NASDAQ",
    lastPrice: 50,
    change: 0.5,
    changePercent: 1,
    volume: 1_000_000,
    marketCap: 5e9,
    averageVolume: 2_000_000,
    yearHigh: 60,
    yearLow: 40,
    high: 51,
    low: 49,
    dividendYield: 0,
    ...fields,
  };
}

const symbols = (rows: readonly ScanRow[]) => rows.map((r) => r.symbol);

describe("scan: ranking", () => {
  const rows = [
    row("AAA", { changePercent: 2.5, volume: 300, averageVolume: 1000, lastPrice: 10 }),
    row("BBB", { changePercent: -4, volume: 900, averageVolume: 300, lastPrice: 20 }),
    row("CCC", { changePercent: 7, volume: 100, averageVolume: 50, lastPrice: 30 }),
    row("DDD", { changePercent: -0.5, volume: 500, averageVolume: null, lastPrice: 40 }),
    row("EEE", { changePercent: 0, volume: 0, averageVolume: 100, lastPrice: 50 }),
  ];

  it("ranks gainers by changePercent descending, gainers only", () => {
    expect(symbols(scan(rows, "TOP_PERC_GAIN"))).toEqual(["CCC", "AAA"]);
  });

  it("ranks losers by changePercent ascending, losers only", () => {
    expect(symbols(scan(rows, "TOP_PERC_LOSE"))).toEqual(["BBB", "DDD"]);
  });

  it("ranks MOST_ACTIVE by volume descending, leaving out rows without volume", () => {
    expect(symbols(scan(rows, "MOST_ACTIVE"))).toEqual(["BBB", "DDD", "AAA", "CCC"]);
  });

  it("ranks HOT_BY_VOLUME by volume / average volume, leaving out unknown averages", () => {
    // BBB 3, CCC 2, AAA 0.3, EEE 0; DDD has no average volume.
    expect(symbols(scan(rows, "HOT_BY_VOLUME"))).toEqual(["BBB", "CCC", "AAA", "EEE"]);
  });

  it("ranks by distance to the 52-week high and low", () => {
    const year = [
      row("LOW", { lastPrice: 41, yearHigh: 100, yearLow: 40 }),
      row("MID", { lastPrice: 70, yearHigh: 100, yearLow: 40 }),
      row("TOP", { lastPrice: 99, yearHigh: 100, yearLow: 40 }),
      row("NEW", { lastPrice: 101, yearHigh: 100, yearLow: 40 }),
    ];
    expect(symbols(scan(year, "HIGH_VS_52W_HI"))).toEqual(["NEW", "TOP", "MID", "LOW"]);
    expect(symbols(scan(year, "LOW_VS_52W_LO"))).toEqual(["LOW", "MID", "TOP", "NEW"]);
  });

  it("ranks TOP_PRICE_RANGE by (high − low) / low", () => {
    const ranges = [
      row("WIDE", { high: 120, low: 100 }), // 20 %
      row("NARROW", { high: 101, low: 100 }), // 1 %
      row("CHEAP", { high: 3, low: 2 }), // 50 %: relative, not absolute
    ];
    expect(symbols(scan(ranges, "TOP_PRICE_RANGE"))).toEqual(["CHEAP", "WIDE", "NARROW"]);
  });

  it("ranks HIGH_DIVIDEND_YIELD by yield, payers only", () => {
    const yields = [
      row("NONE", { dividendYield: 0 }),
      row("UNKNOWN", { dividendYield: null }),
      row("LOW", { dividendYield: 0.8 }),
      row("HIGH", { dividendYield: 6.1 }),
    ];
    expect(symbols(scan(yields, "HIGH_DIVIDEND_YIELD"))).toEqual(["HIGH", "LOW"]);
  });

  it("breaks ties by symbol, then code, whatever the input order", () => {
    const tied = [
      row("MSFT", { changePercent: 3 }),
      row("AAPL", { changePercent: 3, code: "AAPL_NYSE" }),
      row("AAPL", { changePercent: 3, code: "AAPL_BATS" }),
      row("ZM", { changePercent: 5 }),
      row("AMZN", { changePercent: 3 }),
    ];
    const expected = ["ZM_NASDAQ", "AAPL_BATS", "AAPL_NYSE", "AMZN_NASDAQ", "MSFT_NASDAQ"];
    expect(scan(tied, "TOP_PERC_GAIN").map((r) => r.code)).toEqual(expected);
    expect(scan([...tied].reverse(), "TOP_PERC_GAIN").map((r) => r.code)).toEqual(expected);
  });

  it("returns at most the limit, never more than 50", () => {
    const many = Array.from({ length: 80 }, (_, i) =>
      row(`S${String(i).padStart(2, "0")}`, { volume: 1000 + i }),
    );
    expect(scan(many, "MOST_ACTIVE")).toHaveLength(SCAN_LIMIT);
    expect(SCAN_LIMIT).toBe(50);
    expect(symbols(scan(many, "MOST_ACTIVE", [], 3))).toEqual(["S79", "S78", "S77"]);
    expect(scan(many, "MOST_ACTIVE", [], 500)).toHaveLength(50);
    expect(scan(many, "MOST_ACTIVE", [], 0)).toEqual([]);
  });

  it("leaves out rows whose metric is not a finite number", () => {
    const odd = [row("NAN", { changePercent: Number.NaN }), row("OK", { changePercent: 1 })];
    expect(symbols(scan(odd, "TOP_PERC_GAIN"))).toEqual(["OK"]);
  });
});

describe("scan: filters", () => {
  /** Rows whose filtered field takes each value; MOST_ACTIVE keeps them all before filtering. */
  function pool(code: ScannerFilterCode, values: readonly number[]): ScanRow[] {
    const field = SCANNER_FILTERS.find((f) => f.code === code)?.field;
    if (!field) throw new Error(code);
    return values.map((value, i) => row(`R${i}`, { volume: 1000 + i, [field]: value }));
  }
  const kept = (code: ScannerFilterCode, values: readonly number[], criterion: FilterCriterion) =>
    scan(pool(code, values), "MOST_ACTIVE", [criterion])
      .map((r) => values[Number(r.symbol.slice(1))])
      .sort((a, b) => (a as number) - (b as number));

  const values = [1, 5, 10, 15, 20];

  it.each(SCANNER_FILTERS.map((f) => [f.code, f] as const))(
    "%s: min alone is an inclusive lower bound, max alone an inclusive upper bound, both a range",
    (code) => {
      expect(kept(code, values, { code, min: 10 })).toEqual([10, 15, 20]);
      expect(kept(code, values, { code, max: 10 })).toEqual([1, 5, 10]);
      expect(kept(code, values, { code, min: 5, max: 15 })).toEqual([5, 10, 15]);
      expect(kept(code, values, { code, min: 10, max: 10 })).toEqual([10]);
    },
  );

  it.each(SCANNER_FILTERS.map((f) => [f.code, f] as const))(
    "%s: with neither bound applies defaultValueMin and defaultValueMax",
    (code, filter) => {
      const lo = filter.defaultValueMin;
      const hi = filter.defaultValueMax;
      const around = [lo - 1, lo, lo + 1, ...(hi === null ? [lo * 10 + 1e12] : [hi, hi + 1])];
      const expected = hi === null ? [lo, lo + 1, lo * 10 + 1e12] : [lo, lo + 1, hi];
      expect(kept(code, around, { code })).toEqual(expected);
    },
  );

  it("publishes the defaults the filters apply", () => {
    const defaults = Object.fromEntries(
      SCANNER_FILTERS.map((f) => [f.code, [f.defaultValueMin, f.defaultValueMax]]),
    );
    expect(defaults).toEqual({
      priceAbove: [5, null],
      priceBelow: [0, 100],
      marketCapAbove: [1e9, null],
      marketCapBelow: [0, 1e10],
      volumeAbove: [100_000, null],
      changePercentAbove: [1, null],
      changePercentBelow: [-100, -1],
      averageVolumeAbove: [500_000, null],
      dividendYieldAbove: [1, null],
    });
  });

  it("reads the bound sent, not the name: priceBelow {min} is a lower bound", () => {
    expect(kept("priceBelow", values, { code: "priceBelow", max: 9.99 })).toEqual([1, 5]);
    expect(kept("priceBelow", values, { code: "priceBelow", min: 15 })).toEqual([15, 20]);
    expect(kept("priceAbove", values, { code: "priceAbove", min: 10.01 })).toEqual([15, 20]);
  });

  it("bounds the right field for each filter", () => {
    const r = row("X", {
      lastPrice: 12,
      marketCap: 3e9,
      volume: 700,
      changePercent: -2,
      averageVolume: 900,
      dividendYield: 4,
    });
    const cases: [ScannerFilterCode, number][] = [
      ["priceAbove", 12],
      ["priceBelow", 12],
      ["marketCapAbove", 3e9],
      ["marketCapBelow", 3e9],
      ["volumeAbove", 700],
      ["changePercentAbove", -2],
      ["changePercentBelow", -2],
      ["averageVolumeAbove", 900],
      ["dividendYieldAbove", 4],
    ];
    expect(cases.map(([code]) => code).sort()).toEqual(SCANNER_FILTERS.map((f) => f.code).sort());
    for (const [code, value] of cases) {
      expect(passesFilters(r, [{ code, min: value, max: value }]), code).toBe(true);
      expect(passesFilters(r, [{ code, min: value + 0.5 }]), code).toBe(false);
      expect(passesFilters(r, [{ code, max: value - 0.5 }]), code).toBe(false);
    }
  });

  it("fails a row whose field is unknown, whatever the bounds", () => {
    const unknown = row("U", { marketCap: null, averageVolume: null, dividendYield: null });
    for (const code of [
      "marketCapAbove",
      "marketCapBelow",
      "averageVolumeAbove",
      "dividendYieldAbove",
    ] as const) {
      expect(passesFilters(unknown, [{ code, min: -1e300, max: 1e300 }]), code).toBe(false);
    }
    expect(passesFilters(unknown, [{ code: "priceAbove", min: 1 }])).toBe(true);
  });

  it("applies several filters together", () => {
    const rows = [
      row("BIGCHEAP", { lastPrice: 8, marketCap: 5e10 }),
      row("BIGDEAR", { lastPrice: 300, marketCap: 2e12 }),
      row("SMALLDEAR", { lastPrice: 120, marketCap: 2e9 }),
    ];
    const criteria: FilterCriterion[] = [
      { code: "priceAbove", min: 10 },
      { code: "marketCapAbove", min: 1e10 },
    ];
    expect(symbols(scan(rows, "MOST_ACTIVE", criteria))).toEqual(["BIGDEAR"]);
  });
});

describe("trending", () => {
  const now = new Date("2026-11-24T16:00:00Z");
  const rows = Array.from({ length: 40 }, (_, i) =>
    row(`T${String(i).padStart(2, "0")}`, {
      changePercent: ((i * 7) % 11) - 5,
      volume: 1000 * ((i % 5) + 1),
      averageVolume: 2000,
    }),
  );

  it("ranks the top 20 by attention score, 1..N", () => {
    const list = trending(rows, now);
    expect(list).toHaveLength(TRENDING_LIMIT);
    expect(list.map((r) => r.trendingRank)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const scores = list.map((r) => attentionScore(r, "2026-11-24"));
    for (let i = 1; i < scores.length; i++) {
      expect(scores[i - 1]).toBeGreaterThanOrEqual(scores[i] as number);
    }
    const lowest = Math.min(...scores);
    const left = rows.filter((r) => !list.some((t) => t.code === r.code));
    for (const r of left) expect(attentionScore(r, "2026-11-24")).toBeLessThanOrEqual(lowest);
  });

  it("is deterministic for a UTC day, and its noise changes with the day", () => {
    const later = new Date("2026-11-24T23:59:00Z");
    expect(trending(rows, later)).toEqual(trending(rows, now));
    expect(trending([...rows].reverse(), now)).toEqual(trending(rows, now));
    const next = trending(rows, new Date("2026-11-25T00:00:00Z"));
    expect(next.map((r) => r.code)).not.toEqual(trending(rows, now).map((r) => r.code));
  });

  it("puts a big mover or a volume surge first; the noise is at most one point", () => {
    const mover = row("MOVER", { changePercent: -12, volume: 1000, averageVolume: 2000 });
    const surge = row("SURGE", { changePercent: 0.1, volume: 20_000, averageVolume: 2000 });
    const list = trending([...rows, mover, surge], now);
    expect(list.slice(0, 2).map((r) => r.symbol)).toEqual(["SURGE", "MOVER"]);
    const quiet = row("QUIET", { changePercent: 0, volume: 0, averageVolume: 2000 });
    const noise = attentionScore(quiet, "2026-11-24");
    expect(noise).toBeGreaterThan(0);
    expect(noise).toBeLessThan(1);
  });
});

// ---------------------------------------------------------------------------------------------
// The implementations in-process, on the simulated market at a pinned clock.

const clock = pinnedClock(new Date("2026-11-24T16:00:00Z")); // Tuesday 11:00 New York

/** The simulated market with each quote computed once (a scan quotes every stock). */
function memoizedMarket(market: MarketDataProvider): MarketDataProvider {
  const quotes = new Map<string, Promise<Quote | undefined>>();
  return {
    ...market,
    instruments: () => market.instruments(),
    instrument: (code) => market.instrument(code),
    quote(code) {
      let quote = quotes.get(code);
      if (!quote) {
        quote = market.quote(code);
        quotes.set(code, quote);
      }
      return quote;
    },
  };
}

const market = memoizedMarket(createSimulatedMarket(clock));
const deps: Deps = testDeps({ market, marketClock: clock });

type RouteKey = keyof typeof marketScannerRoutes;

/** Runs the route as the Lambda would: body validated by the route's schema, then implemented. */
async function call(key: RouteKey, body?: unknown, withDeps: Deps = deps): Promise<any> {
  const route: RouteSpec = marketScannerRoutes[key];
  const implementation = (
    marketScannerImplementations as Record<string, (i: unknown, d: Deps) => unknown>
  )[route.id];
  const event = gatewayEvent({
    method: route.method,
    path: `/v1${route.path}`,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const result = await invokeRoute(route, implementation as never, event, withDeps, "req-1");
  expect(result.statusCode).toBe(200);
  const data = JSON.parse(result.body).data;
  const schema = route.response;
  if (schema === "raw") throw new Error("raw");
  const parsed = schema.safeParse(data);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return data;
}

/** The ApiError the call throws (400s are thrown for the envelope to turn into responses). */
async function refusal(key: RouteKey, body: unknown): Promise<ApiError> {
  const error = await call(key, body).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const scanBody = (scannerTypeId: number, filters: unknown[] = []) => ({ scannerTypeId, filters });

describe("market.scannerTypes and market.scannerFilters", () => {
  it("lists the scanner types with stable ids", async () => {
    const types = await call("scannerTypes");
    expect(types.every((t: unknown) => scannerTypeSchema.safeParse(t).success)).toBe(true);
    expect(types).toEqual([
      { id: 1, displayName: "Top % Gainers", code: "TOP_PERC_GAIN" },
      { id: 2, displayName: "Top % Losers", code: "TOP_PERC_LOSE" },
      { id: 3, displayName: "Most Active", code: "MOST_ACTIVE" },
      { id: 4, displayName: "Hot by Volume", code: "HOT_BY_VOLUME" },
      { id: 5, displayName: "Near 52-Week High", code: "HIGH_VS_52W_HI" },
      { id: 6, displayName: "Near 52-Week Low", code: "LOW_VS_52W_LO" },
      { id: 7, displayName: "Top Price Range", code: "TOP_PRICE_RANGE" },
      { id: 8, displayName: "High Dividend Yield", code: "HIGH_DIVIDEND_YIELD" },
    ]);
  });

  it("lists the filters with stable ids, type DOUBLE and their defaults", async () => {
    const filters = await call("scannerFilters");
    expect(filters.every((f: unknown) => scannerFilterSchema.safeParse(f).success)).toBe(true);
    expect(filters.map((f: { id: number; code: string }) => `${f.id} ${f.code}`)).toEqual([
      "1 priceAbove",
      "2 priceBelow",
      "3 marketCapAbove",
      "4 marketCapBelow",
      "5 volumeAbove",
      "6 changePercentAbove",
      "7 changePercentBelow",
      "8 averageVolumeAbove",
      "9 dividendYieldAbove",
    ]);
    expect(filters[0]).toEqual({
      id: 1,
      displayName: "Price Above",
      code: "priceAbove",
      type: "DOUBLE",
      groupName: "Price",
      defaultValueMin: 5,
      defaultValueMax: null,
    });
    expect(Object.keys(filters[0]).sort()).toEqual(Object.keys(scannerFilterSchema.shape).sort());
  });
});

describe("market.scan", () => {
  it("ranks TOP_PERC_GAIN by changePercent descending over stocks and ETFs", async () => {
    const rows = await call("scan", scanBody(1));
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThanOrEqual(50);
    const changes = rows.map((r: { changePercent: number }) => r.changePercent);
    expect(changes).toEqual([...changes].sort((a, b) => b - a));
    expect(changes.every((c: number) => c > 0)).toBe(true);
    const stockCodes = new Set(STOCKS.map((s) => `${s.symbol}_${s.exchange}`));
    expect(rows.every((r: { code: string }) => stockCodes.has(r.code))).toBe(true);
  });

  it("answers each row from the quote: live price, change against the prior settlement, cap", async () => {
    const [first] = await call("scan", scanBody(1));
    expect(Object.keys(first).sort()).toEqual(Object.keys(scannerRowSchema.shape).sort());
    const quote = (await market.quote(first.code)) as Quote;
    const instrument = await market.instrument(first.code);
    // Served to the cent (stocks above $1), percents to 4 decimals, market cap to the cent.
    const round = (x: number, decimals: number) => Math.round(x * 10 ** decimals) / 10 ** decimals;
    const live = round(quote.markPrice ?? quote.lastPrice, 2);
    const previousClose = round(quote.previousClose, 2);
    expect(first.lastPrice).toBe(live);
    expect(first.change).toBe(round(live - previousClose, 2));
    expect(first.changePercent).toBe(round((100 * first.change) / previousClose, 4));
    expect(first.volume).toBe(quote.volume);
    expect(first.marketCap).toBe(round((instrument?.sharesOutstanding as number) * live, 2));
    expect(first.companyName).toBe(instrument?.name);
  });

  it("ranks MOST_ACTIVE by volume and TOP_PERC_LOSE by changePercent ascending", async () => {
    const active = await call("scan", scanBody(3));
    expect(active).toHaveLength(50);
    const volumes = active.map((r: { volume: number }) => r.volume);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    const losers = await call("scan", scanBody(2));
    const changes = losers.map((r: { changePercent: number }) => r.changePercent);
    expect(changes).toEqual([...changes].sort((a, b) => a - b));
    expect(changes.every((c: number) => c < 0)).toBe(true);
  });

  it("ranks HIGH_DIVIDEND_YIELD by annual dividend / price from the universe", async () => {
    const rows = await call("scan", scanBody(8));
    // Served yields are percent to 4 decimals: two stocks equal there rank by symbol.
    const yieldOf = (r: { symbol: string; lastPrice: number }) =>
      Math.round(
        ((STOCKS.find((s) => s.symbol === r.symbol)?.dividend?.annualAmount ?? 0) / r.lastPrice) *
          1e6,
      ) / 1e4;
    const yields = rows.map(yieldOf);
    expect(yields.every((y: number) => y > 0)).toBe(true);
    expect(yields).toEqual([...yields].sort((a, b) => b - a));
  });

  it("keeps only the rows that pass the filters", async () => {
    const all = await call("scan", scanBody(3));
    const filtered = await call(
      "scan",
      scanBody(3, [
        { id: 1, code: "priceAbove", min: 100 },
        { id: 3, code: "marketCapAbove", min: 1e11 },
      ]),
    );
    expect(filtered.length).toBeGreaterThan(0);
    for (const r of filtered) {
      expect(r.lastPrice).toBeGreaterThanOrEqual(100);
      expect(r.marketCap).toBeGreaterThanOrEqual(1e11);
    }
    const excluded = all.filter(
      (r: { lastPrice: number; marketCap: number }) => r.lastPrice < 100 || r.marketCap < 1e11,
    );
    expect(excluded.length).toBeGreaterThan(0);
    const kept = new Set(filtered.map((r: { code: string }) => r.code));
    expect(excluded.some((r: { code: string }) => kept.has(r.code))).toBe(false);
    // The rows of the unfiltered scan that pass keep their order.
    const passing = all
      .filter(
        (r: { lastPrice: number; marketCap: number }) => r.lastPrice >= 100 && r.marketCap >= 1e11,
      )
      .map((r: { code: string }) => r.code);
    expect(filtered.slice(0, passing.length).map((r: { code: string }) => r.code)).toEqual(passing);
  });

  it("applies a range and the defaults of a filter sent without bounds", async () => {
    const band = await call("scan", scanBody(3, [{ id: 2, code: "priceBelow", min: 20, max: 60 }]));
    expect(band.length).toBeGreaterThan(0);
    expect(band.every((r: { lastPrice: number }) => r.lastPrice >= 20 && r.lastPrice <= 60)).toBe(
      true,
    );
    const defaults = await call("scan", scanBody(3, [{ id: 4, code: "marketCapBelow" }]));
    expect(defaults.length).toBeGreaterThan(0);
    expect(defaults.every((r: { marketCap: number }) => r.marketCap <= 1e10)).toBe(true);
  });

  it("answers the events/ sample (TOP_PERC_GAIN, price above 10, market cap above 1e10)", async () => {
    const route = marketScannerRoutes.scan;
    const event = JSON.parse(
      readFileSync(join(import.meta.dirname, "../../events/market.scan.json"), "utf8"),
    ) as APIGatewayProxyEventV2;
    expect(event.routeKey).toBe("POST /v1/market/scanner/scan");
    const result = await invokeRoute(
      route,
      marketScannerImplementations["market.scan"] as never,
      event,
      deps,
      "sample",
    );
    expect(result.statusCode).toBe(200);
    const rows = JSON.parse(result.body).data;
    expect(route.response.safeParse(rows).success).toBe(true);
    for (const r of rows) {
      expect(r.lastPrice).toBeGreaterThanOrEqual(10);
      expect(r.marketCap).toBeGreaterThanOrEqual(1e10);
      expect(r.changePercent).toBeGreaterThan(0);
    }
  });

  it("refuses an unknown scanner type with 400 naming scannerTypeId", async () => {
    const error = await refusal("scan", scanBody(99));
    expect(error.status).toBe(400);
    expect(error.code).toBe("INVALID_PARAMETER");
    expect(error.message).toContain("'scannerTypeId'");
  });

  it.each([
    ["filters[0].id", [{ id: 999, code: "priceAbove", min: 1 }]],
    ["filters[0].code", [{ id: 1, code: "marketCapAbove", min: 1 }]],
    ["filters[0].code", [{ id: 1, code: "nope", min: 1 }]],
    [
      "filters[1].id",
      [
        { id: 1, code: "priceAbove" },
        { id: 0, code: "priceAbove" },
      ],
    ],
    ["filters[0].min", [{ id: 1, code: "priceAbove", min: 20, max: 10 }]],
    ["filters[0].id", [{ id: 1.5, code: "priceAbove" }]],
    ["filters[0].code", [{ id: 1 }]],
    ["filters[0].max", [{ id: 1, code: "priceAbove", max: "10" }]],
  ])("refuses a bad filter with 400 naming %s", async (field, filters) => {
    const error = await refusal("scan", scanBody(1, filters));
    expect(error.status).toBe(400);
    expect(error.code).toBe("INVALID_PARAMETER");
    expect(error.message).toContain(`'${field}'`);
  });

  it.each([
    ["scannerTypeId", {}],
    ["scannerTypeId", { scannerTypeId: "1" }],
    ["instrumentId", { scannerTypeId: 1, instrumentId: 2 }],
    ["locationId", { scannerTypeId: 1, locationId: 7 }],
    ["custom", { scannerTypeId: 1, custom: "yes" }],
    ["filters", { scannerTypeId: 1, filters: {} }],
    [
      "filters",
      {
        scannerTypeId: 1,
        filters: Array.from({ length: 21 }, () => ({ id: 1, code: "priceAbove" })),
      },
    ],
  ])("refuses a bad body with 400 naming %s", async (field, body) => {
    const error = await refusal("scan", body);
    expect(error.status).toBe(400);
    expect(error.message).toContain(`'${field}'`);
  });

  it("fills the body's defaults and validates it with the route's schema", () => {
    expect(validate(scanBodySchema, { scannerTypeId: 3 }, "body")).toEqual({
      scannerTypeId: 3,
      instrumentId: 1,
      locationId: 1,
      custom: false,
      filters: [],
    });
    expect(() =>
      validate(
        scanBodySchema,
        scanBody(1, [{ id: 1, code: "priceAbove", min: 5, max: 1 }]),
        "body",
      ),
    ).toThrow("'filters[0].min'");
    const twenty = Array.from({ length: 20 }, () => ({ id: 1, code: "priceAbove", min: 1 }));
    expect(validate(scanBodySchema, scanBody(1, twenty), "body").filters).toHaveLength(20);
  });
});

describe("market.trending", () => {
  it("ranks 20 stocks and ETFs 1..N, deterministically for the same clock", async () => {
    const list = await call("trending");
    expect(list).toHaveLength(20);
    expect(list.map((r: { trendingRank: number }) => r.trendingRank)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(list.every((r: unknown) => trendingRowSchema.safeParse(r).success)).toBe(true);
    expect(new Set(list.map((r: { code: string }) => r.code)).size).toBe(20);
    // A fresh simulated market on the same clock answers the same list.
    const again = await call("trending", undefined, {
      ...deps,
      market: createSimulatedMarket(pinnedClock(new Date("2026-11-24T16:00:00Z"))),
    });
    expect(again).toEqual(list);
  });

  it("orders by the attention score of each row", async () => {
    const list = await call("trending");
    const scores = list.map((r: ScanRow) => {
      const stock = STOCKS.find((s) => s.symbol === r.symbol);
      return attentionScore({ ...r, averageVolume: stock?.averageVolume ?? null }, "2026-11-24");
    });
    expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a));
  });
});

describe("catalogue", () => {
  it("has scanner type and filter ids that are unique positive integers", () => {
    for (const list of [SCANNER_TYPES, SCANNER_FILTERS]) {
      const ids = list.map((entry) => entry.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
      const codes = list.map((entry) => entry.code);
      expect(new Set(codes).size).toBe(codes.length);
    }
  });

  it("declares the routes with their ids, group market and key auth", () => {
    expect(
      Object.values(marketScannerRoutes).map((r) => `${r.id} ${r.method} ${r.path} ${r.auth}`),
    ).toEqual([
      "market.scannerTypes GET /market/scanner/types key",
      "market.scannerFilters GET /market/scanner/filters key",
      "market.scan POST /market/scanner/scan key",
      "market.trending GET /market/trending key",
    ]);
    expect(Object.values(marketScannerRoutes).every((r) => r.group === "market")).toBe(true);
    expect(Object.keys(marketScannerImplementations).sort()).toEqual(
      ["market.scan", "market.scannerFilters", "market.scannerTypes", "market.trending"].sort(),
    );
  });
});
