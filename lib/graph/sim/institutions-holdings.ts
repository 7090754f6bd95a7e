import { normal, seedOf, uniform } from "../../market/random";
import type { UniverseStock } from "../../market/sim/universe";
import { INSTITUTIONS, KIND_BEHAVIOUR, type SimulatedInstitution } from "./institutions-cast";

/**
 * Quarter-end share counts of every simulated filer in one company, quarter by quarter. The
 * model, per company:
 *
 * - Institutions together aim at a share T of the shares outstanding: 64-76 % for the largest
 *   companies, 64-80 % for large ones, 55-70 % for mid caps, 35-50 % for small ones; less where
 *   founders and families hold a block (T × (1 − founders' share)) or retail investors crowd in;
 *   T grows by 6 % of itself from 2012 to 2027 (institutions' share of equities rising).
 * - Index funds hold their share of the float (1 − founders' share) times a near-1 inclusion
 *   factor: close to cap-weight, ± 0.3 % a quarter, their share growing 1.5 % a year.
 * - Active filers share the rest A = T − index: each (filer, company) pair holds or not (a
 *   Markov chain: sold out at the kind's close rate, opened at the rate that keeps the kind's
 *   share of names held), sized A × the filer's weight × a drawn affinity (more in the sectors
 *   it leans to) / the company's Σ (share held × weight × affinity), bent smoothly under the
 *   kind's largest position (2-9 % of the shares outstanding); a new position starts at 35-75 %
 *   of its size and builds; a held one drifts (log size mean-reverting, the kind's
 *   volatility), or is left unchanged at the kind's rate. Totals are pulled back to T: the
 *   previous quarter's gap to T tilts opening, closing and sizing.
 * - Hard cap: institutions never hold more than min(97 %, float − 1 %) of the shares
 *   outstanding; above it, active positions are scaled down (rounded down).
 *
 * Deterministic from names (draws keyed by symbol, filer and quarter) and causal: a quarter
 * depends only on the quarters before. Share counts do not depend on prices (values do: the
 * source multiplies by the quarter-end close). The chain starts in 2012 Q1, three years before
 * the record, so 2015's books are already in their steady state.
 */

/** The chain's first quarter: 2012 Q1 (quarter indices count from 2015 Q1 = 0). */
const CHAIN_START = -12;
/** How strongly the previous quarter's gap to the target pulls sizes and trades back. */
const GAP_PULL = 1;
/** Log-size mean reversion per quarter (1 = a random walk). */
const SIZE_PERSISTENCE = 0.7;
/** Index funds' share grows this much a year (relative). */
const INDEX_GROWTH_PER_YEAR = 0.015;
/** Quarterly noise of index funds' holdings (creations, redemptions, index changes). */
const INDEX_NOISE = 0.003;

/**
 * Founders', families' and strategic owners' share of the shares outstanding (approximate public
 * figures): institutions hold the rest. Simulation parameters only; no trades are attached.
 */
export const FOUNDER_HELD: Readonly<Record<string, number>> = {
  WMT: 0.45,
  DELL: 0.42,
  ORCL: 0.41,
  CVNA: 0.3,
  ABNB: 0.22,
  RIVN: 0.2,
  COIN: 0.18,
  "BRK.B": 0.16,
  TSLA: 0.13,
  META: 0.13,
  GOOGL: 0.12,
  HOOD: 0.12,
  NKE: 0.12,
  SMCI: 0.12,
  ROKU: 0.1,
  AMZN: 0.09,
  MSTR: 0.09,
  LULU: 0.08,
  UPST: 0.08,
  PLTR: 0.06,
  CRWD: 0.05,
  DKNG: 0.05,
  SNOW: 0.04,
  NVDA: 0.035,
  F: 0.02,
};

/** Companies with a large retail following: institutions hold this fraction of the usual. */
const RETAIL_HEAVY: Readonly<Record<string, number>> = {
  AMC: 0.5,
  GME: 0.6,
  TSLA: 0.75,
  PLTR: 0.75,
  SOFI: 0.75,
  RIVN: 0.8,
  MSTR: 0.8,
  HOOD: 0.85,
  UPST: 0.85,
  COIN: 0.9,
};

const ACTIVE = INSTITUTIONS.filter((institution) => institution.kind !== "index-fund");
const INDEX = INSTITUTIONS.filter((institution) => institution.kind === "index-fund");

function behaviourOf(institution: SimulatedInstitution) {
  return KIND_BEHAVIOUR[institution.kind as keyof typeof KIND_BEHAVIOUR];
}

/** What the chain needs of a company, fixed for its life. */
interface CompanyProfile {
  sharesOutstanding: number;
  /** Shares not held by founders, 0-1. */
  float: number;
  /** Institutions' target share of the shares outstanding in 2027, 0-1. */
  target: number;
  /** Hard cap on institutions' total, shares. */
  capShares: number;
}

function profileOf(stock: UniverseStock): CompanyProfile {
  const float = 1 - (FOUNDER_HELD[stock.symbol] ?? 0);
  const capUsd = stock.sharesOutstanding * stock.price;
  const u = uniform(seedOf(`13f-target:${stock.symbol}`), 0);
  const usual =
    capUsd >= 2e11
      ? 0.64 + 0.12 * u
      : capUsd >= 2e10
        ? 0.64 + 0.16 * u
        : capUsd >= 5e9
          ? 0.55 + 0.15 * u
          : 0.35 + 0.15 * u;
  const target = usual * (RETAIL_HEAVY[stock.symbol] ?? 1) * float;
  const capShares = Math.floor(stock.sharesOutstanding * Math.min(0.97, float - 0.01));
  return { sharesOutstanding: stock.sharesOutstanding, float, target, capShares };
}

/** One active (filer, company) pair's fixed traits. */
interface Pair {
  seed: number;
  /** Size multiplier, mean about 1. */
  affinity: number;
  /** Stationary probability of holding. */
  holdShare: number;
}

function pairOf(stock: UniverseStock, institution: SimulatedInstitution): Pair {
  const seed = seedOf(`13f:${stock.symbol}:${institution.cik}`);
  const { affinitySpread, holdShare } = behaviourOf(institution);
  const leaning =
    institution.tilt.length === 0 ? 1 : institution.tilt.includes(stock.sector) ? 1.4 : 0.85;
  const affinity =
    Math.exp(affinitySpread * normal(seed, 0, 7) - (affinitySpread * affinitySpread) / 2) * leaning;
  return { seed, affinity, holdShare: Math.min(0.97, holdShare * leaning) };
}

/** A company's quarter-end holdings: `sharesAt(q)[i]` is INSTITUTIONS[i]'s shares (0: none). */
export class CompanyHoldings {
  private readonly profile: CompanyProfile;
  private readonly pairs: Pair[];
  /** Σ share of names held × weight × affinity over the active filers: sizes' normaliser. */
  private readonly activeWeight: number;
  private readonly inclusion: number[];
  /** Rows from CHAIN_START, each in INSTITUTIONS' order. */
  private readonly rows: Float64Array[] = [];
  /** Active pairs' log sizes after the last row (index as in ACTIVE). */
  private readonly logSizes: Float64Array;

  constructor(private readonly stock: UniverseStock) {
    this.profile = profileOf(stock);
    this.pairs = ACTIVE.map((institution) => pairOf(stock, institution));
    this.activeWeight = this.pairs.reduce(
      (total, pair, a) =>
        total + pair.holdShare * (ACTIVE[a] as SimulatedInstitution).weight * pair.affinity,
      0,
    );
    this.inclusion = INDEX.map(
      (institution) => 0.95 + 0.05 * uniform(seedOf(`13f:${stock.symbol}:${institution.cik}`), 0),
    );
    this.logSizes = new Float64Array(ACTIVE.length);
  }

  get sharesOutstanding(): number {
    return this.profile.sharesOutstanding;
  }

  /** Every filer's shares at the end of quarter `index` (≥ 2012 Q1), in INSTITUTIONS' order. */
  sharesAt(index: number): Float64Array {
    if (index < CHAIN_START) throw new RangeError(`no holdings before 2012 (quarter ${index})`);
    while (this.rows.length <= index - CHAIN_START) this.step(CHAIN_START + this.rows.length);
    return this.rows[index - CHAIN_START] as Float64Array;
  }

  /** Appends quarter `index`'s row from the one before. */
  private step(index: number): void {
    const { sharesOutstanding, float, capShares } = this.profile;
    const previous = this.rows.at(-1);
    const target = this.targetAt(index);
    const previousTotal = previous ? sum(previous) : target * sharesOutstanding;
    const gap = clamp((target - previousTotal / sharesOutstanding) / target, -1, 1);

    const row = new Float64Array(INSTITUTIONS.length);
    const years = (index + 0.5) / 4;
    let indexShare = 0;
    INDEX.forEach((institution, i) => {
      const seed = seedOf(`13f:${this.stock.symbol}:${institution.cik}`);
      const share =
        float *
        institution.weight *
        (1 + INDEX_GROWTH_PER_YEAR * years) *
        (this.inclusion[i] as number) *
        (1 + INDEX_NOISE * normal(seed, index + 100, 5));
      indexShare += share;
      row[i] = Math.round(sharesOutstanding * share);
    });

    const activeTarget = Math.max(0.02, target - indexShare);
    ACTIVE.forEach((institution, a) => {
      const held = previous ? (previous[INDEX.length + a] as number) : 0;
      row[INDEX.length + a] = this.activeShares(institution, a, index, held, activeTarget, gap);
    });
    capActive(row, capShares);
    this.rows.push(row);
  }

  /** Institutions' target share at a quarter: T, growing by 6 % of itself over 2012-2027. */
  private targetAt(index: number): number {
    const progress = clamp((index - CHAIN_START) / 60, 0, 1);
    return this.profile.target * (0.94 + 0.06 * progress);
  }

  /** One active filer's shares at quarter `index`, given its shares the quarter before. */
  private activeShares(
    institution: SimulatedInstitution,
    a: number,
    index: number,
    heldBefore: number,
    activeTarget: number,
    gap: number,
  ): number {
    const pair = this.pairs[a] as Pair;
    const behaviour = behaviourOf(institution);
    const share = (activeTarget * institution.weight * pair.affinity) / this.activeWeight;
    const fullSize = Math.min(share, behaviour.maxShare) * this.profile.sharesOutstanding;
    const draw = (lane: number) => uniform(pair.seed, index + 100, lane);
    const closeRate = clamp(behaviour.closeRate * (1 - GAP_PULL * gap), 0, 0.9);
    if (heldBefore === 0) {
      const openRate = (pair.holdShare * behaviour.closeRate) / (1 - pair.holdShare);
      if (draw(0) >= clamp(openRate * (1 + GAP_PULL * gap), 0, 0.9)) return 0;
      const start = 0.35 + 0.4 * draw(3);
      this.logSizes[a] = Math.log(start);
      return this.sized(fullSize * start, behaviour.maxShare);
    }
    if (draw(0) < closeRate) return 0;
    if (draw(1) < behaviour.unchangedRate) {
      this.logSizes[a] = Math.log(heldBefore / fullSize);
      return heldBefore;
    }
    const logSize =
      SIZE_PERSISTENCE * (this.logSizes[a] as number) +
      behaviour.sizeVolatility * normal(pair.seed, index + 100, 2) +
      GAP_PULL * gap;
    this.logSizes[a] = logSize;
    return this.sized(fullSize * Math.exp(logSize), behaviour.maxShare);
  }

  /**
   * Whole shares, at least 1, below the kind's largest position: r / (1 + (r / largest)⁴)^¼
   * leaves small positions as they are and bends large ones smoothly under the limit.
   */
  private sized(shares: number, maxShare: number): number {
    const largest = maxShare * this.profile.sharesOutstanding;
    const bent = shares / (1 + (shares / largest) ** 4) ** 0.25;
    return Math.max(1, Math.round(bent));
  }
}

/** Scales active positions down (rounding down) so that the row's total stays within the cap. */
function capActive(row: Float64Array, capShares: number): void {
  const total = sum(row);
  if (total <= capShares) return;
  let indexTotal = 0;
  for (let i = 0; i < INDEX.length; i++) indexTotal += row[i] as number;
  const scale = Math.max(0, capShares - indexTotal) / (total - indexTotal);
  for (let i = INDEX.length; i < row.length; i++) row[i] = Math.floor((row[i] as number) * scale);
}

function sum(values: Float64Array): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
