import type { Deps } from "../deps";
import { trailingTwelveMonths } from "../fundamentals/ports";
import { type AltmanZone, assessFragility, type FragilityAssessment } from "../graph/fragility";
import type { GraphSnapshot } from "../graph/snapshot";
import { keptPromise } from "../promise-cache";
import { fromCompanySource } from "./company-source";
import { fromProvider, instrumentOf } from "./market-data";

/**
 * The fragility of a company (lib/graph/fragility.ts) from its trailing-twelve-month statements
 * (the fundamentals source), its market capitalisation on the graph day, its customers' revenue
 * shares from the graph and its short interest from the market's reference data. Assessed once
 * per company per graph snapshot. Outside the group folders: GET /graph/{code}/fragility, the
 * graph's screen and brief, and the intelligence committee's fundamental specialist read it.
 */

export type FragilityDeps = Pick<Deps, "market" | "fundamentals">;

export interface CompanyFragility extends FragilityAssessment {
  label: "low" | "moderate" | "high" | null;
  altmanZone: AltmanZone | null;
  /** The statement period the figures come from (null without statements). */
  statement: { periodEnd: string; quarters: string[] } | null;
  marketCapUsd: number;
  shortInterestPercent: number | null;
}

/** Fragility under 35 reads low, 60 or more high. */
export const FRAGILITY_LABEL_BOUNDS = { low: 35, high: 60 } as const;

const assessed = new WeakMap<GraphSnapshot, Map<string, Promise<CompanyFragility>>>();

export function fragilityLabelOf(fragility: number | null) {
  if (fragility === null) return null;
  if (fragility < FRAGILITY_LABEL_BOUNDS.low) return "low" as const;
  return fragility >= FRAGILITY_LABEL_BOUNDS.high ? ("high" as const) : ("moderate" as const);
}

/** Each listed customer's purchases over the company's revenue (0-1); null without a supply chain. */
function customerSharesOf(snapshot: GraphSnapshot, symbol: string): number[] | null {
  if (!snapshot.supply) return null;
  return snapshot.supply
    .filter((relation) => relation.supplierId === symbol && relation.supplierRevenueShare !== null)
    .map((relation) => relation.supplierRevenueShare as number);
}

async function assess(deps: FragilityDeps, snapshot: GraphSnapshot, symbol: string) {
  const listed = snapshot.companies.get(symbol);
  if (!listed) throw new Error(`${symbol} is not a listed company of the graph`);
  const year = Number(snapshot.day.slice(0, 4));
  const [quarters, reference] = await Promise.all([
    deps.fundamentals.quarterStatements(symbol, year - 2, year),
    instrumentOf(deps, listed.code).then((instrument) =>
      fromProvider(() => deps.market.reference(instrument)),
    ),
  ]);
  const ttm = quarters ? trailingTwelveMonths(quarters) : undefined;
  const shortInterestPercent = reference?.kind === "equity" ? reference.shortInterestPercent : null;
  const assessment = assessFragility({
    statement: ttm ?? null,
    marketCapUsd: listed.marketCapUsd,
    customerRevenueShares: customerSharesOf(snapshot, symbol),
    shortInterestPercent,
  });
  return {
    ...assessment,
    label: fragilityLabelOf(assessment.fragility),
    altmanZone: assessment.altmanZ?.zone ?? null,
    statement: ttm ? { periodEnd: ttm.periodEnd, quarters: ttm.quarters } : null,
    marketCapUsd: Math.round(listed.marketCapUsd),
    shortInterestPercent,
  };
}

/** The company's fragility on the graph day; sources' failures as 503s. */
export function companyFragility(
  deps: FragilityDeps,
  snapshot: GraphSnapshot,
  symbol: string,
): Promise<CompanyFragility> {
  let bySymbol = assessed.get(snapshot);
  if (!bySymbol) {
    bySymbol = new Map();
    assessed.set(snapshot, bySymbol);
  }
  return keptPromise(bySymbol, symbol, () =>
    fromCompanySource(() => fromProvider(() => assess(deps, snapshot, symbol))),
  );
}

/**
 * As companyFragility, or null when the statements' source is down (the screen and the brief
 * show the other figures rather than failing whole).
 */
export async function fragilityOfCompany(
  deps: FragilityDeps,
  snapshot: GraphSnapshot,
  symbol: string,
): Promise<CompanyFragility | null> {
  try {
    return await companyFragility(deps, snapshot, symbol);
  } catch (error) {
    if ((error as { code?: string }).code === "COMPANY_DATA_UNAVAILABLE") return null;
    throw error;
  }
}
