import { gatherCatalysts } from "../../../../intelligence/catalyst-sources";
import {
  SOURCES_NOT_COVERED,
  type TimelineClock,
  timelineOf,
} from "../../../../intelligence/catalyst-timeline";
import type { Gathered } from "../../../../intelligence/evidence";
import {
  CATALYSTS_INSTRUCTIONS,
  CATALYSTS_KIND,
  RISK_INSTRUCTIONS,
  RISK_KIND,
  SENTIMENT_INSTRUCTIONS,
  SENTIMENT_KIND,
} from "../../../../intelligence/report-templates";
import {
  concentrationRisk,
  eventRisk,
  liquidityRisk,
  overallRisk,
  RISK_LABEL_BOUNDS,
  RISKS,
  type RiskName,
  type RiskScore,
  tailRisk,
  volatilityRisk,
} from "../../../../intelligence/risk-assessment";
import {
  gatherRiskFigures,
  type RiskFigures,
  riskSources,
} from "../../../../intelligence/risk-figures";
import {
  compositeOf,
  SENTIMENT_SOURCES,
  type SentimentSource,
  sentimentLabelOf,
} from "../../../../intelligence/sentiment-board";
import {
  type GatheredSentiment,
  gatherSentiment,
  sentimentEndpoints,
} from "../../../../intelligence/sentiment-sources";
import { isoDate } from "../../../../market/civil-date";
import type { Instrument } from "../../../../market/ports";
import { narrateAll } from "../../../../narrative/answer";
import { todayOf } from "../../../option-data";
import type { Implementations } from "../../../route";
import type { intelligenceReportRoutes } from "../routes/reports";
import { type IntelligenceDeps, intelligenceStock } from "../shared";

/**
 * A company's risk assessment, catalyst timeline and sentiment board: the figures are gathered
 * and scored in lib/intelligence/ (risk-*.ts, catalyst-*.ts, sentiment-*.ts); here they are
 * laid out as served, with the sections missing listed, and the summary is written.
 */

const identity = (instrument: Instrument) => ({
  symbol: instrument.symbol,
  code: instrument.code,
  name: instrument.name,
});

// --- Risk assessment ----------------------------------------------------------------------------

const SCORERS: { [R in RiskName]: (figures: never) => RiskScore } = {
  event: eventRisk,
  volatility: volatilityRisk,
  liquidity: liquidityRisk,
  concentration: concentrationRisk,
  tail: tailRisk,
};

function scoredRisks(figures: RiskFigures) {
  const scores = Object.fromEntries(
    RISKS.map((risk) => {
      const gathered = figures[risk] as Gathered<never>;
      return [risk, "evidence" in gathered ? SCORERS[risk](gathered.evidence) : null];
    }),
  ) as Record<RiskName, RiskScore | null>;
  return scores;
}

function riskRequest(
  instrument: Instrument,
  overall: ReturnType<typeof overallRisk>,
  scores: Record<RiskName, RiskScore | null>,
  figures: RiskFigures,
  days: number,
) {
  const ranked = RISKS.filter((risk) => scores[risk] !== null).sort(
    (a, b) => (scores[b]?.score ?? 0) - (scores[a]?.score ?? 0),
  );
  const highest = ranked[0];
  const lowest = ranked.at(-1);
  const event = "evidence" in figures.event ? figures.event.evidence : null;
  return {
    kind: RISK_KIND,
    instructions: RISK_INSTRUCTIONS,
    facts: {
      companyName: instrument.name,
      symbol: instrument.symbol,
      overallScore: overall.score,
      overallLabel: overall.label,
      highestRisk: highest ?? null,
      highestScore: highest ? (scores[highest]?.score ?? null) : null,
      lowestRisk: lowest ?? null,
      lowestScore: lowest ? (scores[lowest]?.score ?? null) : null,
      eventAssessed: event !== null,
      earningsDate: event?.earningsDate ?? null,
      eventDays: days,
      unavailable: RISKS.filter((risk) => scores[risk] === null),
    },
  };
}

// --- Sentiment ----------------------------------------------------------------------------------

function sentimentScores(gathered: GatheredSentiment) {
  return Object.fromEntries(
    SENTIMENT_SOURCES.map((source) => {
      const reading = gathered[source];
      return [source, "evidence" in reading ? reading.evidence.score : null];
    }),
  ) as Record<SentimentSource, number | null>;
}

function sentimentSection<R>(
  reading: Gathered<{ score: number; raw: R }>,
  weight: number,
  endpoint: string,
) {
  if (!("evidence" in reading)) return null;
  const { score, raw } = reading.evidence;
  return { score, label: sentimentLabelOf(score), weight, source: endpoint, raw };
}

function sentimentRequest(
  instrument: Instrument,
  composite: ReturnType<typeof compositeOf>,
  scores: Record<SentimentSource, number | null>,
) {
  const read = SENTIMENT_SOURCES.filter((source) => scores[source] !== null).sort(
    (a, b) => (scores[b] ?? 0) - (scores[a] ?? 0),
  );
  const bullish = read[0];
  const bearish = read.at(-1);
  return {
    kind: SENTIMENT_KIND,
    instructions: SENTIMENT_INSTRUCTIONS,
    facts: {
      companyName: instrument.name,
      symbol: instrument.symbol,
      compositeScore: composite.score,
      compositeLabel: composite.label,
      agreeing: composite.agreeing,
      scored: composite.scored,
      mostBullish: bullish ?? null,
      mostBullishScore: bullish ? scores[bullish] : null,
      mostBearish: bearish ?? null,
      mostBearishScore: bearish ? scores[bearish] : null,
      unavailable: SENTIMENT_SOURCES.filter((source) => scores[source] === null),
    },
  };
}

/** The sections missing, each with the reason its source gave. */
function unavailableOf<N extends string>(
  names: readonly N[],
  gathered: Record<N, Gathered<unknown>>,
) {
  return names.flatMap((section) => {
    const read = gathered[section];
    return "missing" in read ? [{ section, reason: read.missing }] : [];
  });
}

export const intelligenceReportImplementations: Implementations<
  typeof intelligenceReportRoutes,
  IntelligenceDeps
> = {
  "intelligence.riskAssessment": async ({ params, query }, deps) => {
    const instrument = await intelligenceStock(deps, params.code, "risk assessment");
    const figures = await gatherRiskFigures(deps, instrument, query.days);
    const scores = scoredRisks(figures);
    const overall = overallRisk(
      Object.fromEntries(RISKS.map((risk) => [risk, scores[risk]?.score ?? null])) as Record<
        RiskName,
        number | null
      >,
    );
    const liquidity = "evidence" in figures.liquidity ? figures.liquidity.evidence : null;
    const sources = riskSources(instrument.code, liquidity?.atmOption?.expiration);
    const risk = <R extends RiskName>(name: R) => {
      const score = scores[name];
      const gathered = figures[name];
      if (score === null || !("evidence" in gathered)) return null;
      return {
        ...score,
        weight: overall.weights[name],
        sources: sources[name],
        inputs: gathered.evidence as RiskFigures[R] extends Gathered<infer F> ? F : never,
      };
    };
    const [summary] = await narrateAll(deps.narrative, [
      riskRequest(instrument, overall, scores, figures, query.days),
    ]);
    return {
      ...identity(instrument),
      asOf: deps.marketClock.now().toISOString(),
      overall: {
        ...overall,
        labelBounds: { lowBelow: RISK_LABEL_BOUNDS.low, highFrom: RISK_LABEL_BOUNDS.high },
      },
      risks: {
        event: risk("event"),
        volatility: risk("volatility"),
        liquidity: risk("liquidity"),
        concentration: risk("concentration"),
        tail: risk("tail"),
      },
      unavailable: unavailableOf(RISKS, figures),
      summary: summary as string,
    };
  },

  "intelligence.catalystTimeline": async ({ params, query }, deps) => {
    const instrument = await intelligenceStock(deps, params.code, "catalyst timeline");
    const today = todayOf(deps);
    const clock: TimelineClock = {
      nowMs: deps.marketClock.now().getTime(),
      today: isoDate(today),
      from: isoDate(today - query.daysBack),
      to: isoDate(today + query.daysAhead),
    };
    const { events, sources } = await gatherCatalysts(deps, instrument, clock);
    const timeline = timelineOf(events);
    const next = timeline.nextEvent;
    const [summary] = await narrateAll(deps.narrative, [
      {
        kind: CATALYSTS_KIND,
        instructions: CATALYSTS_INSTRUCTIONS,
        facts: {
          companyName: instrument.name,
          symbol: instrument.symbol,
          from: clock.from,
          to: clock.to,
          total: timeline.counts.total,
          past: timeline.counts.past,
          upcoming: timeline.counts.upcoming,
          nextTitle: next?.title ?? null,
          nextDate: next?.date ?? null,
          nextType: next?.type ?? null,
          unavailable: sources.filter((s) => !s.available).map((s) => s.type),
          notCovered: SOURCES_NOT_COVERED.map((s) => s.type),
        },
      },
    ]);
    return {
      ...identity(instrument),
      asOf: new Date(clock.nowMs).toISOString(),
      window: {
        from: clock.from,
        today: clock.today,
        to: clock.to,
        daysBack: query.daysBack,
        daysAhead: query.daysAhead,
      },
      ...timeline,
      sources,
      sourcesNotCovered: SOURCES_NOT_COVERED.map((s) => ({ type: s.type, reason: s.reason })),
      summary: summary as string,
    };
  },

  "intelligence.sentiment": async ({ params }, deps) => {
    const instrument = await intelligenceStock(deps, params.code, "sentiment");
    const gathered = await gatherSentiment(deps, instrument);
    const scores = sentimentScores(gathered);
    const composite = compositeOf(scores);
    const endpoints = sentimentEndpoints(instrument.code);
    const weightOf = composite.weights;
    const [summary] = await narrateAll(deps.narrative, [
      sentimentRequest(instrument, composite, scores),
    ]);
    return {
      ...identity(instrument),
      asOf: deps.marketClock.now().toISOString(),
      composite,
      sources: {
        news: sentimentSection(gathered.news, weightOf.news, endpoints.news),
        social: sentimentSection(gathered.social, weightOf.social, endpoints.social),
        options: sentimentSection(gathered.options, weightOf.options, endpoints.options),
        insider: sentimentSection(gathered.insider, weightOf.insider, endpoints.insider),
      },
      unavailable: unavailableOf(SENTIMENT_SOURCES, gathered),
      summary: summary as string,
    };
  },
};
