import { parseXml, XmlElement, XmlError } from "@rgrove/parse-xml";
import type { Clock } from "../../deps";
import { isoDate } from "../../market/civil-date";
import { cachedFor, type Fetch } from "../../news/adapters/http";
import { FIRST_REFERENCE_DATE, FxDataUnavailable, type FxDay, type FxRateSource } from "./ports";
import { dayOf, lastPublishedDay } from "./publication";

/**
 * The ECB's euro foreign exchange reference rates (FX_PROVIDER=ecb), from its XML files:
 *
 * - https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml: the latest day;
 * - eurofxref-hist-90d.xml: the last 90 days; eurofxref-hist.xml: every day since 1999-01-04.
 *
 * The documented format (a gesmes:Envelope; the ECB quotes attributes with single quotes):
 *
 *   <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01"
 *                    xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
 *     <gesmes:subject>Reference rates</gesmes:subject>
 *     <gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
 *     <Cube>
 *       <Cube time='2025-11-21'>
 *         <Cube currency='USD' rate='1.1512'/> ...            one per currency, units per EUR
 *       </Cube> ...                                          newest first in the history files
 *     </Cube>
 *   </gesmes:Envelope>
 *
 * Published around 16:00 CET on TARGET business days; the ECB states the rates are "for
 * information purposes only". Parsing is strict (@rgrove/parse-xml, which refuses XML that is
 * not well formed and expands no entity a document declares): a document off this format (an
 * HTML error page, a truncated download, a malformed date or rate, a day twice) is refused
 * whole, and the API answers 503 FX_DATA_UNAVAILABLE, as it does when the ECB cannot be reached.
 * A day dated after the clock's last publication is never served.
 */

export const ECB_BASE_URL = "https://www.ecb.europa.eu/stats/eurofxref";
export const ECB_FILES = {
  daily: "eurofxref-daily.xml",
  last90Days: "eurofxref-hist-90d.xml",
  full: "eurofxref-hist.xml",
} as const;

const PROVIDER = "ecb" as const;
/** eurofxref-hist.xml is about 9 MB (27 years × 30 currencies); far larger is not one. */
const MAX_BYTES = 40 * 1024 * 1024;
/** How long a downloaded file is reused: the daily file changes once a day. */
const TTL_MS = 10 * 60_000;
/** The 90-day file reaches back about 62 TARGET days; use it for windows inside 80 days. */
const SHORT_FILE_DAYS = 80;

/** A document that does not follow the format. */
export class EcbFormatError extends Error {
  constructor(problem: string) {
    super(problem);
    this.name = "EcbFormatError";
  }
}

const RATE = /^\d+(\.\d+)?$/;
const CURRENCY = /^[A-Z]{3}$/;

/** `gesmes:Envelope` → `Envelope`: the ECB's prefixes are fixed, only local names matter. */
const localName = (element: XmlElement) => element.name.slice(element.name.indexOf(":") + 1);

/** The element's Cube children (other children, text and comments ignored). */
const cubesOf = (element: XmlElement): XmlElement[] =>
  element.children.filter(
    (node): node is XmlElement => node instanceof XmlElement && localName(node) === "Cube",
  );

/** The document's root element; throws for text that is not well-formed XML. */
function rootOf(xml: string): XmlElement | null {
  try {
    return parseXml(xml).root;
  } catch (error) {
    if (!(error instanceof XmlError)) throw error;
    // The message's first line names the problem, line and column (an excerpt follows).
    throw new EcbFormatError(`malformed XML (${error.message.split("\n")[0]})`);
  }
}

/** The rates of one day's Cube: each currency once, each rate a positive decimal. */
function ratesOf(day: XmlElement, time: string): Map<string, number> {
  const rates = new Map<string, number>();
  for (const entry of cubesOf(day)) {
    const currency = entry.attributes.currency;
    const rate = entry.attributes.rate;
    if (currency === undefined || !CURRENCY.test(currency)) {
      throw new EcbFormatError(`${time}: currency '${String(currency)}'`);
    }
    if (rate === undefined || !RATE.test(rate) || Number(rate) <= 0) {
      throw new EcbFormatError(`${time} ${currency}: rate '${String(rate)}'`);
    }
    if (rates.has(currency)) throw new EcbFormatError(`${time}: ${currency} twice`);
    rates.set(currency, Number(rate));
  }
  if (rates.size === 0) throw new EcbFormatError(`${time}: no rates`);
  return rates;
}

/** The days of one ECB file, oldest first. Throws EcbFormatError for anything off the format. */
export function parseEcbRates(xml: string): FxDay[] {
  const envelope = rootOf(xml);
  if (!envelope || localName(envelope) !== "Envelope") {
    throw new EcbFormatError("no gesmes:Envelope root element");
  }
  const outer = cubesOf(envelope);
  const [calendar] = outer;
  if (!calendar || outer.length !== 1) {
    throw new EcbFormatError(`${outer.length} outer Cube elements, not 1`);
  }
  const days = cubesOf(calendar).map((cube, index): FxDay => {
    const time = cube.attributes.time;
    if (time === undefined || dayOf(time) === undefined) {
      throw new EcbFormatError(`Cube ${index + 1}: time '${String(time)}' is not yyyy-MM-dd`);
    }
    return { date: time, rates: ratesOf(cube, time) };
  });
  if (days.length === 0) throw new EcbFormatError("no Cube time element");
  days.sort((a, b) => a.date.localeCompare(b.date));
  for (let i = 1; i < days.length; i++) {
    if (days[i]?.date === days[i - 1]?.date) {
      throw new EcbFormatError(`${days[i]?.date} twice`);
    }
  }
  return days;
}

export interface EcbOptions {
  /** The clock: no day is served before its publication. */
  clock: Clock;
  fetch?: Fetch;
  /** Where the files are (tests point it at recorded files). */
  baseUrl?: string;
  timeoutMs?: number;
}

export function createEcbFx(options: EcbOptions): FxRateSource {
  const { clock, fetch = globalThis.fetch, baseUrl = ECB_BASE_URL, timeoutMs = 15_000 } = options;
  const nowMs = () => clock.now().getTime();

  async function download(file: string): Promise<FxDay[]> {
    const where = `GET ${new URL(baseUrl).host}/${file}`;
    let text: string;
    try {
      const response = await fetch(`${baseUrl}/${file}`, {
        headers: { accept: "application/xml, text/xml" },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new FxDataUnavailable(PROVIDER, `${where}: HTTP ${response.status}`);
      }
      const bytes = await response.arrayBuffer();
      if (bytes.byteLength > MAX_BYTES) {
        throw new FxDataUnavailable(PROVIDER, `${where}: ${bytes.byteLength} bytes`);
      }
      text = new TextDecoder("utf-8").decode(bytes);
    } catch (error) {
      if (error instanceof FxDataUnavailable) throw error;
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new FxDataUnavailable(PROVIDER, `${where}: ${reason}`);
    }
    try {
      return parseEcbRates(text);
    } catch (error) {
      if (error instanceof EcbFormatError) {
        throw new FxDataUnavailable(PROVIDER, `${file}: ${error.message}`);
      }
      throw error;
    }
  }

  const files = {
    daily: cachedFor(TTL_MS, nowMs, () => download(ECB_FILES.daily)),
    last90Days: cachedFor(TTL_MS, nowMs, () => download(ECB_FILES.last90Days)),
    full: cachedFor(TTL_MS, nowMs, () => download(ECB_FILES.full)),
  };

  /** The days of a file out at the clock (a pinned clock in the past sees only its past). */
  const published = (days: FxDay[]) => {
    const last = isoDate(lastPublishedDay(nowMs()));
    return days.filter((day) => day.date <= last);
  };

  const newest = (days: FxDay[]) => {
    const day = days.at(-1);
    if (!day) throw new FxDataUnavailable(PROVIDER, "no reference rates published by the clock");
    return day;
  };

  async function history(from: string, to: string): Promise<FxDay[]> {
    const start = dayOf(from);
    const recent = start !== undefined && lastPublishedDay(nowMs()) - start <= SHORT_FILE_DAYS;
    const days = published(await (recent ? files.last90Days() : files.full()));
    const first = from < FIRST_REFERENCE_DATE ? FIRST_REFERENCE_DATE : from;
    return days.filter((day) => day.date >= first && day.date <= to);
  }

  return {
    info: {
      provider: PROVIDER,
      name: "European Central Bank euro foreign exchange reference rates",
      url: `${ECB_BASE_URL}/${ECB_FILES.daily}`,
      note: "Published by the ECB around 16:00 CET on TARGET business days, for information purposes only.",
    },
    async latest() {
      const daily = published(await files.daily());
      if (daily.length > 0) return newest(daily);
      // The clock is before the daily file's day (a pinned clock): the last day out by then.
      const lastDay = lastPublishedDay(nowMs());
      return newest(await history(isoDate(lastDay - 14), isoDate(lastDay)));
    },
    history,
  };
}
