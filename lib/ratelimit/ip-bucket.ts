import { isIPv4, isIPv6 } from "node:net";

/**
 * The bucket a keyless request counts against: the IPv4 address, or the IPv6 /64 network
 * (one subscriber usually holds a whole /64, so per-address limits would be no limit).
 */
export function ipBucket(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(address)) return address;
  if (isIPv6(address)) return `${expandIPv6(address).slice(0, 4).join(":")}::/64`;
  return `unknown:${address.slice(0, 64)}`;
}

function expandIPv6(address: string): string[] {
  const [head = "", tail = ""] = address.toLowerCase().split("%")[0]?.split("::") ?? [];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = address.includes("::") ? 8 - left.length - right.length : 0;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((group) =>
    group.replace(/^0+(?=.)/, ""),
  );
}
