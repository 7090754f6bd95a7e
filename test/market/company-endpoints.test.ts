import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ZodObject } from "zod";
import { ApiError } from "../../lib/api/errors";
import { marketImplementations } from "../../lib/api/groups/market/implementations";
import { marketCompanyImplementations } from "../../lib/api/groups/market/implementations/details";
import { marketCompanyRoutes } from "../../lib/api/groups/market/routes/details";
import { type RouteSpec, routeKey } from "../../lib/api/route";
import { validate } from "../../lib/api/validation";
import { pinnedClock } from "../../lib/deps";
import { dayNumber, weekday } from "../../lib/market/civil-date";
import {
  atmCallGreeks,
  dividendFigures,
  earningsDay,
  formatCompact,
  formatPercent,
  NO_DIVIDEND,
  nextEarnings,
  rsiStatus,
  shortFigures,
} from "../../lib/market/company-data";
import { nyWallClock } from "../../lib/market/ny-time";
import { isEarlyClose, isTradingDay } from "../../lib/market/nyse-calendar";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { CRYPTO, STOCKS, type UniverseDividend } from "../../lib/market/sim/universe";
import { blackScholes, blackScholesPrice, rsi } from "../../lib/quant";
import { testDeps } from "../setup/deps";

/**
 * Extended data, short interest, dividends and technicals: the pure figures of
 * lib/market/company-data.ts, then the four endpoints in-process on the simulated market with
 * its clock pinned (inputs validated as the dispatcher does, outputs parsed by the response
 * schemas).
 */

const DAY = 86_400_000;
const at = (iso: string) => Date.parse(iso);
/** `yyyy-MM-dd` → its day number. */
const dayOf = (date: string) => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return dayNumber(y, m, d);
};

describe("company-data: display texts", () => {
  it.each([
    [3.45e12, "3.45T"],
    [812.34e9, "812.3B"],
    [45.6e6, "45.6M"],
    [12_345, "12.3K"],
    [1_234, "1.23K"],
    [9_999, "10.0K"],
    [999_960_000_000, "1.00T"],
    [950, "950"],
    [12.345, "12.35"],
    [0, "0"],
    [-2.5e6, "-2.50M"],
    [1.5e15, "1500.0T"],
    [Number.NaN, ""],
  ])("formatCompact(%d) = %s", (n, text) => {
    expect(formatCompact(n)).toBe(text);
  });

  it("writes percent texts with 2 decimals", () => {
    expect(formatPercent(24.3125)).toBe("24.31%");
    expect(formatPercent(25)).toBe("25.00%");
    expect(formatPercent(0.25)).toBe("0.25%");
    expect(formatPercent(Number.POSITIVE_INFINITY)).toBe("");
  });

  it("classifies the RSI strictly above 70 and below 30", () => {
    expect(rsiStatus(70.01)).toBe("Overbought");
    expect(rsiStatus(70)).toBe("Neutral");
    expect(rsiStatus(30)).toBe("Neutral");
    expect(rsiStatus(29.99)).toBe("Oversold");
    expect(rsiStatus(undefined)).toBe("");
  });
});

describe("company-data: dividends", () => {
  const quarterly: UniverseDividend = {
    annualAmount: 1.04,
    frequency: "quarterly",
    exDividendMonthDay: ["02-10", "05-12", "08-11", "11-10"],
  };

  it("answers the most recent and the next ex-date, per-payment amount, TTM and yield", () => {
    // Tuesday 2026-11-24, 11:00 New York.
    const figures = dividendFigures(quarterly, 260, at("2026-11-24T16:00:00Z"));
    expect(figures.exDividendDate).toBe("2026-11-10"); // a Tuesday
    expect(figures.nextExDividendDate).toBe("2027-02-10"); // a Wednesday
    expect(figures.dividendAmount).toBeCloseTo(0.26, 12);
    expect(figures.dividendsTTM).toBeCloseTo(1.04, 12);
    expect(figures.dividendYieldPercent).toBeCloseTo(0.4, 12);
  });

  it("uses the New York date: an ex-date is the most recent from its own day on", () => {
    // 2026-11-09 23:00 and 2026-11-10 22:00 New York.
    expect(dividendFigures(quarterly, 100, at("2026-11-10T04:00:00Z")).exDividendDate).toBe(
      "2026-08-11",
    );
    expect(dividendFigures(quarterly, 100, at("2026-11-11T03:00:00Z")).exDividendDate).toBe(
      "2026-11-10",
    );
  });

  it("moves ex-dates off weekends and NYSE holidays to the next trading day", () => {
    const monthly: UniverseDividend = {
      annualAmount: 3.9,
      frequency: "monthly",
      exDividendMonthDay: Array.from(
        { length: 12 },
        (_, i) => `${String(i + 1).padStart(2, "0")}-01`,
      ),
    };
    // 2026-01-01 is New Year's Day (Thursday): the ex-date is Friday 2026-01-02.
    const january = dividendFigures(monthly, 100, at("2026-01-15T16:00:00Z"));
    expect(january.exDividendDate).toBe("2026-01-02");
    expect(january.nextExDividendDate).toBe("2026-02-02"); // 2026-02-01 is a Sunday
    expect(january.dividendAmount).toBeCloseTo(0.325, 12);
    expect(january.dividendsTTM).toBeCloseTo(3.9, 12);
    const saturday: UniverseDividend = {
      annualAmount: 1,
      frequency: "annual",
      exDividendMonthDay: ["11-14"],
    };
    // 2026-11-14 is a Saturday.
    expect(dividendFigures(saturday, 50, at("2026-11-24T16:00:00Z")).exDividendDate).toBe(
      "2026-11-16",
    );
  });

  it("answers zeros and empty dates for non-payers", () => {
    expect(dividendFigures(null, 100, at("2026-11-24T16:00:00Z"))).toEqual({
      dividendAmount: 0,
      dividendYieldPercent: 0,
      dividendsTTM: 0,
      exDividendDate: "",
      nextExDividendDate: "",
    });
    expect(NO_DIVIDEND.exDividendDate).toBe("");
  });

  it("gives every payer of the universe valid past and future ex-dates on trading days", () => {
    for (const nowIso of ["2026-01-02T15:00:00Z", "2026-07-03T15:00:00Z", "2026-12-31T20:00:00Z"]) {
      const nowMs = at(nowIso);
      const today = nyWallClock(nowMs).day;
      for (const stock of STOCKS) {
        if (!stock.dividend) continue;
        const f = dividendFigures(stock.dividend, stock.price, nowMs);
        expect(f.exDividendDate, stock.symbol).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        const last = dayOf(f.exDividendDate);
        const next = dayOf(f.nextExDividendDate);
        expect(last, stock.symbol).toBeLessThanOrEqual(today);
        expect(next, stock.symbol).toBeGreaterThan(today);
        expect(isTradingDay(last) && isTradingDay(next), stock.symbol).toBe(true);
        // Within a year of each other, and within a week after a scheduled MM-DD.
        expect(next - last, stock.symbol).toBeLessThanOrEqual(366);
        const scheduled = stock.dividend.exDividendMonthDay.some((md) =>
          [0, 1, 2, 3, 4, 5, 6].some((back) => {
            const date = new Date((last - back) * DAY).toISOString().slice(5, 10);
            return date === md;
          }),
        );
        expect(scheduled, stock.symbol).toBe(true);
        expect(f.dividendsTTM, stock.symbol).toBeCloseTo(stock.dividend.annualAmount, 10);
        expect(f.dividendYieldPercent).toBeCloseTo(
          (100 * stock.dividend.annualAmount) / stock.price,
          10,
        );
      }
    }
  });
});

describe("company-data: earnings", () => {
  const reporters = STOCKS.filter((stock) => stock.earningsMonths !== null);

  it("puts each report on a trading day of its month, from the 20th, on the symbol's weekday", () => {
    for (const stock of reporters) {
      for (const year of [2026, 2027]) {
        const weekdays = new Set<number>();
        for (const month of stock.earningsMonths ?? []) {
          const day = earningsDay(stock.symbol, year, month);
          const date = new Date(day * DAY);
          expect(isTradingDay(day), stock.symbol).toBe(true);
          expect(date.getUTCDate(), stock.symbol).toBeGreaterThanOrEqual(20);
          expect(date.getUTCMonth() + 1, stock.symbol).toBe(month);
          weekdays.add(weekday(day));
        }
        // Tuesday-Thursday, the same weekday each quarter unless a holiday moved one.
        for (const dow of weekdays) expect([2, 3, 4, 5]).toContain(dow);
        expect(weekdays.size, stock.symbol).toBeLessThanOrEqual(2);
      }
    }
  });

  it("answers the next report, upcoming until the open (BMO) or the close (AMC)", () => {
    for (const nowIso of ["2026-02-15T12:00:00Z", "2026-11-24T16:00:00Z", "2026-12-31T23:00:00Z"]) {
      const nowMs = at(nowIso);
      for (const stock of reporters) {
        const next = nextEarnings(stock.symbol, stock.earningsMonths, stock.earningsHour, nowMs);
        if (!next) throw new Error(`no next earnings for ${stock.symbol}`);
        expect(next.untilMs, stock.symbol).toBeGreaterThan(nowMs);
        expect(next.hour).toBe(stock.earningsHour);
        const day = dayOf(next.date);
        expect(isTradingDay(day), stock.symbol).toBe(true);
        const clock = nyWallClock(next.untilMs);
        expect(clock.day).toBe(day);
        const minute = clock.hour * 60 + clock.minute;
        expect(minute).toBe(next.hour === "bmo" ? 570 : isEarlyClose(day) ? 780 : 960);
        // It is the next one: just before it the same, at it the following one.
        const again = nextEarnings(
          stock.symbol,
          stock.earningsMonths,
          stock.earningsHour,
          next.untilMs - 1,
        );
        expect(again?.date).toBe(next.date);
        const after = nextEarnings(
          stock.symbol,
          stock.earningsMonths,
          stock.earningsHour,
          next.untilMs,
        );
        expect(dayOf(after?.date ?? "")).toBeGreaterThan(day);
        expect(dayOf(after?.date ?? "") - day).toBeLessThan(130);
      }
    }
  });

  it("has no earnings for funds", () => {
    expect(nextEarnings("SPY", null, null, at("2026-11-24T16:00:00Z"))).toBeUndefined();
  });
});

describe("company-data: borrow and greeks", () => {
  it("makes 5 % of the shares not sold short available to borrow", () => {
    expect(
      shortFigures({ sharesOutstanding: 1e9, shortInterestPercent: 10, borrowFeePercent: 1.5 }),
    ).toEqual({ shortable: true, shortableShares: 45_000_000, feeRatePercent: 1.5 });
    expect(
      shortFigures({ sharesOutstanding: 1e9, shortInterestPercent: 100, borrowFeePercent: 30 }),
    ).toMatchObject({ shortable: false, shortableShares: 0 });
  });

  it("answers the 30-day ATM call's greeks, matching finite differences of the price", () => {
    const spot = 250;
    const sigma = 0.3;
    const r = 0.04;
    const { theta, gamma, vega } = atmCallGreeks(spot, sigma, 4);
    const price = (s: number, days: number, vol: number) =>
      blackScholesPrice(s, spot, days / 365, vol, r, true);
    const h = 0.01;
    expect(vega).toBeCloseTo(price(spot, 30, sigma + 0.005) - price(spot, 30, sigma - 0.005), 4);
    expect(gamma).toBeCloseTo(
      (price(spot + h, 30, sigma) - 2 * price(spot, 30, sigma) + price(spot - h, 30, sigma)) /
        (h * h),
      4,
    );
    expect(theta).toBeCloseTo((price(spot, 29.999, sigma) - price(spot, 30.001, sigma)) / 0.002, 4);
    expect(theta).toBeLessThan(0);
  });
});

// ---------------------------------------------------------------------------------------------
// The endpoints, in-process
// ---------------------------------------------------------------------------------------------

const SIM_NOW = "2026-11-24T16:00:00Z"; // Tuesday 11:00 New York, regular session
const clock = pinnedClock(new Date(SIM_NOW));
const sim = createSimulatedMarket(clock);
const deps = testDeps({ market: sim, marketClock: clock });
const context = { requestId: "r", sourceIp: "", baseUrl: "", apiKey: undefined, origin: undefined };
const today = nyWallClock(at(SIM_NOW)).day;

type CompanyId = keyof typeof marketCompanyImplementations;
const routeOf = (id: string) =>
  Object.values(marketCompanyRoutes).find((route) => route.id === id) as RouteSpec & {
    params: ZodObject;
    response: ZodObject;
  };

/** Validates the path as the dispatcher does, runs the implementation, parses the payload. */
async function call(id: CompanyId, code: string, withDeps = deps) {
  const route = routeOf(id);
  const params = validate(route.params, { code }, "path") as { code: string };
  const implementation = marketCompanyImplementations[id] as (
    input: unknown,
    deps: unknown,
  ) => Promise<unknown>;
  const data = await implementation(
    { params, query: undefined, body: undefined, context },
    withDeps,
  );
  // Every field of the schema present, none other.
  expect(Object.keys(data as object).sort()).toEqual(Object.keys(route.response.shape).sort());
  return route.response.parse(data) as Record<string, any>;
}

async function quoteOf(code: string) {
  return marketImplementations["market.quote"](
    { params: { code }, query: undefined, body: undefined, context },
    deps,
  );
}

/** The documented window: daily regular-session bars from 00:00 UTC 120 days before now. */
async function closesOf(code: string, nowMs = at(SIM_NOW), market = sim) {
  const from = Math.floor(nowMs / DAY) * DAY - 120 * DAY;
  const bars = await market.bars(code, { period: 5, from, to: nowMs + 1, extended: false });
  return (bars ?? []).map((bar) => bar.close);
}

/** The served precision (lib/market/precision.ts): cents, 4 decimals for percents and RSIs, ... */
const round = (x: number, decimals: number) => Math.round(x * 10 ** decimals) / 10 ** decimals;

const stockOf = (symbol: string) => {
  const stock = STOCKS.find((s) => s.symbol === symbol);
  if (!stock) throw new Error(symbol);
  return stock;
};

/** The spec's fields of each resource by type (Resources: Extended contract data, ...). */
const SPEC_FIELDS = {
  "market.extended": {
    string: [
      "symbol",
      "marketCapFormatted",
      "averageDailyVolumeFormatted",
      "volumeFormatted",
      "impliedVolatility",
      "rsiStatus",
      "shortableShares",
      "feeRate",
      "exDividendDate",
      "upcomingEvent",
      "upcomingEventDate",
      "upcomingEarnings",
      "updatedOn",
    ],
    number: [
      "yearHigh",
      "yearLow",
      "marketCap",
      "averageDailyVolume",
      "volume",
      "beta",
      "rsi14",
      "rsi5",
      "theta",
      "gamma",
      "vega",
      "dividendAmount",
      "dividendYieldPercent",
      "dividendsTTM",
    ],
    boolean: ["shortable"],
  },
  "market.shortInterest": {
    string: ["symbol"],
    number: ["shortableShares", "feeRate"],
    boolean: ["shortable"],
  },
  "market.dividends": {
    string: ["symbol", "exDividendDate"],
    number: ["dividendAmount", "dividendYield", "dividendTTM"],
    boolean: [],
  },
  "market.technicals": {
    string: ["symbol", "impliedVolatility"],
    number: ["rsi", "rsi5", "beta", "yearHigh", "yearLow", "averageDailyVolume", "marketCap"],
    boolean: [],
  },
} as const;

describe("the four endpoints: shapes", () => {
  it.each(Object.keys(SPEC_FIELDS) as CompanyId[])(
    "%s answers every spec field with its type",
    async (id) => {
      const code = id === "market.dividends" ? "JPM_NYSE" : "AAPL_NASDAQ";
      const data = await call(id, code);
      for (const [type, fields] of Object.entries(SPEC_FIELDS[id])) {
        for (const field of fields) expect(typeof data[field], `${id} ${field}`).toBe(type);
      }
      for (const [field, value] of Object.entries(data)) {
        if (typeof value === "number") expect(Number.isFinite(value), field).toBe(true);
      }
    },
  );

  it("has API Gateway samples with the route keys and a valid code", () => {
    for (const route of Object.values(marketCompanyRoutes)) {
      const file = join(import.meta.dirname, "../../events", `${route.id}.json`);
      const event = JSON.parse(readFileSync(file, "utf8"));
      expect(event.routeKey).toBe(routeKey(route));
      expect(event.requestContext.routeKey).toBe(routeKey(route));
      const code = validate(route.params, event.pathParameters, "path").code;
      expect(event.rawPath).toBe(route.path.replace("{code}", code).replace(/^/, "/v1"));
      expect(event.requestContext.http.method).toBe(route.method);
    }
  });
});

describe("GET /market/stocks/{code}/extended", () => {
  it("computes size, volume, technicals and greeks from the quote and the daily closes", async () => {
    const stock = stockOf("AAPL");
    const [data, quote, closes] = await Promise.all([
      call("market.extended", "AAPL_NASDAQ"),
      quoteOf("AAPL_NASDAQ"),
      closesOf("AAPL_NASDAQ"),
    ]);
    expect(data.symbol).toBe("AAPL");
    expect(data.marketCap).toBe(round(stock.sharesOutstanding * quote.livePrice, 2));
    expect(data.yearHigh).toBe(quote.yearHigh);
    expect(data.yearLow).toBe(quote.yearLow);
    expect(data.volume).toBe(quote.volume);
    expect(data.updatedOn).toBe(quote.lastUpdated);
    // beta is realised against SPY: test/market/realised-beta.test.ts.
    expect(Number.isFinite(data.beta)).toBe(true);

    // RSIs over the documented closes, which are the regular-session closes.
    expect(closes.length).toBeGreaterThan(70);
    expect(await sim.dailyCloses("AAPL_NASDAQ", closes.length)).toEqual(closes);
    expect(data.rsi14).toBe(round(rsi(closes, 14).at(-1) as number, 4));
    expect(data.rsi5).toBe(round(rsi(closes, 5).at(-1) as number, 4));
    for (const value of [data.rsi14, data.rsi5]) {
      expect(value).toBeGreaterThan(0);
      expect(value).toBeLessThan(100);
    }
    const status = data.rsi14 > 70 ? "Overbought" : data.rsi14 < 30 ? "Oversold" : "Neutral";
    expect(data.rsiStatus).toBe(status);

    // The 30-day ATM call at the surface's 30-day ATM volatility shown and the default rate.
    const iv = (await sim.volatilitySurface.atmImpliedVolatility30("AAPL_NASDAQ")) as number;
    expect(data.impliedVolatility).toBe(`${(iv * 100).toFixed(2)}%`);
    const greeks = blackScholes(
      quote.livePrice,
      quote.livePrice,
      30 / 365,
      Number.parseFloat(data.impliedVolatility) / 100,
      deps.defaultRiskFreeRatePercent / 100,
      true,
    );
    expect(data.theta).toBe(round(greeks.thetaPerDay, 6));
    expect(data.gamma).toBe(round(greeks.gamma, 6));
    expect(data.vega).toBe(round(greeks.vegaPerVolPoint, 6));
    expect(data.theta).toBeLessThan(0);
  });

  it("averages the volume of the last 63 completed sessions (the chart's daily bars)", async () => {
    const chart = await marketImplementations["market.chart"](
      {
        params: { code: "MSFT_NASDAQ" },
        query: { period: 5, extended: false },
        body: undefined,
        context,
      },
      deps,
    );
    const todayStart = Date.parse("2026-11-24T05:00:00Z"); // 00:00 New York
    const completed = chart.bars.filter((bar) => bar.timestamp < todayStart).slice(-63);
    expect(completed).toHaveLength(63);
    const mean = completed.reduce((sum, bar) => sum + bar.volume, 0) / completed.length;
    const data = await call("market.extended", "MSFT_NASDAQ");
    expect(data.averageDailyVolume).toBe(Math.round(mean));
    const technicals = await call("market.technicals", "MSFT_NASDAQ");
    expect(technicals.averageDailyVolume).toBe(data.averageDailyVolume);
  });

  it("formats the display texts from the numbers", async () => {
    const data = await call("market.extended", "AAPL_NASDAQ");
    const unit = { "": 1, K: 1e3, M: 1e6, B: 1e9, T: 1e12 } as const;
    const parse = (text: string) => {
      const match = /^(\d+(?:\.\d+)?)([KMBT]?)$/.exec(text);
      if (!match) throw new Error(`not a compact figure: ${text}`);
      return Number(match[1]) * unit[match[2] as keyof typeof unit];
    };
    for (const [text, value] of [
      [data.marketCapFormatted, data.marketCap],
      [data.averageDailyVolumeFormatted, data.averageDailyVolume],
      [data.volumeFormatted, data.volume],
    ] as const) {
      expect(Math.abs(parse(text) / value - 1)).toBeLessThan(0.005);
    }
    const stock = stockOf("AAPL");
    const short = await call("market.shortInterest", "AAPL_NASDAQ");
    expect(Math.abs(parse(data.shortableShares) / short.shortableShares - 1)).toBeLessThan(0.005);
    expect(data.feeRate).toBe(`${stock.borrowFeePercent.toFixed(2)}%`);
    expect(data.shortable).toBe(short.shortable);
  });

  it("dates the last and next ex-dividend and the next earnings consistently", async () => {
    const stock = stockOf("AAPL");
    const [data, quote] = await Promise.all([
      call("market.extended", "AAPL_NASDAQ"),
      quoteOf("AAPL_NASDAQ"),
    ]);
    const annual = stock.dividend?.annualAmount ?? Number.NaN;
    expect(data.dividendYieldPercent).toBe(round((100 * annual) / quote.livePrice, 4));
    expect(data.dividendAmount).toBe(round(annual / 4, 4));
    expect(data.dividendsTTM).toBe(round(annual, 4));
    expect(dayOf(data.exDividendDate)).toBeLessThanOrEqual(today);
    expect(isTradingDay(dayOf(data.exDividendDate))).toBe(true);
    expect(dayOf(data.nextExDividendDate)).toBeGreaterThan(today);

    const [earningsDate, hour] = data.upcomingEarnings.split(" ");
    expect(hour).toBe(stock.earningsHour?.toUpperCase());
    expect(dayOf(earningsDate)).toBeGreaterThanOrEqual(today);
    expect(isTradingDay(dayOf(earningsDate))).toBe(true);

    const soonest = [earningsDate, data.nextExDividendDate].sort()[0];
    expect(data.upcomingEventDate).toBe(soonest);
    expect(data.upcomingEvent).toBe(soonest === earningsDate ? "Earnings" : "Ex-Dividend");
  });

  it("answers 0 and empty texts for what does not apply: non-payers, funds, crypto, greeks without options", async () => {
    const tsla = await call("market.extended", "TSLA_NASDAQ");
    expect(tsla).toMatchObject({
      dividendAmount: 0,
      dividendYieldPercent: 0,
      dividendsTTM: 0,
      exDividendDate: "",
      nextExDividendDate: "",
      upcomingEvent: "Earnings",
    });
    const spy = await call("market.extended", "SPY_ARCA");
    expect(spy.upcomingEarnings).toBe("");
    expect(spy.upcomingEvent).toBe("Ex-Dividend");

    const coin = CRYPTO.find((c) => c.symbol === "BTC");
    const [btc, quote] = await Promise.all([
      call("market.extended", "BTC_COINBASE"),
      quoteOf("BTC_COINBASE"),
    ]);
    expect(btc.marketCap).toBe(round((coin?.circulatingSupply ?? Number.NaN) * quote.livePrice, 2));
    // No listed options, no option surface: no implied volatility and no ATM option's greeks.
    expect(btc).toMatchObject({
      beta: 0,
      shortable: false,
      shortableShares: "",
      feeRate: "",
      dividendAmount: 0,
      exDividendDate: "",
      upcomingEvent: "",
      upcomingEventDate: "",
      upcomingEarnings: "",
      impliedVolatility: "",
      theta: 0,
      gamma: 0,
      vega: 0,
    });
  });

  it("accepts lower-case codes", async () => {
    expect((await call("market.extended", "aapl_nasdaq")).symbol).toBe("AAPL");
  });
});

describe("GET /market/stocks/{code}/short-interest", () => {
  it("answers shares outstanding × (1 − short interest) × 5 % and the borrow fee", async () => {
    for (const symbol of ["JPM", "GME", "AMC"]) {
      const stock = stockOf(symbol);
      const data = await call("market.shortInterest", `${symbol}_${stock.exchange}`);
      const expected = Math.floor(
        stock.sharesOutstanding * (1 - stock.shortInterestPercent / 100) * 0.05,
      );
      expect(data).toEqual({
        symbol,
        shortable: expected >= 1,
        shortableShares: expected,
        feeRate: stock.borrowFeePercent,
      });
    }
  });
});

describe("GET /market/stocks/{code}/dividends", () => {
  it("answers the per-payment amount, yield against the quote, TTM and a past ex-date", async () => {
    for (const symbol of ["JPM", "O", "SPY", "TLT"]) {
      const stock = stockOf(symbol);
      const code = `${symbol}_${stock.exchange}`;
      const [data, quote] = await Promise.all([call("market.dividends", code), quoteOf(code)]);
      const dividend = stock.dividend;
      if (!dividend) throw new Error(`${symbol} pays no dividend`);
      const perYear = { monthly: 12, quarterly: 4, semiannual: 2, annual: 1 }[dividend.frequency];
      expect(data.symbol).toBe(symbol);
      expect(data.dividendAmount).toBe(round(dividend.annualAmount / perYear, 4));
      expect(data.dividendYield).toBe(round((100 * dividend.annualAmount) / quote.livePrice, 4));
      expect(data.dividendTTM).toBe(round(dividend.annualAmount, 4));
      expect(data.exDividendDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(dayOf(data.exDividendDate)).toBeLessThanOrEqual(today);
      expect(today - dayOf(data.exDividendDate)).toBeLessThan(366 / perYear + 7);
      expect(isTradingDay(dayOf(data.exDividendDate))).toBe(true);
      expect(dayOf(data.nextExDividendDate)).toBeGreaterThan(today);
    }
  });

  it("answers zeros and an empty date for a non-payer", async () => {
    expect(await call("market.dividends", "TSLA_NASDAQ")).toEqual({
      symbol: "TSLA",
      dividendAmount: 0,
      dividendYield: 0,
      dividendTTM: 0,
      exDividendDate: "",
      nextExDividendDate: "",
    });
  });
});

describe("GET /market/stocks/{code}/technicals", () => {
  it("agrees with the quote, the universe and the RSI of the same closes", async () => {
    const stock = stockOf("NVDA");
    const code = `NVDA_${stock.exchange}`;
    const [data, quote, closes] = await Promise.all([
      call("market.technicals", code),
      quoteOf(code),
      closesOf(code),
    ]);
    expect(data.rsi).toBe(round(rsi(closes, 14).at(-1) as number, 4));
    expect(data.rsi5).toBe(round(rsi(closes, 5).at(-1) as number, 4));
    expect(data.rsi).toBeGreaterThanOrEqual(0);
    expect(data.rsi).toBeLessThanOrEqual(100);
    // beta is realised against SPY: test/market/realised-beta.test.ts.
    expect(Number.isFinite(data.beta)).toBe(true);
    expect(data.yearHigh).toBe(quote.yearHigh);
    expect(data.yearLow).toBe(quote.yearLow);
    expect(data.marketCap).toBe(round(stock.sharesOutstanding * quote.livePrice, 2));
    const iv = (await sim.volatilitySurface.atmImpliedVolatility30(code)) as number;
    expect(data.impliedVolatility).toBe(`${(iv * 100).toFixed(2)}%`);
    const extended = await call("market.extended", code);
    expect(extended.rsi14).toBe(data.rsi);
    expect(extended.rsi5).toBe(data.rsi5);
  });

  it("follows the market clock: a weekend and after hours", async () => {
    for (const nowIso of ["2026-11-28T15:00:00Z", "2026-11-24T22:30:00Z"]) {
      const later = pinnedClock(new Date(nowIso));
      const market = createSimulatedMarket(later);
      const laterDeps = testDeps({ market, marketClock: later });
      const data = await call("market.technicals", "AAPL_NASDAQ", laterDeps);
      const closes = await closesOf("AAPL_NASDAQ", at(nowIso), market);
      expect(data.rsi).toBe(round(rsi(closes, 14).at(-1) as number, 4));
      const quote = await market.quote("AAPL_NASDAQ");
      const live = round(quote?.markPrice ?? quote?.lastPrice ?? Number.NaN, 2);
      expect(data.marketCap).toBe(round(stockOf("AAPL").sharesOutstanding * live, 2));
    }
  });
});

describe("errors", () => {
  const ids = Object.keys(SPEC_FIELDS) as CompanyId[];

  it.each(ids)("%s answers 404 SYMBOL_NOT_FOUND for an unknown code", async (id) => {
    await expect(call(id, "ZZZZ_NASDAQ")).rejects.toMatchObject({
      status: 404,
      code: "SYMBOL_NOT_FOUND",
    });
  });

  it.each(ids)("%s answers 400 naming 'code' for a malformed code", async (id) => {
    const error = await call(id, "AAPL").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: "INVALID_PARAMETER" });
    expect((error as ApiError).message).toContain("'code'");
  });

  it.each(ids)("%s answers 404 NO_DATA for an index", async (id) => {
    const error = await call(id, "SPX_INDEX").catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, code: "NO_DATA" });
    expect((error as ApiError).message).toContain("SPX_INDEX");
  });

  it.each(["market.dividends", "market.shortInterest"] as const)(
    "%s answers 404 NO_DATA for crypto",
    async (id) => {
      await expect(call(id, "ETH_COINBASE")).rejects.toMatchObject({
        status: 404,
        code: "NO_DATA",
      });
    },
  );
});
