import type { AnyImplementation } from "../lib/api/dispatch";
import { optionsImplementations } from "../lib/api/groups/options/implementations";
import { optionsRoutes } from "../lib/api/groups/options/routes";
import type { RouteSpec } from "../lib/api/route";
import type { Deps } from "../lib/deps";
import { clearSimCaches } from "../lib/market/sim/price-engine";
import { clearOptionActivityCache } from "../lib/market/sim/simulated-market";
import { callImplementation, type Strings, simulatedDeps } from "./call-implementation";
import { coldAndWarmMs, timingLine } from "./stats";

/**
 * Handler time in-process for the options analytics (issue 12) on the simulated market at a
 * pinned instant: the request validated as the dispatcher validates it, then the route's
 * implementation; median of 20 warm runs after one cold run (a fresh market, empty price and
 * option-activity caches; modules loaded and compiled). AAPL, the
 * first expiration at least 20 days out (a full chain: about 41 strikes a side). Targets: 10 ms
 * each warm, the premium scanner 25 ms.
 */
const NOW = new Date("2026-11-24T20:30:00Z");
const RUNS = 20;
const CODE = "AAPL_NASDAQ";

type Query = Strings;

function simDeps(): Deps {
  return simulatedDeps(NOW);
}

/** Calls a route by its key in optionsRoutes with a client's query strings, on AAPL. */
function call(key: string, query: Query, deps: Deps): Promise<unknown> {
  return callImplementation(
    optionsRoutes as Record<string, RouteSpec>,
    optionsImplementations as Record<string, AnyImplementation>,
    key,
    { params: { code: CODE }, query },
    deps,
  );
}

/** The first listed expiration at least 20 calendar days out (yyyy-MM-dd). */
async function fullExpiry(deps: Deps): Promise<string> {
  const answer = (await call("expirations", {}, deps)) as {
    expirations: { expirationDate: string; daysToExpiration: number }[];
  };
  const found = answer.expirations.find((expiration) => expiration.daysToExpiration >= 20);
  if (!found) throw new Error("no expiration 20 days out");
  return found.expirationDate;
}

export async function runOptionsBench(): Promise<void> {
  const deps = simDeps();
  const expiry = await fullExpiry(deps);
  const yyMMdd = expiry.slice(2).replaceAll("-", "");
  const cases: [label: string, key: string, query: Query, targetMs: number][] = [
    [`full chain (puts, ${expiry})`, "chain", { expiry: yyMMdd, right: "P" }, 10],
    ["greeks over the expiration", "greeks", { expiry }, 10],
    ["max pain", "maxPain", { expiry }, 10],
    ["OI distribution", "oiDistribution", { expiry }, 10],
    ["put/call ratio, every expiration", "putCallRatio", {}, 10],
    ["volume against 20-session averages", "volume", {}, 10],
    ["flow", "flow", {}, 10],
    ["premium scanner, default range", "premiumScanner", {}, 25],
  ];
  console.log(
    `Options analytics (simulated market at ${NOW.toISOString()}, ${CODE}; in-process; median of ${RUNS} warm runs)`,
  );
  for (const [label, key, query, targetMs] of cases) {
    const spec = (optionsRoutes as Record<string, RouteSpec | undefined>)[key];
    if (!spec || !(spec.id in optionsImplementations)) {
      console.log(`  ${label}: not built yet`);
      continue;
    }
    clearSimCaches();
    clearOptionActivityCache();
    const fresh = simDeps();
    const timing = await coldAndWarmMs(() => call(key, query, fresh), RUNS);
    console.log(timingLine(label, timing, targetMs));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runOptionsBench();
