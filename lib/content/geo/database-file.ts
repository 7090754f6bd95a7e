import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

/**
 * The IP-to-country database /geo reads: ip-location-db's geo-whois-asn-country, an MMDB file
 * shipped as an npm package. Its data merges, in this order of precedence, published geofeeds,
 * the five regional internet registries' WHOIS records and their ASN-to-country records; it is
 * country-level only (no region or city). Licence: CC BY 4.0, attribution to the NRO (the RIRs'
 * data), as the package's NRO_LICENSE says; the package itself is marked CC0-1.0.
 */
export const GEO_DATABASE = {
  package: "@ip-location-db/geo-whois-asn-country-mmdb",
  /** The pinned package version (package.json); its data's build date is in the file. */
  version: "2.3.2026061719",
  /** IPv4 and IPv6 in one file (7.8 MB). */
  file: "geo-whois-asn-country.mmdb",
  name: "ip-location-db geo-whois-asn-country (GeoFeed + WHOIS + ASN, country level)",
  licence: "CC BY 4.0",
  attribution:
    "IP-to-country data: ip-location-db (github.com/sapics/ip-location-db), from the regional " +
    "internet registries' data, licensed CC BY 4.0 by the NRO (nro.net).",
  url: "https://github.com/sapics/ip-location-db/tree/main/geo-whois-asn-country",
} as const;

/**
 * Where the database file is: beside this module's bundle in a Lambda (infra/bundling.ts
 * GEO_DATABASE_FILES copies it there), else in node_modules (source, tests, `npm start`).
 */
export function geoDatabasePath(): string {
  const beside = fileURLToPath(new URL(`./${GEO_DATABASE.file}`, import.meta.url));
  if (existsSync(beside)) return beside;
  return createRequire(import.meta.url).resolve(`${GEO_DATABASE.package}/${GEO_DATABASE.file}`);
}
