import type { Evidence, Gathered } from "./evidence";
import { type SpecialistOpinion, withoutEvidence } from "./opinion";
import type { SpecialistName } from "./rules";
import { eventRiskOpinion } from "./specialists/event-risk";
import { fundamentalOpinion } from "./specialists/fundamental";
import { insiderOpinion } from "./specialists/insider";
import { newsSentimentOpinion } from "./specialists/news-sentiment";
import { positioningOpinion } from "./specialists/positioning";
import { technicalOpinion } from "./specialists/technical";
import { volatilityOpinion } from "./specialists/volatility";

/** The endpoint each specialist cites (its figures are that endpoint's, at the same clock). */
export function sourcesOf(code: string): Record<SpecialistName, string> {
  return {
    volatility: `/v1/volatility/${code}/hv-iv`,
    technical: `/v1/graph/${code}/technicals`,
    fundamental: `/v1/graph/${code}/fragility`,
    newsSentiment: `/v1/news/ticker/${code}/sentiment`,
    eventRisk: `/v1/company/${code}/events`,
    optionsPositioning: `/v1/options/${code}/gex`,
    insiderActivity: `/v1/graph/${code}/insiders/summary`,
  };
}

function opinion<T>(
  specialist: SpecialistName,
  source: string,
  gathered: Gathered<T>,
  judge: (evidence: T, source: string) => SpecialistOpinion,
): SpecialistOpinion {
  return "evidence" in gathered
    ? judge(gathered.evidence, source)
    : withoutEvidence(specialist, source, gathered.missing);
}

/** Every specialist's opinion of the evidence, in SPECIALISTS order. */
export function opinionsOf(code: string, evidence: Evidence): SpecialistOpinion[] {
  const sources = sourcesOf(code);
  return [
    opinion("volatility", sources.volatility, evidence.volatility, volatilityOpinion),
    opinion("technical", sources.technical, evidence.technical, technicalOpinion),
    opinion("fundamental", sources.fundamental, evidence.fundamental, fundamentalOpinion),
    opinion("newsSentiment", sources.newsSentiment, evidence.newsSentiment, newsSentimentOpinion),
    opinion("eventRisk", sources.eventRisk, evidence.eventRisk, eventRiskOpinion),
    opinion(
      "optionsPositioning",
      sources.optionsPositioning,
      evidence.optionsPositioning,
      positioningOpinion,
    ),
    opinion("insiderActivity", sources.insiderActivity, evidence.insiderActivity, insiderOpinion),
  ];
}
