import { companyFragility } from "../api/company-fragility";
import { fromCompanySource } from "../api/company-source";
import { nextReport } from "../api/earnings-predictions";
import { ApiError, apiError } from "../api/errors";
import { companyRatios } from "../api/fundamental-ratios";
import { hvIv } from "../api/hv-iv";
import { fromProvider } from "../api/market-data";
import { newsViewOf, tickerSentimentSummary } from "../api/news-data";
import { gex } from "../api/option-analytics/gex";
import { putCallRatioReport } from "../api/option-analytics/put-call-ratio";
import { daysTo, listedExpirations, todayOf } from "../api/option-data";
import { technicalsOf } from "../api/technical-figures";
import type { CoreDeps, Deps } from "../deps";
import { detectClusters } from "../graph/insiders/clusters";
import { insiderSummary, isoDaysBefore } from "../graph/insiders/summary";
import { graphSnapshot } from "../graph/snapshot";
import { isoDate } from "../market/civil-date";
import { exDividendDays, PAYMENTS_PER_YEAR } from "../market/company-data";
import type { Instrument } from "../market/ports";
import { keptPromise } from "../promise-cache";
import type { EventEvidence } from "./specialists/event-risk";
import type { FundamentalEvidence } from "./specialists/fundamental";
import type { InsiderEvidence } from "./specialists/insider";
import type { NewsEvidence } from "./specialists/news-sentiment";
import type { PositioningEvidence } from "./specialists/positioning";
import type { TechnicalEvidence } from "./specialists/technical";
import type { VolatilityEvidence } from "./specialists/volatility";

/**
 * What the specialists read, each piece from the code of the endpoint it cites (so the figures
 * are the ones that endpoint serves at the same clock). A piece the data cannot give (a 404 of
 * its endpoint, the news or company-data source down) is missing with the reason, and its
 * specialist abstains; the market-data source down fails the whole analysis (503).
 */

export type EvidenceDeps = CoreDeps &
  Pick<Deps, "market" | "news" | "graph" | "fundamentals" | "defaultRiskFreeRatePercent">;

/** A piece of evidence or why it is missing. */
export type Gathered<T> = { evidence: T } | { missing: string };

/** Source codes that leave one specialist without evidence rather than failing the analysis. */
const ABSTAIN_CODES = new Set(["NEWS_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"]);

export async function gather<T>(load: () => Promise<T>): Promise<Gathered<T>> {
  try {
    return { evidence: await load() };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || ABSTAIN_CODES.has(error.code))) {
      return { missing: error.message };
    }
    throw error;
  }
}

export interface Evidence {
  /** The listed expiration the put would use, and its days to expiration. */
  expiration: string;
  daysToExpiration: number;
  volatility: Gathered<VolatilityEvidence>;
  technical: Gathered<TechnicalEvidence>;
  fundamental: Gathered<FundamentalEvidence>;
  newsSentiment: Gathered<NewsEvidence>;
  eventRisk: Gathered<EventEvidence>;
  optionsPositioning: Gathered<PositioningEvidence>;
  insiderActivity: Gathered<InsiderEvidence>;
}

/** The first listed expiration at least `targetDte` days out, else the last listed. */
export async function targetExpiration(deps: EvidenceDeps, code: string, targetDte: number) {
  const listed = await listedExpirations(deps, code);
  const expiration =
    listed.find((date) => daysTo(deps, date) >= targetDte) ?? (listed.at(-1) as string);
  return { expiration, daysToExpiration: daysTo(deps, expiration) };
}

export function volatilityEvidence(deps: EvidenceDeps, code: string): Promise<VolatilityEvidence> {
  return keptForMinute(deps, `volatility:${code}`, () => readVolatility(deps, code));
}

async function readVolatility(deps: EvidenceDeps, code: string): Promise<VolatilityEvidence> {
  const figures = await hvIv(code, deps);
  const benchmark = figures.windows.find((w) => w.sessions === figures.benchmarkSessions);
  return {
    ivRank: figures.ivRank,
    ivPercentile: figures.ivPercentile,
    impliedVolatility30: figures.impliedVolatility30,
    realisedVolatility: benchmark?.closeToClose ?? null,
    realisedSessions: figures.benchmarkSessions,
    ivHvRatio: figures.ivHvRatio,
  };
}

export async function technicalEvidence(
  deps: EvidenceDeps,
  instrument: Instrument,
): Promise<TechnicalEvidence> {
  const figures = await technicalsOf(deps, instrument);
  const support = figures.supportResistance.support[0];
  return {
    close: figures.close,
    trend: figures.trend.direction,
    sma50Slope: figures.trend.sma50Slope.direction,
    macd: figures.momentum.macd.state,
    rsi14: figures.momentum.rsi14,
    rsiState: figures.momentum.rsiState,
    nearestSupport: support?.price ?? null,
    nearestSupportDistancePercent: support?.distancePercent ?? null,
    lastSession: figures.bars.to,
  };
}

export async function fundamentalEvidence(
  deps: EvidenceDeps,
  instrument: Instrument,
): Promise<FundamentalEvidence> {
  const snapshot = await fromCompanySource(() => graphSnapshot(deps));
  const [fragility, ratios] = await Promise.all([
    companyFragility(deps, snapshot, instrument.symbol),
    fromCompanySource(() => fromProvider(() => companyRatios(deps, instrument))),
  ]);
  return {
    fragility: fragility.fragility,
    altmanZone: fragility.altmanZone,
    netMarginPercent: ratios?.profitability.netMarginPercent ?? null,
    debtToEquity: ratios?.leverage.debtToEquity ?? null,
    statementPeriodEnd: fragility.statement?.periodEnd ?? null,
  };
}

export async function newsEvidence(
  deps: EvidenceDeps,
  instrument: Instrument,
): Promise<NewsEvidence> {
  const summary = tickerSentimentSummary(await newsViewOf(deps), instrument.symbol);
  return {
    articleCount: summary.articleCount,
    sentimentScore: summary.score,
    label: summary.label,
    trend: summary.trend.direction,
  };
}

export async function eventEvidence(
  deps: EvidenceDeps,
  instrument: Instrument,
  expiration: string,
  daysToExpiration: number,
): Promise<EventEvidence> {
  const today = todayOf(deps);
  const [report, reference] = await Promise.all([
    nextReport(deps, instrument, daysToExpiration),
    fromProvider(() => deps.market.reference(instrument)),
  ]);
  const dividend = reference?.kind === "equity" ? reference.dividend : null;
  const toDay = today + daysToExpiration;
  const exDays =
    dividend && dividend.exDividendMonthDay.length > 0
      ? exDividendDays(
          dividend,
          Number(isoDate(today).slice(0, 4)),
          Number(expiration.slice(0, 4)),
        ).filter((day) => day > today && day <= toDay)
      : [];
  return {
    windowFrom: isoDate(today),
    windowTo: expiration,
    earningsDate: report?.date ?? null,
    earningsHour: report?.hour ?? null,
    exDividendDates: exDays.map(isoDate),
    dividendPerPaymentUsd: dividend
      ? dividend.annualAmount / PAYMENTS_PER_YEAR[dividend.frequency]
      : null,
  };
}

/**
 * Market-only evidence per market-data source, kept for the market clock's minute: GEX and the
 * put/call totals read every listed chain, the volatility figures a year of IVs and bars (the
 * slowest reads), and neither changes within the minute the simulated market or a vendor's
 * snapshot prices them at. Keyed by the source, so another source (an outage) never reads them.
 */
const minuteKept = new WeakMap<object, { minute: number; byKey: Map<string, Promise<unknown>> }>();

function keptForMinute<T>(deps: EvidenceDeps, key: string, load: () => Promise<T>): Promise<T> {
  const minute = Math.floor(deps.marketClock.now().getTime() / 60_000);
  let kept = minuteKept.get(deps.market);
  if (kept?.minute !== minute) {
    kept = { minute, byKey: new Map() };
    minuteKept.set(deps.market, kept);
  }
  return keptPromise(kept.byKey, key, load) as Promise<T>;
}

export function positioningEvidence(
  deps: EvidenceDeps,
  instrument: Instrument,
): Promise<PositioningEvidence> {
  return keptForMinute(deps, `positioning:${instrument.code}`, () =>
    readPositioning(deps, instrument),
  );
}

async function readPositioning(
  deps: EvidenceDeps,
  instrument: Instrument,
): Promise<PositioningEvidence> {
  const [exposure, ratios] = await Promise.all([
    gather(() => gex(instrument.code, { dealerConvention: "long-calls-short-puts" }, deps)),
    putCallRatioReport(deps, instrument),
  ]);
  const figures = "evidence" in exposure ? exposure.evidence : null;
  return {
    gammaRegime: figures?.gammaRegime ?? null,
    totalGammaExposure: figures?.totalGammaExposure ?? null,
    zeroGammaDistancePercent: figures?.zeroGammaDistancePercent ?? null,
    putCallVolumeRatio: ratios.total.volumeRatio,
    putCallOpenInterestRatio: ratios.total.openInterestRatio,
  };
}

/** The clusters are detected over the summary endpoint's default history (two years). */
const CLUSTER_HISTORY_DAYS = 730;

export async function insiderEvidence(
  deps: EvidenceDeps,
  instrument: Instrument,
): Promise<InsiderEvidence> {
  const today = isoDate(todayOf(deps));
  const from = isoDaysBefore(today, CLUSTER_HISTORY_DAYS);
  const trades = await fromCompanySource(() =>
    deps.graph.people.insiderTrades(instrument.symbol, from, today),
  );
  if (!trades) {
    throw apiError("NO_DATA", {
      what: "insider activity",
      code: instrument.code,
      reason: "the people source does not know the issuer",
    });
  }
  const summary = insiderSummary(trades, today, detectClusters(trades));
  const window = summary.last90Days;
  const cluster = summary.latestCluster;
  return {
    purchasesValueUsd: window.purchases.valueUsd,
    salesValueUsd: window.sales.valueUsd,
    buyers: window.buyers,
    sellers: window.sellers,
    clusterLastDate: cluster && cluster.lastDate >= window.from ? cluster.lastDate : null,
    windowFrom: window.from,
  };
}

/** Everything the committee reads for `instrument` (an optionable stock) at the market clock. */
export async function gatherEvidence(
  deps: EvidenceDeps,
  instrument: Instrument,
  targetDte: number,
): Promise<Evidence> {
  const { expiration, daysToExpiration } = await targetExpiration(deps, instrument.code, targetDte);
  const [volatility, technical, fundamental, newsSentiment, eventRisk, positioning, insider] =
    await Promise.all([
      gather(() => volatilityEvidence(deps, instrument.code)),
      gather(() => technicalEvidence(deps, instrument)),
      gather(() => fundamentalEvidence(deps, instrument)),
      gather(() => newsEvidence(deps, instrument)),
      gather(() => eventEvidence(deps, instrument, expiration, daysToExpiration)),
      gather(() => positioningEvidence(deps, instrument)),
      gather(() => insiderEvidence(deps, instrument)),
    ]);
  return {
    expiration,
    daysToExpiration,
    volatility,
    technical,
    fundamental,
    newsSentiment,
    eventRisk,
    optionsPositioning: positioning,
    insiderActivity: insider,
  };
}
