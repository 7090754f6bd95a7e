import type { InstitutionalPosition } from "../../../../graph/ports";
import type { Instrument } from "../../../../market/ports";
import { roundPercent } from "../../../../market/precision";
import { apiError } from "../../../errors";
import { fromProvider } from "../../../market-data";
import type { Implementations } from "../../../route";
import type { graphInstitutionRoutes } from "../routes/institutions";
import { fromCompanySource, type GraphDeps, graphCompany } from "./shared";

type Status = "new" | "added" | "reduced" | "soldOut" | "unchanged";

/** One holder's line as served (before the limit). */
interface HolderLine {
  institution: {
    cik: string;
    name: string;
    kind: InstitutionalPosition["institution"]["kind"];
    city: string;
  };
  status: Status;
  quarterEnd: string;
  shares: number;
  valueUsd: number;
  percentOfSharesOutstanding: number | null;
  previousQuarterEnd: string;
  previousShares: number;
  previousValueUsd: number;
  changeShares: number;
  changePercent: number | null;
  filingDate: string | null;
  accessionNumber: string | null;
}

export const graphInstitutionImplementations: Implementations<
  typeof graphInstitutionRoutes,
  GraphDeps
> = {
  "graph.institutions": async ({ params, query }, deps) => {
    const instrument = await graphCompany(deps, params.code, "institutional holdings");
    const [positions, sharesOutstanding] = await Promise.all([
      fromCompanySource(() => deps.graph.institutions.positionsIn(instrument.symbol)),
      sharesOutstandingOf(deps, instrument),
    ]);
    if (positions === undefined) {
      throw apiError("NO_DATA", {
        what: "institutional holdings",
        code: instrument.code,
        reason: "the 13F source does not know the company",
      });
    }
    const lines = positions.map((position) => lineOf(position, sharesOutstanding));
    const quarterEnd = latestQuarterEnd(lines);
    const totals = totalsOf(lines, sharesOutstanding, quarterEnd);
    return {
      symbol: instrument.symbol,
      code: instrument.code,
      name: instrument.name,
      asOf: deps.marketClock.now().toISOString(),
      quarterEnd,
      sharesOutstanding,
      sort: query.sort,
      source: deps.graph.provider,
      totals,
      holders: [...lines].sort(ORDER[query.sort]).slice(0, query.limit),
    };
  },
};

/** All share classes from the market-data source's reference figures; null without them. */
async function sharesOutstandingOf(deps: GraphDeps, instrument: Instrument) {
  const reference = await fromProvider(() => deps.market.reference(instrument));
  if (reference?.kind === "equity") return reference.sharesOutstanding;
  return instrument.sharesOutstanding ?? null;
}

function lineOf(position: InstitutionalPosition, sharesOutstanding: number | null): HolderLine {
  const { institution, current, previous } = position;
  const shares = current?.shares ?? 0;
  const previousShares = previous?.shares ?? 0;
  const quarterEnd = current?.quarterEnd ?? nextQuarterEnd(previous?.quarterEnd as string);
  return {
    institution: {
      cik: institution.cik,
      name: institution.name,
      kind: institution.kind,
      city: institution.city,
    },
    status: statusOf(shares, previousShares),
    quarterEnd,
    shares,
    valueUsd: current?.valueUsd ?? 0,
    percentOfSharesOutstanding: percentOf(shares, sharesOutstanding),
    previousQuarterEnd: previous?.quarterEnd ?? previousQuarterEnd(quarterEnd),
    previousShares,
    previousValueUsd: previous?.valueUsd ?? 0,
    changeShares: shares - previousShares,
    changePercent:
      previousShares === 0
        ? null
        : roundPercent(((shares - previousShares) / previousShares) * 100),
    filingDate: current?.filingDate ?? null,
    accessionNumber: current?.accessionNumber ?? null,
  };
}

function statusOf(shares: number, previousShares: number): Status {
  if (previousShares === 0) return "new";
  if (shares === 0) return "soldOut";
  if (shares > previousShares) return "added";
  return shares < previousShares ? "reduced" : "unchanged";
}

const percentOf = (shares: number, sharesOutstanding: number | null) =>
  sharesOutstanding ? roundPercent((shares / sharesOutstanding) * 100) : null;

function totalsOf(
  lines: HolderLine[],
  sharesOutstanding: number | null,
  quarterEnd: string | null,
) {
  const count = (status: Status) => lines.filter((line) => line.status === status).length;
  const held = lines.filter((line) => line.shares > 0);
  const totalShares = sumOf(held, (line) => line.shares);
  const previousTotalShares = sumOf(lines, (line) => line.previousShares);
  return {
    holders: held.length,
    totalShares,
    totalValueUsd: sumOf(held, (line) => line.valueUsd),
    percentOfSharesOutstanding: percentOf(totalShares, sharesOutstanding),
    previousTotalShares,
    netChangeShares: totalShares - previousTotalShares,
    newPositions: count("new"),
    addedPositions: count("added"),
    reducedPositions: count("reduced"),
    soldOutPositions: count("soldOut"),
    unchangedPositions: count("unchanged"),
    filedForQuarterEnd: lines.filter((line) => line.quarterEnd === quarterEnd).length,
  };
}

const sumOf = (lines: HolderLine[], figure: (line: HolderLine) => number) =>
  lines.reduce((total, line) => total + figure(line), 0);

function latestQuarterEnd(lines: HolderLine[]): string | null {
  let latest: string | null = null;
  for (const line of lines)
    if (latest === null || line.quarterEnd > latest) latest = line.quarterEnd;
  return latest;
}

const byCik = (a: HolderLine, b: HolderLine) => a.institution.cik.localeCompare(b.institution.cik);

const ORDER: Record<"value" | "change", (a: HolderLine, b: HolderLine) => number> = {
  value: (a, b) =>
    b.valueUsd - a.valueUsd || b.previousValueUsd - a.previousValueUsd || byCik(a, b),
  change: (a, b) => Math.abs(b.changeShares) - Math.abs(a.changeShares) || byCik(a, b),
};

/** The last day of the quarter after the one ending on `isoDate` (yyyy-MM-dd). */
function nextQuarterEnd(isoDate: string): string {
  return quarterEndAfter(isoDate, 1);
}

function previousQuarterEnd(isoDate: string): string {
  return quarterEndAfter(isoDate, -1);
}

/** The quarter end `quarters` quarters after the quarter end `isoDate`. */
function quarterEndAfter(isoDate: string, quarters: number): string {
  const [year, month] = isoDate.split("-").map(Number) as [number, number];
  // Day 0 of the month after the quarter's last month is that month's last day.
  return new Date(Date.UTC(year, month + 3 * quarters, 0)).toISOString().slice(0, 10);
}
