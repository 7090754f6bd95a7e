import type { Clock } from "../../deps";
import { MarketDataUnavailable } from "../../market/ports";
import { isPublished, publishedSessionsBetween } from "../calendar";
import { keptDays } from "../kept-days";
import type { ShortVolumeDay, ShortVolumeRecord, ShortVolumeSource } from "../ports";

/**
 * FINRA's daily Reg SHO short-sale volume files, the consolidated NMS ones:
 * https://cdn.finra.org/equity/regsho/daily/CNMSshvol{yyyyMMdd}.txt, one per trade date, out
 * by 18:00 New York that day, the first dated 2018-08-01. The format (FINRA's "Regulation SHO
 * Daily Short Sale Volume File Layout", and files as published):
 *
 *   Date|Symbol|ShortVolume|ShortExemptVolume|TotalVolume|Market     header row
 *   20261120|AAPL|10151799.388315|21203|19522691.131376|B,Q,N        one row per security
 *   11342                                                            trailer: the row count
 *
 * Date is the trade date yyyyMMdd; ShortVolume counts short and short-exempt sales; volumes are
 * share counts, with decimals since fractional-share trades are reported (the layout's "no
 * decimals" is out of date); Market lists the facilities that contributed (B, Q, N, D). A day
 * without data still has a file with the header and a trailer of 0. Class shares are written
 * with a slash (BRK/B), read here as the market lists them (BRK.B).
 *
 * The parser is strict: a header, row or trailer other than the above (a truncated download,
 * a changed layout) refuses the whole file rather than serving part of it. An absent file
 * (403 or 404: the CDN answers 403 for a date it has no file for) is no data for that date;
 * any other failure is MarketDataUnavailable naming FINRA, which the API answers with 503.
 */

export const FINRA_DAILY_BASE_URL = "https://cdn.finra.org/equity/regsho/daily";
export const FINRA_HEADER = "Date|Symbol|ShortVolume|ShortExemptVolume|TotalVolume|Market";
/** The first trade date with a consolidated NMS file. */
export const FINRA_FIRST_DATE = "2018-08-01";

const PROVIDER = "finra";
/** A file is ~360 KB; anything far larger is not one. */
const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** Parsed days kept: a 30-session window and some room (a day is ~11,000 records, ~2 MB). */
const KEPT_DAYS = 40;
/** Files fetched at once when a window needs several. */
const CONCURRENT_FETCHES = 6;
/** The CDN refuses requests without a browser-like User-Agent. */
const USER_AGENT = "Mozilla/5.0 (compatible; market-data-api short-volume reader)";

/** A file that does not follow the layout; `line` is 1-based. */
export class FinraFormatError extends Error {
  constructor(
    readonly line: number,
    problem: string,
  ) {
    super(`line ${line}: ${problem}`);
    this.name = "FinraFormatError";
  }
}

const VOLUME = /^\d+(\.\d+)?$/;
const MARKET = /^[A-Z](,[A-Z])*$/;
const TRADE_DATE = /^(\d{4})(\d{2})(\d{2})$/;

/** yyyyMMdd → yyyy-MM-dd; undefined when not a calendar date. */
function isoOfTradeDate(text: string): string | undefined {
  const parts = TRADE_DATE.exec(text);
  if (!parts) return undefined;
  const iso = `${parts[1]}-${parts[2]}-${parts[3]}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(iso) ? iso : undefined;
}

function volumeOf(text: string | undefined, field: string, line: number): number {
  if (text === undefined || !VOLUME.test(text)) {
    throw new FinraFormatError(line, `${field} '${text ?? ""}' is not a share count`);
  }
  return Number(text);
}

function recordOf(row: string, line: number): ShortVolumeRecord {
  const fields = row.split("|");
  if (fields.length !== 6) {
    throw new FinraFormatError(line, `${fields.length} fields, not 6`);
  }
  const [date, symbol, shortVolume, shortExemptVolume, totalVolume, market] = fields;
  const iso = isoOfTradeDate(date ?? "");
  if (!iso) throw new FinraFormatError(line, `Date '${date}' is not yyyyMMdd`);
  if (!symbol || /\s/.test(symbol)) throw new FinraFormatError(line, `Symbol '${symbol}'`);
  if (!market || !MARKET.test(market)) throw new FinraFormatError(line, `Market '${market}'`);
  return {
    date: iso,
    symbol: symbol.replaceAll("/", "."),
    shortVolume: volumeOf(shortVolume, "ShortVolume", line),
    shortExemptVolume: volumeOf(shortExemptVolume, "ShortExemptVolume", line),
    totalVolume: volumeOf(totalVolume, "TotalVolume", line),
    facilities: market.split(","),
  };
}

/**
 * The records of one CNMS file, in file order. `tradeDate` (yyyy-MM-dd), when given, is the
 * date every row must carry. Throws FinraFormatError for anything off the layout.
 */
export function parseShortVolumeFile(text: string, tradeDate?: string): ShortVolumeRecord[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  while (lines.length > 0 && lines.at(-1)?.trim() === "") lines.pop();
  if (lines[0] !== FINRA_HEADER) {
    throw new FinraFormatError(1, `header '${lines[0] ?? ""}' is not '${FINRA_HEADER}'`);
  }
  const trailer = lines.at(-1) ?? "";
  if (lines.length < 2 || !/^\d+$/.test(trailer)) {
    throw new FinraFormatError(lines.length, `no trailer (a row count) at the end: '${trailer}'`);
  }
  const rows = lines.slice(1, -1);
  if (Number(trailer) !== rows.length) {
    throw new FinraFormatError(
      lines.length,
      `trailer counts ${trailer} rows, the file has ${rows.length}`,
    );
  }
  const seen = new Set<string>();
  return rows.map((row, index) => {
    const line = index + 2;
    const record = recordOf(row, line);
    if (tradeDate !== undefined && record.date !== tradeDate) {
      throw new FinraFormatError(line, `trade date ${record.date}, not ${tradeDate}`);
    }
    if (seen.has(record.symbol)) throw new FinraFormatError(line, `${record.symbol} twice`);
    seen.add(record.symbol);
    return record;
  });
}

/** The file's name for a trade date (yyyy-MM-dd). */
export const finraFileName = (date: string) => `CNMSshvol${date.replaceAll("-", "")}.txt`;

export interface FinraOptions {
  /** The market clock: no file is asked for before it is out. */
  clock: Clock;
  fetch?: typeof globalThis.fetch;
  /** Where the files are (tests point it at a local server). */
  baseUrl?: string;
  timeoutMs?: number;
}

/** Maps `items` through `load`, at most `limit` at a time, keeping their order. */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  load: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await load(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export function createFinraShortVolume(options: FinraOptions): ShortVolumeSource {
  const {
    clock,
    fetch = globalThis.fetch,
    baseUrl = FINRA_DAILY_BASE_URL,
    timeoutMs = 15_000,
  } = options;
  // A date with no file yet may get one (a late posting): only files read are kept.
  const days = keptDays<ShortVolumeDay | undefined>(KEPT_DAYS, (day) => day !== undefined);

  async function download(date: string): Promise<string | undefined> {
    const name = finraFileName(date);
    const where = `GET ${new URL(baseUrl).host}/${name}`;
    let response: Response;
    let bytes: ArrayBuffer;
    try {
      response = await fetch(`${baseUrl}/${name}`, {
        headers: { "user-agent": USER_AGENT, accept: "text/plain" },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.status === 403 || response.status === 404) {
        await response.body?.cancel();
        return undefined;
      }
      bytes = await response.arrayBuffer();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new MarketDataUnavailable(PROVIDER, `${where}: ${reason}`);
    }
    if (!response.ok) {
      throw new MarketDataUnavailable(PROVIDER, `${where}: HTTP ${response.status}`);
    }
    if (bytes.byteLength > MAX_FILE_BYTES) {
      throw new MarketDataUnavailable(PROVIDER, `${where}: ${bytes.byteLength} bytes`);
    }
    return new TextDecoder("utf-8").decode(bytes);
  }

  async function readDay(date: string): Promise<ShortVolumeDay | undefined> {
    const text = await download(date);
    if (text === undefined) return undefined;
    try {
      const records = parseShortVolumeFile(text, date);
      return new Map(records.map((record) => [record.symbol, record]));
    } catch (error) {
      if (!(error instanceof FinraFormatError)) throw error;
      throw new MarketDataUnavailable(PROVIDER, `${finraFileName(date)}: ${error.message}`);
    }
  }

  function day(date: string): Promise<ShortVolumeDay | undefined> {
    if (date < FINRA_FIRST_DATE || !isPublished(date, clock.now().getTime())) {
      return Promise.resolve(undefined);
    }
    return days(date, () => readDay(date));
  }

  return {
    name: PROVIDER,
    day,
    async dailyShortVolume(symbol, from, to) {
      const start = from < FINRA_FIRST_DATE ? FINRA_FIRST_DATE : from;
      const dates = publishedSessionsBetween(start, to, clock.now().getTime());
      const files = await mapLimited(dates, CONCURRENT_FETCHES, day);
      return files.flatMap((file) => {
        const record = file?.get(symbol);
        return record ? [record] : [];
      });
    },
  };
}
