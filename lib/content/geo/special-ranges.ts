import { BlockList, isIPv4, isIPv6 } from "node:net";

/**
 * Addresses no IP database can place: loopback, private, link-local, shared (carrier-grade
 * NAT), documentation, benchmarking, multicast and other special-purpose blocks of the IANA
 * IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890 and its updates). They are
 * classified here before any database lookup, so such an address is "unknown" with its reason,
 * whatever a database might hold for it.
 */

export type AddressKind =
  | "unspecified"
  | "loopback"
  | "private"
  | "shared"
  | "link-local"
  | "documentation"
  | "benchmarking"
  | "multicast"
  | "reserved";

interface SpecialBlock {
  network: string;
  prefix: number;
  kind: AddressKind;
  /** What the block is, for the answer's reason. */
  label: string;
}

const V4: readonly SpecialBlock[] = [
  { network: "0.0.0.0", prefix: 8, kind: "unspecified", label: '"this network" (RFC 791)' },
  { network: "10.0.0.0", prefix: 8, kind: "private", label: "private-use (RFC 1918)" },
  {
    network: "100.64.0.0",
    prefix: 10,
    kind: "shared",
    label: "shared carrier-grade NAT space (RFC 6598)",
  },
  { network: "127.0.0.0", prefix: 8, kind: "loopback", label: "loopback (RFC 1122)" },
  { network: "169.254.0.0", prefix: 16, kind: "link-local", label: "link-local (RFC 3927)" },
  { network: "172.16.0.0", prefix: 12, kind: "private", label: "private-use (RFC 1918)" },
  {
    network: "192.0.0.0",
    prefix: 24,
    kind: "reserved",
    label: "IETF protocol assignments (RFC 6890)",
  },
  {
    network: "192.0.2.0",
    prefix: 24,
    kind: "documentation",
    label: "documentation TEST-NET-1 (RFC 5737)",
  },
  {
    network: "192.88.99.0",
    prefix: 24,
    kind: "reserved",
    label: "deprecated 6to4 relay anycast (RFC 7526)",
  },
  { network: "192.168.0.0", prefix: 16, kind: "private", label: "private-use (RFC 1918)" },
  { network: "198.18.0.0", prefix: 15, kind: "benchmarking", label: "benchmarking (RFC 2544)" },
  {
    network: "198.51.100.0",
    prefix: 24,
    kind: "documentation",
    label: "documentation TEST-NET-2 (RFC 5737)",
  },
  {
    network: "203.0.113.0",
    prefix: 24,
    kind: "documentation",
    label: "documentation TEST-NET-3 (RFC 5737)",
  },
  { network: "224.0.0.0", prefix: 4, kind: "multicast", label: "multicast (RFC 5771)" },
  {
    network: "240.0.0.0",
    prefix: 4,
    kind: "reserved",
    label: "reserved for future use and broadcast (RFC 1112, RFC 919)",
  },
];

const V6: readonly SpecialBlock[] = [
  { network: "::", prefix: 128, kind: "unspecified", label: "the unspecified address (RFC 4291)" },
  { network: "::1", prefix: 128, kind: "loopback", label: "loopback (RFC 4291)" },
  { network: "100::", prefix: 64, kind: "reserved", label: "discard-only (RFC 6666)" },
  {
    network: "2001::",
    prefix: 23,
    kind: "reserved",
    label: "IETF protocol assignments (RFC 2928)",
  },
  { network: "2001:db8::", prefix: 32, kind: "documentation", label: "documentation (RFC 3849)" },
  { network: "3fff::", prefix: 20, kind: "documentation", label: "documentation (RFC 9637)" },
  { network: "fc00::", prefix: 7, kind: "private", label: "unique local (RFC 4193)" },
  { network: "fe80::", prefix: 10, kind: "link-local", label: "link-local unicast (RFC 4291)" },
  { network: "ff00::", prefix: 8, kind: "multicast", label: "multicast (RFC 4291)" },
];

/** One BlockList per block, so a match can say which block it was (checked in this order). */
const BLOCKS = [
  ...V4.map((block) => ({ block, type: "ipv4" as const })),
  ...V6.map((block) => ({ block, type: "ipv6" as const })),
].map(({ block, type }) => {
  const list = new BlockList();
  list.addSubnet(block.network, block.prefix, type);
  return { ...block, type, list };
});

export interface SpecialAddress {
  kind: AddressKind;
  /** The block, e.g. `10.0.0.0/8`. */
  network: string;
  label: string;
}

/**
 * An IPv4-mapped IPv6 address (`::ffff:a.b.c.d` or `::ffff:0a01:0203`, an IPv4 client seen
 * over IPv6) → `a.b.c.d`; other addresses unchanged
 * (IPv6 in lower case).
 */
export function canonicalAddress(address: string): string {
  const dotted = /^(?:0{0,4}:){0,4}:?:ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (dotted?.[1] && isIPv4(dotted[1])) return dotted[1];
  const hex = /^(?:0{0,4}:){0,4}:?:ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex?.[1] && hex[2] && isIPv6(address)) {
    const high = Number.parseInt(hex[1], 16);
    const low = Number.parseInt(hex[2], 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return isIPv6(address) ? address.toLowerCase() : address;
}

/** The special-purpose block holding the address, or undefined for a global unicast one. */
export function specialBlockOf(address: string): SpecialAddress | undefined {
  const type = isIPv4(address) ? "ipv4" : isIPv6(address) ? "ipv6" : undefined;
  if (!type) return undefined;
  const found = BLOCKS.find((block) => block.type === type && block.list.check(address, type));
  return (
    found && { kind: found.kind, network: `${found.network}/${found.prefix}`, label: found.label }
  );
}
