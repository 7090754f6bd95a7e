/**
 * Feed dates to epoch ms: RSS 2.0's pubDate is RFC 822 ("Thu, 29 Jan 2026 21:05:00 GMT"), Atom's
 * updated/published RFC 3339 ("2026-01-29T16:30:33-05:00"). Parsed by hand rather than with
 * Date.parse, whose leniency differs between engines and accepts strings like "2026" or "Tue".
 * Anything else is undefined: the caller skips the item instead of guessing when it happened.
 */

const MONTHS: Readonly<Record<string, number>> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  may: 4,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  oct: 9,
  nov: 10,
  dec: 11,
};

/** RFC 822 §5.1 zone names, as minutes east of UTC (single-letter military zones: only Z). */
const ZONE_MINUTES: Readonly<Record<string, number>> = {
  UT: 0,
  UTC: 0,
  GMT: 0,
  Z: 0,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
};

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  offsetMinutes: number;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

function toEpochMs(f: Fields): number | undefined {
  const valid =
    f.month >= 0 &&
    f.month <= 11 &&
    f.day >= 1 &&
    f.day <= daysInMonth(f.year, f.month) &&
    f.hour <= 23 &&
    f.minute <= 59 &&
    f.second <= 60 &&
    Math.abs(f.offsetMinutes) < 24 * 60;
  if (!valid) return undefined;
  // A leap second (:60) is read as the last millisecond-free instant of that minute.
  const second = Math.min(f.second, 59);
  const utc = Date.UTC(f.year, f.month, f.day, f.hour, f.minute, second, f.millisecond);
  return utc - f.offsetMinutes * 60_000;
}

/** "+0530" / "-05:00" → minutes east of UTC. */
function numericOffset(sign: string, hours: string, minutes: string): number {
  const total = Number(hours) * 60 + Number(minutes);
  return sign === "-" ? -total : total;
}

const RFC_822 =
  /^(?:[A-Za-z]{3,9},?\s*)?(\d{1,2})\s+([A-Za-z]{3,9})\.?\s+(\d{4}|\d{2})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*(?:([+-])(\d{2}):?(\d{2})|([A-Za-z]{1,5})))?$/;

/**
 * RFC 822 / RFC 2822 date-time. Seconds and the weekday are optional (the weekday is not
 * checked: feeds get it wrong); two-digit years are 19xx from 50 on, else 20xx (RFC 2822
 * §4.3); a missing zone is read as UTC, an unknown zone name makes the date unreadable.
 */
export function parseRfc822(text: string): number | undefined {
  const m = RFC_822.exec(text.trim());
  if (!m) return undefined;
  const [, day, monthName, year, hour, minute, second, sign, offH, offM, zone] = m;
  const month = MONTHS[(monthName ?? "").slice(0, 3).toLowerCase()];
  if (month === undefined) return undefined;
  let offsetMinutes = 0;
  if (sign) offsetMinutes = numericOffset(sign, offH ?? "0", offM ?? "0");
  else if (zone) {
    const named = ZONE_MINUTES[zone.toUpperCase()];
    if (named === undefined) return undefined;
    offsetMinutes = named;
  }
  const fullYear = Number(year);
  return toEpochMs({
    year: (year ?? "").length === 2 ? (fullYear >= 50 ? 1900 : 2000) + fullYear : fullYear,
    month,
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second ?? 0),
    millisecond: 0,
    offsetMinutes,
  });
}

const RFC_3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?\s*(?:([Zz])|([+-])(\d{2}):?(\d{2}))$/;

/**
 * RFC 3339 date-time with its offset (required: without one the instant is unknown). Seconds
 * may be missing, as some feeds write "2026-01-29T16:30Z".
 */
export function parseRfc3339(text: string): number | undefined {
  const m = RFC_3339.exec(text.trim());
  if (!m) return undefined;
  const [, year, month, day, hour, minute, second, fraction, zulu, sign, offH, offM] = m;
  return toEpochMs({
    year: Number(year),
    month: Number(month) - 1,
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second ?? 0),
    millisecond: fraction ? Math.floor(Number(`0.${fraction}`) * 1000) : 0,
    offsetMinutes: zulu ? 0 : numericOffset(sign ?? "+", offH ?? "0", offM ?? "0"),
  });
}

/** A feed's date in either format (feeds mix them up), epoch ms; undefined when unreadable. */
export function parseFeedDate(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  return parseRfc3339(text) ?? parseRfc822(text);
}
