import { geoDatabasePath } from "../content/geo/database-file";
import { mmdbCountryDatabase } from "../content/geo/mmdb";
import type { IpCountryDatabase } from "../content/geo/ports";

let shared: IpCountryDatabase | undefined;

/**
 * The IP-to-country database, one per process: the file is found now and read on the first
 * lookup (lib/content/geo/mmdb.ts), so functions and tests that never call /geo never load it.
 */
export function geoDatabase(): IpCountryDatabase {
  shared ??= mmdbCountryDatabase(geoDatabasePath());
  return shared;
}
