import type { AnyImplementation } from "../lib/api/dispatch";
import { contentImplementations } from "../lib/api/groups/content/implementations";
import { contentRoutes } from "../lib/api/groups/content/routes";
import type { RouteSpec } from "../lib/api/route";
import { geoDatabasePath } from "../lib/content/geo/database-file";
import { mmdbCountryDatabase } from "../lib/content/geo/mmdb";
import { type Deps, pinnedClock } from "../lib/deps";
import { callImplementation, type Strings } from "./call-implementation";
import { recordInfo } from "./report";
import { coldAndWarmMs, median, timingLine } from "./stats";

/**
 * The content group in-process (issue 20): the IP database's cold load (the 7.8 MB MMDB read
 * and parsed on a process's first lookup, median of fresh readers), then warm medians of /geo
 * (target ≤ 1 ms once loaded), the glossary list and search, a term and regional content.
 */
const NOW = new Date("2026-11-23T15:00:00Z");
const RUNS = 200;
const LOADS = 9;

function call(deps: Deps, key: string, query: Strings = {}, params?: Strings) {
  return callImplementation(
    contentRoutes as Record<string, RouteSpec>,
    contentImplementations as Record<string, AnyImplementation>,
    key,
    { query, ...(params ? { params } : {}) },
    deps,
  );
}

export async function runContentBench(): Promise<void> {
  console.log(`Content (in-process at ${NOW.toISOString()}; median of ${RUNS} warm runs)`);
  const path = geoDatabasePath();
  const loads: number[] = [];
  let geo = mmdbCountryDatabase(path);
  for (let i = 0; i < LOADS; i++) {
    geo = mmdbCountryDatabase(path);
    const started = performance.now();
    geo.lookup("8.8.8.8");
    loads.push(performance.now() - started);
  }
  console.log(
    `  IP database cold load (read + first lookup, median of ${LOADS} fresh readers): ${median(loads).toFixed(1)} ms (no target)`,
  );
  recordInfo("IP database cold load (read + first lookup)", `${median(loads).toFixed(1)} ms`);
  const deps = { marketClock: pinnedClock(NOW), clock: pinnedClock(NOW), geo } as unknown as Deps;
  const cases: [string, string, Strings, Strings | undefined, number | undefined][] = [
    ["/geo?ip=8.8.8.8 (IPv4, located)", "geo", { ip: "8.8.8.8" }, undefined, 1],
    [
      "/geo?ip=2001:4860:4860::8888 (IPv6, located)",
      "geo",
      { ip: "2001:4860:4860::8888" },
      undefined,
      1,
    ],
    ["/geo?ip=10.1.2.3 (private, no lookup)", "geo", { ip: "10.1.2.3" }, undefined, 1],
    ["/glossary (first page of 50)", "glossary", {}, undefined, undefined],
    ["/glossary?limit=200 (every term)", "glossary", { limit: "200" }, undefined, undefined],
    ["/glossary?q=volatility (search)", "glossary", { q: "volatility" }, undefined, undefined],
    ["/glossary/iv-rank", "glossaryTerm", {}, { slug: "iv-rank" }, undefined],
    [
      "/regional-content?lang=de&country=DE",
      "regional",
      { lang: "de", country: "DE" },
      undefined,
      undefined,
    ],
  ];
  for (const [label, key, query, params, targetMs] of cases) {
    const timing = await coldAndWarmMs(() => call(deps, key, query, params), RUNS);
    console.log(timingLine(label, timing, targetMs, 3));
  }
}
