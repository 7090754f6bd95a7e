/**
 * IANA time zones as the runtime's ICU knows them (`Intl.supportedValuesOf("timeZone")` plus
 * UTC), with each zone's UTC offset and daylight-saving state at an instant. ICU names a few
 * zones by their older IANA identifiers (Asia/Calcutta for Asia/Kolkata, Europe/Kiev for
 * Europe/Kyiv): both are valid IANA names (the old ones are links in tzdata), and a lookup by
 * either finds the zone. Offsets come from Intl's `longOffset` names; a zone observes DST at an
 * instant when its offset then exceeds its standard offset, taken as the smaller of its offsets
 * on 1 January and 1 July of that year (tzdata's negative DST, Europe/Dublin's winter, is seen by
 * ICU as standard time).
 */

export interface TimeZoneEntry {
  id: string;
  /** The identifier's first part (Africa, America, Asia, Etc, ...); "UTC" for UTC. */
  region: string;
  /** Minutes east of UTC at the instant. */
  utcOffsetMinutes: number;
  /** The same as ±HH:MM. */
  utcOffset: string;
  /** The zone's standard-time offset this year, minutes. */
  standardOffsetMinutes: number;
  isDst: boolean;
  /** The English long name at the instant, e.g. "Central European Standard Time". */
  name: string;
}

const formatters = new Map<string, { offset: Intl.DateTimeFormat; name: Intl.DateTimeFormat }>();

function formattersOf(zone: string) {
  let pair = formatters.get(zone);
  if (!pair) {
    pair = {
      offset: new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" }),
      name: new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "long" }),
    };
    formatters.set(zone, pair);
  }
  return pair;
}

const zoneName = (format: Intl.DateTimeFormat, instantMs: number) =>
  format.formatToParts(instantMs).find((part) => part.type === "timeZoneName")?.value ?? "";

/** "GMT+05:30" → 330; "GMT" → 0. */
function minutesOf(longOffset: string): number {
  const parts = /^GMT([+-])(\d{2}):(\d{2})$/.exec(longOffset);
  if (!parts) return 0;
  const minutes = Number(parts[2]) * 60 + Number(parts[3]);
  return parts[1] === "-" ? -minutes : minutes;
}

/** Minutes east of UTC of `zone` at the instant. */
export function offsetMinutes(zone: string, instantMs: number): number {
  return minutesOf(zoneName(formattersOf(zone).offset, instantMs));
}

export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${sign}${hh}:${mm}`;
}

/** Standard offsets by zone and year, and long names by zone and offset: both rarely change. */
const standardOffsets = new Map<string, number>();
const longNames = new Map<string, string>();

function standardOffset(zone: string, year: number): number {
  const key = `${zone} ${year}`;
  let standard = standardOffsets.get(key);
  if (standard === undefined) {
    standard = Math.min(
      offsetMinutes(zone, Date.UTC(year, 0, 1)),
      offsetMinutes(zone, Date.UTC(year, 6, 1)),
    );
    standardOffsets.set(key, standard);
  }
  return standard;
}

function longName(zone: string, offset: number, instantMs: number): string {
  const key = `${zone} ${offset}`;
  let name = longNames.get(key);
  if (name === undefined) {
    name = zoneName(formattersOf(zone).name, instantMs);
    longNames.set(key, name);
  }
  return name;
}

/** The zone's figures at the instant. */
export function timeZoneAt(zone: string, instantMs: number): TimeZoneEntry {
  const year = new Date(instantMs).getUTCFullYear();
  const now = offsetMinutes(zone, instantMs);
  const standard = standardOffset(zone, year);
  return {
    id: zone,
    region: zone.includes("/") ? (zone.split("/")[0] as string) : zone,
    utcOffsetMinutes: now,
    utcOffset: formatOffset(now),
    standardOffsetMinutes: standard,
    isDst: now > standard,
    name: longName(zone, now, instantMs),
  };
}

let ids: readonly string[] | undefined;

/** Every zone identifier the runtime supports, UTC first, then alphabetical. */
export function timeZoneIds(): readonly string[] {
  ids ??= [
    "UTC",
    ...Intl.supportedValuesOf("timeZone")
      .filter((id) => id !== "UTC")
      .sort(),
  ];
  return ids;
}

/** The runtime's identifier for a zone named by any IANA name or case; undefined if unknown. */
export function canonicalZone(name: string): string | undefined {
  try {
    const resolved = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions()
      .timeZone;
    if (resolved === "UTC" || resolved === "Etc/UTC" || resolved === "Etc/GMT") return "UTC";
    return timeZoneIds().includes(resolved) ? resolved : undefined;
  } catch {
    return undefined;
  }
}

/** Every zone at the instant; computed once per minute of the clock (offsets change on minutes). */
let memo: { minute: number; zones: readonly TimeZoneEntry[] } | undefined;

export function timeZonesAt(instantMs: number): readonly TimeZoneEntry[] {
  const minute = Math.floor(instantMs / 60_000);
  if (memo?.minute !== minute) {
    memo = { minute, zones: timeZoneIds().map((id) => timeZoneAt(id, minute * 60_000)) };
  }
  return memo.zones;
}
