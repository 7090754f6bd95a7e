import { isIP } from "node:net";
import { type CountryProfile, countryProfile, isCountry } from "../countries";
import type { OfferedLanguage } from "../languages";
import type { GeoDatabaseInfo, IpCountryDatabase } from "./ports";
import { type AddressKind, canonicalAddress, specialBlockOf } from "./special-ranges";

/**
 * Where an IP address is, at country level: special-purpose addresses (loopback, private, ...)
 * are classified first and answered "unknown" with the reason; a global address is looked up
 * in the country database, and its country's profile (currency, time zone, languages) added.
 * Nothing is stored: the address is only echoed back.
 */

export interface GeoAnswer {
  ip: string;
  ipVersion: 4 | 6;
  /** `request`: the caller's own address; `query`: the `ip` parameter's. */
  source: "request" | "query";
  status: "located" | "unknown";
  addressType: "public" | AddressKind;
  /** Why the country is unknown; null when located. */
  reason: string | null;
  /** The special-purpose block or the database's network holding the address. */
  network: string | null;
  country: Omit<
    CountryProfile,
    "suggestedLanguage" | "locale" | "currencies" | "timeZone" | "timeZones" | "languages"
  > | null;
  region: null;
  currency: CountryProfile["currencies"][number] | null;
  timeZone: string | null;
  timeZones: string[];
  languages: string[];
  suggestedLanguage: OfferedLanguage;
  locale: string | null;
  database: GeoDatabaseInfo;
}

export function locate(
  address: string,
  source: GeoAnswer["source"],
  database: IpCountryDatabase,
): GeoAnswer {
  const ip = canonicalAddress(address);
  const version = isIP(ip) === 6 ? 6 : 4;
  const base = { ip, ipVersion: version as 4 | 6, source, region: null, database: database.info() };
  const unknown = (
    addressType: GeoAnswer["addressType"],
    reason: string,
    network: string | null,
  ) => ({
    ...base,
    status: "unknown" as const,
    addressType,
    reason,
    network,
    country: null,
    currency: null,
    timeZone: null,
    timeZones: [],
    languages: [],
    suggestedLanguage: "en" as const,
    locale: null,
  });
  const special = specialBlockOf(ip);
  if (special) {
    return unknown(
      special.kind,
      `${ip} is a ${special.label} address (${special.network}): it is not routed on the ` +
        "public internet, so no country can be given.",
      special.network,
    );
  }
  const match = database.lookup(ip);
  if (!match || !isCountry(match.countryCode)) {
    return unknown("public", `${ip} is not in the country database.`, match?.network ?? null);
  }
  const { suggestedLanguage, locale, currencies, timeZone, timeZones, languages, ...country } =
    countryProfile(match.countryCode);
  return {
    ...base,
    status: "located",
    addressType: "public",
    reason: null,
    network: match.network,
    country,
    currency: currencies[0] ?? null,
    timeZone,
    timeZones,
    languages,
    suggestedLanguage,
    locale,
  };
}
