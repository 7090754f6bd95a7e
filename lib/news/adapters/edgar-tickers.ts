import { number, object, record, string } from "zod";
import {
  createEdgarClient,
  EDGAR_CACHE_TTL_SECONDS,
  EDGAR_TICKERS_URL,
  type LimiterClock,
  marketSymbol,
  REAL_TIME,
} from "../../company/adapters/edgar";
import { parseVendorJson } from "../../vendor-json";
import type { Fetch } from "./http";
import { cachedFor } from "./http";

/**
 * CIK → ticker from EDGAR's company tickers file (www.sec.gov/files/company_tickers.json), for
 * the 8-K feed's `tickerOfCik`. It goes through the company adapter's EDGAR client (User-Agent,
 * gzip, 10 requests per second) and is reloaded once a day, as that adapter does.
 *
 * A CIK with several listed classes (Alphabet: GOOGL, GOOG) maps to the first the file lists;
 * the file orders companies by market value, classes by EDGAR's own order. Symbols come in our
 * form ("BRK.B"). Failures reject with the company adapter's CompanyDataUnavailable, which the
 * 8-K source reports as NewsUnavailable.
 */

const tickersFileSchema = record(
  string(),
  object({ cik_str: number().int().nonnegative(), ticker: string().min(1), title: string() }),
);

export interface EdgarTickerOfCikOptions {
  userAgent: string;
  fetch?: Fetch;
  timeoutMs?: number;
  limiterClock?: LimiterClock;
}

export function createEdgarTickerOfCik({
  userAgent,
  fetch,
  timeoutMs,
  limiterClock = REAL_TIME,
}: EdgarTickerOfCikOptions): (cik: string) => Promise<string | undefined> {
  const fetchText = createEdgarClient({ userAgent, fetch, limiterClock, timeoutMs });

  async function loadIndex(): Promise<Map<number, string>> {
    const text = await fetchText(EDGAR_TICKERS_URL, "tickers");
    if (text === undefined) throw new Error(`GET ${EDGAR_TICKERS_URL}: not found`);
    const checked = parseVendorJson(text, tickersFileSchema);
    if ("problem" in checked) throw new Error(`GET ${EDGAR_TICKERS_URL}: ${checked.problem}`);
    const index = new Map<number, string>();
    for (const { cik_str, ticker } of Object.values(checked.data)) {
      if (!index.has(cik_str)) index.set(cik_str, marketSymbol(ticker));
    }
    return index;
  }

  const index = cachedFor(
    EDGAR_CACHE_TTL_SECONDS.tickers * 1000,
    () => limiterClock.nowMs(),
    loadIndex,
  );
  return async (cik) => (await index()).get(Number(cik));
}
