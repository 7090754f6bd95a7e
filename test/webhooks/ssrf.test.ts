import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifyAddress, type RefusalReason } from "../../lib/webhooks/addresses";
import {
  checkWebhookUrl,
  type Resolve,
  readCapped,
  WEBHOOK_TIMEOUT_MS,
} from "../../lib/webhooks/ssrf";
import {
  createGuardedDispatcher,
  guardedFetch,
  WebhookDestinationRefusedError,
} from "../../lib/webhooks/ssrf-dispatcher";

/**
 * The webhook SSRF guard: address classification, the URL check, and the connect-time check
 * against a real listener on 127.0.0.1. No network: every name resolution is injected.
 */

const REFUSED: ReadonlyArray<readonly [string, RefusalReason]> = [
  // IPv4
  ["127.0.0.1", "loopback"],
  ["127.255.255.254", "loopback"],
  ["0.0.0.0", "unspecified"],
  ["0.1.2.3", "unspecified"],
  ["10.0.0.5", "private"],
  ["10.255.255.255", "private"],
  ["172.16.0.1", "private"],
  ["172.31.255.255", "private"],
  ["192.168.1.1", "private"],
  ["169.254.0.1", "link-local"],
  ["169.254.255.255", "link-local"],
  ["169.254.169.254", "cloud-metadata"],
  ["100.64.0.1", "cgnat"],
  ["100.127.255.255", "cgnat"],
  ["224.0.0.1", "multicast"],
  ["239.255.255.250", "multicast"],
  ["240.0.0.1", "reserved"],
  ["254.255.255.255", "reserved"],
  ["192.88.99.1", "reserved"],
  ["255.255.255.255", "broadcast"],
  ["192.0.2.1", "documentation"],
  ["198.51.100.7", "documentation"],
  ["203.0.113.9", "documentation"],
  ["198.18.0.1", "benchmarking"],
  ["198.19.255.255", "benchmarking"],
  ["192.0.0.8", "ietf-protocol"],
  // IPv6: compressed, expanded, zero-padded, upper case
  ["::1", "loopback"],
  ["0:0:0:0:0:0:0:1", "loopback"],
  ["0000:0000:0000:0000:0000:0000:0000:0001", "loopback"],
  ["::", "unspecified"],
  ["0:0:0:0:0:0:0:0", "unspecified"],
  ["fc00::1", "private"],
  ["fd12:3456:789a::1", "private"],
  ["FD00::1", "private"],
  ["fe80::1", "link-local"],
  ["FE80::ABCD:1", "link-local"],
  ["febf:ffff::1", "link-local"],
  ["ff02::1", "multicast"],
  ["FF05::1:3", "multicast"],
  ["2001:db8::1", "documentation"],
  ["2001:DB8:0:0:0:0:0:1", "documentation"],
  ["3fff::1", "documentation"],
  ["2001:2::1", "benchmarking"],
  ["fec0::1", "reserved"],
  ["100::1", "reserved"],
  ["2001:10::1", "reserved"],
  ["4000::1", "reserved"],
  ["::2:0:0:1", "reserved"],
  // cloud metadata, v4 and v6 in several spellings
  ["fd00:ec2::254", "cloud-metadata"],
  ["FD00:EC2:0:0:0:0:0:254", "cloud-metadata"],
  ["fd00:0ec2:0000:0000:0000:0000:0000:0254", "cloud-metadata"],
  // zone ids
  ["fe80::1%eth0", "zone-id"],
  ["fe80::1%1", "zone-id"],
  ["2606:4700:4700::1111%eth0", "zone-id"],
  // IPv4-mapped, dotted and hex, any case
  ["::ffff:127.0.0.1", "loopback"],
  ["::FFFF:127.0.0.1", "loopback"],
  ["::ffff:7f00:1", "loopback"],
  ["0:0:0:0:0:ffff:7f00:1", "loopback"],
  ["::ffff:10.0.0.5", "private"],
  ["::ffff:a00:5", "private"],
  ["::ffff:169.254.169.254", "cloud-metadata"],
  ["::ffff:a9fe:a9fe", "cloud-metadata"],
  ["::ffff:0.0.0.0", "unspecified"],
  ["::ffff:100.64.0.1", "cgnat"],
  ["::ffff:240.0.0.1", "reserved"],
  // IPv4-translated (::ffff:0:0:0/96)
  ["::ffff:0:127.0.0.1", "loopback"],
  // IPv4-compatible
  ["::127.0.0.1", "loopback"],
  ["::7f00:1", "loopback"],
  ["::10.0.0.5", "private"],
  ["::169.254.169.254", "cloud-metadata"],
  // NAT64 (well-known prefix; the local-use prefix is private)
  ["64:ff9b::127.0.0.1", "loopback"],
  ["64:FF9B::10.0.0.5", "private"],
  ["64:ff9b::a9fe:a9fe", "cloud-metadata"],
  ["64:ff9b:1::1", "private"],
  // 6to4, by the IPv4 in its second and third groups
  ["2002:7f00:1::", "loopback"],
  ["2002:a00:5::1", "private"],
  ["2002:a9fe:a9fe::1", "cloud-metadata"],
  // Teredo
  ["2001::1", "teredo"],
  ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "teredo"],
  // not addresses
  ["example.com", "not-an-ip"],
  ["[::1]", "not-an-ip"],
  ["1.2.3", "not-an-ip"],
  ["0127.0.0.1", "not-an-ip"],
  ["::ffff:999.0.0.1", "not-an-ip"],
  ["", "not-an-ip"],
];

const PUBLIC = [
  "8.8.8.8",
  "1.1.1.1",
  "93.184.215.14",
  "9.255.255.255",
  "11.0.0.0",
  "172.15.255.255",
  "172.32.0.0",
  "100.63.255.255",
  "100.128.0.0",
  "192.0.1.1",
  "198.17.255.255",
  "198.20.0.0",
  "223.255.255.255",
  "2606:4700:4700::1111",
  "2606:4700:4700:0:0:0:0:1111",
  "2606:4700:4700:0000:0000:0000:0000:1111",
  "2001:4860:4860::8888",
  "2001:4860:4860::8888".toUpperCase(),
  "::ffff:8.8.8.8",
  "64:ff9b::8.8.8.8",
  "2002:808:808::1",
];

describe("classifyAddress", () => {
  it.each(REFUSED)("refuses %s as %s", (ip, reason) => {
    expect(classifyAddress(ip)).toBe(reason);
  });

  it.each(PUBLIC)("lets %s through as public", (ip) => {
    expect(classifyAddress(ip)).toBe("public");
  });

  it("classifies every IPv6 form embedding an IPv4 address like the address itself", () => {
    fc.assert(
      fc.property(fc.ipV4(), (v4) => {
        const [a = 0, b = 0, c = 0, d = 0] = v4.split(".").map(Number);
        const hex = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
        const expected = classifyAddress(v4);
        for (const form of [`::ffff:${v4}`, `::ffff:${hex}`, `::FFFF:${hex.toUpperCase()}`]) {
          expect([form, classifyAddress(form)]).toEqual([form, expected]);
        }
        expect(classifyAddress(`64:ff9b::${hex}`)).toBe(expected);
        expect(classifyAddress(`2002:${hex}::1`)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it("gives the same class to an IPv6 address in any spelling (checked against URL's parser)", () => {
    fc.assert(
      fc.property(fc.ipV6(), (ip) => {
        const canonical = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
        expect([ip, classifyAddress(ip.toUpperCase())]).toEqual([ip, classifyAddress(canonical)]);
      }),
      { numRuns: 2000 },
    );
  });
});

/** A resolver from a fixed table; unknown names fail like getaddrinfo ENOTFOUND. */
function fakeDns(table: Record<string, string[]>): Resolve & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (host: string) => {
    calls.push(host);
    const addresses = table[host];
    if (addresses === undefined) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    }
    return addresses;
  };
  return Object.assign(resolve, { calls });
}

const PROD = { allowHttpLoopback: false } as const;
const DEV = { allowHttpLoopback: true } as const;

async function problemOf(url: string, options: Parameters<typeof checkWebhookUrl>[1]) {
  const check = await checkWebhookUrl(url, options);
  return check.ok ? undefined : check.problem;
}

describe("checkWebhookUrl", () => {
  const dns = fakeDns({
    "api.example.com": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
    "localhost.example.com": ["127.0.0.1", "::1"],
    "mixed.example.com": ["93.184.215.14", "10.0.0.5"],
    "mixed6.example.com": ["93.184.215.14", "::ffff:169.254.169.254"],
    "nothing.example.com": [],
  });

  it("accepts an https URL on 443 or 8443 whose name resolves only to public addresses", async () => {
    for (const url of [
      "https://api.example.com/hooks",
      "https://api.example.com:443/hooks?x=1",
      "https://api.example.com:8443/hooks",
      "https://API.EXAMPLE.COM/hooks",
      "https://8.8.8.8/hooks",
      "https://[2606:4700:4700::1111]/hooks",
    ]) {
      const check = await checkWebhookUrl(url, { ...PROD, resolve: dns });
      expect(check.ok ? check.url.href : check.problem).toBe(new URL(url).href);
    }
  });

  it.each([
    ["http://api.example.com/hooks", "must use https"],
    ["ftp://api.example.com/hooks", "must use https"],
    ["ws://api.example.com/hooks", "must use https"],
    ["file:///etc/passwd", "must use https"],
    ["not a url", "must be an absolute https URL"],
    ["/relative/path", "must be an absolute https URL"],
    ["https://user:secret@api.example.com/", "must not contain a user name or password"],
    ["https://user@api.example.com/", "must not contain a user name or password"],
    ["https://:secret@api.example.com/", "must not contain a user name or password"],
    ["https://api.example.com:444/", "must use port 443 or 8443"],
    ["https://api.example.com:80/", "must use port 443 or 8443"],
    ["https://api.example.com:22/", "must use port 443 or 8443"],
    ["https://api.example.com:6379/", "must use port 443 or 8443"],
  ])("refuses %s: %s", async (url, problem) => {
    expect(await problemOf(url, { ...PROD, resolve: dns })).toBe(problem);
  });

  it.each([
    ["https://127.0.0.1/", "127.0.0.1 is loopback"],
    ["https://127.1/", "127.0.0.1 is loopback"],
    ["https://2130706433/", "127.0.0.1 is loopback"],
    ["https://0x7f.0.0.1/", "127.0.0.1 is loopback"],
    ["https://0177.0.0.1/", "127.0.0.1 is loopback"],
    ["https://127.0.0.1./", "127.0.0.1 is loopback"],
    ["https://[::1]/", "::1 is loopback"],
    ["https://[::ffff:127.0.0.1]/", "::ffff:7f00:1 is loopback"],
    ["https://[::ffff:7f00:1]/", "::ffff:7f00:1 is loopback"],
    ["https://[::127.0.0.1]/", "::7f00:1 is loopback"],
    ["https://[64:ff9b::10.0.0.5]/", "64:ff9b::a00:5 is private"],
    ["https://[2002:a00:5::1]/", "2002:a00:5::1 is private"],
    ["https://10.0.0.5/", "10.0.0.5 is private"],
    ["https://[fd12::1]/", "fd12::1 is private"],
    ["https://169.254.169.254/latest/meta-data/", "169.254.169.254 is cloud metadata"],
    ["https://[fd00:ec2::254]/", "fd00:ec2::254 is cloud metadata"],
    ["https://[::ffff:169.254.169.254]/", "::ffff:a9fe:a9fe is cloud metadata"],
    ["https://0.0.0.0/", "0.0.0.0 is unspecified"],
    ["https://[::]/", ":: is unspecified"],
    ["https://100.64.0.1/", "100.64.0.1 is carrier-grade NAT"],
    ["https://224.0.0.1/", "224.0.0.1 is multicast"],
    ["https://255.255.255.255/", "255.255.255.255 is broadcast"],
    ["https://[fe80::1]/", "fe80::1 is link-local"],
    ["https://[2001::1]/", "2001::1 is Teredo"],
  ])("refuses the IP literal %s without resolving it", async (url, found) => {
    dns.calls.length = 0;
    expect(await problemOf(url, { ...PROD, resolve: dns })).toBe(
      `must not be a non-public address; ${found}`,
    );
    expect(dns.calls).toEqual([]);
  });

  it("refuses a zone id in an IPv6 literal (the URL parser rejects it)", async () => {
    expect(await problemOf("https://[fe80::1%25eth0]/", PROD)).toBe(
      "must be an absolute https URL",
    );
  });

  const ONE_PER_CLASS: ReadonlyArray<readonly [string, string]> = [
    ["127.0.0.1", "loopback"],
    ["::1", "loopback"],
    ["0.0.0.0", "unspecified"],
    ["10.0.0.5", "private"],
    ["fd12::5", "private"],
    ["169.254.1.1", "link-local"],
    ["fe80::5", "link-local"],
    ["100.64.0.5", "carrier-grade NAT"],
    ["239.1.1.1", "multicast"],
    ["ff02::1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.5", "reserved"],
    ["192.0.2.5", "documentation range"],
    ["2001:db8::5", "documentation range"],
    ["198.18.0.5", "benchmarking range"],
    ["192.0.0.5", "IETF protocol assignment"],
    ["169.254.169.254", "cloud metadata"],
    ["fd00:ec2::254", "cloud metadata"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:a9fe:a9fe", "cloud metadata"],
    ["::10.0.0.5", "private"],
    ["64:ff9b::7f00:1", "loopback"],
    ["2002:a9fe:a9fe::", "cloud metadata"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
    ["fe80::1%eth0", "has a zone id"],
  ];

  it.each(ONE_PER_CLASS)("refuses a name resolving to %s (%s)", async (address, label) => {
    const resolve = fakeDns({ "hooks.example.com": [address] });
    expect(await problemOf("https://hooks.example.com/", { ...PROD, resolve })).toBe(
      `must resolve only to public addresses; hooks.example.com resolves to ${address} (${label})`,
    );
  });

  it("refuses a name resolving to a mix of public and non-public addresses", async () => {
    expect(await problemOf("https://mixed.example.com/", { ...PROD, resolve: dns })).toBe(
      "must resolve only to public addresses; mixed.example.com resolves to 10.0.0.5 (private)",
    );
    expect(await problemOf("https://mixed6.example.com/", { ...PROD, resolve: dns })).toBe(
      "must resolve only to public addresses; mixed6.example.com resolves to ::ffff:169.254.169.254 (cloud metadata)",
    );
  });

  it("refuses a name that resolves to nothing or does not resolve", async () => {
    for (const host of ["nothing.example.com", "unknown.example.com"]) {
      expect(await problemOf(`https://${host}/`, { ...PROD, resolve: dns })).toBe(
        `must resolve to an address; ${host} does not`,
      );
    }
  });

  it("allows http to loopback (any port) only with the local-development setting", async () => {
    for (const url of [
      "http://127.0.0.1:4321/hooks",
      "http://[::1]:80/",
      "http://localhost.example.com:3000/",
    ]) {
      expect(await problemOf(url, { ...DEV, resolve: dns })).toBeUndefined();
      expect(await problemOf(url, { ...PROD, resolve: dns })).toBe("must use https");
    }
    expect(await problemOf("https://localhost.example.com/", { ...DEV, resolve: dns })).toBe(
      undefined,
    );
    expect(await problemOf("https://localhost.example.com/", { ...PROD, resolve: dns })).toBe(
      "must resolve only to public addresses; localhost.example.com resolves to 127.0.0.1 (loopback)",
    );
  });

  it("keeps refusing everything but loopback under the local-development setting", async () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      ["http://api.example.com/", "api.example.com resolves to 93.184.215.14 (public)"],
      ["http://8.8.8.8:8080/", "8.8.8.8 is public"],
      ["http://10.0.0.5:8080/", "10.0.0.5 is private"],
      ["http://169.254.169.254/", "169.254.169.254 is cloud metadata"],
    ];
    for (const [url, found] of cases) {
      expect(await problemOf(url, { ...DEV, resolve: dns })).toBe(
        `may use http only to a loopback address (local development); ${found}`,
      );
    }
    expect(await problemOf("https://mixed.example.com/", { ...DEV, resolve: dns })).toBe(
      "must resolve only to public addresses; mixed.example.com resolves to 10.0.0.5 (private)",
    );
    expect(await problemOf("https://127.0.0.1:9000/", { ...DEV, resolve: dns })).toBe(
      "must use port 443 or 8443",
    );
  });
});

describe("readCapped", () => {
  const bodyOf = (...chunks: string[]) =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
          controller.close();
        },
      }),
    );

  it("returns a body up to the cap whole, and cuts a longer one at the cap", async () => {
    expect(await readCapped(bodyOf("abc", "def"), 6)).toEqual({ text: "abcdef", truncated: false });
    expect(await readCapped(bodyOf("abc", "def", "g"), 6)).toEqual({
      text: "abcdef",
      truncated: true,
    });
    expect(await readCapped(bodyOf("abcdefgh"), 3)).toEqual({ text: "abc", truncated: true });
    expect(await readCapped(new Response(null), 3)).toEqual({ text: "", truncated: false });
  });

  it("stops reading an endless body at the cap", async () => {
    let pulls = 0;
    const endless = new Response(
      new ReadableStream<Uint8Array>({
        pull(controller) {
          pulls += 1;
          controller.enqueue(new Uint8Array(1024).fill(120));
        },
      }),
    );
    const { text, truncated } = await readCapped(endless, 10_000);
    expect([text.length, truncated]).toEqual([10_000, true]);
    expect(pulls).toBeLessThan(100);
  });
});

/**
 * A receiver on 127.0.0.1 counting TCP connections. Every response closes its connection, so
 * each allowed request opens a new one; a request through the dev dispatcher after a refused
 * attempt (the sentinel) is accepted after any connection the attempt might have opened.
 */
describe("guarded dispatcher against a listener on 127.0.0.1", () => {
  let server: Server;
  let port = 0;
  let connections = 0;
  const requests: string[] = [];
  const rebindingDns = fakeDns({
    "rebind.example.com": ["127.0.0.1"],
    "rebind6.example.com": ["::ffff:127.0.0.1"],
    "mixed.example.com": ["93.184.215.14", "127.0.0.1"],
    "public.example.com": ["93.184.215.14"],
  });
  const prod = createGuardedDispatcher({ ...PROD, resolve: rebindingDns });
  const dev = createGuardedDispatcher({ ...DEV, resolve: rebindingDns });
  const devMixed = createGuardedDispatcher({
    ...DEV,
    resolve: fakeDns({ "x.test": ["127.0.0.1", "10.0.0.5"] }),
  });

  beforeAll(async () => {
    server = createServer((request, response) => {
      requests.push(request.url ?? "");
      response.shouldKeepAlive = false;
      if (request.url === "/redirect") {
        response.writeHead(302, { location: `http://127.0.0.1:${port}/followed` }).end();
      } else if (request.url === "/hang") {
        response.writeHead(200).write("partial");
      } else if (request.url === "/big") {
        response.writeHead(200).end("x".repeat(100_000));
      } else {
        response.writeHead(200).end("ok");
      }
    });
    server.on("connection", () => {
      connections += 1;
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await Promise.allSettled([prod.destroy(), dev.destroy(), devMixed.destroy()]);
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  async function sentinel(): Promise<void> {
    const response = await guardedFetch(`http://127.0.0.1:${port}/sentinel`, {}, dev);
    expect(await response.text()).toBe("ok");
  }

  async function refusal(url: string, dispatcher = prod): Promise<string> {
    const error = await guardedFetch(url, {}, dispatcher).then(
      () => new Error("reached the receiver"),
      (failure: Error) => failure,
    );
    expect(error.cause).toBeInstanceOf(WebhookDestinationRefusedError);
    return (error.cause as Error).message;
  }

  it.each([
    ["http://127.0.0.1:PORT/", "refused to connect: 127.0.0.1 (loopback) is not a public address"],
    [
      "http://[::ffff:127.0.0.1]:PORT/",
      "refused to connect: ::ffff:7f00:1 (loopback) is not a public address",
    ],
    [
      "http://rebind.example.com:PORT/",
      "refused to connect to rebind.example.com: 127.0.0.1 (loopback) is not a public address",
    ],
    [
      "http://rebind6.example.com:PORT/",
      "refused to connect to rebind6.example.com: ::ffff:127.0.0.1 (loopback) is not a public address",
    ],
    [
      "http://mixed.example.com:PORT/",
      "refused to connect to mixed.example.com: 127.0.0.1 (loopback) is not a public address",
    ],
  ])("refuses %s before connecting: the listener sees no connection", async (url, message) => {
    connections = 0;
    expect(await refusal(url.replace("PORT", String(port)))).toBe(message);
    await sentinel();
    expect(connections).toBe(1);
  });

  it("keeps refusing non-loopback addresses with the dev setting on", async () => {
    connections = 0;
    expect(await refusal(`http://x.test:${port}/`, devMixed)).toBe(
      "refused to connect to x.test: 10.0.0.5 (private) is not a public address",
    );
    await sentinel();
    expect(connections).toBe(1);
  });

  it("applies the scheme and port rules at connect time too, before any connection", async () => {
    expect(await refusal(`http://public.example.com:${port}/`)).toBe(
      "refused to connect to public.example.com: webhooks must use https",
    );
    expect(await refusal(`http://public.example.com:${port}/`, dev)).toBe(
      "refused to connect to public.example.com: http is allowed only to loopback (local development)",
    );
    expect(await refusal("https://public.example.com:6379/")).toBe(
      "refused to connect to public.example.com: webhooks must use port 443 or 8443",
    );
  });

  it("reaches the listener with the dev setting on, by literal, mapped literal and name", async () => {
    connections = 0;
    for (const host of ["127.0.0.1", "[::ffff:127.0.0.1]", "rebind.example.com"]) {
      const response = await guardedFetch(`http://${host}:${port}/hello`, {}, dev);
      expect([host, response.status, await response.text()]).toEqual([host, 200, "ok"]);
    }
    expect(connections).toBe(3);
  });

  it("returns a redirect as it is and does not follow it", async () => {
    requests.length = 0;
    const init = { redirect: "follow" } as object; // overridden: guardedFetch never follows
    const response = await guardedFetch(`http://127.0.0.1:${port}/redirect`, init, dev);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`http://127.0.0.1:${port}/followed`);
    expect(requests).toEqual(["/redirect"]);
  });

  it("caps a real response body, and honours the caller's abort signal", async () => {
    const big = await guardedFetch(`http://127.0.0.1:${port}/big`, {}, dev);
    const { text, truncated } = await readCapped(big, 4096);
    expect([text.length, truncated]).toEqual([4096, true]);

    const caller = new AbortController();
    const hanging = await guardedFetch(
      `http://127.0.0.1:${port}/hang`,
      { signal: caller.signal },
      dev,
    );
    const reading = readCapped(hanging, 1_000_000);
    caller.abort(new Error("caller gave up"));
    await expect(reading).rejects.toThrow();
    expect(WEBHOOK_TIMEOUT_MS).toBe(10_000);
  });
});
