import type { DayNumber } from "../civil-date";
import { normal, seedOf, uniform } from "../random";

/**
 * The common factors of the simulated market: the shocks every instrument's returns are built
 * from (see exposures.ts for who loads on which, price-engine.ts for how). A factor's daily
 * shock is a pure function of (factor, day), and its minute shocks (drawn by the price engine
 * from factorSeed) of (factor, epoch minute), so every instrument that loads on the market sees
 * the same sell-off on the same day and at the same minute.
 *
 * Shocks are in units of one annualised volatility: an instrument with loading 0.16 on the
 * market gets 0.16 × shock, whose standard deviation over a year is 16 %. Volatility comes in
 * regimes of 15 days (calm, normal, stressed), shared by every factor that names the same
 * regime stream: the market's regime drives the market, size, international and basket
 * factors, so a stressed month is stressed for all stocks at once; each sector has its own
 * (sector rotation), as do crypto, rates, commodities, metals and currencies.
 */

/** The calendar a factor's days count in: exchange (NYSE trading days) or crypto (every UTC day). */
export type FactorCalendar = "exchange" | "crypto";

export interface FactorLoading {
  /** A factor id: "market", "sector:<GICS sector>", "size", "basket:<index>", "crypto", ... */
  factor: string;
  /** Annualised volatility the factor contributes, decimal (negative for an inverse exposure). */
  volatility: number;
}

interface FactorSpec {
  calendar: FactorCalendar;
  /** The regime stream (factors naming the same one are calm and stressed together). */
  regime: string;
  /** Share of days with a jump, and whether jumps are mostly down (market crashes). */
  jumpProbability: number;
  crashBias: boolean;
}

/** Jump size, in standard deviations of the day's diffusion. */
const JUMP_SIZE = 4;

/** Non-market factors whose regimes are their own (commodities, rates, currencies, crypto). */
const OWN_REGIME_FACTORS: Record<string, FactorSpec> = {
  crypto: { calendar: "crypto", regime: "crypto", jumpProbability: 0.01, crashBias: true },
  rates: { calendar: "exchange", regime: "rates", jumpProbability: 0.004, crashBias: false },
  oil: { calendar: "exchange", regime: "commodities", jumpProbability: 0.01, crashBias: false },
  gas: { calendar: "exchange", regime: "commodities", jumpProbability: 0.01, crashBias: false },
  metals: { calendar: "exchange", regime: "metals", jumpProbability: 0.004, crashBias: false },
  fx: { calendar: "exchange", regime: "fx", jumpProbability: 0.002, crashBias: false },
};

const MARKET: FactorSpec = {
  calendar: "exchange",
  regime: "market",
  jumpProbability: 0.006,
  crashBias: true,
};
/** Size, international and basket factors: market regimes, no jumps of their own. */
const MARKET_REGIME: FactorSpec = { ...MARKET, jumpProbability: 0, crashBias: false };

const sectorSpecs = new Map<string, FactorSpec>();

function factorSpec(factor: string): FactorSpec {
  if (factor === "market") return MARKET;
  const own = OWN_REGIME_FACTORS[factor];
  if (own) return own;
  if (!factor.startsWith("sector:")) return MARKET_REGIME;
  // Sectors rotate: each has its own calm and busy spells (the market's cover the sell-offs).
  let spec = sectorSpecs.get(factor);
  if (!spec) {
    spec = { ...MARKET_REGIME, regime: factor };
    sectorSpecs.set(factor, spec);
  }
  return spec;
}

/** Days per year of a calendar: a shock's variance per day is 1 / this (annualised units). */
function daysPerYear(calendar: FactorCalendar): number {
  return calendar === "crypto" ? 365 : 252;
}

/**
 * Regime volatility multipliers (calm, normal, stressed: 0.7, 1, 1.7 in proportion), with
 * probabilities 35 %, 50 % and 15 %, divided by their root mean square so that a regime-switching
 * stream keeps the variance of its stated volatility on average.
 */
const REGIME_RMS = Math.sqrt(0.35 * 0.7 ** 2 + 0.5 * 1 + 0.15 * 1.7 ** 2);
const CALM = 0.7 / REGIME_RMS;
const NORMAL = 1 / REGIME_RMS;
const STRESSED = 1.7 / REGIME_RMS;

/** The regime multiplier of a stream on a day (15-day regimes). */
export function regimeScale(streamSeed: number, day: DayNumber): number {
  const draw = uniform(streamSeed, Math.floor(day / 15), 90);
  return draw < 0.35 ? CALM : draw < 0.85 ? NORMAL : STRESSED;
}

/** Share of a crash-biased factor's jumps that are down. */
const CRASH_SHARE = 0.8;

/**
 * A unit-variance, zero-mean daily draw with rare jumps: normal diffusion plus, with
 * `jumpProbability`, a jump of JUMP_SIZE standard deviations (down 80 % of the time with
 * `crashBias`, the expected jump taken out every day so crashes do not drag the drift), scaled
 * so the total variance stays about 1.
 */
export function jumpyNormal(
  seed: number,
  day: DayNumber,
  jumpProbability: number,
  crashBias: boolean,
): number {
  const diffusion = normal(seed, day, 0);
  if (jumpProbability === 0) return diffusion;
  const scale = 1 / Math.sqrt(1 + jumpProbability * JUMP_SIZE * JUMP_SIZE);
  const expectedJump = crashBias
    ? jumpProbability * JUMP_SIZE * (1 - 2 * CRASH_SHARE) * MEAN_ABS_NORMAL
    : 0;
  if (uniform(seed, day, 91) >= jumpProbability) return (diffusion - expectedJump) * scale;
  const size = normal(seed, day, 46);
  const jump = crashBias ? -Math.abs(size) * (uniform(seed, day, 47) < CRASH_SHARE ? 1 : -1) : size;
  return (diffusion + JUMP_SIZE * jump - expectedJump) * scale;
}

/** E|Z| of a standard normal. */
const MEAN_ABS_NORMAL = Math.sqrt(2 / Math.PI);

/**
 * A factor resolved once: its streams, and its daily shocks as they are asked for (every
 * instrument that loads on it reads the same numbers, so each is drawn once).
 */
export class Factor {
  readonly seed: number;
  readonly calendar: FactorCalendar;
  private readonly spec: FactorSpec;
  private readonly regimeSeed: number;
  private readonly shocks = new Map<DayNumber, number>();
  private readonly perDay: number;

  constructor(readonly name: string) {
    this.spec = factorSpec(name);
    this.calendar = this.spec.calendar;
    this.seed = seedOf(`factor:${name}`);
    this.regimeSeed = seedOf(`regime:${this.spec.regime}`);
    this.perDay = 1 / Math.sqrt(daysPerYear(this.calendar));
  }

  /** The regime multiplier on a day of the factor's calendar. */
  regime(day: DayNumber): number {
    return regimeScale(this.regimeSeed, day);
  }

  /**
   * The shock on a day of the factor's calendar, in annualised units: its standard deviation
   * is the regime multiplier / √(days per year).
   */
  shock(day: DayNumber): number {
    let value = this.shocks.get(day);
    if (value === undefined) {
      const draw = jumpyNormal(this.seed, day, this.spec.jumpProbability, this.spec.crashBias);
      value = this.regime(day) * draw * this.perDay;
      this.shocks.set(day, value);
    }
    return value;
  }
}

const factors = new Map<string, Factor>();

/** The factor of a name (one object per name). */
export function factorNamed(name: string): Factor {
  let factor = factors.get(name);
  if (!factor) {
    factor = new Factor(name);
    factors.set(name, factor);
  }
  return factor;
}

/** Forgets every factor and its drawn shocks (tests of determinism, cold benchmarks). */
export function clearFactorCaches(): void {
  factors.clear();
}
