import { propagateShock } from "../../../../graph/cascade";
import { degreesOf } from "../../../../graph/queries";
import type { ScorePoint } from "../../../../graph/score/book";
import { nyWallClock } from "../../../../market/ny-time";
import type { NarrativeFacts } from "../../../../narrative/ports";
import { type CompanyFragility, fragilityOfCompany } from "../../../company-fragility";
import { nextReport, predictionOf } from "../../../earnings-predictions";
import { instrumentOf } from "../../../market-data";
import { type CompanyInGraph, companyIdOf, companyRefOf, round4 } from "./lookup";
import { scoreBookOf, scoreLabelOf, scorePointOf } from "./scores";
import type { GraphDeps } from "./shared";

/**
 * The facts GET /graph/{code}/summary and /report are written from: the company's score,
 * fragility, cascade risk, insiders, institutions and next earnings, each as the endpoint that
 * serves it computes it (the defaults of its query), gathered once per request.
 */

export const BRIEF_SHOCK_PERCENT = -20;
export const BRIEF_DECAY = 0.5;
export const BRIEF_DEPTH = 3;
/** Within this many days the next report's prediction is quoted (the upcoming list's window). */
const PREDICTION_WINDOW_DAYS = 14;
const INSIDER_DAYS = 90;

export interface BriefFacts {
  facts: NarrativeFacts;
  score: ScorePoint;
  fragility: CompanyFragility | null;
}

const componentLine = (name: string, value: number | null) =>
  `${name} ${value === null ? "n/a" : value.toFixed(1)}`;

function scoreFacts(point: ScorePoint, weekAgo: ScorePoint) {
  const valued = point.components.filter((c) => c.value !== null);
  const sorted = [...valued].sort((a, b) => (b.value as number) - (a.value as number));
  const input = (component: string, name: string) =>
    point.components.find((c) => c.name === component)?.inputs[name] ?? null;
  return {
    date: point.date,
    score: point.score,
    scoreLabel: scoreLabelOf(point.score),
    scoreChange:
      point.score === null || weekAgo.score === null
        ? null
        : Math.round((point.score - weekAgo.score) * 10) / 10,
    strongestComponent: sorted[0]?.name ?? null,
    strongestValue: sorted[0]?.value ?? null,
    weakestComponent: sorted.at(-1)?.name ?? null,
    weakestValue: sorted.at(-1)?.value ?? null,
    componentLines: point.components.map((c) => componentLine(c.name, c.value)),
    insiderDays: INSIDER_DAYS,
    insiderBoughtUsd: input("insiderActivity", "boughtUsd") ?? 0,
    insiderSoldUsd: input("insiderActivity", "soldUsd") ?? 0,
    insiderBuyers: input("insiderActivity", "buyers") ?? 0,
    insiderSellers: input("insiderActivity", "sellers") ?? 0,
    institutionFilers: input("institutionalFlow", "filers"),
    institutionalFlowPercent: input("institutionalFlow", "flowPercentOfShares"),
    quarterEnd: input("institutionalFlow", "quarterEnd"),
  };
}

function fragilityFacts(fragility: CompanyFragility | null) {
  if (!fragility) {
    return {
      fragility: null,
      fragilityLabel: null,
      altmanZ: null,
      altmanZone: null,
      fragilityDriver: null,
      fragilityLines: [],
    };
  }
  const driver = [...fragility.components]
    .filter((c) => c.value !== null)
    .sort(
      (a, b) => (b.value as number) * b.effectiveWeight - (a.value as number) * a.effectiveWeight,
    )[0];
  return {
    fragility: fragility.fragility,
    fragilityLabel: fragility.label,
    altmanZ: fragility.altmanZ ? round4(fragility.altmanZ.z) : null,
    altmanZone: fragility.altmanZone,
    fragilityDriver: driver?.name ?? null,
    fragilityLines: fragility.components.map((c) => componentLine(c.name, c.value)),
  };
}

function cascadeFacts(company: CompanyInGraph) {
  const { graph } = company.snapshot;
  const run = (
    walk: "customers" | "suppliers",
    weight: "customerCostShare" | "supplierRevenueShare",
  ) =>
    propagateShock(graph, company.node, walk, weight, BRIEF_SHOCK_PERCENT, BRIEF_DECAY, BRIEF_DEPTH)
      .filter((entry) => entry.depth > 0)
      .sort((a, b) => Math.abs(b.impact) - Math.abs(a.impact) || (a.node < b.node ? -1 : 1));
  const downstream = run("customers", "customerCostShare");
  const upstream = run("suppliers", "supplierRevenueShare");
  const fromSuppliers = run("suppliers", "customerCostShare");
  const nameOf = (node: string) => companyRefOf(company.snapshot, companyIdOf(node)).name;
  return {
    shockPercent: BRIEF_SHOCK_PERCENT,
    downstreamReached: downstream.length,
    topDownstream: downstream[0] ? nameOf(downstream[0].node) : null,
    topDownstreamImpact: downstream[0] ? round4(downstream[0].impact) : null,
    upstreamReached: upstream.length,
    topSupplierExposure: fromSuppliers[0] ? nameOf(fromSuppliers[0].node) : null,
    topSupplierImpact: fromSuppliers[0] ? round4(fromSuppliers[0].impact) : null,
  };
}

function holderFacts(company: CompanyInGraph) {
  const shares = company.snapshot.sharesOutstanding.get(company.symbol) ?? 0;
  const top = (company.snapshot.holdings.get(company.symbol) ?? [])
    .filter((position) => position.current)
    .sort((a, b) => (b.current?.shares ?? 0) - (a.current?.shares ?? 0))[0];
  if (!top?.current || shares === 0) return { topHolder: null, topHolderPercent: null };
  return {
    topHolder: top.institution.name,
    topHolderPercent: round4((top.current.shares / shares) * 100),
  };
}

function degreeFacts(company: CompanyInGraph) {
  const degrees = degreesOf(company.snapshot.graph, company.node);
  const supplies = degrees.find((d) => d.type === "supplies-to");
  return {
    suppliers: supplies?.inbound ?? 0,
    customers: supplies?.outbound ?? 0,
    competitors: degrees.find((d) => d.type === "competes-with")?.total ?? 0,
  };
}

async function eventFacts(deps: GraphDeps, code: string) {
  const instrument = await instrumentOf(deps, code);
  const report = await nextReport(deps, instrument, 366);
  if (!report) {
    return {
      nextEarningsDate: null,
      earningsHour: null,
      daysToEarnings: null,
      beatProbabilityPercent: null,
    };
  }
  const today = nyWallClock(deps.marketClock.now().getTime()).day;
  const daysToEarnings = Date.parse(report.date) / 86_400_000 - today;
  const prediction =
    daysToEarnings <= PREDICTION_WINDOW_DAYS
      ? await predictionOf(deps, instrument, report)
      : undefined;
  return {
    nextEarningsDate: report.date,
    earningsHour: report.hour,
    daysToEarnings,
    beatProbabilityPercent: prediction ? round4(prediction.beatProbability * 100) : null,
  };
}

/** Every fact of the company's brief. */
export async function briefFactsOf(deps: GraphDeps, company: CompanyInGraph): Promise<BriefFacts> {
  const { book } = await scoreBookOf(deps);
  const listed = company.snapshot.companies.get(company.symbol);
  const [score, weekAgo, fragility, events] = await Promise.all([
    scorePointOf(book, company.symbol, 0),
    scorePointOf(book, company.symbol, 1),
    fragilityOfCompany(deps, company.snapshot, company.symbol),
    eventFacts(deps, company.code),
  ]);
  const facts: NarrativeFacts = {
    companyName: listed?.name ?? company.symbol,
    symbol: company.symbol,
    sector: listed?.sector ?? null,
    industry: listed?.industry ?? null,
    marketCapUsd: Math.round(listed?.marketCapUsd ?? 0),
    ...degreeFacts(company),
    ...scoreFacts(score, weekAgo),
    ...fragilityFacts(fragility),
    ...cascadeFacts(company),
    ...holderFacts(company),
    ...events,
  };
  return { facts, score, fragility };
}
