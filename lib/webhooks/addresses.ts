import { BlockList, isIPv4, isIPv6 } from "node:net";

/**
 * Classification of IP addresses for the webhook SSRF guard: a webhook may only reach public
 * unicast addresses. Pure (node:net only); the URL check and the connect-time check
 * (./ssrf.ts, ./ssrf-dispatcher.ts) both decide with it.
 */

/** Why an address is refused. */
export type RefusalReason =
  | "loopback"
  | "unspecified"
  | "private"
  | "link-local"
  | "cgnat"
  | "multicast"
  | "broadcast"
  | "reserved"
  | "documentation"
  | "benchmarking"
  | "ietf-protocol"
  | "cloud-metadata"
  | "teredo"
  | "zone-id"
  | "not-an-ip";

export type AddressClass = "public" | RefusalReason;

/** Short user-facing wording of each reason. */
export const REASON_LABELS: Record<RefusalReason, string> = {
  loopback: "loopback",
  unspecified: "unspecified",
  private: "private",
  "link-local": "link-local",
  cgnat: "carrier-grade NAT",
  multicast: "multicast",
  broadcast: "broadcast",
  reserved: "reserved",
  documentation: "documentation range",
  benchmarking: "benchmarking range",
  "ietf-protocol": "IETF protocol assignment",
  "cloud-metadata": "cloud metadata",
  teredo: "Teredo",
  "zone-id": "has a zone id",
  "not-an-ip": "not an IP address",
};

/**
 * Refused ranges, first match wins: the metadata addresses before link-local and private,
 * Teredo and benchmarking before the IETF block 2001::/23 that contains them.
 */
const REFUSED_RANGES: ReadonlyArray<readonly [RefusalReason, readonly string[]]> = [
  ["cloud-metadata", ["169.254.169.254/32", "fd00:ec2::254/128"]],
  ["loopback", ["127.0.0.0/8", "::1/128"]],
  ["unspecified", ["0.0.0.0/8", "::/128"]],
  ["broadcast", ["255.255.255.255/32"]],
  ["teredo", ["2001::/32"]],
  ["benchmarking", ["198.18.0.0/15", "2001:2::/48"]],
  [
    "documentation",
    ["192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24", "2001:db8::/32", "3fff::/20"],
  ],
  ["ietf-protocol", ["192.0.0.0/24"]],
  // 64:ff9b:1::/48 is NAT64 for local use (RFC 8215): it translates to private networks.
  ["private", ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7", "64:ff9b:1::/48"]],
  ["link-local", ["169.254.0.0/16", "fe80::/10"]],
  ["cgnat", ["100.64.0.0/10"]],
  ["multicast", ["224.0.0.0/4", "ff00::/8"]],
  // 192.88.99/24: deprecated 6to4 relay anycast; 100::/64: discard-only; 2001::/23: IETF.
  ["reserved", ["240.0.0.0/4", "192.88.99.0/24", "100::/64", "2001::/23"]],
];

const REFUSED_LISTS = REFUSED_RANGES.map(([reason, cidrs]) => [reason, blockList(cidrs)] as const);

/** IPv6 global unicast (RFC 4291): anything outside it is refused as reserved. */
const GLOBAL_UNICAST_V6 = blockList(["2000::/3"]);

function blockList(cidrs: readonly string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [network = "", prefix = ""] = cidr.split("/");
    list.addSubnet(network, Number(prefix), isIPv6(network) ? "ipv6" : "ipv4");
  }
  return list;
}

/**
 * "public" for a public unicast address, otherwise the reason it is refused. IPv4-mapped,
 * -translated and -compatible, NAT64 and 6to4 addresses are classified by their embedded
 * IPv4 address; a zone id ("fe80::1%eth0") is refused whatever the address.
 */
export function classifyAddress(ip: string): AddressClass {
  if (ip.includes("%")) return "zone-id";
  if (isIPv4(ip)) return refusedRange(ip, "ipv4") ?? "public";
  if (!isIPv6(ip)) return "not-an-ip";
  const hextets = ipv6Hextets(ip);
  // Before the embedded forms: "::1" and "::" are not IPv4-compatible 0.0.0.1 and 0.0.0.0.
  if (isZeros(hextets, 0, 7) && hextets[7] === 1) return "loopback";
  if (isZeros(hextets, 0, 8)) return "unspecified";
  const embedded = embeddedIPv4(hextets);
  if (embedded !== undefined) return classifyAddress(embedded);
  const refused = refusedRange(ip, "ipv6");
  if (refused !== undefined) return refused;
  return GLOBAL_UNICAST_V6.check(ip, "ipv6") ? "public" : "reserved";
}

function refusedRange(ip: string, family: "ipv4" | "ipv6"): RefusalReason | undefined {
  return REFUSED_LISTS.find(([, list]) => list.check(ip, family))?.[0];
}

/** The IPv4 address an IPv6 address stands for, when it embeds one. */
function embeddedIPv4(h: readonly number[]): string | undefined {
  const [h0, h1, h2, , h4, h5] = h;
  const mapped = isZeros(h, 0, 5) && h5 === 0xffff; // ::ffff:a.b.c.d
  const translated = isZeros(h, 0, 4) && h4 === 0xffff && h5 === 0; // ::ffff:0:a.b.c.d
  const compatible = isZeros(h, 0, 6); // ::a.b.c.d (deprecated)
  const nat64 = h0 === 0x64 && h1 === 0xff9b && isZeros(h, 2, 6); // 64:ff9b::a.b.c.d
  if (mapped || translated || compatible || nat64) return dottedQuad(h[6] ?? 0, h[7] ?? 0);
  if (h0 === 0x2002) return dottedQuad(h1 ?? 0, h2 ?? 0); // 6to4: 2002:AABB:CCDD::/48
  return undefined;
}

function isZeros(hextets: readonly number[], from: number, to: number): boolean {
  return hextets.slice(from, to).every((hextet) => hextet === 0);
}

function dottedQuad(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}

/**
 * The eight 16-bit groups of a valid IPv6 address (checked by isIPv6, no zone id) in any
 * textual form: compressed "::", upper or lower case, a trailing dotted quad.
 */
function ipv6Hextets(ip: string): number[] {
  const [head = "", tail] = withHexTail(ip).split("::");
  const headGroups = head === "" ? [] : head.split(":");
  const tailGroups = tail === undefined || tail === "" ? [] : tail.split(":");
  const zeros = Array<string>(8 - headGroups.length - tailGroups.length).fill("0");
  return [...headGroups, ...zeros, ...tailGroups].map((group) => Number.parseInt(group, 16));
}

/** Rewrites a trailing dotted quad ("::ffff:1.2.3.4") as two hex groups ("::ffff:102:304"). */
function withHexTail(ip: string): string {
  const lastColon = ip.lastIndexOf(":");
  const quad = ip.slice(lastColon + 1);
  if (!quad.includes(".")) return ip;
  const [a = 0, b = 0, c = 0, d = 0] = quad.split(".").map(Number);
  return `${ip.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}
