import type { CoreDeps, Deps } from "../../../deps";
import type { Instrument } from "../../../market/ports";
import { callerKey } from "../../caller";
import { type CsvValue, csvPayload, csvText, objectsCsv } from "../../csv";
import { apiError } from "../../errors";
import { fromProvider } from "../../market-data";
import { MODEL } from "../../option-data";
import type { Implementations, RequestContext } from "../../route";
import { SCAN_DEFAULTS } from "../../schemas/premium-scan";
import { feedRows, feedStatistics, pageOf } from "./feed";
import { ripenessEntry } from "./ripeness";
import { feedRow, type optionsExtraRoutes } from "./routes";
import { VERDICT_THRESHOLDS } from "./score-model";

/** What the optionsExtra group's implementations use (wired in ./index.ts). */
export type OptionsExtraDeps = CoreDeps &
  Pick<Deps, "market" | "defaultRiskFreeRatePercent" | "demoAccount">;

/** The feed's readers: the demo account's keys only (spec fact 12); 403 for any other key. */
async function requireDemoAccount(context: RequestContext, deps: OptionsExtraDeps) {
  const key = callerKey(context);
  if (!(await deps.demoAccount.isDemoAccount(key.userId))) throw apiError("DEMO_ACCOUNT_ONLY");
}

/** What every answer states it was computed with. */
function statedInputs(deps: OptionsExtraDeps) {
  return {
    model: MODEL,
    riskFreeRate: deps.defaultRiskFreeRatePercent,
    asOf: deps.marketClock.now().toISOString(),
  };
}

/** Distinct symbols in the order given (the schema trimmed and upper-cased them). */
const distinct = (symbols: readonly string[]) => [...new Set(symbols)];

/** The feed's columns, in the JSON rows' order (the CSV header). */
const FEED_COLUMNS = Object.keys(feedRow.shape);

/** The statistics as CSV lines: statistic, dimension, bucket, value. */
function statisticsCsv(stats: ReturnType<typeof feedStatistics>): string {
  const lines: CsvValue[][] = [];
  const figures = (
    dimension: string,
    bucket: string,
    group: Omit<ReturnType<typeof feedStatistics>["byStrategy"][number], "strategy">,
  ) => {
    for (const statistic of [
      "rows",
      "underlyings",
      "medianAnnualizedReturnPercent",
      "medianProbabilityOtmPercent",
    ] as const) {
      lines.push([statistic, dimension, bucket, group[statistic]]);
    }
  };
  figures("all", "", stats);
  for (const group of stats.byStrategy) figures("strategy", group.strategy, group);
  for (const group of stats.bySector) figures("sector", group.sector, group);
  for (const group of stats.byDteBucket) figures("dteBucket", group.bucket, group);
  lines.push(["medianIvRank", "all", "", stats.ivRankDistribution.medianIvRank]);
  for (const bucket of stats.ivRankDistribution.buckets) {
    lines.push(["underlyings", "ivRankBucket", bucket.bucket, bucket.underlyings]);
  }
  return csvText(["statistic", "dimension", "bucket", "value"], lines);
}

export const optionsExtraImplementations: Implementations<
  typeof optionsExtraRoutes,
  OptionsExtraDeps
> = {
  "optionsExtra.ripeness": async ({ body }, deps) => {
    let listings: Promise<Instrument[]> | undefined;
    const listed = () => {
      listings ??= fromProvider(() => deps.market.instruments());
      return listings;
    };
    const results = await Promise.all(
      distinct(body.symbols).map((input) => ripenessEntry(deps, input, body.strategy, listed)),
    );
    return {
      ...statedInputs(deps),
      strategy: body.strategy,
      scan: { ...SCAN_DEFAULTS },
      verdictThresholds: { ...VERDICT_THRESHOLDS },
      results,
    };
  },

  "optionsExtra.opportunities": async ({ query, context }, deps) => {
    await requireDemoAccount(context, deps);
    const feed = await feedRows(deps, query);
    const page = pageOf(feed.rows, query.limit, query.cursor);
    if (query.format === "csv") {
      return csvPayload(objectsCsv(FEED_COLUMNS, page.rows), "premium-sell-opportunities.csv", {
        "x-total-rows": String(feed.rows.length),
        ...(page.nextCursor === null ? {} : { "x-next-cursor": page.nextCursor }),
      });
    }
    return {
      ...statedInputs(deps),
      asOf: feed.asOf,
      filters: feed.filters,
      universe: feed.universe,
      totalRows: feed.rows.length,
      limit: query.limit,
      nextCursor: page.nextCursor,
      rows: page.rows,
    };
  },

  "optionsExtra.stats": async ({ query, context }, deps) => {
    await requireDemoAccount(context, deps);
    const feed = await feedRows(deps, query);
    const stats = feedStatistics(feed.rows, feed.filters.strategies);
    if (query.format === "csv") {
      return csvPayload(statisticsCsv(stats), "premium-sell-stats.csv");
    }
    return {
      ...statedInputs(deps),
      asOf: feed.asOf,
      filters: feed.filters,
      universe: feed.universe,
      ...stats,
    };
  },
};
