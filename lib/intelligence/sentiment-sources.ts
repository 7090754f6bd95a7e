import { fromCompanySource, notSupplied } from "../api/company-source";
import { ApiError, apiError } from "../api/errors";
import { newsViewOf, tickerSentimentSummary } from "../api/news-data";
import { putCallRatioReport } from "../api/option-analytics/put-call-ratio";
import { skew } from "../api/option-analytics/skew";
import { todayOf } from "../api/option-data";
import { socialTally } from "../api/social-sentiment";
import type { Deps } from "../deps";
import { detectClusters } from "../graph/insiders/clusters";
import { insiderSummary, isoDaysBefore } from "../graph/insiders/summary";
import { isoDate } from "../market/civil-date";
import type { Instrument } from "../market/ports";
import { roundMoney } from "../market/precision";
import { type EvidenceDeps, gather, targetExpiration } from "./evidence";
import {
  insiderScore,
  optionsScore,
  putCallScore,
  type SentimentSource,
  socialScore,
} from "./sentiment-board";

/**
 * The sources of GET /intelligence/{code}/sentiment, each read with the code of the endpoint
 * it cites: its raw figures and its score on the −1..+1 scale. A source that is down or lacks
 * data (no article in the week, no tagged message, no option volume, no insider trade) is
 * missing with the reason; the market-data source down fails the whole answer (503).
 */

export type SentimentDeps = EvidenceDeps & Pick<Deps, "company" | "graph" | "news">;

/** Days to the expiration whose 25-delta skew is shown (the committee's default target). */
export const SKEW_TARGET_DAYS = 30;
/** Insider activity is read over the summary's 90 days; clusters over its 730-day history. */
const INSIDER_HISTORY_DAYS = 730;

function noData(instrument: Instrument, what: string, reason: string): ApiError {
  return apiError("NO_DATA", { what, code: instrument.code, reason });
}

export async function newsSentiment(deps: SentimentDeps, instrument: Instrument) {
  const summary = tickerSentimentSummary(await newsViewOf(deps), instrument.symbol);
  if (summary.score === null) {
    throw noData(
      instrument,
      "news sentiment",
      `no article names ${instrument.symbol} in the last ${summary.windowDays} days`,
    );
  }
  return {
    score: summary.score,
    raw: {
      windowDays: summary.windowDays,
      articleCount: summary.articleCount,
      newsScore: summary.score,
      newsLabel: summary.label,
      bullishPercent: summary.bullishPercent,
      neutralPercent: summary.neutralPercent,
      bearishPercent: summary.bearishPercent,
      monthScore: summary.trend.monthScore,
      trend: summary.trend.direction,
      buzzRatio: summary.buzz.ratio,
    },
  };
}

export async function socialSentiment(deps: SentimentDeps, instrument: Instrument) {
  const feed = deps.company.social;
  if (!feed) throw notSupplied("a social feed");
  const snapshot = await fromCompanySource(() => feed.social(instrument.symbol));
  if (!snapshot) throw notSupplied(`a social feed for ${instrument.symbol}`);
  const tally = socialTally(snapshot.messages);
  const score = socialScore(tally.bullishCount, tally.bearishCount);
  if (score === null) {
    throw noData(
      instrument,
      "social sentiment",
      `none of the ${snapshot.messages.length} messages of the last ${snapshot.windowHours} hours is tagged`,
    );
  }
  return {
    score,
    raw: {
      windowHours: snapshot.windowHours,
      messageCount: snapshot.messages.length,
      bullishCount: tally.bullishCount,
      bearishCount: tally.bearishCount,
      sentimentRatio: tally.sentimentRatio,
      feedSentiment: tally.sentiment,
      watchlistCount: snapshot.watchlistCount,
    },
  };
}

/** The 25-delta skew of the first expiration 30+ days out, or why there is none. */
async function skewFigures(deps: SentimentDeps, instrument: Instrument) {
  try {
    const { expiration } = await targetExpiration(deps, instrument.code, SKEW_TARGET_DAYS);
    const figures = await skew(instrument.code, expiration, deps);
    return {
      skew: {
        expiration: figures.expiration,
        daysToExpiration: figures.daysToExpiration,
        put25Iv: figures.put25Iv,
        atmIv: figures.atmIv,
        call25Iv: figures.call25Iv,
        riskReversal25: figures.riskReversal25,
        putSkew: figures.putSkew,
        source: `/v1/volatility/${instrument.code}/skew?expiry=${figures.expiration}`,
      },
      skewUnavailable: null,
    };
  } catch (error) {
    // A skew the chain cannot give leaves the ratios standing (it is shown, not scored).
    if (error instanceof ApiError && error.status === 404) {
      return { skew: null, skewUnavailable: error.message };
    }
    throw error;
  }
}

export async function optionsSentiment(deps: SentimentDeps, instrument: Instrument) {
  const [report, skewRead] = await Promise.all([
    putCallRatioReport(deps, instrument),
    skewFigures(deps, instrument),
  ]);
  const { total } = report;
  const score = optionsScore(total.volumeRatio, total.openInterestRatio);
  if (score === null) {
    throw noData(instrument, "options sentiment", "no call volume or open interest is listed");
  }
  return {
    score,
    raw: {
      callVolume: total.callVolume,
      putVolume: total.putVolume,
      volumeRatio: total.volumeRatio,
      volumeScore: putCallScore(total.volumeRatio),
      callOpenInterest: total.callOpenInterest,
      putOpenInterest: total.putOpenInterest,
      openInterestRatio: total.openInterestRatio,
      openInterestScore: putCallScore(total.openInterestRatio),
      expirations: report.expirations.length,
      ...skewRead,
    },
  };
}

export async function insiderSentiment(deps: SentimentDeps, instrument: Instrument) {
  const today = isoDate(todayOf(deps));
  const trades = await fromCompanySource(() =>
    deps.graph.people.insiderTrades(
      instrument.symbol,
      isoDaysBefore(today, INSIDER_HISTORY_DAYS),
      today,
    ),
  );
  if (!trades) {
    throw noData(instrument, "insider activity", "the people source does not know the issuer");
  }
  const summary = insiderSummary(trades, today, detectClusters(trades));
  const window = summary.last90Days;
  const score = insiderScore(window.purchases.valueUsd, window.sales.valueUsd);
  if (score === null) {
    throw noData(
      instrument,
      "insider sentiment",
      `no open-market purchase or sale from ${window.from} to ${window.to}`,
    );
  }
  return {
    score,
    raw: {
      windowFrom: window.from,
      windowTo: window.to,
      purchases: window.purchases.count,
      purchasesValueUsd: roundMoney(window.purchases.valueUsd),
      sales: window.sales.count,
      salesValueUsd: roundMoney(window.sales.valueUsd),
      netValueUsd: window.netValueUsd,
      buyers: window.buyers,
      sellers: window.sellers,
      latestClusterLastDate: summary.latestCluster?.lastDate ?? null,
    },
  };
}

/** The endpoint each source's figures come from (with /v1). */
export function sentimentEndpoints(code: string): Record<SentimentSource, string> {
  return {
    news: `/v1/news/ticker/${code}/sentiment`,
    social: `/v1/company/${code}/social`,
    options: `/v1/options/${code}/put-call-ratio`,
    insider: `/v1/graph/${code}/insiders/summary`,
  };
}

export async function gatherSentiment(deps: SentimentDeps, instrument: Instrument) {
  const [news, social, options, insider] = await Promise.all([
    gather(() => newsSentiment(deps, instrument)),
    gather(() => socialSentiment(deps, instrument)),
    gather(() => optionsSentiment(deps, instrument)),
    gather(() => insiderSentiment(deps, instrument)),
  ]);
  return { news, social, options, insider };
}

export type GatheredSentiment = Awaited<ReturnType<typeof gatherSentiment>>;
