import { dayNumber, isoDate } from "../market/civil-date";
import { NEW_YORK, nyInstant, nyWallClock } from "../market/ny-time";
import { earlyClosesOfYear, holidaysOfYear, isTradingDay } from "../market/nyse-calendar";
import { type SessionInterval, sessionsOpeningOn } from "../market/sessions";
import { countryName, countryProfile, isCountry } from "./countries";
import { termBySlug, translationsIn } from "./glossary";
import { TRANSLATED_SLUGS } from "./glossary/translations";
import { languageNames, type OfferedLanguage } from "./languages";
import { RISK_DISCLAIMER_TRANSLATIONS } from "./static/disclaimers";

/**
 * Content for a language and a country: the US equity sessions of the current (or next)
 * trading day in the country's main time zone, upcoming US market holidays and early closes
 * (the markets this API covers), the country's currency and number and date formats in the
 * language, the risk disclaimer and the translated glossary entries. Holiday names stay in
 * English; what is translated is stated in `translation`.
 */

/** The session clock's names, translated. */
export const SESSION_NAMES: Readonly<
  Record<OfferedLanguage, Record<SessionInterval["name"], string>>
> = {
  en: {
    Overnight: "Overnight",
    "Pre-Market": "Pre-Market",
    Market: "Market",
    "After-Hours": "After-Hours",
  },
  es: {
    Overnight: "Sesión nocturna",
    "Pre-Market": "Preapertura",
    Market: "Sesión regular",
    "After-Hours": "Después del cierre",
  },
  de: {
    Overnight: "Nachthandel",
    "Pre-Market": "Vorbörse",
    Market: "Reguläre Sitzung",
    "After-Hours": "Nachbörse",
  },
  fr: {
    Overnight: "Séance de nuit",
    "Pre-Market": "Pré-ouverture",
    Market: "Séance régulière",
    "After-Hours": "Après-clôture",
  },
  pt: {
    Overnight: "Sessão noturna",
    "Pre-Market": "Pré-mercado",
    Market: "Pregão regular",
    "After-Hours": "Pós-mercado",
  },
  ja: {
    Overnight: "夜間取引",
    "Pre-Market": "プレマーケット",
    Market: "通常取引",
    "After-Hours": "アフターマーケット",
  },
  zh: {
    Overnight: "夜盘交易",
    "Pre-Market": "盘前交易",
    Market: "常规交易",
    "After-Hours": "盘后交易",
  },
};

const MINUTE = 60_000;
const HOLIDAY_WINDOW_DAYS = 365;

/** `yyyy-MM-dd HH:mm` and the UTC offset (`+01:00`) of an instant in a zone. */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClock(instantMs: number, timeZone: string) {
  const parts: Record<string, string> = {};
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      timeZoneName: "longOffset",
    });
    wallClockFormats.set(timeZone, format);
  }
  for (const part of format.formatToParts(instantMs)) parts[part.type] = part.value;
  const offset = (parts.timeZoneName ?? "GMT").replace("GMT", "") || "+00:00";
  return {
    local: `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`,
    utcOffset: offset,
  };
}

/** Today (New York) if it trades and its after-hours have not ended, else the next trading day. */
function tradingDayAt(nowMs: number): number {
  let day = nyWallClock(nowMs).day;
  const sessionsEnd = (d: number) =>
    sessionsOpeningOn(d).find((s) => s.name === "After-Hours")?.endMs ?? 0;
  if (isTradingDay(day) && nowMs < sessionsEnd(day)) return day;
  do day += 1;
  while (!isTradingDay(day));
  return day;
}

function marketHours(nowMs: number, timeZone: string, language: OfferedLanguage) {
  const day = tradingDayAt(nowMs);
  const sessions = [
    ...sessionsOpeningOn(day - 1).filter((s) => s.name === "Overnight"),
    ...sessionsOpeningOn(day).filter((s) => s.name !== "Overnight"),
  ];
  return {
    market: "US equities (NYSE, Nasdaq and NYSE Arca)",
    exchangeTimeZone: "America/New_York" as const,
    localTimeZone: timeZone,
    tradingDay: isoDate(day),
    sessions: sessions.map((session) => {
      const start = wallClock(session.startMs, timeZone);
      const end = wallClock(session.endMs, timeZone);
      return {
        name: session.name,
        localName: SESSION_NAMES[language][session.name],
        startUtc: new Date(session.startMs).toISOString(),
        endUtc: new Date(session.endMs).toISOString(),
        startNewYork: wallClock(session.startMs, NEW_YORK).local,
        endNewYork: wallClock(session.endMs, NEW_YORK).local,
        startLocal: start.local,
        endLocal: end.local,
        localUtcOffset: start.utcOffset,
        isOpenNow: session.startMs <= nowMs && nowMs < session.endMs,
      };
    }),
  };
}

/** US market holidays and early closes from today (New York) over the next 365 days. */
function upcomingClosures(nowMs: number, timeZone: string) {
  const today = nyWallClock(nowMs).day;
  const { year } = nyWallClock(nowMs);
  const last = today + HOLIDAY_WINDOW_DAYS;
  const within = (date: string) => {
    const [y, m, d] = date.split("-").map(Number) as [number, number, number];
    const day = dayNumber(y, m, d);
    return day >= today && day <= last ? day : undefined;
  };
  const rows = [];
  for (const y of [year, year + 1]) {
    for (const holiday of holidaysOfYear(y)) {
      if (within(holiday.date) === undefined) continue;
      rows.push({
        date: holiday.date,
        name: holiday.name,
        kind: "holiday" as const,
        closeNewYork: null,
        closeLocal: null,
      });
    }
    for (const date of earlyClosesOfYear(y)) {
      const day = within(date);
      if (day === undefined) continue;
      const closeMs = nyInstant(day, 13 * 60);
      rows.push({
        date,
        name: "Early close (13:00 New York)",
        kind: "early-close" as const,
        closeNewYork: wallClock(closeMs, NEW_YORK).local,
        closeLocal: wallClock(closeMs, timeZone).local,
      });
    }
  }
  return rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

function formats(locale: string, currency: string | undefined, timeZone: string, nowMs: number) {
  return {
    number: new Intl.NumberFormat(locale).format(1234567.89),
    percent: new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(
      0.0131,
    ),
    currency: currency
      ? new Intl.NumberFormat(locale, { style: "currency", currency }).format(1234.56)
      : null,
    date: new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone }).format(nowMs),
    time: new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone }).format(nowMs),
  };
}

function glossaryEntries(language: OfferedLanguage) {
  if (language === "en") return [];
  const translations = translationsIn(language);
  return TRANSLATED_SLUGS.map((slug) => ({
    slug,
    term: translations[slug].term,
    shortDefinition: translations[slug].shortDefinition,
    englishTerm: termBySlug(slug)?.term ?? slug,
  }));
}

export function regionalContent(language: OfferedLanguage, country: string, now: Date) {
  if (!isCountry(country)) throw new Error(`unknown country ${country}`);
  const nowMs = Math.floor(now.getTime() / MINUTE) * MINUTE;
  const profile = countryProfile(country, language);
  const timeZone = profile.timeZone ?? "UTC";
  const locale = `${language}-${country}`;
  const entries = glossaryEntries(language);
  return {
    asOf: new Date(nowMs).toISOString(),
    language: languageNames(language),
    country: {
      code: profile.code,
      name: profile.name,
      englishName: countryName(country),
      nativeName: profile.nativeName,
      continent: profile.continent,
      currencies: profile.currencies,
      timeZone: profile.timeZone,
      timeZones: profile.timeZones,
      officialLanguages: profile.languages,
    },
    locale,
    formats: formats(locale, profile.currencies[0]?.code, timeZone, nowMs),
    marketHours: marketHours(nowMs, timeZone, language),
    holidays: upcomingClosures(nowMs, timeZone),
    disclaimer: {
      key: "investment-risk" as const,
      text: RISK_DISCLAIMER_TRANSLATIONS[language],
      language,
      document: "/content/disclaimers/investment-risk",
    },
    glossary: { language, entries },
    translation: {
      disclaimer: language,
      sessionNames: language,
      countryAndCurrencyNames: language,
      glossaryEntries: entries.length,
      holidayNames: "en" as const,
      documents: "en" as const,
    },
  };
}
