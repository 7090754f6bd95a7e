import type { LookupAddress, LookupOptions } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { Agent, buildConnector, type Dispatcher, fetch, type RequestInit } from "undici";
import {
  addressRefusal,
  firstRefusedAddress,
  resolveWithSystemDns,
  WEBHOOK_HTTPS_PORTS,
  WEBHOOK_TIMEOUT_MS,
  type WebhookGuardOptions,
} from "./ssrf";

/**
 * The connect-time half of the webhook SSRF guard, for deliveries. The URL was checked when
 * the subscription was created, but its name may resolve elsewhere now (DNS rebinding), so
 * every socket a delivery opens is checked again, after DNS, with the rules of ./ssrf.ts.
 *
 * Node's global fetch ignores http.Agent-based filters, so the check sits in the `connect`
 * of an undici `Agent` (undici's documented hook for checks on the socket, see its Connector
 * docs), wrapping `buildConnector`:
 * - a host name goes through a `lookup` handed to `net.connect`/`tls.connect`: it resolves
 *   the name afresh and fails if any address is refused; otherwise it returns the checked
 *   addresses, the only ones the socket can then connect to;
 * - an IP literal never reaches `lookup` (Node connects to it directly), so it is checked
 *   before connecting;
 * - once connected, the socket's remote address is checked once more (defence in depth).
 *
 * This module imports the undici package (not Node's internal copy): only the delivery
 * consumer should import it, so that no other bundle carries undici.
 */

/** A connection the guard refused; undici's `fetch` rejects with a TypeError caused by it. */
export class WebhookDestinationRefusedError extends Error {
  readonly code = "ERR_WEBHOOK_DESTINATION_REFUSED";
  override name = "WebhookDestinationRefusedError";
}

/** An undici Agent that connects only to destinations the SSRF guard allows. */
export function createGuardedDispatcher(options: WebhookGuardOptions): Agent {
  const connectorOf = (protocol: string) =>
    buildConnector({ lookup: guardedLookup(protocol, options), timeout: WEBHOOK_TIMEOUT_MS });
  const connectors = new Map([
    ["https:", connectorOf("https:")],
    ["http:", connectorOf("http:")],
  ]);
  return new Agent({
    connect: (target, callback) => {
      const connector = connectors.get(target.protocol);
      if (connector === undefined) {
        return callback(refused(target.hostname, "webhooks must use https"), null);
      }
      const refusal = refusalBeforeConnect(target, options);
      if (refusal !== undefined) return callback(refused(target.hostname, refusal), null);
      connector(target, (error, socket) => {
        if (error !== null) return callback(error, null);
        const afterConnect = addressRefusal(socket.remoteAddress ?? "", target.protocol, options);
        if (afterConnect === undefined) return callback(null, socket);
        socket.destroy();
        callback(refused(target.hostname, afterConnect), null);
      });
    },
    headersTimeout: WEBHOOK_TIMEOUT_MS,
    bodyTimeout: WEBHOOK_TIMEOUT_MS,
  });
}

/**
 * fetch through a guarded dispatcher: redirects are never followed (`redirect: "manual"`
 * returns a 3xx as it is, whatever `init` says: a redirect could lead anywhere, and the
 * delivery counts a 3xx as a failure), and the whole exchange, body included, is aborted
 * after WEBHOOK_TIMEOUT_MS.
 */
export function guardedFetch(
  url: string | URL,
  init: Omit<RequestInit, "redirect" | "dispatcher">,
  dispatcher: Dispatcher,
): ReturnType<typeof fetch> {
  const timeout = AbortSignal.timeout(WEBHOOK_TIMEOUT_MS);
  const signal = init.signal ? AbortSignal.any([timeout, init.signal]) : timeout;
  return fetch(url, { ...init, signal, dispatcher, redirect: "manual" });
}

/** The checks that need no DNS: the https port, and an IP literal's address. */
function refusalBeforeConnect(
  { protocol, port, hostname }: buildConnector.Options,
  options: WebhookGuardOptions,
): string | undefined {
  const portNumber = port === "" ? 443 : Number(port);
  if (protocol === "https:" && !WEBHOOK_HTTPS_PORTS.includes(portNumber)) {
    return "webhooks must use port 443 or 8443";
  }
  return isIP(hostname) ? addressRefusal(hostname, protocol, options) : undefined;
}

/** A `net.connect` lookup that resolves afresh and hands back only allowed addresses. */
function guardedLookup(protocol: string, options: WebhookGuardOptions): LookupFunction {
  const resolve = options.resolve ?? resolveWithSystemDns;
  return (hostname, lookupOptions, callback) => {
    resolve(hostname)
      .then((addresses) => checkedAddresses(hostname, addresses, protocol, options, lookupOptions))
      .then(
        (entries) => {
          const [first] = entries;
          if (lookupOptions.all) callback(null, entries);
          else callback(null, first?.address ?? "", first?.family);
        },
        (error: NodeJS.ErrnoException) => callback(error, ""),
      );
  };
}

function checkedAddresses(
  hostname: string,
  addresses: string[],
  protocol: string,
  options: WebhookGuardOptions,
  lookupOptions: LookupOptions,
): LookupAddress[] {
  const refusedAddress = firstRefusedAddress(addresses, protocol, options);
  if (refusedAddress !== undefined) {
    throw refused(hostname, addressRefusal(refusedAddress, protocol, options) ?? "");
  }
  const family = familyNumber(lookupOptions.family);
  const entries = addresses
    .map((address) => ({ address, family: isIP(address) }))
    .filter((entry) => family === 0 || entry.family === family);
  if (entries.length === 0) {
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  }
  return entries;
}

function familyNumber(family: LookupOptions["family"]): number {
  if (family === "IPv4") return 4;
  if (family === "IPv6") return 6;
  return family ?? 0;
}

function refused(hostname: string, refusal: string): WebhookDestinationRefusedError {
  const target = isIP(hostname) ? "" : ` to ${hostname}`;
  return new WebhookDestinationRefusedError(`refused to connect${target}: ${refusal}`);
}
