import { continents, countries } from "countries-list";
import { isOffered, type OfferedLanguage, SOURCE_LANGUAGE } from "./languages";

/**
 * Countries (ISO 3166-1 alpha-2) from the countries-list package: native name, continent,
 * currencies and official languages; names in a given language and time zones from the
 * runtime's ICU data (Intl.DisplayNames, Intl.Locale#getTimeZones).
 */

type CountryCode = keyof typeof countries;

/** Two ASCII letters, any case: the shape of an ISO 3166-1 alpha-2 code. */
export const COUNTRY_CODE_PATTERN = /^[A-Za-z]{2}$/;

export function isCountry(code: string): code is CountryCode {
  return Object.hasOwn(countries, code);
}

export const COUNTRY_CODES: readonly string[] = Object.keys(countries).sort();

/**
 * The zone of the capital (or, where the capital's zone is not the country's main one, its
 * most populous region) for countries spanning several zones; a country with one zone has it.
 * Keys are those whose ICU list holds more than one zone (checked by a test).
 */
export const PRINCIPAL_TIME_ZONES: Readonly<Record<string, string>> = {
  AR: "America/Buenos_Aires",
  AU: "Australia/Sydney",
  BR: "America/Sao_Paulo",
  CA: "America/Toronto",
  CD: "Africa/Kinshasa",
  CL: "America/Santiago",
  CN: "Asia/Shanghai",
  CY: "Asia/Nicosia",
  DE: "Europe/Berlin",
  EC: "America/Guayaquil",
  ES: "Europe/Madrid",
  FM: "Pacific/Ponape",
  GL: "America/Godthab",
  ID: "Asia/Jakarta",
  KI: "Pacific/Tarawa",
  KZ: "Asia/Almaty",
  MH: "Pacific/Majuro",
  MN: "Asia/Ulaanbaatar",
  MX: "America/Mexico_City",
  MY: "Asia/Kuala_Lumpur",
  NZ: "Pacific/Auckland",
  PF: "Pacific/Tahiti",
  PG: "Pacific/Port_Moresby",
  PS: "Asia/Hebron",
  PT: "Europe/Lisbon",
  RU: "Europe/Moscow",
  UA: "Europe/Kiev",
  US: "America/New_York",
  UZ: "Asia/Tashkent",
};

/** The IANA zones ICU lists for the country (CLDR's ids, e.g. Asia/Calcutta), sorted. */
export function timeZonesOf(code: string): string[] {
  const locale = new Intl.Locale(`und-${code}`) as Intl.Locale & { getTimeZones?(): string[] };
  return locale.getTimeZones?.() ?? [];
}

/** The country's main zone: its only one, the table's, else the first listed; null if none. */
export function principalTimeZone(code: string): string | null {
  return PRINCIPAL_TIME_ZONES[code] ?? timeZonesOf(code)[0] ?? null;
}

const displayNames = new Map<string, { region: Intl.DisplayNames; currency: Intl.DisplayNames }>();

function namesIn(language: string) {
  let names = displayNames.get(language);
  if (!names) {
    names = {
      region: new Intl.DisplayNames([language], { type: "region", fallback: "code" }),
      currency: new Intl.DisplayNames([language], { type: "currency", fallback: "code" }),
    };
    displayNames.set(language, names);
  }
  return names;
}

export function countryName(code: string, language: string = SOURCE_LANGUAGE): string {
  return namesIn(language).region.of(code) ?? code;
}

export function currencyName(code: string, language: string = SOURCE_LANGUAGE): string {
  return namesIn(language).currency.of(code) ?? code;
}

export interface CountryProfile {
  code: string;
  name: string;
  nativeName: string;
  continent: { code: string; name: string };
  /** ISO 4217, the main one first. */
  currencies: { code: string; name: string }[];
  timeZone: string | null;
  timeZones: string[];
  /** ISO 639-1 codes of its official or national languages. */
  languages: string[];
  /** The first of its languages this API offers content in, else English. */
  suggestedLanguage: OfferedLanguage;
  /** BCP 47 tag of the suggested language in the country, e.g. de-CH. */
  locale: string;
}

/** The country's profile, names in `language` (English by default). */
export function countryProfile(
  code: CountryCode,
  language: string = SOURCE_LANGUAGE,
): CountryProfile {
  const country = countries[code];
  const suggested = country.languages.find(isOffered) ?? SOURCE_LANGUAGE;
  return {
    code,
    name: countryName(code, language),
    nativeName: country.native,
    continent: { code: country.continent, name: continents[country.continent] },
    currencies: country.currency.map((currency) => ({
      code: currency,
      name: currencyName(currency, language),
    })),
    timeZone: principalTimeZone(code),
    timeZones: timeZonesOf(code),
    languages: [...country.languages],
    suggestedLanguage: suggested,
    locale: `${suggested}-${code}`,
  };
}

/** The countries naming `language` among their official languages, by code. */
export function countriesSpeaking(language: string): CountryCode[] {
  return (COUNTRY_CODES as CountryCode[]).filter((code) =>
    (countries[code].languages as readonly string[]).includes(language),
  );
}
