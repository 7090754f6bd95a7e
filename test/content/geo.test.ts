import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Reader, type Response } from "maxmind";
import { describe, expect, it, vi } from "vitest";
import { contentRoutes as routes } from "../../lib/api/groups/content/routes";
import { GEO_DATABASE, geoDatabasePath } from "../../lib/content/geo/database-file";
import { locate } from "../../lib/content/geo/locate";
import { mmdbCountryDatabase, networkOf } from "../../lib/content/geo/mmdb";
import type { IpCountryDatabase } from "../../lib/content/geo/ports";
import { canonicalAddress, specialBlockOf } from "../../lib/content/geo/special-ranges";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";
import { expectInvalid } from "../setup/refusals";

/**
 * /geo on the real database file (the pinned package's MMDB), read independently here with
 * maxmind's Reader to confirm which country it gives each documented public address; the
 * special-purpose addresses answered unknown before any lookup; nothing stored.
 */

const deps = testDeps();
const independent = new Reader<Response>(readFileSync(geoDatabasePath()));
const countryInFile = (ip: string) =>
  (independent.get(ip) as { country_code?: string } | null)?.country_code ?? null;

/** One public address per continent, each documented by its operator. */
const KNOWN = [
  // Google Public DNS (developers.google.com/speed/public-dns).
  { ip: "8.8.8.8", country: "US", continent: "NA" },
  { ip: "2001:4860:4860::8888", country: "US", continent: "NA" },
  // RIPE NCC's own network (www.ripe.net), Amsterdam.
  { ip: "193.0.6.139", country: "NL", continent: "EU" },
  // The M root server (WIDE Project, Tokyo; root-servers.org).
  { ip: "202.12.27.33", country: "JP", continent: "AS" },
  // An address of a 196.216.0.0 block, address space AFRINIC administers (the file says ZA).
  { ip: "196.216.2.1", country: "ZA", continent: "AF" },
  // NIC.br (registro.br), São Paulo.
  { ip: "200.160.2.3", country: "BR", continent: "SA" },
  // Cloudflare's resolver 1.1.1.1, in APNIC's research prefix 1.1.1.0/24 (Australia).
  { ip: "1.1.1.1", country: "AU", continent: "OC" },
] as const;

const geo = (ip: string) => callRoute(routes.geo, { query: { ip } }, deps);

describe("the country database", () => {
  it("is the pinned package's file, built on the date its metadata states", () => {
    const require = createRequire(import.meta.url);
    const installed = require(`${GEO_DATABASE.package}/package.json`) as { version: string };
    expect(installed.version).toBe(GEO_DATABASE.version);
    const info = mmdbCountryDatabase(geoDatabasePath()).info();
    expect(info.builtAt).toBe(independent.metadata.buildEpoch.toISOString());
    expect(info.licence).toBe("CC BY 4.0");
    expect(info.attribution).toContain("NRO");
  });

  it("is read on the first lookup, not before", () => {
    const database = mmdbCountryDatabase(geoDatabasePath());
    expect(database.loaded()).toBe(false);
    expect(database.lookup("8.8.8.8")?.countryCode).toBe("US");
    expect(database.loaded()).toBe(true);
  });
});

describe("GET /geo on documented public addresses", () => {
  it.each(KNOWN)("places $ip in $country, as the file itself does", async (known) => {
    expect(countryInFile(known.ip)).toBe(known.country);
    const answer = await geo(known.ip);
    expect(answer).toMatchObject({
      ip: known.ip,
      source: "query",
      status: "located",
      addressType: "public",
      reason: null,
      region: null,
      country: { code: known.country, continent: { code: known.continent } },
    });
    expect(answer.network).toMatch(/\/\d+$/);
    expect(answer.timeZone).not.toBeNull();
    expect(answer.currency?.code).toMatch(/^[A-Z]{3}$/);
  });

  it("answers the country's currency, main zone and suggested language", async () => {
    expect(await geo("8.8.8.8")).toMatchObject({
      currency: { code: "USD", name: "US Dollar" },
      timeZone: "America/New_York",
      suggestedLanguage: "en",
      locale: "en-US",
      network: "8.8.0.0/15",
    });
    expect(await geo("200.160.2.3")).toMatchObject({ suggestedLanguage: "pt", locale: "pt-BR" });
    expect(await geo("202.12.27.33")).toMatchObject({
      timeZone: "Asia/Tokyo",
      currency: { code: "JPY" },
    });
  });

  it("reads an IPv4 client seen over IPv6 as IPv4", async () => {
    expect(await geo("::ffff:8.8.8.8")).toMatchObject({ ip: "8.8.8.8", ipVersion: 4 });
    expect(canonicalAddress("::ffff:0808:0808")).toBe("8.8.8.8");
    expect(canonicalAddress("2001:4860:4860::8888")).toBe("2001:4860:4860::8888");
  });
});

describe("GET /geo on addresses no database can place", () => {
  const UNKNOWN = [
    ["127.0.0.1", "loopback", "127.0.0.0/8"],
    ["::1", "loopback", "::1/128"],
    ["10.1.2.3", "private", "10.0.0.0/8"],
    ["172.20.0.5", "private", "172.16.0.0/12"],
    ["192.168.1.10", "private", "192.168.0.0/16"],
    ["fc00::1", "private", "fc00::/7"],
    ["fd12:3456::1", "private", "fc00::/7"],
    ["::ffff:192.168.0.1", "private", "192.168.0.0/16"],
    ["169.254.1.1", "link-local", "169.254.0.0/16"],
    ["fe80::1", "link-local", "fe80::/10"],
    ["100.64.0.1", "shared", "100.64.0.0/10"],
    ["203.0.113.10", "documentation", "203.0.113.0/24"],
    ["2001:db8::1", "documentation", "2001:db8::/32"],
    ["198.18.5.5", "benchmarking", "198.18.0.0/15"],
    ["224.0.0.251", "multicast", "224.0.0.0/4"],
    ["0.0.0.0", "unspecified", "0.0.0.0/8"],
  ] as const;

  it.each(UNKNOWN)("answers %s unknown (%s) without a lookup", async (ip, kind, network) => {
    const lookup = vi.fn<IpCountryDatabase["lookup"]>(() => ({ countryCode: "US", network: "x" }));
    const database = { lookup, info: () => deps.geo.info() };
    const answer = locate(ip, "request", database);
    expect(answer).toMatchObject({
      status: "unknown",
      addressType: kind,
      network,
      country: null,
      currency: null,
      timeZone: null,
      suggestedLanguage: "en",
    });
    expect(answer.reason).toContain(network);
    expect(lookup).not.toHaveBeenCalled();
  });

  it("takes the caller's own address when no ip is given (127.0.0.1 on a local server)", async () => {
    const answer = await callRoute(
      routes.geo,
      { query: {}, context: { sourceIp: "127.0.0.1" } },
      deps,
    );
    expect(answer).toMatchObject({ ip: "127.0.0.1", source: "request", addressType: "loopback" });
    const other = await callRoute(
      routes.geo,
      { query: {}, context: { sourceIp: "193.0.6.139" } },
      deps,
    );
    expect(other).toMatchObject({ source: "request", country: { code: "NL" } });
  });

  it("classifies global unicast addresses as not special", () => {
    for (const { ip } of KNOWN) expect(specialBlockOf(ip), ip).toBeUndefined();
  });

  it("refuses what is not an IP address, naming ip", async () => {
    for (const ip of ["999.1.1.1", "example.com", "1.2.3", "::g"]) {
      await expectInvalid(() => geo(ip), "ip");
    }
  });
});

describe("networkOf", () => {
  it("masks an address to its prefix, IPv6 in its shortest form", () => {
    expect(networkOf("8.8.8.8", 15)).toBe("8.8.0.0/15");
    expect(networkOf("193.0.6.139", 20)).toBe("193.0.0.0/20");
    expect(networkOf("255.255.255.255", 0)).toBe("0.0.0.0/0");
    expect(networkOf("2001:4860:4860::8888", 32)).toBe("2001:4860::/32");
    expect(networkOf("2a00:1450:4001::1", 29)).toBe("2a00:1450::/29");
    expect(networkOf("64:ff9b::8.8.8.8", 96)).toBe("64:ff9b::/96");
  });
});
