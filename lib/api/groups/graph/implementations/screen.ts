import type { ScoreBook, ScorePoint } from "../../../../graph/score/book";
import { round1 } from "../../../../graph/score/composite";
import { SCREEN_FIELDS, type ScreenRow } from "../../../../graph/screen/fields";
import { presetNamed, SCREEN_PRESETS } from "../../../../graph/screen/presets";
import type { ScreenRequest } from "../../../../graph/screen/request";
import { runScreen } from "../../../../graph/screen/run";
import type { GraphSnapshot } from "../../../../graph/snapshot";
import { nyWallClock } from "../../../../market/ny-time";
import { keptPromise } from "../../../../promise-cache";
import { fragilityOfCompany } from "../../../company-fragility";
import { nextReport } from "../../../earnings-predictions";
import { apiError } from "../../../errors";
import { instrumentOf } from "../../../market-data";
import type { Implementations } from "../../../route";
import type { graphScreenRoutes } from "../routes/screen";
import { scoreBookOf, scorePointOf } from "./scores";
import type { GraphDeps } from "./shared";

/** How far ahead daysToEarnings looks for a scheduled report, calendar days. */
const EARNINGS_HORIZON_DAYS = 366;
const DAY_MS = 86_400_000;

/** Rows per score book (one per graph day): the screen's universe, built on the first screen. */
const rowsByBook = new WeakMap<ScoreBook, Promise<ScreenRow[]>>();

const componentOf = (point: ScorePoint, name: string) =>
  point.components.find((component) => component.name === name);

const numberInput = (point: ScorePoint, component: string, input: string) => {
  const value = componentOf(point, component)?.inputs[input];
  return typeof value === "number" ? value : null;
};

async function rowOf(
  deps: GraphDeps,
  snapshot: GraphSnapshot,
  book: ScoreBook,
  symbol: string,
): Promise<ScreenRow> {
  const company = snapshot.companies.get(symbol);
  if (!company) throw new Error(`${symbol} is not a listed company of the graph`);
  const [now, before, fragility, report] = await Promise.all([
    scorePointOf(book, symbol, 0),
    scorePointOf(book, symbol, 1),
    fragilityOfCompany(deps, snapshot, symbol),
    instrumentOf(deps, company.code).then((instrument) =>
      nextReport(deps, instrument, EARNINGS_HORIZON_DAYS),
    ),
  ]);
  const value = (name: string) => componentOf(now, name)?.value ?? null;
  const bought = numberInput(now, "insiderActivity", "boughtUsd");
  const sold = numberInput(now, "insiderActivity", "soldUsd");
  const today = nyWallClock(deps.marketClock.now().getTime()).day;
  return {
    code: company.code,
    name: company.name,
    sector: company.sector,
    industry: company.industry,
    marketCapUsd: Math.round(company.marketCapUsd),
    score: now.score,
    insiderActivity: value("insiderActivity"),
    institutionalFlow: value("institutionalFlow"),
    supplyChainHealth: value("supplyChainHealth"),
    newsSentiment: value("newsSentiment"),
    technicalTrend: value("technicalTrend"),
    optionsPositioning: value("optionsPositioning"),
    valuation: value("valuation"),
    scoreChange1w:
      now.score === null || before.score === null ? null : round1(now.score - before.score),
    fragility: fragility?.fragility ?? null,
    altmanZ: fragility?.altmanZ ? Math.round(fragility.altmanZ.z * 10_000) / 10_000 : null,
    insiderNetBuyingUsd90d: bought === null || sold === null ? null : bought - sold,
    insiderBuyers90d: numberInput(now, "insiderActivity", "buyers"),
    institutionalFlowPercent: numberInput(now, "institutionalFlow", "flowPercentOfShares"),
    daysToEarnings: report ? Date.parse(report.date) / DAY_MS - today : null,
    nextEarningsDate: report?.date ?? null,
  };
}

/** Every listed company's row for the day (built once per score book). */
export async function screenRows(deps: GraphDeps) {
  const { snapshot, book } = await scoreBookOf(deps);
  const rows = await keptPromise(rowsByBook, book, async () => {
    const built: ScreenRow[] = [];
    for (const symbol of snapshot.companies.keys()) {
      built.push(await rowOf(deps, snapshot, book, symbol));
    }
    return built;
  });
  return { snapshot, book, rows };
}

async function screenAnswer(deps: GraphDeps, request: ScreenRequest) {
  const { snapshot, book, rows } = await screenRows(deps);
  const outcome = runScreen(rows, request);
  return {
    asOf: book.pointDates[0] as string,
    graphDay: snapshot.day,
    provider: snapshot.provider,
    universe: rows.length,
    matched: outcome.matched,
    rows: outcome.rows,
  };
}

const fieldCatalogue = () =>
  Object.entries(SCREEN_FIELDS).map(([field, spec]) => ({
    field,
    kind: spec.kind === "number" ? ("number" as const) : ("text" as const),
    unit: spec.unit,
    description: spec.description,
    min: spec.kind === "number" ? spec.min : null,
    max: spec.kind === "number" ? spec.max : null,
  }));

export const graphScreenImplementations: Implementations<typeof graphScreenRoutes, GraphDeps> = {
  "graph.screen": async ({ body }, deps) => screenAnswer(deps, body),

  "graph.screenerPresets": async () => ({
    presets: SCREEN_PRESETS.map((preset) => ({ ...preset })),
    fields: fieldCatalogue(),
  }),

  "graph.runScreenerPreset": async ({ params }, deps) => {
    const preset = presetNamed(params.presetName);
    if (!preset) {
      throw apiError("PRESET_NOT_FOUND", {
        name: params.presetName,
        known: SCREEN_PRESETS.map((known) => known.name),
      });
    }
    return { preset, ...(await screenAnswer(deps, preset.request)) };
  },

  "graph.customScreen": async ({ body }, deps) => {
    const { name, description, ...request } = body;
    return {
      definition: { name: name ?? null, description: description ?? null, ...request },
      ...(await screenAnswer(deps, request)),
    };
  },
};
