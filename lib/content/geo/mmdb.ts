import { readFileSync } from "node:fs";
import { Reader, type Response } from "maxmind";
import { GEO_DATABASE } from "./database-file";
import type { CountryMatch, GeoDatabaseInfo, IpCountryDatabase } from "./ports";

/** A record of ip-location-db's country MMDB files: the ISO 3166-1 alpha-2 code only. */
interface CountryRecord {
  country_code?: string;
}

/**
 * The MMDB adapter: the file is read into memory once per process, on the first lookup (7.8
 * MB; about 30 ms), and searched in memory (a binary trie walk; well under a millisecond).
 * Nothing about the addresses looked up is kept.
 */
export function mmdbCountryDatabase(path: string): IpCountryDatabase & { loaded(): boolean } {
  let reader: Reader<Response> | undefined;
  const open = () => {
    reader ??= new Reader<Response>(readFileSync(path));
    return reader;
  };
  return {
    lookup(address: string): CountryMatch | null {
      const [record, prefixLength] = open().getWithPrefixLength(address);
      // ip-location-db's own record shape, not one of MaxMind's response types.
      const countryCode = (record as CountryRecord | null)?.country_code;
      if (!countryCode) return null;
      return { countryCode, network: networkOf(address, prefixLength) };
    },
    info(): GeoDatabaseInfo {
      const { buildEpoch } = open().metadata;
      return {
        name: GEO_DATABASE.name,
        package: GEO_DATABASE.package,
        version: GEO_DATABASE.version,
        builtAt: buildEpoch.toISOString(),
        licence: GEO_DATABASE.licence,
        attribution: GEO_DATABASE.attribution,
        url: GEO_DATABASE.url,
      };
    },
    loaded: () => reader !== undefined,
  };
}

/** `8.8.8.8` with prefix 15 → `8.8.0.0/15`; IPv6 likewise, in its shortest form. */
export function networkOf(address: string, prefixLength: number): string {
  if (address.includes(".") && !address.includes(":")) {
    const value = address.split(".").reduce((sum, part) => sum * 256 + Number(part), 0);
    const size = 2 ** (32 - prefixLength);
    const start = Math.floor(value / size) * size;
    const octets = [24, 16, 8, 0].map((shift) => Math.floor(start / 2 ** shift) % 256);
    return `${octets.join(".")}/${prefixLength}`;
  }
  const bits = ipv6Bits(address);
  const masked = (bits >> BigInt(128 - prefixLength)) << BigInt(128 - prefixLength);
  return `${formatIpv6(masked)}/${prefixLength}`;
}

function ipv6Bits(address: string): bigint {
  // An embedded IPv4 tail (`64:ff9b::8.8.8.8`) is two groups.
  const embedded = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const text = embedded
    ? `${embedded[1]}${((Number(embedded[2]) << 8) | Number(embedded[3])).toString(16)}:${((Number(embedded[4]) << 8) | Number(embedded[5])).toString(16)}`
    : address;
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return groups.reduce(
    (sum, group) => (sum << 16n) | BigInt(Number.parseInt(group || "0", 16)),
    0n,
  );
}

/** RFC 5952: lower case, leading zeros dropped, the longest run of two or more zero groups as `::`. */
function formatIpv6(bits: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) =>
    Number((bits >> BigInt(112 - 16 * i)) & 0xffffn),
  );
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart < 0) return hex.join(":");
  return `${hex.slice(0, bestStart).join(":")}::${hex.slice(bestStart + bestLength).join(":")}`;
}
