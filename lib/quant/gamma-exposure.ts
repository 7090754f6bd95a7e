/**
 * Dealer gamma exposure (GEX) of open option positions under Black-Scholes: the dollar change in
 * the dealers' delta for a 1 % move of the underlying,
 *
 *   GEX = sign × Γ × OI × multiplier × S² × 0.01,
 *
 * Γ = φ(d₁)/(S σ √T) per share, OI open contracts, sign +1 where dealers are long the contracts
 * and −1 where they are short. Positive: dealers hedge against the move (sell rallies, buy dips),
 * damping it; negative: they hedge with it, amplifying it. The zero-gamma level is the spot at
 * which the total changes sign, found by re-pricing every contract's gamma over a sweep of spots
 * (each keeping its own volatility and time: sticky strike) and bisecting the bracketing step.
 */

const ONE_OVER_SQRT_TWO_PI = 1 / Math.sqrt(2 * Math.PI);
/** Dollar gamma per 1 % move: ΔS = 0.01 S, so ΔDelta·S = Γ S² × 0.01. */
const ONE_PERCENT = 0.01;

/** One open position of one contract. */
export interface GammaPosition {
  strike: number;
  /** Years to expiry (calendar days / 365), > 0. */
  years: number;
  /** Implied volatility, decimal. */
  sigma: number;
  /** Open contracts. */
  openInterest: number;
  /** +1: dealers long the contracts; −1: dealers short. */
  sign: 1 | -1;
  /** Shares per contract (100 for US equity options). */
  multiplier: number;
}

/** Per-position constants of the gamma sweep: GEX(S) = weight · S · exp(−d₁²/2). */
interface PreparedPosition {
  logStrike: number;
  sigmaRootT: number;
  drift: number;
  weight: number;
}

function prepare(position: GammaPosition, rate: number): PreparedPosition | undefined {
  const sigmaRootT = position.sigma * Math.sqrt(position.years);
  if (!(sigmaRootT > 0) || position.openInterest === 0) return undefined;
  return {
    logStrike: Math.log(position.strike),
    sigmaRootT,
    drift: rate * position.years,
    // Γ S² = φ(d₁) S / (σ√T): the spot's square cancels one S of Γ's denominator.
    weight:
      (position.sign *
        position.openInterest *
        position.multiplier *
        ONE_PERCENT *
        ONE_OVER_SQRT_TWO_PI) /
      sigmaRootT,
  };
}

/** GEX of one position at `spot`, USD per 1 % move (rate decimal). */
export function positionGammaExposure(position: GammaPosition, spot: number, rate: number): number {
  const prepared = prepare(position, rate);
  return prepared ? exposureAt(prepared, spot, Math.log(spot)) : 0;
}

function exposureAt(position: PreparedPosition, spot: number, logSpot: number): number {
  const d1 =
    (logSpot - position.logStrike + position.drift) / position.sigmaRootT +
    0.5 * position.sigmaRootT;
  return position.weight * spot * Math.exp(-0.5 * d1 * d1);
}

/** A set of positions ready for repeated re-pricing of their total. */
export interface GammaBook {
  /** Total GEX at `spot`, USD per 1 % move. */
  totalAt(spot: number): number;
}

/**
 * Positions of the same strike, time and volatility share one gamma curve: they are merged into
 * one weight (a call and a put of one strike, on a source that quotes both at one volatility),
 * which halves the work of every re-pricing.
 */
function merged(positions: readonly PreparedPosition[]): PreparedPosition[] {
  const byCurve = new Map<string, PreparedPosition>();
  for (const position of positions) {
    const key = `${position.logStrike}|${position.sigmaRootT}|${position.drift}`;
    const same = byCurve.get(key);
    if (same) same.weight += position.weight;
    else byCurve.set(key, { ...position });
  }
  return [...byCurve.values()].filter((position) => position.weight !== 0);
}

export function gammaBook(positions: readonly GammaPosition[], rate: number): GammaBook {
  const prepared = merged(
    positions
      .map((position) => prepare(position, rate))
      .filter((position): position is PreparedPosition => position !== undefined),
  );
  return {
    totalAt(spot) {
      const logSpot = Math.log(spot);
      let total = 0;
      for (const position of prepared) total += exposureAt(position, spot, logSpot);
      return total;
    },
  };
}

/** The spot sweep: `steps` + 1 spots from spot × (1 − halfWidth) to spot × (1 + halfWidth). */
export interface SweepSpec {
  /** Fraction of the spot either side, e.g. 0.2 for ±20 %. */
  halfWidth: number;
  steps: number;
}

export interface GammaSweep {
  /** The swept spots and the total GEX at each, ascending by spot. */
  profile: { spot: number; totalGammaExposure: number }[];
  /**
   * The spot nearest the current one at which the total changes sign (bisected within the
   * bracketing step to a millionth of the spot); undefined when it keeps one sign over the sweep.
   */
  zeroGammaLevel: number | undefined;
}

/** The bisection stops once the bracket is this fraction of the spot (0.0002 USD at 200). */
const RELATIVE_TOLERANCE = 1e-6;

/** Bisects a sign change of `f` on [low, high] (f(low) and f(high) of opposite signs). */
function bisect(f: (x: number) => number, low: number, high: number): number {
  let fLow = f(low);
  while (high - low > RELATIVE_TOLERANCE * high) {
    const middle = 0.5 * (low + high);
    const value = f(middle);
    if (value === 0) return middle;
    if (value < 0 === fLow < 0) {
      low = middle;
      fLow = value;
    } else {
      high = middle;
    }
  }
  return 0.5 * (low + high);
}

/** The total GEX over a spot sweep and the zero-gamma level nearest `spot`. */
export function gammaSweep(book: GammaBook, spot: number, sweep: SweepSpec): GammaSweep {
  const profile = Array.from({ length: sweep.steps + 1 }, (_, i) => {
    const at = spot * (1 - sweep.halfWidth + (2 * sweep.halfWidth * i) / sweep.steps);
    return { spot: at, totalGammaExposure: book.totalAt(at) };
  });
  let best: number | undefined;
  for (let i = 0; i + 1 < profile.length; i++) {
    const left = profile[i] as (typeof profile)[number];
    const right = profile[i + 1] as (typeof profile)[number];
    const a = left.totalGammaExposure;
    const b = right.totalGammaExposure;
    if (a !== 0 && a < 0 === b < 0) continue;
    const level = a === 0 ? left.spot : bisect((s) => book.totalAt(s), left.spot, right.spot);
    if (best === undefined || Math.abs(level - spot) < Math.abs(best - spot)) best = level;
  }
  return { profile, zeroGammaLevel: best };
}
