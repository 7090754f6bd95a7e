import { continents, getCountryDataList, languages } from "countries-list";

/**
 * Countries and territories with their ISO 3166-1 alpha-2 and alpha-3 codes, from the
 * `countries-list` package (MIT): English and native names, capital, continent, ISO 4217
 * currencies, ISO 639-1 languages and international calling codes. Beyond the 249 officially
 * assigned ISO 3166-1 codes it lists Kosovo (XK, a user-assigned code, flagged) and three
 * territories that are part of another entry (`partOf`), as the package does.
 */

export interface CountryEntry {
  code: string;
  alpha3: string;
  name: string;
  nativeName: string;
  /** null where the package names none (Antarctica, uninhabited islands, Macao). */
  capital: string | null;
  continent: { code: string; name: string };
  currencies: string[];
  languages: { code: string; name: string; nativeName: string }[];
  /** E.164 country calling codes with their plus sign, e.g. "+1", "+44". */
  callingCodes: string[];
  /** XK (Kosovo): a code users assign, not an officially assigned ISO 3166-1 one. */
  userAssigned: boolean;
  /** The entry this territory belongs to (e.g. AX, Åland → FI); null otherwise. */
  partOf: string | null;
}

function build(): CountryEntry[] {
  return getCountryDataList()
    .map((data) => ({
      code: data.iso2,
      alpha3: data.iso3,
      name: data.name,
      nativeName: data.native,
      capital: data.capital === "" ? null : data.capital,
      continent: { code: data.continent, name: continents[data.continent] },
      currencies: [...data.currency],
      languages: data.languages.map((code) => ({
        code,
        name: languages[code].name,
        nativeName: languages[code].native,
      })),
      callingCodes: data.phone.map((phone) => `+${phone}`),
      userAssigned: data.userAssigned === true,
      partOf: data.partOf ?? null,
    }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

let list: readonly CountryEntry[] | undefined;

export function countryList(): readonly CountryEntry[] {
  list ??= build();
  return list;
}

/** One country by alpha-2 code (upper case), or undefined. */
export function countryOf(code: string): CountryEntry | undefined {
  return countryList().find((entry) => entry.code === code);
}

/** The continent codes: AF, AN, AS, EU, NA, OC, SA. */
export const CONTINENT_CODES = Object.keys(continents);
