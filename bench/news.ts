import type { AnyImplementation } from "../lib/api/dispatch";
import { newsImplementations } from "../lib/api/groups/news/implementations";
import { newsRoutes } from "../lib/api/groups/news/routes";
import type { RouteSpec } from "../lib/api/route";
import type { Clock, Deps } from "../lib/deps";
import { pinnedClock } from "../lib/deps";
import type { MarketDataProvider } from "../lib/market/ports";
import { clearSimCaches } from "../lib/market/sim/price-engine";
import { createSimulatedMarket } from "../lib/market/sim/simulated-market";
import { companyNamesOf } from "../lib/news/company-names";
import { createNewsDesk, NEWS_WINDOW_DAYS, type NewsDesk } from "../lib/news/desk";
import { createSimulatedNewsroom } from "../lib/news/sim";
import { callImplementation, type Strings, simulatedDeps } from "./call-implementation";
import { formatNumber, recordInfo } from "./report";
import { coldAndWarmMs, timingLine } from "./stats";

/**
 * Handler time in-process for the news endpoints (issue 16) over the simulated newsroom at a
 * pinned instant: the cold cost of writing one day of news, of the month's view (articles,
 * sentiment, near-duplicates, clusters; computed once per minute of the clock and shared by every
 * request), and the warm medians of top, search and clusters over that month. Target: ≤ 20 ms
 * warm each (the issue's).
 */
const NOW = new Date("2026-11-24T20:30:00Z");
const RUNS = 20;
const MS_PER_DAY = 86_400_000;

/** The news desk over the simulated newsroom of `market` (as the news wiring builds it). */
export function simulatedNewsDesk(market: MarketDataProvider, clock: Clock): NewsDesk {
  return createNewsDesk({
    source: createSimulatedNewsroom(market, clock),
    clock,
    namesByTicker: async () =>
      new Map((await market.instruments()).map((i) => [i.symbol, companyNamesOf(i)])),
  });
}

function newsDeps(): Deps {
  const clock = pinnedClock(NOW);
  const market = createSimulatedMarket(clock);
  const news = simulatedNewsDesk(market, clock);
  return simulatedDeps(NOW, { market, news, marketClock: clock, clock });
}

function call(key: string, query: Strings, deps: Deps): Promise<unknown> {
  return callImplementation(
    newsRoutes as Record<string, RouteSpec>,
    newsImplementations as Record<string, AnyImplementation>,
    key,
    { query },
    deps,
  );
}

async function timedMs(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export async function runNewsBench(): Promise<void> {
  console.log(
    `News (simulated newsroom at ${NOW.toISOString()}; in-process; median of ${RUNS} warm runs)`,
  );
  clearSimCaches();
  const clock = pinnedClock(NOW);
  const newsroom = createSimulatedNewsroom(createSimulatedMarket(clock), clock);
  const dayStart = NOW.getTime() - MS_PER_DAY;
  let dayArticles = 0;
  const dayMs = await timedMs(async () => {
    dayArticles = (await newsroom.articles(dayStart, NOW.getTime())).length;
  });
  console.log(
    `  one day of news written cold: ${dayMs.toFixed(1)} ms (${dayArticles} articles; no target)`,
  );
  recordInfo(`one day of news written cold (${dayArticles} articles)`, `${dayMs.toFixed(1)} ms`);

  clearSimCaches();
  const deps = newsDeps();
  let monthArticles = 0;
  let clusters = 0;
  const viewMs = await timedMs(async () => {
    const view = await deps.news.view();
    monthArticles = view.articles.length;
    clusters = view.clusters.length;
  });
  console.log(
    `  the ${NEWS_WINDOW_DAYS}-day view cold (written + analysed from the weekly analysis start, 33-40 days back): ${viewMs.toFixed(0)} ms (${monthArticles} articles, ${clusters} clusters; computed once per minute of the clock; no target)`,
  );
  recordInfo(
    `the ${NEWS_WINDOW_DAYS}-day view cold (${monthArticles} articles, ${clusters} clusters)`,
    `${formatNumber(viewMs, 0)} ms`,
  );
  const cases: [label: string, key: string, query: Strings][] = [
    ["top stories", "top", {}],
    ["search 'earnings beat'", "search", { q: "earnings beat" }],
    ["clusters, first page", "clusters", {}],
  ];
  for (const [label, key, query] of cases) {
    const timing = await coldAndWarmMs(() => call(key, query, deps), RUNS);
    console.log(timingLine(label, timing, 20));
  }
}
