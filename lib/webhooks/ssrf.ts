import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { type AddressClass, classifyAddress, REASON_LABELS } from "./addresses";

/**
 * The SSRF guard's rules for webhook URLs, checked when a subscription is created and again
 * before each delivery. The connect-time half (every socket a delivery opens) is in
 * ./ssrf-dispatcher.ts, kept apart so that only the delivery consumer bundles undici.
 *
 * Rules:
 * - https only, on port 443 or 8443 (the ports receivers commonly listen on; other ports
 *   would let a URL probe arbitrary services of a public host);
 * - no user name or password in the URL;
 * - the host, an IP literal or every address its name resolves to (A and AAAA), must be
 *   public unicast (./addresses.ts); a name that resolves to nothing is refused;
 * - the local-development setting `allowHttpLoopback` (off by default, off in deployed
 *   stages) additionally allows loopback addresses, over https or http on any port, so that
 *   `npm start` can deliver to a receiver on 127.0.0.1; http stays refused for anything else.
 */

/** A delivery attempt's whole budget (connect, request, response body), in milliseconds. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The ports an https webhook may use; http (local development, loopback only) may use any. */
export const WEBHOOK_HTTPS_PORTS: readonly number[] = [443, 8443];

/** All A and AAAA addresses of a host name. */
export type Resolve = (host: string) => Promise<string[]>;

export interface WebhookGuardOptions {
  /** Local development only: allow loopback destinations, and http to them. */
  allowHttpLoopback: boolean;
  /** Name resolution; the system resolver (`dns.lookup`, all addresses) by default. */
  resolve?: Resolve;
}

export type WebhookUrlCheck = { ok: true; url: URL } | { ok: false; problem: string };

export const resolveWithSystemDns: Resolve = async (host) =>
  (await lookup(host, { all: true })).map((entry) => entry.address);

/**
 * Checks a webhook URL against the rules above, resolving its host name. The problem text is
 * user-facing: it completes "url …", e.g. "must use https".
 */
export async function checkWebhookUrl(
  text: string,
  options: WebhookGuardOptions,
): Promise<WebhookUrlCheck> {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (url === undefined) return refuse("must be an absolute https URL");
  if (url.username !== "" || url.password !== "") {
    return refuse("must not contain a user name or password");
  }
  const shapeProblem = protocolAndPortProblem(url.protocol, urlPort(url), options);
  if (shapeProblem !== undefined) return refuse(shapeProblem);
  const host = bareHostname(url.hostname);
  const addresses = isIP(host) ? [host] : await resolveQuietly(host, options.resolve);
  if (addresses.length === 0) return refuse(`must resolve to an address; ${host} does not`);
  const refused = firstRefusedAddress(addresses, url.protocol, options);
  if (refused !== undefined) return refuse(addressProblem(host, refused, url.protocol));
  return { ok: true, url };
}

/**
 * Whether a webhook may connect to `address` over `protocol` ("https:" or "http:"): public
 * unicast over https; loopback, over either, only under the local-development setting.
 */
export function isAllowedAddress(
  address: string,
  protocol: string,
  options: Pick<WebhookGuardOptions, "allowHttpLoopback">,
): boolean {
  return addressRefusal(address, protocol, options) === undefined;
}

/**
 * Why a webhook may not connect to `address` over `protocol`, or undefined when it may. The
 * address is judged before the protocol, so the reason names its class when it has one.
 */
export function addressRefusal(
  address: string,
  protocol: string,
  options: Pick<WebhookGuardOptions, "allowHttpLoopback">,
): string | undefined {
  const addressClass = classifyAddress(address);
  const devLoopback = options.allowHttpLoopback && addressClass === "loopback";
  if (addressClass !== "public" && !devLoopback) {
    return `${describeAddress(address)} is not a public address`;
  }
  if (protocol === "https:" || (protocol === "http:" && devLoopback)) return undefined;
  return options.allowHttpLoopback
    ? "http is allowed only to loopback (local development)"
    : "webhooks must use https";
}

/**
 * The address that makes a set of addresses unusable, if any: a non-public one before one
 * refused only for the protocol, so that the problem names the worst.
 */
export function firstRefusedAddress(
  addresses: readonly string[],
  protocol: string,
  options: Pick<WebhookGuardOptions, "allowHttpLoopback">,
): string | undefined {
  return (
    addresses.find((address) => !isAllowedAddress(address, "https:", options)) ??
    addresses.find((address) => !isAllowedAddress(address, protocol, options))
  );
}

/** Why a scheme and port are refused, before any address is looked at; undefined if fine. */
export function protocolAndPortProblem(
  protocol: string,
  port: number,
  options: Pick<WebhookGuardOptions, "allowHttpLoopback">,
): string | undefined {
  if (protocol === "http:" && options.allowHttpLoopback) return undefined;
  if (protocol !== "https:") return "must use https";
  if (!WEBHOOK_HTTPS_PORTS.includes(port)) return "must use port 443 or 8443";
  return undefined;
}

/** "10.0.0.5 (private)". */
export function describeAddress(address: string): string {
  return `${address} (${labelOf(classifyAddress(address))})`;
}

/** Reads at most `maxBytes` of a response body, then cancels the rest of the stream. */
export async function readCapped(
  response: { body: ReadableStream<Uint8Array> | null },
  maxBytes: number,
): Promise<{ text: string; truncated: boolean }> {
  if (response.body === null) return { text: "", truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytesRead = 0;
  // Reads until one byte past the cap, so a body of exactly maxBytes is not "truncated".
  while (bytesRead <= maxBytes) {
    const { done, value } = await reader.read();
    if (done) return { text: decode(chunks), truncated: false };
    chunks.push(value.subarray(0, Math.max(0, maxBytes - bytesRead)));
    bytesRead += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  return { text: decode(chunks), truncated: true };
}

function decode(chunks: Uint8Array[]): string {
  return Buffer.concat(chunks).toString("utf8");
}

function refuse(problem: string): WebhookUrlCheck {
  return { ok: false, problem };
}

/** The port a URL connects to: the URL parser leaves the scheme's default port empty. */
function urlPort(url: URL): number {
  if (url.port !== "") return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}

/** An IPv6 literal's hostname without its brackets ("[::1]" → "::1"). */
export function bareHostname(hostname: string): string {
  return hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
}

/** The host's addresses, or none when it does not resolve (the caller refuses either way). */
async function resolveQuietly(host: string, resolve = resolveWithSystemDns): Promise<string[]> {
  try {
    return await resolve(host);
  } catch {
    return [];
  }
}

function addressProblem(host: string, address: string, protocol: string): string {
  const subject = isIP(host) ? `${host} is` : `${host} resolves to`;
  const found = isIP(host) ? labelOf(classifyAddress(address)) : describeAddress(address);
  if (protocol === "http:") {
    return `may use http only to a loopback address (local development); ${subject} ${found}`;
  }
  if (isIP(host)) return `must not be a non-public address; ${subject} ${found}`;
  return `must resolve only to public addresses; ${subject} ${found}`;
}

function labelOf(addressClass: AddressClass): string {
  return addressClass === "public" ? "public" : REASON_LABELS[addressClass];
}
