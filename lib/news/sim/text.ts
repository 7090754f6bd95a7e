import { civilDate, type DayNumber, MONTH_NAMES, weekday } from "../../market/civil-date";
import { nyWallClock } from "../../market/ny-time";
import { seedOf, uniform } from "../../market/random";

/**
 * Writing helpers of the simulated newsroom: deterministic draws, and the figures, dates and
 * times as a US financial newsroom writes them (AP style: "Oct. 28", "11:42 a.m. ET",
 * "$94.93 billion", "4.2%").
 */

/** Deterministic draws from one stream: the n-th call gives the n-th draw of (key, index). */
export class Draws {
  private lane = 0;

  constructor(
    private readonly seed: number,
    private readonly index = 0,
  ) {}

  static of(key: string, index = 0): Draws {
    return new Draws(seedOf(key), index);
  }

  /** Uniform in (0, 1). */
  next(): number {
    return uniform(this.seed, this.index, this.lane++);
  }

  int(n: number): number {
    return Math.min(n - 1, Math.floor(this.next() * n));
  }

  between(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(list: readonly T[]): T {
    if (list.length === 0) throw new Error("pick from an empty list");
    return list[this.int(list.length)] as T;
  }

  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(list: readonly T[]): T[] {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }
}

/** 12 hex digits of two FNV-1a hashes: stable ids, collisions unlikely among millions. */
export function hashHex(text: string): string {
  const a = seedOf(text).toString(16).padStart(8, "0");
  const b = seedOf(`${text}\u0001`).toString(16).padStart(8, "0");
  return `${a}${b.slice(0, 4)}`;
}

/** A URL slug of a headline: lower case, words joined by hyphens, at most 80 characters. */
export function slugOf(text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/%/g, " pct ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug.length <= 80 ? slug : slug.slice(0, 80).replace(/-[^-]*$/, "");
}

// ---------------------------------------------------------------------------------------------
// Figures
// ---------------------------------------------------------------------------------------------

/** Digits grouped by thousands: "1234567.89" → "1,234,567.89" (Intl is slow per call). */
function grouped(fixed: string): string {
  const [whole, fraction] = fixed.split(".") as [string, string | undefined];
  const withCommas = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction === undefined ? withCommas : `${withCommas}.${fraction}`;
}

/** "$1,234.56" (2 decimals). */
export function usd(value: number): string {
  const sign = value < 0 ? "-" : "";
  return `${sign}$${grouped(Math.abs(value).toFixed(2))}`;
}

/** A whole number with thousands separators: 69000 → "69,000". */
export function wholeNumber(value: number): string {
  const sign = value < 0 ? "-" : "";
  return `${sign}${grouped(Math.abs(Math.round(value)).toFixed(0))}`;
}

/** An index level: "5,584.97". */
export function indexLevel(value: number): string {
  return grouped(value.toFixed(2));
}

/** A share price target: whole dollars from $20, else to the cent ("$245", "$12.50"). */
export function usdTarget(value: number): string {
  return value >= 20 ? `$${wholeNumber(value)}` : usd(value);
}

/** A dividend per share: 2 to 4 decimals, as declared ("$0.26", "$0.2625"). */
export function usdDividend(value: number): string {
  const text = value.toFixed(4).replace(/0{1,2}$/, "");
  return `$${text}`;
}

/** "$94.93 billion", "$812.4 million", "$1.02 trillion". */
export function usdCompact(value: number): string {
  const abs = Math.abs(value);
  const [scale, word] =
    abs >= 1e12
      ? [1e12, "trillion"]
      : abs >= 1e9
        ? [1e9, "billion"]
        : abs >= 1e6
          ? [1e6, "million"]
          : [1, ""];
  if (scale === 1) return usd(value);
  const scaled = value / scale;
  return `$${scaled.toFixed(Math.abs(scaled) >= 100 ? 1 : 2)} ${word}`;
}

/** A share count: "48.2 million", "1.3 billion", "850,000". */
export function shareCount(count: number): string {
  if (count >= 1e9) return `${(count / 1e9).toFixed(1)} billion`;
  if (count >= 1e6) return `${(count / 1e6).toFixed(1)} million`;
  return wholeNumber(count);
}

/** A fraction as an unsigned percentage: 0.0421 → "4.2%" (decimals 1 by default). */
export function pct(fraction: number, decimals = 1): string {
  return `${Math.abs(fraction * 100).toFixed(decimals)}%`;
}

/** A value already in percent units, unsigned: 3.456 → "3.5%". */
export function pctUnits(percent: number, decimals = 1): string {
  return `${Math.abs(percent).toFixed(decimals)}%`;
}

/** EPS as written: "$1.82", a loss as "a loss of $0.12" where a phrase needs it. */
export function eps(value: number): string {
  return usd(value);
}

/** A count in words up to ten, digits from 11 (AP style). */
export function countWord(n: number): string {
  const words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
  return n < 10 ? (words[n] as string) : String(n);
}

// ---------------------------------------------------------------------------------------------
// Dates and times (New York)
// ---------------------------------------------------------------------------------------------

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS_AP = [
  "Jan.",
  "Feb.",
  "March",
  "April",
  "May",
  "June",
  "July",
  "Aug.",
  "Sept.",
  "Oct.",
  "Nov.",
  "Dec.",
];

export function weekdayName(day: DayNumber): string {
  return WEEKDAYS[weekday(day)] as string;
}

/** "Oct. 28". */
export function monthDay(day: DayNumber): string {
  const date = civilDate(day);
  return `${MONTHS_AP[date.month - 1]} ${date.day}`;
}

/** "October" (1-12). */
export function monthName(month: number): string {
  return MONTH_NAMES[month - 1] as string;
}

/** "Tuesday" within the week of `today`, "Oct. 28" further away. */
export function dayReference(day: DayNumber, today: DayNumber): string {
  return Math.abs(day - today) <= 5 ? weekdayName(day) : monthDay(day);
}

/** "11:42 a.m. ET" for a New York minute of the day. */
export function clockTime(minuteOfDay: number): string {
  const hour = Math.floor(minuteOfDay / 60);
  const minute = minuteOfDay % 60;
  const suffix = hour < 12 ? "a.m." : "p.m.";
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${String(minute).padStart(2, "0")} ${suffix} ET`;
}

const datePartsByHour = new Map<number, { yyyy: string; mm: string; dd: string }>();

/** The New York date parts of an instant, for URLs (per UTC hour: New York's offset is whole hours). */
export function nyDateParts(ms: number): { yyyy: string; mm: string; dd: string } {
  const hour = Math.floor(ms / 3_600_000);
  let parts = datePartsByHour.get(hour);
  if (!parts) {
    const clock = nyWallClock(ms);
    parts = {
      yyyy: String(clock.year),
      mm: String(clock.month).padStart(2, "0"),
      dd: String(clock.date).padStart(2, "0"),
    };
    if (datePartsByHour.size > 20_000) datePartsByHour.clear();
    datePartsByHour.set(hour, parts);
  }
  return parts;
}

const QUARTER_WORDS = ["first", "second", "third", "fourth"];

/** "third-quarter" (as an adjective). */
export function quarterAdjective(quarter: number): string {
  return `${QUARTER_WORDS[quarter - 1]}-quarter`;
}

/** "third quarter" (as a noun). */
export function quarterNoun(quarter: number): string {
  return `${QUARTER_WORDS[quarter - 1]} quarter`;
}

/** "Fenmore Brothers'" for names ending in s, "Orrin Vale Research's" otherwise. */
export function possessive(name: string): string {
  return name.endsWith("s") ? `${name}'` : `${name}'s`;
}

/** "an Outperform", "a Buy": the article a word takes (by its first letter). */
export function withArticle(word: string): string {
  return /^[AEIOU]/i.test(word) ? `an ${word}` : `a ${word}`;
}

/** Upper-cases the first letter. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Sentences joined with single spaces, each ending in a full stop. */
export function paragraph(sentences: readonly string[]): string {
  return sentences
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .map((s) => (/[.!?]$/.test(s) ? s : `${s}.`))
    .join(" ");
}

/** "A, B and C". */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
