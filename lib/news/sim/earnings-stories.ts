import type { DayNumber } from "../../market/civil-date";
import {
  type EarningsReport,
  reactionDay,
  reportReleaseMs,
  surprisePercent,
} from "../../market/sim/earnings";
import { impliedEarningsMove } from "../../market/sim/simulated-market";
import type { UniverseStock } from "../../market/sim/universe";
import { nextTradingDay, previousTradingDay } from "../../market/trading-days";
import {
  at,
  type DayContext,
  dateKey,
  dayEndMs,
  previousReport,
  reportOn,
  reportsReactingOn,
} from "./context";
import { compose, type Pen, type Story, type Variant } from "./story";
import {
  Draws,
  eps,
  pct,
  pctUnits,
  quarterAdjective,
  quarterNoun,
  shareCount,
  usd,
  usdCompact,
  weekdayName,
} from "./text";
import { moveVerb } from "./words";
import {
  COMPANIES,
  companyTopics,
  firstMention,
  nameWithTicker,
  shortName,
  sizeRank,
} from "./world";

/**
 * Earnings stories: the report itself (its real simulated figures: EPS and revenue, actual
 * against estimate, the surprise), a preview the session before, and a follow-up once the
 * session that trades on the report has closed (its close-to-close move from the daily bars).
 */

type Outcome = "beat" | "miss" | "inline";

export interface ReportFacts {
  stock: UniverseStock;
  report: EarningsReport;
  reportDay: DayNumber;
  name: string;
  ticker: string;
  full: string;
  outcome: Outcome;
  revenueBeat: boolean;
  actual: string;
  estimate: string;
  revenue: string;
  revenueEstimate: string;
  /** The EPS surprise, percent units (signed). */
  surprise: number;
  quarterAdj: string;
  quarterNoun: string;
  quarterShort: string;
  /** The calendar quarter's last day ("Sept. 30"). */
  quarterEnd: string;
  /** "after the closing bell on Tuesday" */
  when: string;
  /** The first session that trades on the report. */
  reaction: DayNumber;
  /** The move options priced for that session (decimal), when the stock has a surface. */
  impliedMove: number | undefined;
}

function factsOf(stock: UniverseStock, report: EarningsReport, reportDay: DayNumber): ReportFacts {
  const actual = report.epsActual ?? report.epsEstimate;
  const surprise = surprisePercent(report);
  const outcome: Outcome =
    actual > report.epsEstimate ? "beat" : actual < report.epsEstimate ? "miss" : "inline";
  const reaction = reactionDay(reportDay, report.hour);
  return {
    stock,
    report,
    reportDay,
    name: shortName(stock),
    ticker: stock.symbol,
    full: firstMention(stock),
    outcome,
    revenueBeat: (report.revenueActual ?? 0) >= report.revenueEstimate,
    actual: eps(actual),
    estimate: eps(report.epsEstimate),
    revenue: usdCompact(report.revenueActual ?? report.revenueEstimate),
    revenueEstimate: usdCompact(report.revenueEstimate),
    surprise,
    quarterAdj: quarterAdjective(report.quarter),
    quarterNoun: quarterNoun(report.quarter),
    quarterShort: `Q${report.quarter}`,
    quarterEnd: QUARTER_ENDS[report.quarter - 1] as string,
    when:
      report.hour === "bmo"
        ? `before the opening bell on ${weekdayName(reportDay)}`
        : `after the closing bell on ${weekdayName(reportDay)}`,
    reaction,
    impliedMove: impliedEarningsMove(stock.symbol, reaction),
  };
}

/** The report's facts as every earnings story writes them. */
export const reportFactsOf = factsOf;

const QUARTER_ENDS = ["March 31", "June 30", "Sept. 30", "Dec. 31"];

// ---------------------------------------------------------------------------------------------
// The report
// ---------------------------------------------------------------------------------------------

/** Reports out on the context's day: articles from 5 minutes after the release. */
export function earningsStories(context: DayContext): Story[] {
  const stories: Story[] = [];
  for (const stock of COMPANIES) {
    const report = reportOn(stock, context.day);
    if (!report || report.epsActual === null) continue;
    const facts = factsOf(stock, report, context.day);
    const draws = Draws.of(`earnings:${stock.symbol}:${dateKey(context.day)}`);
    const coverage = 3 + (sizeRank(stock) < 0.35 || draws.chance(0.3) ? 1 : 0);
    stories.push({
      eventId: `earnings:${stock.symbol}:${dateKey(context.day)}`,
      kind: "earnings",
      eventAtMs: reportReleaseMs(report),
      deadlineMs: dayEndMs(context.day),
      category: "earnings",
      tickers: [stock.symbol],
      topics: ["earnings", ...companyTopics(stock)],
      coverage,
      delayMinutes: [5, 150],
      write: (pen) => writeReport(pen, facts),
    });
  }
  return stories;
}

function writeReport(pen: Pen, f: ReportFacts) {
  return compose(pen, {
    headlines: reportHeadlines(f),
    ledes: reportLedes(f),
    details: reportDetails(pen, f),
  });
}

function reportHeadlines(f: ReportFacts): Variant[] {
  const { name: n, ticker: t, actual: a, estimate: e, revenue: r, quarterAdj: qa } = f;
  const q = f.quarterShort;
  const s = pctUnits(f.surprise);
  if (f.outcome === "inline") {
    return [
      ["w", `${n} ${qa} EPS of ${a} matches estimates`],
      ["w", `${n} ${q} EPS ${a} in line with ${e} estimate; revenue ${r}`],
      [
        "p",
        `${n} earnings meet forecasts as revenue ${f.revenueBeat ? "edges past" : "slips below"} estimates`,
      ],
      ["p", `${n} reports ${qa} profit in line with expectations`],
      ["o", `${nameWithTicker(f.stock)} earnings match estimates at ${a} a share`],
      ["o", `${t} earnings: ${n} hits the consensus right on the nose`],
      `${n} posts ${qa} results in line with Wall Street's view`,
      `${n} meets profit estimates with ${q} EPS of ${a}`,
    ];
  }
  if (f.outcome === "beat" && f.revenueBeat) {
    return [
      ["w", `${n} beats quarterly profit estimates as revenue tops forecasts`],
      ["w", `${n} ${q} EPS ${a} beats ${e} estimate; revenue ${r}`],
      ["p", `${n} profit tops forecasts in a strong ${f.quarterNoun}`],
      ["p", `${n} beats Wall Street expectations on earnings and sales`],
      ["o", `${nameWithTicker(f.stock)} earnings beat: ${a} a share vs. ${e} expected`],
      ["o", `${t} stock: ${n} delivers a ${s} earnings surprise`],
      `${n} reports stronger-than-expected ${qa} results`,
      `${n} tops estimates with ${qa} EPS of ${a}`,
    ];
  }
  if (f.outcome === "beat") {
    return [
      ["w", `${n} beats on profit but revenue falls short of estimates`],
      ["w", `${n} ${q} EPS ${a} tops ${e} estimate; revenue ${r} misses`],
      ["p", `${n} earnings top forecasts even as sales come in light`],
      ["p", `${n} profit beats, but revenue misses Wall Street's mark`],
      ["o", `${nameWithTicker(f.stock)} beats on EPS, misses on revenue`],
      ["o", `${t} earnings: a mixed quarter as revenue misses`],
      `${n} posts ${qa} profit above estimates, revenue below`,
      `${n} tops EPS forecast at ${a} despite revenue miss`,
    ];
  }
  if (f.revenueBeat) {
    return [
      ["w", `${n} misses quarterly profit estimates despite revenue beat`],
      ["w", `${n} ${q} EPS ${a} misses ${e} estimate; revenue ${r} beats`],
      ["p", `${n} profit falls short of forecasts even as sales top estimates`],
      ["p", `${n} earnings disappoint despite stronger revenue`],
      ["o", `${nameWithTicker(f.stock)} misses on EPS, beats on revenue`],
      ["o", `${t} earnings: a profit miss overshadows the revenue beat`],
      `${n} posts ${qa} EPS of ${a}, below the ${e} expected`,
      `${n} revenue tops estimates but profit misses`,
    ];
  }
  return [
    ["w", `${n} misses quarterly profit and revenue estimates`],
    ["w", `${n} ${q} EPS ${a} misses ${e} estimate; revenue ${r} also short`],
    ["p", `${n} profit falls short of forecasts in a weak ${f.quarterNoun}`],
    ["p", `${n} disappoints with earnings and sales below expectations`],
    ["o", `${nameWithTicker(f.stock)} earnings miss: ${a} a share vs. ${e} expected`],
    ["o", `${t} stock: ${n} misses on the top and bottom lines`],
    `${n} reports weaker-than-expected ${qa} results`,
    `${n} falls short of estimates with ${qa} EPS of ${a}`,
  ];
}

const COMPARISONS: Record<Outcome, { against: string; versus: string; verdict: string }> = {
  beat: { against: "beating", versus: "above", verdict: "beat Wall Street's forecasts" },
  miss: { against: "short of", versus: "below", verdict: "fell short of Wall Street's forecasts" },
  inline: {
    against: "in line with",
    versus: "matching",
    verdict: "matched Wall Street's forecasts",
  },
};

function reportLedes(f: ReportFacts): Variant[] {
  const c = COMPARISONS[f.outcome];
  const weekday = weekdayName(f.reportDay);
  const opener =
    f.outcome === "beat"
      ? "Good news for"
      : f.outcome === "miss"
        ? "A disappointing quarter for"
        : "No surprises for";
  const tone =
    f.outcome === "beat"
      ? "came in ahead of expectations"
      : f.outcome === "miss"
        ? "came in below expectations"
        : "landed right on expectations";
  return [
    `${f.full} reported ${f.quarterAdj} earnings of ${f.actual} a share ${f.when}, ${c.against} the ${f.estimate} analysts had expected`,
    [
      "p",
      `${f.name} said on ${weekday} that it earned ${f.actual} per share in the ${f.quarterNoun}, ${c.versus} the consensus estimate of ${f.estimate}`,
    ],
    `${f.full} posted ${f.quarterAdj} results that ${c.verdict}, with earnings per share of ${f.actual} against an average estimate of ${f.estimate}`,
    [
      "w",
      `${f.full} on ${weekday} reported ${f.quarterAdj} earnings per share of ${f.actual}, ${c.against} the consensus of ${f.estimate}`,
    ],
    [
      "o",
      `${opener} ${f.name} shareholders: the company earned ${f.actual} a share in the ${f.quarterNoun}, against the ${f.estimate} analysts were looking for`,
    ],
    [
      "p",
      `${f.name}'s ${f.quarterAdj} profit ${tone}, the company said ${weekday}, at ${f.actual} a share compared with the ${f.estimate} consensus`,
    ],
    [
      "w",
      `${f.full} posted ${f.quarterAdj} EPS of ${f.actual} ${f.when}, versus the ${f.estimate} expected`,
    ],
    [
      "o",
      `${f.full} just reported ${f.actual} in earnings per share for the ${f.quarterNoun}, ${c.against} the ${f.estimate} estimate`,
    ],
  ];
}

function reportDetails(pen: Pen, f: ReportFacts): string[] {
  const d = pen.draws;
  const details = [
    revenueSentence(d, f),
    surpriseSentence(d, f),
    `The results cover the quarter that ended ${f.quarterEnd}`,
  ];
  const previous = previousReport(f.stock, f.reportDay);
  if (previous?.epsActual != null) {
    details.push(`In the previous quarter, ${f.name} ${previousVerdict(previous)}`);
  }
  if (f.impliedMove !== undefined) {
    details.push(
      d.pick([
        `Options had priced a move of about ${pct(f.impliedMove)} in either direction for the shares' first session after the report`,
        `The options market was bracing for a swing of roughly ${pct(f.impliedMove)} in ${weekdayName(f.reaction)}'s session`,
      ]),
    );
  }
  details.push(
    f.report.hour === "amc"
      ? `The shares trade on the results in ${weekdayName(f.reaction)}'s session`
      : "The shares trade on the results from the 9:30 a.m. open",
  );
  return details;
}

/** "beat the consensus by 3.1%", "missed ...", "matched the consensus". */
function previousVerdict(report: EarningsReport): string {
  const p = surprisePercent(report);
  if (Math.abs(p) < 0.05) return "matched the consensus";
  return `${p > 0 ? "beat" : "missed"} the consensus by ${pctUnits(p)}`;
}

function revenueSentence(d: Draws, f: ReportFacts): string {
  return f.revenueBeat
    ? d.pick([
        `Revenue came in at ${f.revenue}, above the ${f.revenueEstimate} analysts had forecast`,
        `Sales of ${f.revenue} topped the average estimate of ${f.revenueEstimate}`,
        `Revenue of ${f.revenue} beat the ${f.revenueEstimate} consensus`,
      ])
    : d.pick([
        `Revenue came in at ${f.revenue}, below the ${f.revenueEstimate} analysts had forecast`,
        `Sales of ${f.revenue} missed the average estimate of ${f.revenueEstimate}`,
        `Revenue of ${f.revenue} fell short of the ${f.revenueEstimate} consensus`,
      ]);
}

function surpriseSentence(d: Draws, f: ReportFacts): string {
  if (f.outcome === "inline") return "Earnings matched the consensus to the cent";
  const s = pctUnits(f.surprise);
  return f.outcome === "beat"
    ? d.pick([
        `The beat works out to an earnings surprise of ${s}`,
        `That is ${s} better than the consensus`,
      ])
    : d.pick([
        `The shortfall works out to a negative surprise of ${s}`,
        `That is ${s} worse than the consensus`,
      ]);
}

// ---------------------------------------------------------------------------------------------
// Preview
// ---------------------------------------------------------------------------------------------

/** Previews, the evening before, of the reports due in the next session. */
export function previewStories(context: DayContext): Story[] {
  const reportDay = nextTradingDay("equity", context.day);
  const stories: Story[] = [];
  for (const stock of COMPANIES) {
    const report = reportOn(stock, reportDay);
    if (!report) continue;
    const facts = factsOf(stock, report, reportDay);
    stories.push({
      eventId: `earnings-preview:${stock.symbol}:${dateKey(reportDay)}`,
      kind: "earnings-preview",
      eventAtMs: at(context.day, 17),
      deadlineMs: dayEndMs(context.day),
      category: "earnings",
      tickers: [stock.symbol],
      topics: ["earnings", ...companyTopics(stock)],
      coverage: sizeRank(stock) < 0.4 ? 2 : 1,
      delayMinutes: [10, 240],
      write: (pen) => writePreview(pen, facts, context.day),
    });
  }
  return stories;
}

function writePreview(pen: Pen, f: ReportFacts, today: DayNumber) {
  const day = f.reportDay - today <= 1 ? "tomorrow" : weekdayName(f.reportDay);
  const when = f.report.hour === "bmo" ? "before the opening bell" : "after the closing bell";
  const { name: n, ticker: t, estimate: e, quarterAdj: qa } = f;
  const details = [
    `Revenue is expected to come in at ${f.revenueEstimate}`,
    `The report covers the quarter that ended ${f.quarterEnd}`,
  ];
  const previous = previousReport(f.stock, f.reportDay);
  if (previous?.epsActual != null) {
    details.push(
      `Last quarter the company ${previousVerdict(previous)}, reporting ${eps(previous.epsActual)} a share`,
    );
  }
  // The move options price is read from the surface of the session before the reaction:
  // today's for a report before tomorrow's open, tomorrow's (not yet known) for one after it.
  if (f.report.hour === "bmo" && f.impliedMove !== undefined) {
    details.push(
      `Options are pricing a move of about ${pct(f.impliedMove)} in either direction for the session`,
    );
  }
  return compose(pen, {
    headlines: [
      ["w", `${n} to report ${qa} results ${when} ${day}`],
      ["o", `${n} earnings preview: what to expect from ${t}`],
      ["o", `${t} earnings on deck: analysts look for EPS of ${e}`],
      ["p", `${n} reports ${day}: analysts expect ${e} a share`],
      `What Wall Street expects from ${n}'s ${qa} report`,
    ],
    ledes: [
      `${f.full} is scheduled to report ${qa} results ${when} ${day}, with analysts expecting earnings of ${e} a share on revenue of ${f.revenueEstimate}`,
      `Analysts expect ${n} to post ${qa} EPS of ${e} when it reports ${when} ${day}`,
      `${f.full} reports ${day} ${when}; the consensus calls for ${e} a share in earnings and ${f.revenueEstimate} in revenue`,
    ],
    details,
    maxDetails: 3,
  });
}

// ---------------------------------------------------------------------------------------------
// The session after
// ---------------------------------------------------------------------------------------------

interface ReactionFacts extends ReportFacts {
  change: number;
  close: number;
  volume: number;
  marketChange: number | undefined;
}

/** Follow-ups once the session that traded on a report has closed. */
export function reactionStories(context: DayContext): Story[] {
  const { book, day } = context;
  const stories: Story[] = [];
  for (const { stock, report, reportDay } of reportsReactingOn(day)) {
    const change = book.change(stock.symbol, day);
    const session = book.session(stock.symbol, day);
    if (change === undefined || !session) continue;
    const facts: ReactionFacts = {
      ...factsOf(stock, report, reportDay),
      change,
      close: session.close,
      volume: session.volume,
      marketChange: book.change("SPX", day),
    };
    const big = facts.impliedMove !== undefined && Math.abs(change) > facts.impliedMove;
    stories.push({
      eventId: `earnings-reaction:${stock.symbol}:${dateKey(reportDay)}`,
      kind: "earnings-reaction",
      eventAtMs: at(day, 16),
      deadlineMs: dayEndMs(day),
      category: "earnings",
      tickers: [stock.symbol],
      topics: ["earnings", "price-action", ...companyTopics(stock)],
      coverage: 1 + (big ? 1 : 0) + (sizeRank(stock) < 0.3 ? 1 : 0),
      delayMinutes: [6, 150],
      write: (pen) => writeReaction(pen, facts),
    });
  }
  return stories;
}

function writeReaction(pen: Pen, f: ReactionFacts) {
  const up = f.change >= 0;
  const verb = moveVerb(f.change, pen.draws);
  const p = pct(f.change);
  const { name: n, ticker: t } = f;
  const result =
    f.outcome === "beat" ? "earnings beat" : f.outcome === "miss" ? "earnings miss" : "results";
  const headlines: Variant[] = up
    ? [
        ["w", `${n} shares ${verb.present} ${p} after quarterly results`],
        ["w", `${n} stock ends ${p} higher following ${result}`],
        [
          "p",
          f.outcome === "miss"
            ? `Investors shrug off ${n}'s profit miss; shares gain ${p}`
            : `Investors cheer ${n}'s quarter, sending shares up ${p}`,
        ],
        ["o", `Why ${n} stock ${verb.past} ${p} today`],
        ["o", `${t} rallies ${p} as traders react to earnings`],
      ]
    : [
        ["w", `${n} shares ${verb.present} ${p} after quarterly results`],
        ["w", `${n} stock ends ${p} lower following ${result}`],
        [
          "p",
          f.outcome === "beat"
            ? `${n} shares slip ${p} despite an earnings beat`
            : `Investors sour on ${n} after earnings; shares fall ${p}`,
        ],
        ["o", `Why ${n} stock ${verb.past} ${p} today`],
        ["o", `${t} slides ${p} as traders react to earnings`],
      ];
  const comparison = COMPARISONS[f.outcome];
  const ledes: Variant[] = [
    `Shares of ${f.full} ${verb.past} ${p} on ${weekdayName(f.reaction)} to close at ${usd(f.close)}, after the company reported ${f.quarterAdj} EPS of ${f.actual} against the ${f.estimate} consensus`,
    `${f.full} ${up ? "gained" : "lost"} ${p} in the first session after its ${f.quarterAdj} report, which showed earnings of ${f.actual} a share, ${comparison.versus} estimates of ${f.estimate}`,
    [
      "o",
      `${n} stock ${verb.past} ${p} on ${weekdayName(f.reaction)} as investors digested ${f.quarterAdj} earnings of ${f.actual} a share, against estimates of ${f.estimate}`,
    ],
  ];
  const details = [revenueSentence(pen.draws, f), volumeSentence(f)];
  if (f.impliedMove !== undefined) {
    details.push(
      Math.abs(f.change) > f.impliedMove
        ? `The move was larger than the roughly ${pct(f.impliedMove)} swing options had priced`
        : `The move was smaller than the roughly ${pct(f.impliedMove)} swing options had priced`,
    );
  }
  if (f.marketChange !== undefined) {
    details.push(
      `The S&P 500 ${f.marketChange >= 0 ? "rose" : "fell"} ${pct(f.marketChange, 2)} in the same session`,
    );
  }
  return compose(pen, { headlines, ledes, details });
}

function volumeSentence(f: ReactionFacts): string {
  const ratio = f.volume / f.stock.averageVolume;
  return `About ${shareCount(f.volume)} shares changed hands, ${ratio.toFixed(1)} times the stock's average daily volume`;
}

/** Symbols whose session on `day` traded on an earnings report (a move there is the report's). */
export function earningsReactionSymbols(day: DayNumber): Set<string> {
  return new Set(reportsReactingOn(day).map((r) => r.stock.symbol));
}

/** The report a stock's session before `day` reacted to, if the previous session was one. */
export function reportBehindPreviousSession(
  stock: UniverseStock,
  day: DayNumber,
): ReportFacts | undefined {
  const previous = previousTradingDay("equity", day);
  for (const reportDay of [previous, previousTradingDay("equity", previous)]) {
    const report = reportOn(stock, reportDay);
    if (report && reactionDay(reportDay, report.hour) === previous) {
      return factsOf(stock, report, reportDay);
    }
  }
  return undefined;
}
