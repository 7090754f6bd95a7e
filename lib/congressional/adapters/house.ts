import type { Clock } from "../../deps";
import { isoDate } from "../../market/civil-date";
import { nyWallClock } from "../../market/ny-time";
import {
  CongressionalDataUnavailable,
  type CongressionalSource,
  DISCLOSURE_DEADLINE_DAYS,
} from "../ports";
import {
  HOUSE_DISCLOSURE_BASE_URL,
  HouseIndexFormatError,
  type PeriodicTransactionReport,
  parseHouseIndex,
} from "./house-index";
import { ZipFormatError, zipEntry } from "./zip";

/**
 * CONGRESSIONAL_PROVIDER=house: the House Clerk's financial-disclosure index
 * ({HOUSE_DISCLOSURE_BASE_URL}/financial-pdfs/{YEAR}FD.zip, holding {YEAR}FD.xml; see
 * ./house-index.ts), read for its periodic transaction reports. The index lists filings, not
 * transactions: each report's transactions (owner, asset, type, date, amount band) are only in
 * its PDF. So this source answers CongressionalDataUnavailable naming what it lacks, with the
 * reports it found, and the routes answer 503 CONGRESSIONAL_DATA_UNAVAILABLE. Serving real
 * trades needs transaction-level data: parsing the PTR PDFs (electronic filings have a text
 * layer; scanned paper filings need OCR), the Senate's eFD search for senators, or a licensed
 * feed (Quiver Quantitative, Capitol Trades, Unusual Whales) behind this same port.
 *
 * The year's archive is fetched at most once an hour (REFRESH_MS); an unreachable Clerk or an
 * unreadable archive is an outage (CongressionalDataUnavailable without `lacking`).
 */

const PROVIDER = "house";
const REFRESH_MS = 3_600_000;
/** The yearly archive is a few MB; anything far larger is not one. */
const MAX_ARCHIVE_BYTES = 100 * 1024 * 1024;

export interface HouseSourceOptions {
  clock: Clock;
  fetch?: typeof globalThis.fetch;
  baseUrl?: string;
  timeoutMs?: number;
}

export interface HouseCongressionalSource extends CongressionalSource {
  /** The periodic transaction reports of a year's index, in file order. */
  periodicTransactionReports(year: number): Promise<PeriodicTransactionReport[]>;
}

export function createHouseCongress({
  clock,
  fetch = globalThis.fetch,
  baseUrl = HOUSE_DISCLOSURE_BASE_URL,
  timeoutMs = 20_000,
}: HouseSourceOptions): HouseCongressionalSource {
  const years = new Map<number, { atMs: number; reports: Promise<PeriodicTransactionReport[]> }>();

  async function download(year: number): Promise<PeriodicTransactionReport[]> {
    const url = `${baseUrl}/financial-pdfs/${year}FD.zip`;
    let archive: Buffer;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      archive = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw new CongressionalDataUnavailable(PROVIDER, `${url}: ${(error as Error).message}`);
    }
    if (archive.length > MAX_ARCHIVE_BYTES) {
      throw new CongressionalDataUnavailable(PROVIDER, `${url}: ${archive.length} bytes`);
    }
    try {
      const xml = zipEntry(archive, `${year}FD.xml`);
      if (!xml) throw new HouseIndexFormatError(`the archive holds no ${year}FD.xml`);
      return parseHouseIndex(xml.toString("utf8"));
    } catch (error) {
      if (error instanceof ZipFormatError || error instanceof HouseIndexFormatError) {
        throw new CongressionalDataUnavailable(PROVIDER, `${url}: ${error.message}`);
      }
      throw error;
    }
  }

  function reportsOf(year: number): Promise<PeriodicTransactionReport[]> {
    const nowMs = Date.now();
    const kept = years.get(year);
    if (kept && nowMs - kept.atMs < REFRESH_MS) return kept.reports;
    const reports = download(year);
    years.set(year, { atMs: nowMs, reports });
    reports.catch(() => {
      if (years.get(year)?.reports === reports) years.delete(year);
    });
    return reports;
  }

  return {
    name: PROVIDER,
    periodicTransactionReports: reportsOf,
    // No transaction is ever served, so no price is needed.
    pricesNow: async () => new Map(),
    async disclosedTrades() {
      const today = nyWallClock(clock.now().getTime());
      const from = isoDate(today.day - DISCLOSURE_DEADLINE_DAYS);
      const to = isoDate(today.day);
      // Early in January the window reaches into last year's index.
      const wanted = from.startsWith(String(today.year))
        ? [today.year]
        : [today.year - 1, today.year];
      const recent = (await Promise.all(wanted.map(reportsOf)))
        .flat()
        .filter((r) => r.filingDate >= from && r.filingDate <= to);
      const latest = recent.reduce<PeriodicTransactionReport | undefined>(
        (best, r) => (best === undefined || r.filingDate > best.filingDate ? r : best),
        undefined,
      );
      throw new CongressionalDataUnavailable(
        PROVIDER,
        "the House index lists filings, not transactions",
        "transaction rows: the House Clerk's index lists periodic transaction reports, whose transactions are only in their PDFs",
        `The House Clerk's index lists ${recent.length} periodic transaction ` +
          `reports filed ${from} to ${to}` +
          (latest ? `, the latest ${latest.url} (${latest.filer}, ${latest.filingDate}).` : "."),
      );
    },
  };
}
