import type { Clock } from "../../deps";
import { type DayNumber, dayNumber, isoDate } from "../../market/civil-date";
import { nyWallClock } from "../../market/ny-time";
import { seedOf, uniform } from "../../market/random";
import { STOCKS } from "../../market/sim/universe";
import type { SupplyChainSource, SupplyRelation, UnlistedCompany } from "../ports";
import { GROSS_MARGIN, IN_BUSINESS_FROM, SUPPLY_RULES, type SupplyRule } from "./supply-rules";
import { UNLISTED_COMPANIES } from "./supply-unlisted";

/**
 * The simulated world's supply chains: relations drawn once from the hand-written industry
 * rules (supply-rules.ts) among the universe's companies and fictional unlisted ones
 * (supply-unlisted.ts), deterministic from the seed and independent of the clock; a source
 * answers the relations whose first day is on or before its New York date.
 *
 * Weights agree with the simulated earnings (lib/market/sim/earnings.ts): a listed company's
 * annual revenue is 4 × sharesOutstanding × price × 0.06, its cost of revenue revenue × (1 −
 * the industry's gross margin). Each relation draws customerCostShare within its rule's range;
 * supplierRevenueShare = customerCostShare × customer's cost of revenue / supplier's revenue.
 * An unlisted supplier's revenue is its sales to the universe's companies over a drawn share
 * (30-75 %) of its revenue they make up; an unlisted company that only buys here draws a revenue
 * of $3-40 bn. A customer's shares add up to at most 85 % of its cost of revenue and a supplier's
 * to at most 90 % of its revenue (both scaled down together where the draws exceed that).
 */

/** The first and last possible first day of a relation. */
export const SUPPLY_SINCE_FIRST_DAY: DayNumber = dayNumber(2008, 1, 1);
export const SUPPLY_SINCE_LAST_DAY: DayNumber = dayNumber(2026, 6, 30);
/** Caps on a customer's Σ customerCostShare and a supplier's Σ supplierRevenueShare. */
export const MAX_CUSTOMER_COST_SHARE = 0.85;
export const MAX_SUPPLIER_REVENUE_SHARE = 0.9;
/** Scaling aims a little below the caps so that rounding to 4 digits cannot cross them. */
const CAP_MARGIN = 0.995;
/** Simulated quarterly revenue over market capitalisation (lib/market/sim/earnings.ts). */
const QUARTERLY_REVENUE_PER_CAP = 0.06;

export interface CompanyEconomics {
  /** Annual revenue, USD. */
  revenueUsd: number;
  /** Annual cost of revenue, USD. */
  costOfRevenueUsd: number;
}

/** The whole supply chain of the simulated world, every relation whatever its first day. */
export interface SupplyChainWorld {
  unlisted: readonly UnlistedCompany[];
  /** Ordered by supplierId, then customerId. */
  relations: readonly SupplyRelation[];
  /** By companyId, listed and unlisted: what the shares are fractions of. */
  economics: ReadonlyMap<string, CompanyEconomics>;
}

let world: SupplyChainWorld | undefined;

/** The world's supply chain, built on first use (it depends on nothing but the seed). */
export function simulatedSupplyChain(): SupplyChainWorld {
  world ??= buildSupplyChain();
  return world;
}

/**
 * The chain as known at the clock: the relations begun by its New York date (and the unlisted
 * companies they name), filtered once per date and kept until the date changes.
 */
export function createSimulatedSupplyChain(clock: Clock): SupplyChainSource {
  let view: { day: DayNumber; relations: SupplyRelation[]; unlisted: UnlistedCompany[] } | null =
    null;
  const today = () => {
    const day = nyWallClock(clock.now().getTime()).day;
    if (view?.day !== day) view = { day, ...viewOn(simulatedSupplyChain(), day) };
    return view;
  };
  return {
    unlistedCompanies: async () => today().unlisted,
    relations: async () => today().relations,
  };
}

/** The relations in force on `day` and the unlisted companies they name. */
function viewOn(chain: SupplyChainWorld, day: DayNumber) {
  const today = isoDate(day);
  const relations = chain.relations.filter((relation) => relation.since <= today);
  const named = new Set(relations.flatMap((r) => [r.supplierId, r.customerId]));
  const unlisted = chain.unlisted.filter((company) => named.has(company.companyId));
  return { relations, unlisted };
}

interface Company {
  id: string;
  industry: string;
  listed: boolean;
  /** Known up front for listed companies; derived or drawn for unlisted ones. */
  revenueUsd: number | null;
}

interface Draft {
  rule: SupplyRule;
  supplierId: string;
  customerId: string;
  costShare: number;
  revenueShare: number;
}

/** Builds the whole chain from the rules: pure, the same on every call. */
export function buildSupplyChain(): SupplyChainWorld {
  const companies = companyDirectory();
  const drafts = drawRelations(companies);
  capShares(
    drafts,
    (d) => d.customerId,
    (d) => d.costShare,
    MAX_CUSTOMER_COST_SHARE,
  );
  const economics = economicsOf(companies, drafts);
  for (const draft of drafts) {
    const customer = economics.get(draft.customerId) as CompanyEconomics;
    const supplier = economics.get(draft.supplierId) as CompanyEconomics;
    draft.revenueShare = (draft.costShare * customer.costOfRevenueUsd) / supplier.revenueUsd;
  }
  capShares(
    drafts,
    (d) => d.supplierId,
    (d) => d.revenueShare,
    MAX_SUPPLIER_REVENUE_SHARE,
  );
  drafts.sort(
    (a, b) => compareIds(a.supplierId, b.supplierId) || compareIds(a.customerId, b.customerId),
  );
  const relations = drafts.map((draft) =>
    Object.freeze<SupplyRelation>({
      supplierId: draft.supplierId,
      customerId: draft.customerId,
      product: draft.rule.product,
      customerCostShare: fourDigits(draft.costShare),
      supplierRevenueShare: fourDigits(draft.revenueShare),
      since: isoDate(sinceDayOf(draft)),
      source: "simulated",
    }),
  );
  const named = new Set(relations.flatMap((r) => [r.supplierId, r.customerId]));
  const unlisted = UNLISTED_COMPANIES.filter((c) => named.has(c.companyId)).map(
    ({ companyId, name, country, industry, sector }): UnlistedCompany =>
      Object.freeze({ companyId, name, country, industry, sector }),
  );
  return { unlisted, relations, economics };
}

function companyDirectory(): Map<string, Company> {
  const companies = new Map<string, Company>();
  for (const stock of STOCKS) {
    if (stock.type !== "Stock") continue;
    const revenueUsd = 4 * stock.sharesOutstanding * stock.price * QUARTERLY_REVENUE_PER_CAP;
    companies.set(stock.symbol, {
      id: stock.symbol,
      industry: stock.industry,
      listed: true,
      revenueUsd,
    });
  }
  for (const company of UNLISTED_COMPANIES) {
    const { companyId: id, industry } = company;
    companies.set(id, { id, industry, listed: false, revenueUsd: null });
  }
  for (const company of companies.values()) marginOf(company.industry);
  return companies;
}

function marginOf(industry: string): number {
  const margin = GROSS_MARGIN[industry];
  if (margin === undefined) throw new Error(`supply rules: no gross margin for ${industry}`);
  return margin;
}

/**
 * Every rule's relations, in rule order: each customer buys from `perCustomer` of the rule's
 * suppliers (the highest draws), then each supplier left without a customer sells to its
 * best-drawn one. A pair seen before (in either direction) or a self-loop is skipped.
 */
function drawRelations(companies: ReadonlyMap<string, Company>): Draft[] {
  const drafts: Draft[] = [];
  const pairs = new Set<string>();
  const add = (rule: SupplyRule, supplierId: string, customerId: string) => {
    if (supplierId === customerId) return;
    if (pairs.has(`${supplierId}>${customerId}`) || pairs.has(`${customerId}>${supplierId}`))
      return;
    const supplier = companies.get(supplierId);
    const customer = companies.get(customerId);
    if (!supplier || !customer) throw new Error(`supply rule ${rule.id}: unknown company`);
    if (!supplier.listed && !customer.listed)
      throw new Error(`supply rule ${rule.id}: both ${supplierId} and ${customerId} unlisted`);
    pairs.add(`${supplierId}>${customerId}`);
    const [min, max] = rule.costShare;
    const costShare = min + (max - min) * pairDraw(`share:${rule.id}`, supplierId, customerId);
    drafts.push({ rule, supplierId, customerId, costShare, revenueShare: 0 });
  };
  for (const rule of SUPPLY_RULES) {
    const served = new Set<string>();
    for (const customerId of rule.customers) {
      const picks = byDraw(rule.suppliers, (s) => pairDraw(`pick:${rule.id}`, s, customerId));
      for (const supplierId of picks.slice(0, rule.perCustomer ?? picks.length)) {
        add(rule, supplierId, customerId);
        served.add(supplierId);
      }
    }
    for (const supplierId of rule.suppliers) {
      if (served.has(supplierId)) continue;
      const [customerId] = byDraw(rule.customers, (c) =>
        pairDraw(`pick:${rule.id}`, supplierId, c),
      );
      if (customerId) add(rule, supplierId, customerId);
    }
  }
  return drafts;
}

/**
 * Annual revenue and cost of revenue of every company: listed ones first, since an unlisted
 * supplier's revenue derives from its sales to them.
 */
function economicsOf(companies: ReadonlyMap<string, Company>, drafts: readonly Draft[]) {
  const economics = new Map<string, CompanyEconomics>();
  const set = (company: Company, revenueUsd: number) =>
    economics.set(company.id, {
      revenueUsd,
      costOfRevenueUsd: revenueUsd * (1 - marginOf(company.industry)),
    });
  for (const company of companies.values()) {
    if (company.revenueUsd !== null) set(company, company.revenueUsd);
  }
  // An unlisted supplier sells only to listed customers (the build refuses unlisted pairs).
  const salesUsd = new Map<string, number>();
  for (const draft of drafts) {
    if (companies.get(draft.supplierId)?.listed) continue;
    const customer = economics.get(draft.customerId) as CompanyEconomics;
    const sale = draft.costShare * customer.costOfRevenueUsd;
    salesUsd.set(draft.supplierId, (salesUsd.get(draft.supplierId) ?? 0) + sale);
  }
  for (const company of companies.values()) {
    if (company.listed) continue;
    const sales = salesUsd.get(company.id);
    const u = uniform(seedOf(`supply-revenue:${company.id}`), 0);
    // Sellers: the universe's companies are 30-75 % of their revenue. Buyers only: $3-40 bn.
    const revenueUsd = sales !== undefined ? sales / (0.3 + 0.45 * u) : 3e9 * (40 / 3) ** u;
    set(company, revenueUsd);
  }
  return economics;
}

/** Scales down both shares of every relation of a company whose `share`s exceed `cap` in total. */
function capShares(
  drafts: readonly Draft[],
  companyOf: (draft: Draft) => string,
  share: (draft: Draft) => number,
  cap: number,
) {
  const totals = new Map<string, number>();
  for (const draft of drafts)
    totals.set(companyOf(draft), (totals.get(companyOf(draft)) ?? 0) + share(draft));
  for (const draft of drafts) {
    const total = totals.get(companyOf(draft)) as number;
    if (total <= cap * CAP_MARGIN) continue;
    const factor = (cap * CAP_MARGIN) / total;
    draft.costShare *= factor;
    draft.revenueShare *= factor;
  }
}

/**
 * A uniform first day up to SUPPLY_SINCE_LAST_DAY, from the latest of 2008-01-01, the product's
 * first year and both companies' first years.
 */
function sinceDayOf(draft: Draft): DayNumber {
  const years = [
    draft.rule.fromYear,
    IN_BUSINESS_FROM[draft.supplierId],
    IN_BUSINESS_FROM[draft.customerId],
  ];
  const first = Math.max(SUPPLY_SINCE_FIRST_DAY, ...years.map((y) => (y ? dayNumber(y, 1, 1) : 0)));
  const u = pairDraw("since", draft.supplierId, draft.customerId);
  return first + Math.floor(u * (SUPPLY_SINCE_LAST_DAY - first + 1));
}

/** A uniform (0, 1) draw for a purpose and an ordered pair of companies. */
function pairDraw(purpose: string, supplierId: string, customerId: string): number {
  return uniform(seedOf(`supply-${purpose}:${supplierId}>${customerId}`), 0);
}

/** The ids, highest draw first. */
function byDraw(ids: readonly string[], drawOf: (id: string) => number): string[] {
  return ids
    .map((id) => ({ id, u: drawOf(id) }))
    .sort((a, b) => b.u - a.u)
    .map((entry) => entry.id);
}

/** Code-unit order: tickers (upper case) before unlisted slugs, the same in every locale. */
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function fourDigits(share: number): number {
  return Number(share.toPrecision(4));
}
