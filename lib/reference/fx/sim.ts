import type { Clock } from "../../deps";
import { type DayNumber, dayNumber, isoDate } from "../../market/civil-date";
import { roundDecimals } from "../../market/precision";
import { normal, seedOf } from "../../market/random";
import { FIRST_REFERENCE_DATE, type FxDay, type FxRateSource } from "./ports";
import { dayOf, isPublished, isTargetBusinessDay, lastPublishedDay } from "./publication";

/**
 * Simulated euro reference rates (FX_PROVIDER=sim): the ECB's 30 currencies of late 2025, each a
 * deterministic daily series from the seed and the clock, published like the ECB's on TARGET
 * business days at 16:00 CET and never before.
 *
 * Model, per currency X (E_X = units of X per euro): on each TARGET business day the log rate
 * moves by β_X · r_USD + s_X · z_X, where r_USD is EUR/USD's own move (σ_USD / √260 · z_USD),
 * z are standard normal draws hashed from (currency, day), β_X the currency's link to the dollar
 * (most Asian and emerging currencies trade against USD), and s_X the residual so that the total
 * annual volatility is the currency's σ_X (5-12 %). The walk passes exactly through the anchor
 * level on ANCHOR_DATE (approximate ECB reference rates of late November 2025), extends back to
 * 1999-01-04 and forward to the clock. TRY adds a steady depreciation (DRIFT). Special cases:
 * HKD follows USD through its peg (7.80 HKD per USD, within the 7.75-7.85 band), DKK stays within
 * ±0.3 % of its ERM II central rate (7.46038), and BGN is fixed at 1.95583 (currency board; shown
 * as 1.9558, as the ECB did) and published until 2025-12-31: Bulgaria adopted the euro on
 * 2026-01-01. Rates are rounded to the decimals the ECB uses for each currency.
 * For simulation only: the levels are approximate and the paths invented.
 */

interface SimCurrency {
  /** Units per EUR on ANCHOR_DATE. */
  level: number;
  /** Annual volatility of the EUR rate, percent. */
  volPercent: number;
  /** Share of EUR/USD's move the rate takes (0: none). */
  usdBeta: number;
  /** Decimals the ECB publishes. */
  decimals: number;
  /** Steady log drift per year (TRY's depreciation), 0 unless stated. */
  driftPerYear?: number;
}

export const ANCHOR_DATE = "2025-11-28";
const ANCHOR_DAY = dayOf(ANCHOR_DATE) as DayNumber;
const START_DAY = dayOf(FIRST_REFERENCE_DATE) as DayNumber;
const TRADING_DAYS_PER_YEAR = 260;
const SEED = seedOf("reference-fx-v1");

const USD_VOL_PERCENT = 7.5;

/** Approximate ECB reference rates, late November 2025; volatilities and dollar links assumed. */
export const SIM_CURRENCIES: Readonly<Record<string, SimCurrency>> = {
  USD: { level: 1.159, volPercent: USD_VOL_PERCENT, usdBeta: 1, decimals: 4 },
  JPY: { level: 181.0, volPercent: 10, usdBeta: 0.6, decimals: 2 },
  CZK: { level: 24.15, volPercent: 5, usdBeta: 0.2, decimals: 3 },
  GBP: { level: 0.876, volPercent: 6, usdBeta: 0.3, decimals: 5 },
  HUF: { level: 382.5, volPercent: 7, usdBeta: 0.2, decimals: 2 },
  PLN: { level: 4.23, volPercent: 5, usdBeta: 0.2, decimals: 4 },
  RON: { level: 5.09, volPercent: 5, usdBeta: 0.1, decimals: 4 },
  SEK: { level: 10.95, volPercent: 6.5, usdBeta: 0.2, decimals: 4 },
  CHF: { level: 0.933, volPercent: 6, usdBeta: 0.3, decimals: 4 },
  ISK: { level: 147.5, volPercent: 7, usdBeta: 0.2, decimals: 2 },
  NOK: { level: 11.75, volPercent: 8, usdBeta: 0.3, decimals: 4 },
  TRY: { level: 49.2, volPercent: 12, usdBeta: 0.6, decimals: 4, driftPerYear: 0.25 },
  AUD: { level: 1.77, volPercent: 9.5, usdBeta: 0.5, decimals: 4 },
  BRL: { level: 6.19, volPercent: 12, usdBeta: 0.6, decimals: 4 },
  CAD: { level: 1.625, volPercent: 7.5, usdBeta: 0.8, decimals: 4 },
  CNY: { level: 8.2, volPercent: 7, usdBeta: 0.9, decimals: 4 },
  IDR: { level: 19_320, volPercent: 9, usdBeta: 0.8, decimals: 2 },
  ILS: { level: 3.78, volPercent: 9, usdBeta: 0.6, decimals: 4 },
  INR: { level: 103.6, volPercent: 7.5, usdBeta: 0.8, decimals: 4 },
  KRW: { level: 1_703, volPercent: 9, usdBeta: 0.7, decimals: 2 },
  MXN: { level: 21.25, volPercent: 12, usdBeta: 0.6, decimals: 4 },
  MYR: { level: 4.79, volPercent: 8, usdBeta: 0.8, decimals: 4 },
  NZD: { level: 2.03, volPercent: 10, usdBeta: 0.5, decimals: 4 },
  PHP: { level: 68.1, volPercent: 8, usdBeta: 0.8, decimals: 3 },
  SGD: { level: 1.506, volPercent: 5.5, usdBeta: 0.7, decimals: 4 },
  THB: { level: 37.35, volPercent: 8, usdBeta: 0.7, decimals: 3 },
  ZAR: { level: 19.85, volPercent: 12, usdBeta: 0.5, decimals: 4 },
};

/** Pegged and fixed rates, computed from others (see the module's note). */
const HKD_PER_USD = 7.8;
const HKD_BAND = 0.045;
const DKK_CENTRAL = 7.46038;
const DKK_BAND = 0.003;
const BGN_FIXED = 1.9558;
const BGN_LAST_DAY = dayNumber(2025, 12, 31);
/** The pegs' own wander inside their bands: a walk squashed by tanh, 2 % a year. */
const PEG_WANDER_VOL = 0.02;

/** The currencies the simulated source quotes on `day`, in the ECB's order of listing. */
export const SIM_CODES = [
  "USD",
  "JPY",
  "BGN",
  "CZK",
  "DKK",
  "GBP",
  "HUF",
  "PLN",
  "RON",
  "SEK",
  "CHF",
  "ISK",
  "NOK",
  "TRY",
  "AUD",
  "BRL",
  "CAD",
  "CNY",
  "HKD",
  "IDR",
  "ILS",
  "INR",
  "KRW",
  "MXN",
  "MYR",
  "NZD",
  "PHP",
  "SGD",
  "THB",
  "ZAR",
] as const;

/** Cumulative log moves since START_DAY, per stream, extended on demand. */
class Walks {
  private readonly sums = new Map<string, Float64Array>();
  private length = 0;

  /** Σ of the stream's daily moves over TARGET business days in (START_DAY, day]. */
  at(stream: string, day: DayNumber): number {
    const index = day - START_DAY;
    if (index >= this.length) this.extend(index + 1);
    return (this.sums.get(stream) as Float64Array)[index] as number;
  }

  private extend(needed: number): void {
    const length = Math.max(needed, this.length * 2, ANCHOR_DAY - START_DAY + 400);
    const streams = [...Object.keys(SIM_CURRENCIES), "USD-residual", "HKD-peg", "DKK-peg"];
    const daily = (annual: number) => annual / Math.sqrt(TRADING_DAYS_PER_YEAR);
    const usdDaily = daily(USD_VOL_PERCENT / 100);
    const fresh = new Map(streams.map((s) => [s, new Float64Array(length)]));
    for (const [stream, sums] of fresh) {
      const old = this.sums.get(stream);
      if (old) sums.set(old);
    }
    for (let i = Math.max(this.length, 1); i < length; i++) {
      const day = START_DAY + i;
      const business = isTargetBusinessDay(day);
      const usdMove = business ? usdDaily * normal(SEED, day, 0) : 0;
      for (const [code, spec] of Object.entries(SIM_CURRENCIES)) {
        const sums = fresh.get(code) as Float64Array;
        let move = 0;
        if (business) {
          const total = daily(spec.volPercent / 100);
          const linked = spec.usdBeta * usdDaily;
          const residual = code === "USD" ? 0 : Math.sqrt(Math.max(total ** 2 - linked ** 2, 0));
          const z = normal(seedOf(`${code}`) ^ SEED, day, 1);
          move = spec.usdBeta * usdMove + residual * z;
        }
        sums[i] = (sums[i - 1] as number) + move;
      }
      for (const peg of ["HKD-peg", "DKK-peg"]) {
        const sums = fresh.get(peg) as Float64Array;
        const move = business ? daily(PEG_WANDER_VOL) * normal(seedOf(peg) ^ SEED, day, 2) : 0;
        sums[i] = (sums[i - 1] as number) + move;
      }
    }
    for (const [stream, sums] of fresh) this.sums.set(stream, sums);
    this.length = length;
  }
}

/** The simulated EUR rates of one TARGET business day (published or not). */
function simulatedRates(walks: Walks, day: DayNumber): Map<string, number> {
  const years = (day - ANCHOR_DAY) / 365;
  const value = (code: string) => {
    const spec = SIM_CURRENCIES[code] as SimCurrency;
    const log = walks.at(code, day) - walks.at(code, ANCHOR_DAY) + (spec.driftPerYear ?? 0) * years;
    return spec.level * Math.exp(log);
  };
  const rates = new Map<string, number>();
  const usd = value("USD");
  for (const code of SIM_CODES) {
    if (code === "BGN") {
      if (day <= BGN_LAST_DAY) rates.set(code, BGN_FIXED);
    } else if (code === "HKD") {
      const perUsd = HKD_PER_USD + HKD_BAND * Math.tanh(walks.at("HKD-peg", day));
      rates.set(code, roundDecimals(usd * perUsd, 4));
    } else if (code === "DKK") {
      rates.set(
        code,
        roundDecimals(DKK_CENTRAL * Math.exp(DKK_BAND * Math.tanh(walks.at("DKK-peg", day))), 4),
      );
    } else {
      rates.set(code, roundDecimals(value(code), (SIM_CURRENCIES[code] as SimCurrency).decimals));
    }
  }
  return rates;
}

export function createSimulatedFx(clock: Clock): FxRateSource {
  const walks = new Walks();
  const dayOfRates = (day: DayNumber): FxDay => ({
    date: isoDate(day),
    rates: simulatedRates(walks, day),
  });
  return {
    info: {
      provider: "sim",
      name: "Simulated euro reference rates",
      url: null,
      note: "Deterministic daily series anchored on approximate ECB reference rates of late November 2025, published on TARGET business days at 16:00 CET; for simulation only.",
    },
    async latest() {
      return dayOfRates(lastPublishedDay(clock.now().getTime()));
    },
    async history(from, to) {
      const nowMs = clock.now().getTime();
      const first = Math.max(dayOf(from) ?? START_DAY, START_DAY);
      const last = Math.min(dayOf(to) ?? START_DAY - 1, lastPublishedDay(nowMs));
      const days: FxDay[] = [];
      for (let day = first; day <= last; day++) {
        if (isPublished(day, nowMs)) days.push(dayOfRates(day));
      }
      return days;
    },
  };
}
