/**
 * The IP-to-country database port: a lookup of one address, and what the database is. The
 * adapter is lib/content/geo/mmdb.ts (an MMDB file read with the maxmind package).
 */

export interface CountryMatch {
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  /** The database's network holding the address, e.g. `8.8.0.0/15`. */
  network: string;
}

export interface GeoDatabaseInfo {
  name: string;
  package: string;
  version: string;
  /** When the file was built (its metadata's build epoch), ISO 8601 UTC. */
  builtAt: string;
  licence: string;
  attribution: string;
  url: string;
}

export interface IpCountryDatabase {
  /** The country of a global unicast address; null when the database has none for it. */
  lookup(address: string): CountryMatch | null;
  info(): GeoDatabaseInfo;
}
