import type { output, ZodType } from "zod";
import { array, nullable, number, object, optional, record, string } from "zod";
import { parseVendorJson } from "../../vendor-json";
import { isWeekendDay } from "../civil-date";
import { nyWallClock } from "../ny-time";
import {
  type Bar,
  type BarsRequest,
  type ChartPeriod,
  type Instrument,
  type MarketDataProvider,
  MarketDataUnavailable,
  type OptionQuote,
  type Quote,
  type QuoteSession,
} from "../ports";
import { calendarDaysHolding } from "../trading-days";

/**
 * Alpaca as a market-data source: quotes and bars from Market Data API v2 (stocks), option
 * chains from v1beta1, the instrument list from the Trading API's assets endpoint.
 *
 * What Alpaca cannot supply, and what this adapter answers instead:
 * - 52-week range: not in the snapshot; computed from a year of split-adjusted daily bars.
 * - Halts: trade conditions carry no halt code (halts are only on the streaming `statuses`
 *   channel), so `isHalted` is always false.
 * - Open interest: not in the option snapshot; reported as 0.
 * - ETFs: the assets endpoint does not tell them from stocks; every asset is a "Stock".
 * - Sector, industry, shares outstanding: not offered; left undefined.
 * - Reference figures (beta, dividends, earnings, short interest): not offered; `reference`
 *   answers undefined for every instrument.
 * - A contract without a quote or trade reports 0 for that side / last (no market).
 * - Daily closes: the closes of its split-adjusted daily bars.
 * - Option expirations and the 30-day ATM implied volatility: not offered (the option snapshots
 *   carry per-contract IVs but no expiration list); both optional capabilities are undefined.
 */

const PROVIDER = "alpaca";
const DAY_MS = 86_400_000;
const REGULAR_OPEN = 9 * 60 + 30;
const REGULAR_CLOSE = 16 * 60;
/** Alpaca's maximum page sizes: 10,000 bars, 1,000 option snapshots. */
const BARS_PAGE_LIMIT = 10_000;
const CHAIN_PAGE_LIMIT = 1_000;
/** A runaway backstop: a truncated answer would look like a complete one, so fail instead. */
const MAX_PAGES = 100;

const TIMEFRAMES: Record<ChartPeriod, string> = {
  1: "1Min",
  2: "5Min",
  3: "15Min",
  4: "1Hour",
  5: "1Day",
  6: "1Week",
  7: "1Month",
};

/** Alpaca's asset exchanges to ours; AMEX is NYSE American. Others (OTC, crypto) are skipped. */
const EXCHANGES = new Map([
  ["NASDAQ", "NASDAQ"],
  ["NYSE", "NYSE"],
  ["ARCA", "ARCA"],
  ["NYSEARCA", "ARCA"],
  ["BATS", "BATS"],
  ["AMEX", "AMEX"],
]);

// Alpaca's documented response formats. Absent sections come back as null (or are omitted).

const timestamp = string().refine((s) => Number.isFinite(Date.parse(s)), "not an RFC-3339 time");
const price = number().nonnegative();
const bar = object({ t: timestamp, o: price, h: price, l: price, c: price, v: price });
const pageToken = optional(nullable(string()));

const snapshotSchema = nullable(
  object({
    latestTrade: optional(
      nullable(object({ t: timestamp, p: price, c: optional(nullable(array(string()))) })),
    ),
    latestQuote: optional(nullable(object({ t: timestamp, bp: price, ap: price }))),
    minuteBar: optional(nullable(bar)),
    dailyBar: optional(nullable(bar)),
    prevDailyBar: optional(nullable(bar)),
  }),
);

const barsPageSchema = object({ bars: optional(nullable(array(bar))), next_page_token: pageToken });

const optionSnapshotSchema = object({
  latestTrade: optional(nullable(object({ t: timestamp, p: price }))),
  latestQuote: optional(nullable(object({ t: timestamp, bp: price, ap: price }))),
  dailyBar: optional(nullable(bar)),
  impliedVolatility: optional(nullable(number())),
  greeks: optional(nullable(object({ delta: number() }))),
});

const chainPageSchema = object({
  snapshots: optional(nullable(record(string(), optionSnapshotSchema))),
  next_page_token: pageToken,
});

const assetSchema = object({
  symbol: string().min(1),
  name: string(),
  exchange: string(),
  class: string(),
  status: string(),
  attributes: optional(nullable(array(string()))),
});

type Snapshot = NonNullable<output<typeof snapshotSchema>>;
type OptionSnapshot = output<typeof optionSnapshotSchema>;
type Asset = output<typeof assetSchema>;
type Query = Record<string, string | number | undefined>;

export interface AlpacaProviderOptions {
  keyId: string;
  secretKey: string;
  fetch?: typeof globalThis.fetch;
  /** Market Data API host. */
  baseUrl?: string;
  /**
   * Trading API host, for the assets list only (the data host has no assets endpoint):
   * https://paper-api.alpaca.markets for paper keys, https://api.alpaca.markets for live ones.
   */
  tradingBaseUrl?: string;
  /** Stock feed: "iex" (free, IEX trades only) or "sip" (consolidated, paid). */
  feed?: "iex" | "sip";
  /** Option feed: "indicative" (free, delayed trades, modified quotes) or "opra" (paid). */
  optionFeed?: "indicative" | "opra";
  timeoutMs?: number;
  now?: () => number;
  /** Session label for a quote, given its last trade time. */
  sessionAt?: (ms: number) => QuoteSession;
}

/** Minutes 09:30-16:00 New York time on a weekday (no holiday or early-close calendar). */
function inRegularHours(ms: number): boolean {
  const clock = nyWallClock(ms);
  const minute = clock.hour * 60 + clock.minute;
  return !isWeekendDay(clock.day) && minute >= REGULAR_OPEN && minute < REGULAR_CLOSE;
}

/** The default session rule: "Regular" for a trade within regular hours, else "Closed". */
export function regularHoursSession(ms: number): QuoteSession {
  return inRegularHours(ms) ? "Regular" : "Closed";
}

/** OCC contract symbol: root, yyMMdd, C or P, strike × 1000 on 8 digits. */
export function parseOccSymbol(
  contract: string,
): { root: string; expiration: string; right: "C" | "P"; strike: number } | undefined {
  const match = /^([A-Z0-9.]{1,6})(\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])([CP])(\d{8})$/.exec(
    contract,
  );
  if (!match) return undefined;
  const [, root = "", yy, mm, dd, right, strike] = match;
  return {
    root,
    expiration: `20${yy}-${mm}-${dd}`,
    right: right === "C" ? "C" : "P",
    strike: Number(strike) / 1000,
  };
}

/** Midpoint within [bid, ask] when both sides are quoted and not crossed. */
export function markPrice(bid: number, ask: number): number | undefined {
  if (!(bid > 0 && ask > 0 && bid <= ask)) return undefined;
  return Math.min(ask, Math.max(bid, (bid + ask) / 2));
}

/** The New York calendar day of an RFC-3339 time (daily bars are stamped at New York midnight). */
function nyDayOf(time: string): number {
  return nyWallClock(Date.parse(time)).day;
}

/** The symbol part of SYMBOL_EXCHANGE (before the last underscore). */
function symbolOf(code: string): string | undefined {
  const cut = code.lastIndexOf("_");
  return cut > 0 ? code.slice(0, cut) : undefined;
}

function toBar(b: { t: string; o: number; h: number; l: number; c: number; v: number }): Bar {
  return { timestamp: Date.parse(b.t), open: b.o, high: b.h, low: b.l, close: b.c, volume: b.v };
}

function toInstrument(asset: Asset): Instrument | undefined {
  const exchange = EXCHANGES.get(asset.exchange);
  if (exchange === undefined || asset.class !== "us_equity" || asset.status !== "active") {
    return undefined;
  }
  return {
    symbol: asset.symbol,
    code: `${asset.symbol}_${exchange}`,
    name: asset.name,
    exchange,
    // The assets endpoint does not distinguish ETFs from common stock.
    contractType: "Stock",
    currency: "USD",
    hasOptions: asset.attributes?.includes("has_options") ?? false,
  };
}

function unavailable(message: string): MarketDataUnavailable {
  return new MarketDataUnavailable(PROVIDER, message);
}

export function createAlpacaProvider({
  keyId,
  secretKey,
  fetch = globalThis.fetch,
  baseUrl = "https://data.alpaca.markets",
  tradingBaseUrl = "https://paper-api.alpaca.markets",
  feed = "iex",
  optionFeed = "indicative",
  timeoutMs = 5_000,
  now = () => Date.now(),
  sessionAt = regularHoursSession,
}: AlpacaProviderOptions): MarketDataProvider {
  /**
   * One GET, validated. Resolves undefined for an unknown symbol (404, or 400/422 "invalid
   * symbol"); throws MarketDataUnavailable for anything else that is not a valid answer.
   */
  async function get<T>(
    base: string,
    path: string,
    query: Query,
    schema: ZodType<T>,
  ): Promise<T | undefined> {
    const url = new URL(base.replace(/\/+$/, "") + path);
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const where = `GET ${url.pathname}`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        headers: {
          "APCA-API-KEY-ID": keyId,
          "APCA-API-SECRET-KEY": secretKey,
          Accept: "application/json",
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      throw unavailable(
        `${where}: ${timedOut ? `no answer within ${timeoutMs} ms` : `network error (${String(error)})`}`,
      );
    }
    if (!response.ok) {
      const message = errorMessage(text);
      const status = response.status;
      if (status === 404) return undefined;
      if ((status === 400 || status === 422) && /invalid symbol/i.test(message)) return undefined;
      const kind =
        status === 401 || status === 403
          ? "credentials rejected or not entitled"
          : status === 429
            ? "rate limited"
            : status >= 500
              ? "server error"
              : "request refused";
      throw unavailable(`${where}: HTTP ${status} (${kind}): ${message}`);
    }
    const checked = parseVendorJson(text, schema);
    if ("problem" in checked) throw unavailable(`${where}: ${checked.problem}`);
    return checked.data;
  }

  /** Every page of a paginated endpoint, following next_page_token. */
  async function getPages<P extends { next_page_token?: string | null | undefined }>(
    base: string,
    path: string,
    query: Query,
    schema: ZodType<P>,
  ): Promise<P[] | undefined> {
    const pages: P[] = [];
    const seen = new Set<string>();
    let token: string | undefined;
    do {
      const page = await get(base, path, { ...query, page_token: token }, schema);
      if (page === undefined) {
        if (pages.length === 0) return undefined;
        throw unavailable(`GET ${path}: page ${pages.length + 1} vanished`);
      }
      pages.push(page);
      token = page.next_page_token || undefined;
      if (token !== undefined && (seen.has(token) || pages.length >= MAX_PAGES)) {
        throw unavailable(`GET ${path}: pagination did not end after ${pages.length} pages`);
      }
      if (token !== undefined) seen.add(token);
    } while (token !== undefined);
    return pages;
  }

  async function stockBars(symbol: string, query: Query): Promise<Bar[] | undefined> {
    const path = `/v2/stocks/${encodeURIComponent(symbol)}/bars`;
    const pages = await getPages(
      baseUrl,
      path,
      { ...query, limit: BARS_PAGE_LIMIT, adjustment: "split", feed },
      barsPageSchema,
    );
    return pages?.flatMap((page) => (page.bars ?? []).map(toBar));
  }

  function toQuote(symbol: string, snapshot: Snapshot, yearBars: Bar[]): Quote {
    const { latestTrade: trade, latestQuote: quote, dailyBar: day, prevDailyBar: prev } = snapshot;
    if (!trade || !quote || !day || !prev) {
      const missing = Object.entries({ trade, quote, day, prev }).filter(([, v]) => !v);
      throw unavailable(
        `incomplete snapshot for ${symbol}: no ${missing.map(([k]) => k).join(", ")}`,
      );
    }
    const lastUpdated = Date.parse(trade.t);
    return {
      symbol,
      lastPrice: trade.p,
      bid: quote.bp,
      ask: quote.ap,
      markPrice: markPrice(quote.bp, quote.ap),
      open: day.o,
      close: day.c,
      // The settlement before the latest trade's day: the previous daily bar's close, or the
      // daily bar's own when the trade is on a later day than it (before that day's bar exists).
      previousClose: nyDayOf(trade.t) > nyDayOf(day.t) ? day.c : prev.c,
      high: day.h,
      low: day.l,
      // Today's bar counts towards the year: it may not be in the daily bars yet.
      yearHigh: Math.max(day.h, ...yearBars.map((b) => b.high)),
      yearLow: Math.min(day.l, ...yearBars.map((b) => b.low)),
      volume: day.v,
      marketSession: sessionAt(lastUpdated),
      // Alpaca's trade conditions have no halt code; halts are only on the streaming API.
      isHalted: false,
      lastUpdated,
    };
  }

  function toOptionQuote(
    contract: string,
    snapshot: OptionSnapshot,
    underlying: string,
    expiration: string,
    right: "C" | "P",
  ): OptionQuote {
    const occ = parseOccSymbol(contract);
    if (!occ || occ.expiration !== expiration || occ.right !== right) {
      throw unavailable(`option chain for ${underlying}: unexpected contract ${contract}`);
    }
    return {
      contract,
      underlying,
      expiration,
      strike: occ.strike,
      right,
      // No quote or trade yet: 0 means no bid / no offer / no last, as on exchange screens.
      bid: snapshot.latestQuote?.bp ?? 0,
      ask: snapshot.latestQuote?.ap ?? 0,
      last: snapshot.latestTrade?.p ?? 0,
      volume: snapshot.dailyBar?.v ?? 0,
      // Alpaca's option snapshot carries no open interest: left unknown, never a made-up 0.
      impliedVolatility: snapshot.impliedVolatility ?? undefined,
      delta: snapshot.greeks?.delta ?? undefined,
    };
  }

  return {
    name: PROVIDER,

    async instruments() {
      const query = { status: "active", asset_class: "us_equity" };
      const assets = await get(tradingBaseUrl, "/v2/assets", query, array(assetSchema));
      if (assets === undefined) throw unavailable("GET /v2/assets: not found");
      return assets.flatMap((asset) => toInstrument(asset) ?? []);
    },

    async instrument(code) {
      const symbol = symbolOf(code);
      if (symbol === undefined) return undefined;
      const path = `/v2/assets/${encodeURIComponent(symbol)}`;
      const asset = await get(tradingBaseUrl, path, {}, assetSchema);
      const instrument = asset && toInstrument(asset);
      return instrument?.code === code ? instrument : undefined;
    },

    async quote(code) {
      const symbol = symbolOf(code);
      if (symbol === undefined) return undefined;
      const path = `/v2/stocks/${encodeURIComponent(symbol)}/snapshot`;
      const start = new Date(now() - 365 * DAY_MS).toISOString();
      const [snapshot, yearBars] = await Promise.all([
        get(baseUrl, path, { feed }, snapshotSchema),
        stockBars(symbol, { timeframe: "1Day", start }),
      ]);
      const empty =
        !snapshot ||
        Object.values(snapshot).every((section) => section === null || section === undefined);
      if (empty) return undefined;
      if (yearBars === undefined) throw unavailable(`no daily bars for ${symbol}`);
      return toQuote(symbol, snapshot, yearBars);
    },

    async bars(code, { period, from, to, extended }: BarsRequest) {
      const symbol = symbolOf(code);
      if (symbol === undefined) return undefined;
      const bars = await stockBars(symbol, {
        timeframe: TIMEFRAMES[period],
        start: new Date(from).toISOString(),
        end: new Date(to).toISOString(),
      });
      // Alpaca's end is inclusive, ours exclusive.
      return bars?.filter(
        (b) =>
          b.timestamp >= from &&
          b.timestamp < to &&
          (extended || period > 4 || inRegularHours(b.timestamp)),
      );
    },

    async optionChain(underlyingCode, expiration, right) {
      const underlying = symbolOf(underlyingCode);
      if (underlying === undefined) return undefined;
      const pages = await getPages(
        baseUrl,
        `/v1beta1/options/snapshots/${encodeURIComponent(underlying)}`,
        {
          expiration_date: expiration,
          type: right === "C" ? "call" : "put",
          feed: optionFeed,
          limit: CHAIN_PAGE_LIMIT,
        },
        chainPageSchema,
      );
      return pages
        ?.flatMap((page) => Object.entries(page.snapshots ?? {}))
        .map(([contract, snap]) => toOptionQuote(contract, snap, underlying, expiration, right))
        .sort((a, b) => a.strike - b.strike);
    },

    async dailyCloses(code, days) {
      const nowMs = now();
      const bars = await this.bars(code, {
        period: 5,
        from: nowMs - calendarDaysHolding(days) * DAY_MS,
        to: nowMs + 1,
        extended: false,
      });
      return bars?.slice(-days).map((bar) => bar.close);
    },

    // What Alpaca does not offer (see the module comment).
    async reference() {
      return undefined;
    },
    optionExpirations: undefined,
    volatilitySurface: undefined,
  };
}

/** Alpaca's error body is {"message": ...} (with a numeric "code" on the Trading API). */
function errorMessage(text: string): string {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === "object" && "message" in body && typeof body.message === "string") {
      return body.message.slice(0, 200);
    }
  } catch {
    // Not JSON: fall through to the raw text.
  }
  return text.slice(0, 200) || "(empty body)";
}
