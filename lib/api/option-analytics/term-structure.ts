import { type DayNumber, isoDate } from "../../market/civil-date";
import { type EarningsDate, nextEarnings } from "../../market/company-data";
import type { Instrument } from "../../market/ports";
import { roundDecimals, roundPercent } from "../../market/precision";
import { nextTradingDay } from "../../market/trading-days";
import {
  constantMaturityVolatility,
  forwardVarianceRate,
  type TermPoint,
} from "../../quant/vol-interpolation";
import { apiError } from "../errors";
import { fromProvider } from "../market-data";
import { type OptionDataDeps, optionableInstrument } from "../option-data";
import { everySmile, marketOf } from "./smile";

/**
 * GET /volatility/{code}/term-structure: ATM volatility by expiration, IV30/60/90, the earnings
 * bump. Outside the group folders: GET /graph/{code}/options-analytics cites its figures.
 */

/** Calendar days of the constant-maturity volatilities. */
export const CONSTANT_MATURITY_DAYS = [30, 60, 90] as const;
/** |IV60 − IV30| below this many volatility points is called flat. */
export const FLAT_SLOPE_POINTS = 0.1;

const DAY_MS = 86_400_000;
/** The term at T = 0: no variance yet. */
const NOW: TermPoint = { years: 0, sigma: 0 };
const percentOf = (sigma: number) => roundPercent(sigma * 100);
const variance8 = (value: number) => roundDecimals(value, 8);

/** One expiration with an at-the-money volatility. */
interface Term extends TermPoint {
  expiration: string;
  days: number;
  forward: number;
}

/** The session that trades on a report: its own day (bmo) or the next session (amc). */
function reactionDayOf(earnings: EarningsDate): DayNumber {
  const reportDay = Math.floor(Date.parse(earnings.date) / DAY_MS);
  return earnings.hour === "bmo" ? reportDay : nextTradingDay("equity", reportDay);
}

/** The next earnings report of a stock, undefined for funds, indices and sources without one. */
async function nextEarningsOf(deps: OptionDataDeps, instrument: Instrument) {
  const reference = await fromProvider(() => deps.market.reference(instrument));
  if (reference?.kind !== "equity") return undefined;
  const nowMs = deps.marketClock.now().getTime();
  return nextEarnings(instrument.symbol, reference.earningsMonths, reference.earningsHour, nowMs);
}

/** The forward volatility (percent) from the previous term; null for the first or a falling w. */
function forwardVolatilityOf(terms: readonly Term[], i: number): number | null {
  const previous = terms[i - 1];
  if (!previous) return null;
  const rate = forwardVarianceRate(previous, terms[i] as Term);
  return rate > 0 ? percentOf(Math.sqrt(rate)) : null;
}

/**
 * The variance the earnings event adds between the expirations around its reacting session,
 * against the mean forward variance rate of the neighbouring intervals without it.
 */
function earningsBump(terms: readonly Term[], earnings: EarningsDate, reaction: string) {
  const after = terms.findIndex((term) => term.expiration >= reaction);
  if (after < 0) return null;
  const afterTerm = terms[after] as Term;
  const beforeTerm = terms[after - 1];
  const start: TermPoint = beforeTerm ?? NOW;
  const neighbours = [
    beforeTerm ? forwardVarianceRate(terms[after - 2] ?? NOW, beforeTerm) : undefined,
    terms[after + 1] ? forwardVarianceRate(afterTerm, terms[after + 1] as Term) : undefined,
  ].filter((rate): rate is number => rate !== undefined);
  if (neighbours.length === 0) return null;
  const baseline = neighbours.reduce((sum, rate) => sum + rate, 0) / neighbours.length;
  const jump = afterTerm.sigma ** 2 * afterTerm.years - start.sigma ** 2 * start.years;
  const eventVariance = jump - baseline * (afterTerm.years - start.years);
  const deviation = eventVariance > 0 ? Math.sqrt(eventVariance) : undefined;
  return {
    date: earnings.date,
    timing: earnings.hour,
    reactionDate: reaction,
    expirationBefore: beforeTerm?.expiration ?? null,
    expirationAfter: afterTerm.expiration,
    baselineForwardVolatility: percentOf(Math.sqrt(Math.max(0, baseline))),
    eventVariance: variance8(eventVariance),
    impliedMoveStdDevPercent: deviation === undefined ? null : roundPercent(deviation * 100),
    expectedAbsoluteMovePercent:
      deviation === undefined ? null : roundPercent(Math.sqrt(2 / Math.PI) * deviation * 100),
  };
}

function shapeOf(slope: number) {
  if (slope >= FLAT_SLOPE_POINTS) return "contango" as const;
  if (slope <= -FLAT_SLOPE_POINTS) return "backwardation" as const;
  return "flat" as const;
}

/** The constant-maturity volatility at each of CONSTANT_MATURITY_DAYS. */
function constantMaturities(terms: readonly Term[]) {
  return CONSTANT_MATURITY_DAYS.map((days) => {
    const point = constantMaturityVolatility(terms, days / 365);
    return {
      days,
      impliedVolatility: percentOf(point.sigma),
      totalVariance: variance8(point.totalVariance),
      fromExpiration: (point.from as Term).expiration,
      toExpiration: (point.to as Term).expiration,
      extrapolated: point.extrapolated,
    };
  });
}

export async function termStructure(code: string, deps: OptionDataDeps) {
  const instrument = await optionableInstrument(deps, code);
  const [market, earnings] = await Promise.all([
    marketOf(deps, instrument),
    nextEarningsOf(deps, instrument),
  ]);
  const smiles = await everySmile(deps, market);
  const terms: Term[] = smiles.flatMap((smile) =>
    smile.atmSigma === undefined
      ? []
      : [
          {
            expiration: smile.expiration,
            days: smile.days,
            years: smile.years,
            forward: smile.forward,
            sigma: smile.atmSigma,
          },
        ],
  );
  if (terms.length < 2) {
    throw apiError("INSUFFICIENT_OPTION_DATA", {
      code: instrument.code,
      reason: `${terms.length} expiration(s) with an at-the-money volatility, 2 needed`,
    });
  }
  const reaction = earnings ? isoDate(reactionDayOf(earnings)) : undefined;
  const constant = constantMaturities(terms);
  const [iv30, iv60, iv90] = constant.map((point) => point.impliedVolatility) as [
    number,
    number,
    number,
  ];
  const slope = roundPercent(iv60 - iv30);
  return {
    ...market.inputs,
    symbol: instrument.symbol,
    expirations: terms.map((term, i) => ({
      expiration: term.expiration,
      daysToExpiration: term.days,
      years: roundDecimals(term.years, 6),
      forward: roundDecimals(term.forward, 4),
      atmImpliedVolatility: percentOf(term.sigma),
      totalVariance: variance8(term.sigma * term.sigma * term.years),
      forwardVolatility: forwardVolatilityOf(terms, i),
      includesEarnings: reaction !== undefined && reaction <= term.expiration,
    })),
    constantMaturity: constant,
    iv30,
    iv60,
    iv90,
    slope,
    shape: shapeOf(slope),
    earningsEvent:
      earnings && reaction !== undefined ? earningsBump(terms, earnings, reaction) : null,
  };
}
