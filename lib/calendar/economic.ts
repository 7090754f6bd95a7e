import {
  civilDate,
  type DayNumber,
  dayNumber,
  isoDate,
  MONTH_NAMES,
  weekday,
} from "../market/civil-date";
import { nyInstant } from "../market/ny-time";
import { roundDecimals } from "../market/precision";
import { normal, seedOf, uniform } from "../market/random";
import {
  businessDayOnOrAfter,
  businessDayOnOrBefore,
  isFederalBusinessDay,
  nthBusinessDay,
} from "./federal-holidays";

/**
 * The simulated US economic calendar: the releases of the main indicators on the official
 * calendars' rules (BLS, BEA, Census, DOL, ISM, the FOMC's published meeting dates), with
 * deterministic values. One simulated world: a release's actual is null until its instant has
 * passed; consensus and previous appear once the indicator's preceding release is out
 * (forecasts are made against the last print). Pure: a function of the window and the clock.
 *
 * Schedules (New York time, "business day" = a weekday that is not a federal holiday):
 * - nonfarm payrolls and unemployment rate (BLS Employment Situation), 08:30: the third Friday
 *   after the reference week (the Sunday-Saturday week holding the 12th), the fourth for
 *   December's data (year-end collection); on a holiday the business day before (2025-07-03).
 *   This gives the "first Friday" of most months and the published exceptions (2025-01-10).
 * - CPI and core CPI (BLS), 08:30: the Wednesday between the 10th and the 16th of the month
 *   after the reference month, or the next business day (BLS's dates fall on the 10th-15th).
 * - PPI (BLS), 08:30: the business day after CPI.
 * - retail sales (Census advance report), 08:30: the business day nearest the 16th, the
 *   earlier on a tie.
 * - GDP (BEA), 08:30: advance estimate the last Thursday of the month after the quarter, the
 *   second and third estimates the last Thursday of the next two months; in December the last
 *   Thursday on or before the 23rd; on a holiday (Thanksgiving) the business day before.
 * - initial jobless claims (DOL), 08:30 every Thursday for the week ending the Saturday
 *   before; on a holiday the Wednesday before.
 * - ISM manufacturing PMI 10:00 on the first business day, ISM services PMI 10:00 on the third.
 * - FOMC rate decision, 14:00 on the second day of each scheduled meeting: the Fed's published
 *   dates for 2024-2027, the Fed's usual pattern for other years (see FOMC_DECISIONS).
 */
export interface EconomicRelease {
  /** Stable: indicator and period, e.g. "us-cpi-2026-10", "us-fomc-2026-12-09". */
  id: string;
  /** Slug, e.g. "cpi", "nonfarm-payrolls", "fomc-rate-decision" (see ECONOMIC_INDICATORS). */
  indicator: string;
  /** Display name, e.g. "Consumer Price Index (MoM)". */
  event: string;
  country: "US";
  /** The release instant (UTC epoch ms). */
  releaseAtMs: number;
  /** What it covers, e.g. "October 2026", "Q3 2026 (advance)", "week ending 2026-11-14". */
  period: string;
  importance: "high" | "medium" | "low";
  /** e.g. "percent", "thousands of jobs", "index", "percent (target upper bound)". */
  unit: string;
  /** A noisy forecast of the actual; null until the indicator's preceding release is out. */
  consensus: number | null;
  /** The preceding release's actual; null until that release is out. */
  previous: number | null;
  /** Null until releaseAtMs <= nowMs: nothing is known before it happens. */
  actual: number | null;
}

type Importance = EconomicRelease["importance"];

const AT_0830 = 8 * 60 + 30;
const AT_1000 = 10 * 60;
const AT_1400 = 14 * 60;
const WEDNESDAY = 3;
const THURSDAY = 4;
const SATURDAY = 6;

/** A release as scheduled: its day and New York minute, what it covers, and its id's tail. */
interface Scheduled {
  day: DayNumber;
  minuteOfDay: number;
  period: string;
  key: string;
}

/**
 * One indicator: `seq` numbers its releases consecutively (the reference month, quarter ×
 * 3 + estimate, week, meeting), so the preceding release is always `seq - 1`.
 */
interface Indicator {
  indicator: string;
  event: (seq: number) => string;
  importance: (seq: number) => Importance;
  unit: string;
  /** Decimals the agency publishes. */
  decimals: number;
  /** Standard deviation of the consensus's error, in the unit. */
  consensusErrorSd: number;
  schedule: (seq: number) => Scheduled;
  /** Inclusive seq bounds holding every release with a day in [fromDay, toDay]. */
  seqBounds: (fromDay: DayNumber, toDay: DayNumber) => [number, number];
  /** The actual, unrounded (kept within `range`, as the consensus is). */
  value: (seq: number) => number;
  /** Plausible bounds of the value, in the unit. */
  range: [number, number];
  /** The consensus, when it is not the rounded actual plus noise (FOMC). */
  consensus?: (seq: number) => number;
}

// ---------- values ----------

/** A moving average of standard normals: persistent but a pure function of the index. */
function smoothNoise(name: string, index: number, weights = [0.6, 0.5, 0.4, 0.3]): number {
  const seed = seedOf(`economic:${name}`);
  let sum = 0;
  let norm = 0;
  for (const [lag, weight] of weights.entries()) {
    sum += weight * normal(seed, index - lag);
    norm += weight * weight;
  }
  return sum / Math.sqrt(norm);
}

/** A slow cycle in [-1, 1] with the given period (in releases) and a named phase. */
function cycle(name: string, index: number, period: number): number {
  return Math.sin((2 * Math.PI * index) / period + uniform(seedOf(`economic:${name}`), 0) * 6.28);
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

// ---------- schedules ----------

/** Month index: year × 12 + (month − 1). */
const monthIndexOf = (day: DayNumber) => {
  const { year, month } = civilDate(day);
  return year * 12 + month - 1;
};
const yearOfMonth = (m: number) => Math.floor(m / 12);
const monthOfMonth = (m: number) => (m % 12) + 1;
const monthLabel = (m: number) => `${MONTH_NAMES[m % 12]} ${yearOfMonth(m)}`;
const monthKey = (m: number) => `${yearOfMonth(m)}-${String(monthOfMonth(m)).padStart(2, "0")}`;

/** Monthly data released the month after: a release day in [from, to] covers months from − 2 … to. */
const monthlyBounds = (fromDay: DayNumber, toDay: DayNumber): [number, number] => [
  monthIndexOf(fromDay) - 2,
  monthIndexOf(toDay),
];

function monthly(m: number, day: DayNumber, minuteOfDay: number): Scheduled {
  return { day, minuteOfDay, period: monthLabel(m), key: monthKey(m) };
}

/** BLS Employment Situation: the third Friday after the week holding the 12th (fourth for December). */
export function employmentSituationDay(m: number): DayNumber {
  const twelfth = dayNumber(yearOfMonth(m), monthOfMonth(m), 12);
  const weekEnd = twelfth + ((SATURDAY - weekday(twelfth) + 7) % 7);
  const fridays = monthOfMonth(m) === 12 ? 4 : 3;
  return businessDayOnOrBefore(weekEnd + 6 + 7 * (fridays - 1));
}

/** BLS CPI: the Wednesday between the 10th and 16th of the next month, or the next business day. */
export function cpiDay(m: number): DayNumber {
  const tenth = dayNumber(yearOfMonth(m + 1), monthOfMonth(m + 1), 10);
  return businessDayOnOrAfter(tenth + ((WEDNESDAY - weekday(tenth) + 7) % 7));
}

/** Census advance retail sales: the business day nearest the 16th of the next month (earlier on a tie). */
function retailSalesDay(m: number): DayNumber {
  const sixteenth = dayNumber(yearOfMonth(m + 1), monthOfMonth(m + 1), 16);
  for (let distance = 0; ; distance++) {
    if (isFederalBusinessDay(sixteenth - distance)) return sixteenth - distance;
    if (isFederalBusinessDay(sixteenth + distance)) return sixteenth + distance;
  }
}

const GDP_ESTIMATES = ["advance", "second estimate", "third estimate"];

/** BEA GDP: the last Thursday of the month (December: on or before the 23rd), or the business day before. */
function gdpDay(year: number, month: number): DayNumber {
  const last = month === 12 ? dayNumber(year, 12, 23) : dayNumber(year, month + 1, 1) - 1;
  return businessDayOnOrBefore(last - ((weekday(last) - THURSDAY + 7) % 7));
}

function gdpSchedule(seq: number): Scheduled {
  const quarter = Math.floor(seq / 3);
  const estimate = seq - quarter * 3;
  const year = Math.floor(quarter / 4);
  const q = (quarter % 4) + 1;
  const releaseMonth = year * 12 + q * 3 + estimate; // month index after the quarter's last
  return {
    day: gdpDay(yearOfMonth(releaseMonth), monthOfMonth(releaseMonth)),
    minuteOfDay: AT_0830,
    period: `Q${q} ${year} (${GDP_ESTIMATES[estimate]})`,
    key: `${year}-q${q}-${GDP_ESTIMATES[estimate]?.split(" ")[0]}`,
  };
}

/** Initial claims: seq = the Thursday's day number / 7 (1970-01-01 was a Thursday). */
function claimsSchedule(seq: number): Scheduled {
  const thursday = seq * 7;
  const weekEnding = isoDate(thursday - 5);
  return {
    day: isFederalBusinessDay(thursday) ? thursday : businessDayOnOrBefore(thursday),
    minuteOfDay: AT_0830,
    period: `week ending ${weekEnding}`,
    key: weekEnding,
  };
}

/**
 * FOMC decision days (the second day of each scheduled meeting), as the Federal Reserve
 * published them (federalreserve.gov, FOMC meeting calendars; 2027 tentative).
 */
const FOMC_DECISIONS: Record<number, string[]> = {
  2024: ["01-31", "03-20", "05-01", "06-12", "07-31", "09-18", "11-07", "12-18"],
  2025: ["01-29", "03-19", "05-07", "06-18", "07-30", "09-17", "10-29", "12-10"],
  2026: ["01-28", "03-18", "04-29", "06-17", "07-29", "09-16", "10-28", "12-09"],
  2027: ["01-27", "03-17", "04-28", "06-09", "07-28", "09-15", "10-27", "12-08"],
};

/** The Fed's usual pattern for other years: [month, n-th Wednesday (−1 = last)]. */
const FOMC_PATTERN: [number, number][] = [
  [1, -1],
  [3, 3],
  [5, 1],
  [6, 3],
  [7, -1],
  [9, 3],
  [11, 1],
  [12, 2],
];

export function fomcDecisionDay(seq: number): DayNumber {
  const year = Math.floor(seq / 8);
  const meeting = seq - year * 8;
  const published = FOMC_DECISIONS[year]?.[meeting];
  if (published) {
    const [month, date] = published.split("-").map(Number) as [number, number];
    return dayNumber(year, month, date);
  }
  const [month, n] = FOMC_PATTERN[meeting] as [number, number];
  if (n > 0) {
    const first = dayNumber(year, month, 1);
    return first + ((WEDNESDAY - weekday(first) + 7) % 7) + (n - 1) * 7;
  }
  const last = dayNumber(year, month + 1, 1) - 1;
  return last - ((weekday(last) - WEDNESDAY + 7) % 7);
}

function fomcSchedule(seq: number): Scheduled {
  const day = fomcDecisionDay(seq);
  const { year, month } = civilDate(day);
  return {
    day,
    minuteOfDay: AT_1400,
    period: `${MONTH_NAMES[month - 1]} ${year} meeting`,
    key: isoDate(day),
  };
}

// ---------- the federal funds target ----------

/** The walk starts at the first meeting of 2000 at 5.50 % (earlier meetings hold that level). */
const FOMC_ANCHOR_SEQ = 2000 * 8;
const FOMC_ANCHOR_UPPER_BOUND = 5.5;
const fomcLevels: number[] = [FOMC_ANCHOR_UPPER_BOUND];

/** Where policy "wants" the rate: a ~9-year cycle between 1.5 % and 5 %. */
const fomcTarget = (seq: number) => 3.25 + 1.75 * cycle("fomc-target", seq, 72);

/**
 * The upper bound of the target range after meeting `seq` (percent), moving in 25 bp steps
 * only at meetings: a cut or hike with probability 0.55 while the target is 0.3 points or
 * more away, else a hold; between 0.25 % and 6 %. Memoised forward walk (8 steps a year).
 */
function fomcUpperBound(seq: number): number {
  const index = seq - FOMC_ANCHOR_SEQ;
  if (index <= 0) return FOMC_ANCHOR_UPPER_BOUND;
  const seed = seedOf("economic:fomc-step");
  for (let i = fomcLevels.length; i <= index; i++) {
    const level = fomcLevels[i - 1] as number;
    const gap = fomcTarget(FOMC_ANCHOR_SEQ + i) - level;
    const moves = Math.abs(gap) >= 0.3 && uniform(seed, i) < 0.55;
    const next = moves ? level + 0.25 * Math.sign(gap) : level;
    fomcLevels.push(clamp(next, 0.25, 6));
  }
  return fomcLevels[index] as number;
}

/** Markets price most decisions: 88 % of consensuses are right; else they expected the other path. */
function fomcConsensus(seq: number): number {
  const actual = fomcUpperBound(seq);
  if (uniform(seedOf("economic:fomc-consensus"), seq) < 0.88) return actual;
  const previous = fomcUpperBound(seq - 1);
  if (actual !== previous) return previous;
  return clamp(actual + 0.25 * Math.sign(fomcTarget(seq) - actual || 1), 0.25, 6);
}

// ---------- the indicators ----------

const monthlyIndicator = (
  spec: Omit<Indicator, "schedule" | "seqBounds" | "event" | "importance"> & {
    event: string;
    importance: Importance;
    day: (m: number) => DayNumber;
    minuteOfDay: number;
  },
): Indicator => ({
  ...spec,
  event: () => spec.event,
  importance: () => spec.importance,
  schedule: (m) => monthly(m, spec.day(m), spec.minuteOfDay),
  seqBounds: monthlyBounds,
});

/**
 * GDP growth (QoQ annualised, percent) of quarter seq / 3 as estimate seq % 3 gives it: the
 * second and third estimates revise the advance one (sd 0.3 and 0.15 points).
 */
function gdpEstimate(seq: number): number {
  const quarter = Math.floor(seq / 3);
  const estimate = seq - quarter * 3;
  let growth = 2.1 + 1.1 * smoothNoise("gdp", quarter, [1, 0.5]);
  if (estimate >= 1) growth += 0.3 * normal(seedOf("economic:gdp-second"), quarter);
  if (estimate >= 2) growth += 0.15 * normal(seedOf("economic:gdp-third"), quarter);
  return growth;
}

/** The CPI's common part, shared by headline and core. */
const inflationPulse = (m: number) => smoothNoise("inflation", m);

const INDICATORS: Indicator[] = [
  monthlyIndicator({
    indicator: "nonfarm-payrolls",
    event: "Nonfarm Payrolls",
    importance: "high",
    unit: "thousands of jobs",
    decimals: 0,
    consensusErrorSd: 40,
    range: [20, 340],
    day: employmentSituationDay,
    minuteOfDay: AT_0830,
    value: (m) => 165 + 55 * cycle("payrolls", m, 60) + 50 * smoothNoise("payrolls", m),
  }),
  monthlyIndicator({
    indicator: "unemployment-rate",
    event: "Unemployment Rate",
    importance: "high",
    unit: "percent",
    decimals: 1,
    consensusErrorSd: 0.07,
    range: [3.8, 4.6],
    day: employmentSituationDay,
    minuteOfDay: AT_0830,
    value: (m) => 4.2 + 0.22 * cycle("unemployment", m, 96) + 0.08 * smoothNoise("unemployment", m),
  }),
  monthlyIndicator({
    indicator: "cpi",
    event: "Consumer Price Index (MoM)",
    importance: "high",
    unit: "percent",
    decimals: 1,
    consensusErrorSd: 0.08,
    range: [-0.1, 0.6],
    day: cpiDay,
    minuteOfDay: AT_0830,
    value: (m) => 0.28 + 0.07 * inflationPulse(m) + 0.06 * smoothNoise("cpi", m),
  }),
  monthlyIndicator({
    indicator: "core-cpi",
    event: "Core Consumer Price Index (MoM)",
    importance: "high",
    unit: "percent",
    decimals: 1,
    consensusErrorSd: 0.06,
    range: [0.1, 0.5],
    day: cpiDay,
    minuteOfDay: AT_0830,
    value: (m) => 0.28 + 0.05 * inflationPulse(m) + 0.03 * smoothNoise("core-cpi", m),
  }),
  monthlyIndicator({
    indicator: "ppi",
    event: "Producer Price Index (MoM)",
    importance: "medium",
    unit: "percent",
    decimals: 1,
    consensusErrorSd: 0.12,
    range: [-0.5, 0.9],
    day: (m) => businessDayOnOrAfter(cpiDay(m) + 1),
    minuteOfDay: AT_0830,
    value: (m) => 0.2 + 0.1 * inflationPulse(m) + 0.18 * smoothNoise("ppi", m),
  }),
  monthlyIndicator({
    indicator: "retail-sales",
    event: "Retail Sales (MoM)",
    importance: "high",
    unit: "percent",
    decimals: 1,
    consensusErrorSd: 0.3,
    range: [-1.2, 1.6],
    day: retailSalesDay,
    minuteOfDay: AT_0830,
    value: (m) => 0.3 + 0.45 * smoothNoise("retail-sales", m, [1, 0.3]),
  }),
  monthlyIndicator({
    indicator: "ism-manufacturing",
    event: "ISM Manufacturing PMI",
    importance: "medium",
    unit: "index",
    decimals: 1,
    consensusErrorSd: 1.1,
    range: [42, 58],
    day: (m) => nthBusinessDay(yearOfMonth(m + 1), monthOfMonth(m + 1), 1),
    minuteOfDay: AT_1000,
    value: (m) => 49.5 + 2.5 * cycle("ism-manufacturing", m, 40) + 1.2 * smoothNoise("ism-m", m),
  }),
  monthlyIndicator({
    indicator: "ism-services",
    event: "ISM Services PMI",
    importance: "medium",
    unit: "index",
    decimals: 1,
    consensusErrorSd: 1.2,
    range: [45, 60],
    day: (m) => nthBusinessDay(yearOfMonth(m + 1), monthOfMonth(m + 1), 3),
    minuteOfDay: AT_1000,
    value: (m) => 52.5 + 1.8 * cycle("ism-services", m, 44) + 1.3 * smoothNoise("ism-s", m),
  }),
  {
    indicator: "gdp",
    event: (seq) => `GDP Growth Rate (QoQ annualised, ${GDP_ESTIMATES[seq % 3]})`,
    importance: (seq) => (seq % 3 === 0 ? "high" : "medium"),
    unit: "percent (annualised)",
    decimals: 1,
    consensusErrorSd: 0.25,
    range: [-3, 6],
    schedule: gdpSchedule,
    seqBounds: (fromDay, toDay) => [
      (Math.floor(monthIndexOf(fromDay) / 3) - 2) * 3,
      Math.floor(monthIndexOf(toDay) / 3) * 3 + 2,
    ],
    value: gdpEstimate,
  },
  {
    indicator: "initial-jobless-claims",
    event: () => "Initial Jobless Claims",
    importance: () => "medium",
    unit: "thousands of claims",
    decimals: 0,
    consensusErrorSd: 8,
    range: [180, 300],
    schedule: claimsSchedule,
    seqBounds: (fromDay, toDay) => [Math.floor(fromDay / 7), Math.ceil(toDay / 7) + 1],
    value: (seq) => 228 + 14 * cycle("claims", seq, 52) + 9 * smoothNoise("claims", seq),
  },
  {
    indicator: "fomc-rate-decision",
    event: () => "FOMC Rate Decision (upper bound)",
    importance: () => "high",
    unit: "percent (target upper bound)",
    decimals: 2,
    consensusErrorSd: 0,
    range: [0.25, 6],
    schedule: fomcSchedule,
    seqBounds: (fromDay, toDay) => [
      (civilDate(fromDay).year - 1) * 8,
      civilDate(toDay).year * 8 + 7,
    ],
    value: fomcUpperBound,
    consensus: fomcConsensus,
  },
];

/** The indicators' slugs, in the order releases at the same instant are listed. */
export const ECONOMIC_INDICATORS: readonly string[] = INDICATORS.map((spec) => spec.indicator);

// ---------- releases ----------

const MS_PER_DAY = 86_400_000;

const releaseAt = (spec: Indicator, seq: number) => {
  const scheduled = spec.schedule(seq);
  return nyInstant(scheduled.day, scheduled.minuteOfDay);
};

/** The value within the indicator's range. */
const boundedValue = (spec: Indicator, seq: number) => clamp(spec.value(seq), ...spec.range);

const actualOf = (spec: Indicator, seq: number) =>
  roundDecimals(boundedValue(spec, seq), spec.decimals);

function consensusOf(spec: Indicator, seq: number): number {
  if (spec.consensus) return spec.consensus(seq);
  const error = spec.consensusErrorSd * normal(seedOf(`economic:consensus:${spec.indicator}`), seq);
  return roundDecimals(clamp(boundedValue(spec, seq) + error, ...spec.range), spec.decimals);
}

function releaseOf(
  spec: Indicator,
  seq: number,
  releaseAtMs: number,
  nowMs: number,
): EconomicRelease {
  const scheduled = spec.schedule(seq);
  const precededKnown = releaseAt(spec, seq - 1) <= nowMs;
  return {
    id: `us-${spec.indicator === "fomc-rate-decision" ? "fomc" : spec.indicator}-${scheduled.key}`,
    indicator: spec.indicator,
    event: spec.event(seq),
    country: "US",
    releaseAtMs,
    period: scheduled.period,
    importance: spec.importance(seq),
    unit: spec.unit,
    consensus: precededKnown ? consensusOf(spec, seq) : null,
    previous: precededKnown ? actualOf(spec, seq - 1) : null,
    actual: releaseAtMs <= nowMs ? actualOf(spec, seq) : null,
  };
}

/**
 * The releases with releaseAtMs in [fromMs, toMs), in time order (same instant: the order of
 * ECONOMIC_INDICATORS), as known at nowMs.
 */
export function economicReleases(fromMs: number, toMs: number, nowMs: number): EconomicRelease[] {
  if (!(toMs > fromMs)) return [];
  // Release days in New York are within a day of the UTC day either way.
  const fromDay = Math.floor(fromMs / MS_PER_DAY) - 1;
  const toDay = Math.floor(toMs / MS_PER_DAY) + 1;
  const releases: { release: EconomicRelease; order: number }[] = [];
  for (const [order, spec] of INDICATORS.entries()) {
    const [low, high] = spec.seqBounds(fromDay, toDay);
    for (let seq = low; seq <= high; seq++) {
      const at = releaseAt(spec, seq);
      if (at >= fromMs && at < toMs)
        releases.push({ release: releaseOf(spec, seq, at, nowMs), order });
    }
  }
  releases.sort((a, b) => a.release.releaseAtMs - b.release.releaseAtMs || a.order - b.order);
  return releases.map((entry) => entry.release);
}
