import { type ScoreBook, type ScorePoint, scoreBook } from "../../../../graph/score/book";
import {
  round1,
  type ScoreComponentName,
  type WeightedComponent,
} from "../../../../graph/score/composite";
import type { GraphSnapshot } from "../../../../graph/snapshot";
import { fromProvider } from "../../../market-data";
import type { Implementations } from "../../../route";
import type { graphScoreRoutes } from "../routes/scores";
import { companyInGraph, graphAnswerOf, snapshotOf } from "./lookup";
import type { GraphDeps } from "./shared";
import { fromCompanySource } from "./shared";

/** The day's score book over the day's graph; reads failing map to 503s as the graph's do. */
export async function scoreBookOf(deps: GraphDeps) {
  const snapshot = await snapshotOf(deps);
  return { snapshot, book: scoreBook(snapshot, { ...deps, people: deps.graph.people }) };
}

/** One point of a stock's score, the sources' failures answered as 503s. */
export function scorePointOf(book: ScoreBook, symbol: string, index: number) {
  return fromCompanySource(() => fromProvider(() => book.scoreAt(symbol, index)));
}

export function scoreLabelOf(score: number | null) {
  if (score === null) return null;
  if (score >= 70) return "strong" as const;
  if (score >= 55) return "positive" as const;
  if (score > 45) return "neutral" as const;
  if (score > 30) return "negative" as const;
  return "weak" as const;
}

const valuesOf = (components: readonly WeightedComponent[]) =>
  Object.fromEntries(components.map((component) => [component.name, component.value])) as Record<
    ScoreComponentName,
    number | null
  >;

/** The component whose change moved the score most (by its effective weight now). */
function driverOf(now: ScorePoint, before: ScorePoint) {
  let driver: {
    component: WeightedComponent["name"];
    valueChange: number;
    contributionPoints: number;
  } | null = null;
  for (const component of now.components) {
    const earlier = before.components.find((c) => c.name === component.name)?.value;
    if (component.value === null || earlier === null || earlier === undefined) continue;
    const valueChange = round1(component.value - earlier);
    const contributionPoints = round1(valueChange * component.effectiveWeight);
    if (!driver || Math.abs(contributionPoints) > Math.abs(driver.contributionPoints)) {
      driver = { component: component.name, valueChange, contributionPoints };
    }
  }
  return driver;
}

async function weekChanges(snapshot: GraphSnapshot, book: ScoreBook) {
  const rows = [];
  for (const company of snapshot.companies.values()) {
    const [now, before] = await Promise.all([
      scorePointOf(book, company.symbol, 0),
      scorePointOf(book, company.symbol, 1),
    ]);
    if (now.score === null || before.score === null) continue;
    rows.push({
      symbol: company.symbol,
      code: company.code,
      name: company.name,
      sector: company.sector,
      score: now.score,
      scoreWeekAgo: before.score,
      changePoints: round1(now.score - before.score),
      label: scoreLabelOf(now.score),
      driver: driverOf(now, before),
    });
  }
  return rows;
}

export const graphScoreImplementations: Implementations<typeof graphScoreRoutes, GraphDeps> = {
  "graph.score": async ({ params }, deps) => {
    const company = await companyInGraph(deps, params.code, "score");
    const { book } = await scoreBookOf(deps);
    const points = await Promise.all(
      book.pointDates.map((_, index) => scorePointOf(book, company.symbol, index)),
    );
    const [latest, weekAgo] = points as [ScorePoint, ScorePoint];
    return {
      ...graphAnswerOf(deps, company),
      date: latest.date,
      score: latest.score,
      label: scoreLabelOf(latest.score),
      changeOneWeek:
        latest.score === null || weekAgo.score === null
          ? null
          : round1(latest.score - weekAgo.score),
      components: latest.components,
      history: points
        .map((point) => ({
          date: point.date,
          score: point.score,
          components: valuesOf(point.components),
        }))
        .reverse(),
    };
  },

  "graph.recentScoreChanges": async ({ query }, deps) => {
    const { snapshot, book } = await scoreBookOf(deps);
    const scored = await weekChanges(snapshot, book);
    const rows = scored
      .filter((row) =>
        query.direction === "up"
          ? row.changePoints > 0
          : query.direction === "down"
            ? row.changePoints < 0
            : true,
      )
      .sort(
        (a, b) => Math.abs(b.changePoints) - Math.abs(a.changePoints) || (a.code < b.code ? -1 : 1),
      );
    return {
      asOf: book.pointDates[0] as string,
      weekAgo: book.pointDates[1] as string,
      provider: snapshot.provider,
      companies: scored.length,
      changes: rows.slice(0, query.limit),
    };
  },
};
