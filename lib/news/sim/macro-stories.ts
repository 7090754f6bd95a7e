import { type EconomicRelease, economicReleases } from "../../calendar/economic";
import { type DayNumber, dayNumber } from "../../market/civil-date";
import { at, type DayContext, dayEndMs } from "./context";
import { compose, type Pen, type Story, type Variant } from "./story";
import { capitalise, clockTime, monthDay, pct, weekdayName, wholeNumber } from "./text";

/**
 * Macro stories from the simulated economic calendar (lib/calendar/economic.ts): the release
 * itself minutes after its instant (actual against consensus and the previous print; the
 * employment report's payrolls and jobless rate, and headline and core CPI, as one story), a
 * preview the evening before an important one, and once the session has closed the market's
 * reaction (S&P 500 and long Treasuries). The Federal Reserve is reported by its decision only:
 * no statement, no official named.
 */

type Family =
  | "jobs"
  | "inflation"
  | "ppi"
  | "retail-sales"
  | "ism-manufacturing"
  | "ism-services"
  | "gdp"
  | "claims"
  | "fed";

interface ReleaseGroup {
  family: Family;
  main: EconomicRelease;
  /** The jobless rate beside payrolls, core CPI beside CPI. */
  second: EconomicRelease | undefined;
  atMs: number;
  importance: EconomicRelease["importance"];
}

const FAMILY_OF: Record<string, Family> = {
  "nonfarm-payrolls": "jobs",
  "unemployment-rate": "jobs",
  cpi: "inflation",
  "core-cpi": "inflation",
  ppi: "ppi",
  "retail-sales": "retail-sales",
  "ism-manufacturing": "ism-manufacturing",
  "ism-services": "ism-services",
  gdp: "gdp",
  "initial-jobless-claims": "claims",
  "fomc-rate-decision": "fed",
};

const TOPICS: Record<Family, string[]> = {
  jobs: ["jobs", "economy"],
  inflation: ["inflation", "economy"],
  ppi: ["inflation", "economy"],
  "retail-sales": ["consumer", "economy"],
  "ism-manufacturing": ["manufacturing", "economy"],
  "ism-services": ["services", "economy"],
  gdp: ["gdp", "economy"],
  claims: ["jobs", "economy"],
  fed: ["fed", "interest-rates"],
};

/** The day's releases, with their actuals (stories appear only after each release). */
function releasesOn(day: DayNumber): EconomicRelease[] {
  return economicReleases(at(day, 0), dayEndMs(day), dayEndMs(day));
}

function groupsOf(releases: readonly EconomicRelease[]): ReleaseGroup[] {
  const groups = new Map<string, ReleaseGroup>();
  for (const release of releases) {
    const family = FAMILY_OF[release.indicator];
    if (!family || release.actual === null) continue;
    const key = `${family}:${release.releaseAtMs}`;
    const group = groups.get(key);
    const primary = release.indicator === "nonfarm-payrolls" || release.indicator === "cpi";
    if (!group) {
      groups.set(key, {
        family,
        main: release,
        second: undefined,
        atMs: release.releaseAtMs,
        importance: release.importance,
      });
    } else if (primary) {
      group.second = group.main;
      group.main = release;
    } else {
      group.second = release;
    }
  }
  return [...groups.values()];
}

export function macroStories(context: DayContext): Story[] {
  return groupsOf(releasesOn(context.day)).map((group) => ({
    eventId: `macro:${group.main.id}`,
    kind: "macro",
    eventAtMs: group.atMs,
    deadlineMs: dayEndMs(context.day),
    category: "macro",
    tickers: [],
    topics: TOPICS[group.family],
    coverage:
      group.importance === "high"
        ? 4 + (group.family === "fed" ? 1 : 0)
        : group.importance === "medium"
          ? 2
          : 1,
    delayMinutes: [1, 120],
    write: (pen) => writeRelease(pen, group, context.day),
  }));
}

// ---------------------------------------------------------------------------------------------
// Figures and words
// ---------------------------------------------------------------------------------------------

type Comparison = "above" | "below" | "inline";

function compare(release: EconomicRelease): Comparison {
  const { actual, consensus } = release;
  if (actual === null || consensus === null || actual === consensus) return "inline";
  return actual > consensus ? "above" : "below";
}

/** A release's value as written: "69,000", "0.2%", "51.4", "3.25%". */
function valueText(release: EconomicRelease, value: number): string {
  if (release.unit.startsWith("thousands")) return wholeNumber(value * 1000);
  if (release.unit === "index") return value.toFixed(1);
  const decimals = release.indicator === "fomc-rate-decision" ? 2 : 1;
  return `${Math.abs(value).toFixed(decimals)}%`;
}

const actualText = (r: EconomicRelease) => valueText(r, r.actual ?? 0);
const consensusText = (r: EconomicRelease) =>
  r.consensus === null ? undefined : valueText(r, r.consensus);
const previousText = (r: EconomicRelease) =>
  r.previous === null ? undefined : valueText(r, r.previous);

/** "October" from "October 2026"; "the week ended Nov. 14" from "week ending 2026-11-14". */
function periodText(release: EconomicRelease): string {
  const week = /week ending (\d{4})-(\d{2})-(\d{2})/.exec(release.period);
  if (week) {
    const day = dayNumber(Number(week[1]), Number(week[2]), Number(week[3]));
    return `the week ended ${monthDay(day)}`;
  }
  const quarter = /Q(\d) (\d{4})/.exec(release.period);
  if (quarter)
    return `the ${["first", "second", "third", "fourth"][Number(quarter[1]) - 1]} quarter`;
  return release.period.replace(/ meeting$/, "").replace(/\s\d{4}$/, "");
}

function versus(release: EconomicRelease, words: Record<Comparison, string>): string {
  return words[compare(release)];
}

const FORECASTS: Record<Comparison, string> = {
  above: "above forecasts",
  below: "below forecasts",
  inline: "in line with forecasts",
};

function expectedSentence(release: EconomicRelease, noun: string): string | undefined {
  const consensus = consensusText(release);
  return consensus === undefined ? undefined : `Economists had expected ${noun} of ${consensus}`;
}

function previousSentence(release: EconomicRelease, noun: string): string | undefined {
  const previous = previousText(release);
  return previous === undefined ? undefined : `The previous reading was ${previous} ${noun}`.trim();
}

function present(...sentences: (string | undefined)[]): string[] {
  return sentences.filter((s): s is string => s !== undefined);
}

// ---------------------------------------------------------------------------------------------
// The release
// ---------------------------------------------------------------------------------------------

function writeRelease(pen: Pen, group: ReleaseGroup, day: DayNumber) {
  const parts = WRITERS[group.family](group, day);
  return compose(pen, { ...parts, maxDetails: 3 });
}

interface Parts {
  headlines: Variant[];
  ledes: Variant[];
  details: string[];
}

const WRITERS: Record<Family, (group: ReleaseGroup, day: DayNumber) => Parts> = {
  jobs: writeJobs,
  inflation: writeInflation,
  ppi: (g) => writePriceIndex(g, "producer prices", "wholesale prices", "PPI"),
  "retail-sales": writeRetailSales,
  "ism-manufacturing": (g) => writeIsm(g, "factory", "manufacturing", "manufacturers"),
  "ism-services": (g) => writeIsm(g, "services", "services", "service providers"),
  gdp: writeGdp,
  claims: writeClaims,
  fed: writeFed,
};

function writeJobs(group: ReleaseGroup, day: DayNumber): Parts {
  const payrolls = group.main;
  const rate = group.second;
  const month = periodText(payrolls);
  const jobs = actualText(payrolls);
  const c = compare(payrolls);
  const expected = consensusText(payrolls) ?? "";
  const rateText = rate ? actualText(rate) : undefined;
  const rateMove =
    rate?.previous == null || rate.actual === null || rate.actual === rate.previous
      ? `held at ${rateText}`
      : rate.actual > rate.previous
        ? `rose to ${rateText}`
        : `fell to ${rateText}`;
  const hiring = c === "above" ? "tops" : c === "below" ? "falls short of" : "matches";
  return {
    headlines: [
      ["w", `US payrolls rise ${jobs} in ${month}, ${FORECASTS[c]}`],
      ["w", `US employers add ${jobs} jobs in ${month}; unemployment rate ${rateMove}`],
      ["p", `Hiring ${hiring} expectations as US economy adds ${jobs} jobs`],
      ["o", `Jobs report: ${jobs} jobs added in ${month} vs. ${expected} expected`],
      rate ? `US unemployment rate ${rateMove} in ${month}` : `US adds ${jobs} jobs in ${month}`,
      `${month} jobs report ${c === "above" ? "comes in strong" : c === "below" ? "disappoints" : "lands in line"} with ${jobs} new jobs`,
      ["o", `${jobs} jobs: what ${month}'s payrolls report says about the economy`],
    ],
    ledes: [
      `The US economy added ${jobs} jobs in ${month}, the government's monthly employment report showed on ${weekdayName(day)}, ${versus(payrolls, { above: "more than", below: "fewer than", inline: "matching" })} the ${expected} economists had forecast`,
      `Nonfarm payrolls rose by ${jobs} in ${month}, ${FORECASTS[c]} of ${expected}, while the unemployment rate ${rateMove}`,
      [
        "w",
        `US nonfarm payrolls increased by ${jobs} in ${month}, against a forecast of ${expected}`,
      ],
      [
        "p",
        `America's employers added ${jobs} workers to their payrolls in ${month}, ${FORECASTS[c]}`,
      ],
      [
        "o",
        `The ${month} jobs report is out: ${jobs} new jobs, against the ${expected} economists expected`,
      ],
      [
        "o",
        `Employers added ${jobs} jobs last month, ${versus(payrolls, { above: "more than", below: "fewer than", inline: "exactly" })} the ${expected} expected`,
      ],
    ],
    details: present(
      rate &&
        `The unemployment rate ${rateMove}, against a forecast of ${consensusText(rate) ?? "n/a"}`,
      payrolls.previous !== null
        ? `The previous report showed ${previousText(payrolls)} jobs added`
        : undefined,
      c === "above"
        ? "The stronger-than-expected hiring points to a resilient labor market"
        : c === "below"
          ? "The weaker-than-expected hiring points to a cooling labor market"
          : "The figures suggest the labor market is holding steady",
      "The report is one of the last major data points before the Federal Reserve's next rate decision",
    ),
  };
}

/** A monthly change in words: "rise 0.2%", "fall 0.1%", or flat at 0.0%. */
function motion(value: number, x: string) {
  if (value > 0) {
    return { rise: `rise ${x}`, rises: `rises ${x}`, rose: `rose ${x}`, up: `up ${x}` };
  }
  if (value < 0) {
    return { rise: `fall ${x}`, rises: `falls ${x}`, rose: `fell ${x}`, up: `down ${x}` };
  }
  return { rise: "hold steady", rises: "holds steady", rose: "held steady", up: "flat" };
}

function writeInflation(group: ReleaseGroup): Parts {
  const cpi = group.main;
  const core = group.second;
  const month = periodText(cpi);
  const x = actualText(cpi);
  const m = motion(cpi.actual ?? 0, x);
  const coreMotion = core && motion(core.actual ?? 0, actualText(core));
  const expected = consensusText(cpi) ?? "n/a";
  const c = compare(cpi);
  const tone =
    c === "above"
      ? "runs hotter than expected"
      : c === "below"
        ? "cools more than expected"
        : "matches forecasts";
  return {
    headlines: [
      ["w", `US consumer prices ${m.rise} in ${month}${core ? `; core ${coreMotion?.up}` : ""}`],
      ["w", `US CPI ${m.rises} in ${month}, ${FORECASTS[c]}`],
      ["p", `Inflation ${tone} in ${month}`],
      ["o", `CPI report: prices ${m.up} in ${month} vs. ${expected} expected`],
      core ? `Core inflation ${coreMotion?.rises} in ${month}` : `US inflation data for ${month}`,
      [
        "o",
        `Inflation ${c === "above" ? "heats up" : c === "below" ? "cools" : "holds steady"}: ${month} CPI at ${x}`,
      ],
    ],
    ledes: [
      `US consumer prices ${m.rose} in ${month}, ${FORECASTS[c]} of ${expected}, according to the monthly consumer price index report`,
      `The consumer price index ${m.rose} last month, ${versus(cpi, { above: "a hotter reading than", below: "a cooler reading than", inline: "in line with" })} the ${expected} economists had expected`,
      ["w", `The US consumer price index ${m.rose} in ${month}, against a forecast of ${expected}`],
      [
        "o",
        `Inflation ${tone} in ${month}: consumer prices ${m.rose}, versus the ${expected} economists had penciled in`,
      ],
      [
        "p",
        `Consumer prices ${m.rose} in ${month}, the monthly inflation report showed, ${FORECASTS[c]}`,
      ],
    ],
    details: present(
      core &&
        `Core prices, which exclude food and energy, ${coreMotion?.rose}, against expectations of ${consensusText(core) ?? "n/a"}`,
      previousSentence(cpi, "the month before"),
      c === "above"
        ? "The hotter reading adds to worries that inflation pressure is proving sticky"
        : c === "below"
          ? "The softer reading eases some of the pressure on interest rates"
          : "The reading gives little new direction on inflation",
    ),
  };
}

function writePriceIndex(group: ReleaseGroup, noun: string, alt: string, short: string): Parts {
  const r = group.main;
  const month = periodText(r);
  const m = motion(r.actual ?? 0, actualText(r));
  const expected = consensusText(r) ?? "n/a";
  const c = compare(r);
  return {
    headlines: [
      ["w", `US ${noun} ${m.rise} in ${month}`],
      ["o", `${short} report: ${alt} ${m.up} vs. ${expected} expected`],
      [
        "p",
        `${capitalise(alt)} ${c === "above" ? "run hotter than expected" : c === "below" ? "cool more than expected" : "match expectations"} in ${month}`,
      ],
      `US ${short} ${m.rises} in ${month}, ${FORECASTS[c]}`,
    ],
    ledes: [
      `US ${noun} ${m.rose} in ${month}, ${FORECASTS[c]} of ${expected}`,
      `The ${short === "PPI" ? "producer price index" : short} ${m.rose} last month, compared with the ${expected} economists had expected`,
      ["o", `${capitalise(alt)} ${m.rose} in ${month}, the monthly ${short} report showed`],
    ],
    details: present(previousSentence(r, "the month before"), expectedSentence(r, "a change")),
  };
}

function writeRetailSales(group: ReleaseGroup): Parts {
  const r = group.main;
  const month = periodText(r);
  const value = r.actual ?? 0;
  const m = motion(value, actualText(r));
  const expected = consensusText(r) ?? "n/a";
  const c = compare(r);
  const meet = c === "above" ? "beat" : c === "below" ? "miss" : "meet";
  const spend = value > 0 ? "spend more" : value < 0 ? "pull back" : "hold spending steady";
  const spent = value > 0 ? "spent more" : value < 0 ? "spent less" : "held spending steady";
  return {
    headlines: [
      ["w", `US retail sales ${m.rise} in ${month}`],
      ["w", `US retail sales ${m.up} in ${month}, ${FORECASTS[c]}`],
      ["o", `Retail sales report: ${m.up} vs. ${expected} expected`],
      ["p", `Shoppers ${spend} in ${month}, retail sales data show`],
      `US retail sales ${meet} forecasts in ${month}`,
    ],
    ledes: [
      `US retail sales ${m.rose} in ${month}, ${FORECASTS[c]} of ${expected}, the advance estimate showed`,
      `American consumers ${spent} in ${month}, with retail sales ${m.up} from the month before`,
      [
        "w",
        `Retail sales in the United States ${m.rose} in ${month}, against a forecast of ${expected}`,
      ],
      ["o", `Shoppers ${spent} in ${month}: retail sales ${m.rose}, ${FORECASTS[c]}`],
    ],
    details: present(
      previousSentence(r, "the month before"),
      expectedSentence(r, "a change"),
      c === "above"
        ? "The stronger spending suggests households remain resilient"
        : c === "below"
          ? "The weaker spending suggests households are turning more cautious"
          : undefined,
    ),
  };
}

function writeIsm(group: ReleaseGroup, adjective: string, label: string, who: string): Parts {
  const r = group.main;
  const month = periodText(r);
  const v = actualText(r);
  const expanding = (r.actual ?? 0) > 50;
  const state = expanding ? "expands" : "contracts";
  const rose = r.previous !== null && (r.actual ?? 0) > r.previous;
  return {
    headlines: [
      ["w", `US ${adjective} activity ${state} in ${month}; ISM index at ${v}`],
      ["o", `ISM ${label} PMI comes in at ${v} vs. ${consensusText(r) ?? "n/a"} expected`],
      ["p", `US ${who} ${expanding ? "report growth" : "report a contraction"} in ${month}`],
      `${month} ISM ${label} index ${rose ? "rises" : "falls"} to ${v}`,
    ],
    ledes: [
      `The ISM ${label} index came in at ${v} in ${month}, ${FORECASTS[compare(r)]} of ${consensusText(r) ?? "n/a"}, signaling ${expanding ? "expansion" : "contraction"}`,
      `US ${adjective} activity ${expanding ? "grew" : "shrank"} in ${month}, with the ISM ${label} purchasing managers' index at ${v}`,
    ],
    details: present(
      "A reading above 50 indicates expansion, below 50 contraction",
      previousSentence(r, ""),
    ),
  };
}

function writeGdp(group: ReleaseGroup): Parts {
  const r = group.main;
  const quarter = periodText(r);
  const x = actualText(r);
  const growing = (r.actual ?? 0) >= 0;
  const estimate = /\((advance|second estimate|third estimate)\)/.exec(r.period)?.[1] ?? "estimate";
  const label = estimate === "advance" ? "advance estimate" : estimate;
  const c = compare(r);
  return {
    headlines: [
      [
        "w",
        `US economy ${growing ? "grows" : "shrinks"} at ${x} annualized rate in ${quarter.replace("the ", "")}`,
      ],
      [
        "w",
        `US GDP ${growing ? "rises" : "falls"} ${x} in ${quarter.replace("the ", "")}, ${FORECASTS[c]}`,
      ],
      [
        "o",
        `GDP report: ${quarter.replace("the ", "")} growth of ${x} vs. ${consensusText(r) ?? "n/a"} expected`,
      ],
      [
        "p",
        `US growth ${c === "above" ? "beats" : c === "below" ? "misses" : "meets"} forecasts at ${x} in ${quarter}`,
      ],
      `GDP ${label} shows ${x} ${growing ? "growth" : "contraction"} in ${quarter}`,
    ],
    ledes: [
      `The US economy ${growing ? "grew" : "shrank"} at a ${x} annualized rate in ${quarter}, the ${label} of gross domestic product showed, ${FORECASTS[c]} of ${consensusText(r) ?? "n/a"}`,
      `Gross domestic product ${growing ? "expanded" : "contracted"} at a ${x} pace in ${quarter}, according to the ${label}`,
      [
        "w",
        `US GDP ${growing ? "grew" : "shrank"} at a ${x} annualized rate in ${quarter}, the ${label} showed, against a forecast of ${consensusText(r) ?? "n/a"}`,
      ],
      [
        "o",
        `The ${label} is in: the US economy ${growing ? "grew" : "shrank"} at a ${x} annualized pace in ${quarter}`,
      ],
      [
        "p",
        `America's economy ${growing ? "expanded" : "contracted"} at a ${x} annual rate in ${quarter}, ${FORECASTS[c]}`,
      ],
    ],
    details: present(previousSentence(r, "in the prior release"), expectedSentence(r, "growth")),
  };
}

function writeClaims(group: ReleaseGroup): Parts {
  const r = group.main;
  const week = periodText(r);
  const v = actualText(r);
  const rose = r.previous !== null && (r.actual ?? 0) > r.previous;
  const same = r.previous !== null && r.actual === r.previous;
  const move = same ? "hold at" : rose ? "rise to" : "fall to";
  return {
    headlines: [
      ["w", `US weekly jobless claims ${move} ${v}`],
      ["o", `Jobless claims: ${v} vs. ${consensusText(r) ?? "n/a"} expected`],
      ["p", `Initial jobless claims ${move} ${v} in latest week`],
      `Unemployment benefit claims ${move} ${v}`,
    ],
    ledes: [
      `Initial claims for state unemployment benefits ${same ? "held at" : rose ? "rose to" : "fell to"} ${v} in ${week}, ${FORECASTS[compare(r)]} of ${consensusText(r) ?? "n/a"}`,
      `The number of Americans filing new claims for jobless benefits ${same ? "was unchanged at" : rose ? "increased to" : "decreased to"} ${v} in ${week}`,
    ],
    details: present(previousSentence(r, "the week before"), expectedSentence(r, "claims")),
  };
}

function writeFed(group: ReleaseGroup, day: DayNumber): Parts {
  const r = group.main;
  const upper = r.actual ?? 0;
  const previous = r.previous ?? upper;
  const range = `${(upper - 0.25).toFixed(2)}%-${upper.toFixed(2)}%`;
  const bps = Math.round(Math.abs(upper - previous) * 100);
  const size = bps === 25 ? "a quarter point" : bps === 50 ? "half a point" : `${bps} basis points`;
  const expected = r.consensus === null || r.consensus === upper;
  const action = upper > previous ? "raises" : upper < previous ? "cuts" : "holds";
  const headlines: Variant[] =
    action === "holds"
      ? [
          ["w", `Fed holds rates steady at ${range}`],
          ["w", `Fed leaves federal funds target unchanged at ${range}`],
          [
            "o",
            `Fed decision: rates unchanged at ${range}${expected ? ", as expected" : " in a surprise"}`,
          ],
          ["o", `No change from the Fed: benchmark rate stays at ${upper.toFixed(2)}%`],
          ["p", "Federal Reserve leaves its benchmark rate unchanged"],
          [
            "p",
            `Fed stands pat on interest rates${expected ? ", as markets expected" : ", surprising markets"}`,
          ],
          `FOMC keeps the federal funds target at ${range}`,
        ]
      : [
          ["w", `Fed ${action} rates by ${size} to ${range}`],
          ["w", `Fed ${action === "raises" ? "hikes" : "cuts"} federal funds target to ${range}`],
          [
            "o",
            `Fed decision: rates ${action === "raises" ? "hiked" : "cut"} to ${range}${expected ? ", as expected" : " in a surprise"}`,
          ],
          [
            "o",
            `The Fed ${action === "raises" ? "hiked" : "cut"} again: what a ${upper.toFixed(2)}% upper bound means`,
          ],
          ["p", `Federal Reserve ${action} its benchmark rate by ${size}`],
          ["p", `Fed ${action === "raises" ? "tightens" : "eases"} policy with a ${size} move`],
          `FOMC ${action === "raises" ? "lifts" : "lowers"} the federal funds target to ${range}`,
        ];
  const verb = (owner: string) =>
    action === "holds"
      ? `left ${owner} benchmark rate unchanged at`
      : action === "raises"
        ? `raised ${owner} benchmark rate by ${size} to`
        : `cut ${owner} benchmark rate by ${size} to`;
  return {
    headlines,
    ledes: [
      `The Federal Reserve ${verb("its")} a target range of ${range} at the end of its ${periodText(r)} meeting`,
      `Federal Reserve policymakers ${verb("their")} ${range} on ${weekdayName(day)}, in a decision announced at ${clockTime(14 * 60)}`,
      ["o", `The Fed ${verb("its")} ${range} on ${weekdayName(day)}`],
      ["w", `The Federal Open Market Committee ${verb("its")} ${range} on ${weekdayName(day)}`],
      [
        "p",
        `The US central bank ${verb("its")} a range of ${range}, ending its ${periodText(r)} meeting`,
      ],
    ],
    details: present(
      expected
        ? "The decision was in line with market expectations"
        : "The decision surprised markets, which had priced a different outcome",
      `The previous target range was ${(previous - 0.25).toFixed(2)}%-${previous.toFixed(2)}%`,
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Previews and the market's reaction
// ---------------------------------------------------------------------------------------------

const PREVIEW_NOUN: Partial<Record<Family, string>> = {
  jobs: "the monthly jobs report",
  inflation: "consumer price data",
  "retail-sales": "retail sales data",
  gdp: "the GDP report",
  fed: "the Federal Reserve's rate decision",
};

const PREVIEW_TITLE: Partial<Record<Family, string>> = {
  jobs: "Jobs report",
  inflation: "CPI",
  "retail-sales": "Retail sales",
  gdp: "GDP",
  fed: "Fed decision",
};

/** The evening before an important release: what economists expect. */
export function macroPreviewStories(context: DayContext): Story[] {
  const tomorrow = context.day + 1;
  // Consensus as known this evening (forecasts appear once the preceding print is out).
  const releases = economicReleases(at(tomorrow, 0), dayEndMs(tomorrow), at(context.day, 18));
  const seen = new Set<Family>();
  const stories: Story[] = [];
  for (const release of releases) {
    const family = FAMILY_OF[release.indicator];
    const noun = family && PREVIEW_NOUN[family];
    if (!family || !noun || release.importance !== "high" || seen.has(family)) continue;
    if (release.indicator === "unemployment-rate" || release.indicator === "core-cpi") continue;
    seen.add(family);
    stories.push({
      eventId: `macro-preview:${release.id}`,
      kind: "macro-preview",
      eventAtMs: at(context.day, 18),
      deadlineMs: dayEndMs(context.day),
      category: "macro",
      tickers: [],
      topics: TOPICS[family],
      coverage: 2,
      delayMinutes: [5, 300],
      write: (pen) => writePreview(pen, release, family, tomorrow),
    });
  }
  return stories;
}

function writePreview(pen: Pen, release: EconomicRelease, family: Family, day: DayNumber) {
  const noun = PREVIEW_NOUN[family] ?? release.event;
  const title = PREVIEW_TITLE[family] ?? release.event;
  const when = `${weekdayName(day)} at ${clockTime(Math.round((release.releaseAtMs - at(day, 0)) / 60_000))}`;
  const consensus = consensusText(release);
  const period = periodText(release);
  const forecast =
    release.indicator === "fomc-rate-decision"
      ? `markets expect an upper bound of ${consensus ?? "n/a"}`
      : `economists expect ${consensus ?? "n/a"}`;
  return compose(pen, {
    headlines: [
      ["w", `What to watch: ${noun} due ${weekdayName(day)}`],
      ["o", `${title} preview: ${forecast}`],
      ["p", `Investors brace for ${noun} on ${weekdayName(day)}`],
      `${title} ahead: ${forecast}`,
    ],
    ledes: [
      `Investors turn to ${noun} for ${period} on ${when}, where ${forecast}`,
      `${capitalise(noun)} for ${period} is due ${when}; ${forecast}`,
    ],
    details: present(
      previousText(release) &&
        (family === "fed"
          ? `The current upper bound is ${previousText(release)}`
          : `The previous reading was ${previousText(release)}`),
      "It is one of the most closely watched releases on the economic calendar",
    ),
    maxDetails: 2,
  });
}

/** A sentence for the closing market story on the day's most important release, if any. */
export function macroCloseNote(context: DayContext): string | undefined {
  const group = groupsOf(releasesOn(context.day)).find((g) => g.importance === "high");
  if (!group) return undefined;
  return `Investors weighed ${reactionNoun(group)}`;
}

function reactionNoun(group: ReleaseGroup): string {
  const r = group.main;
  const c = compare(r);
  switch (group.family) {
    case "jobs":
      return `${periodText(r)}'s jobs report, which showed ${actualText(r)} jobs added, ${FORECASTS[c]}`;
    case "inflation":
      return `${periodText(r)}'s consumer price data, which showed a ${actualText(r)} change, ${FORECASTS[c]}`;
    case "fed":
      return `the Federal Reserve's decision to set its target range's upper bound at ${actualText(r)}`;
    case "gdp":
      return `GDP data showing ${actualText(r)} annualized growth in ${periodText(r)}, ${FORECASTS[c]}`;
    default:
      return `${r.event} data for ${periodText(r)}, ${FORECASTS[c]}`;
  }
}

/** Once the session has closed: how stocks and long Treasuries took the day's important releases. */
export function macroReactionStories(context: DayContext): Story[] {
  const { book, day } = context;
  const spx = book.change("SPX", day);
  const tlt = book.change("TLT", day);
  if (spx === undefined || tlt === undefined) return [];
  return groupsOf(releasesOn(day))
    .filter((g) => g.importance === "high")
    .map((group) => ({
      eventId: `macro-reaction:${group.main.id}`,
      kind: "macro",
      eventAtMs: at(day, 16),
      deadlineMs: dayEndMs(day),
      category: "macro",
      tickers: ["TLT"],
      topics: [...TOPICS[group.family], "markets"],
      coverage: 2,
      delayMinutes: [20, 180],
      write: (pen) => writeReaction(pen, group, spx, tlt, day),
    }));
}

function writeReaction(pen: Pen, group: ReleaseGroup, spx: number, tlt: number, day: DayNumber) {
  const up = spx >= 0;
  const noun = SHORT_NOUN[group.family];
  return compose(pen, {
    headlines: [
      [
        "w",
        `Stocks ${up ? "rise" : "fall"} after ${noun}; S&P 500 ${up ? "up" : "down"} ${pct(spx, 2)}`,
      ],
      ["p", `Wall Street ${up ? "cheers" : "sours on"} ${noun}`],
      ["o", `How markets reacted to ${noun}: S&P 500 ${up ? "gains" : "drops"} ${pct(spx, 2)}`],
      `Treasuries ${tlt >= 0 ? "rally" : "slide"} and stocks ${up ? "climb" : "retreat"} after ${noun}`,
    ],
    ledes: [
      `US stocks ${up ? "rose" : "fell"} on ${weekdayName(day)} as investors weighed ${reactionNoun(group)}, with the S&P 500 ${up ? "up" : "down"} ${pct(spx, 2)}`,
      `The S&P 500 ${up ? "gained" : "lost"} ${pct(spx, 2)} on ${weekdayName(day)} after ${reactionNoun(group)}`,
    ],
    details: [
      `Long-dated Treasuries ${tlt >= 0 ? "rallied" : "sold off"}, with the iShares 20+ Year Treasury Bond ETF (TLT) ${tlt >= 0 ? "up" : "down"} ${pct(tlt, 2)}`,
      `The release came out at ${clockTime(Math.round((group.atMs - at(day, 0)) / 60_000))}`,
    ],
    maxDetails: 2,
  });
}

const SHORT_NOUN: Record<Family, string> = {
  jobs: "the jobs report",
  inflation: "inflation data",
  ppi: "producer price data",
  "retail-sales": "retail sales data",
  "ism-manufacturing": "factory data",
  "ism-services": "services data",
  gdp: "GDP data",
  claims: "jobless claims data",
  fed: "the Fed decision",
};

/** The week's releases of an importance (the week-ahead pieces), one per report. */
export function releasesBetween(
  fromDay: DayNumber,
  toDay: DayNumber,
  asOfMs: number,
  importance: EconomicRelease["importance"],
) {
  return economicReleases(at(fromDay, 0), dayEndMs(toDay), asOfMs).filter(
    (r) =>
      r.importance === importance &&
      r.indicator !== "unemployment-rate" &&
      r.indicator !== "core-cpi",
  );
}
