import type { DayNumber } from "../../market/civil-date";
import { stockBySymbol, type UniverseStock } from "../../market/sim/universe";
import { previousTradingDay } from "../../market/trading-days";
import { at, type DayContext, dateKey, dayEndMs, reportsReactingOn } from "./context";
import { type ReportFacts, reportFactsOf } from "./earnings-stories";
import type { PriceBook, Session } from "./prices";
import { compose, type Pen, type Story, type Variant } from "./story";
import {
  capitalise,
  countWord,
  Draws,
  indexLevel,
  pct,
  shareCount,
  usd,
  weekdayName,
} from "./text";
import { gainedOrLost, moveVerb, plainPast } from "./words";
import {
  COMPANIES,
  companyTopics,
  dailySigma,
  firstMention,
  INDUSTRY_FUNDS,
  nameWithTicker,
  SECTORS,
  type SectorInfo,
  sectorOf,
  shortName,
  sizeRank,
} from "./world";

/**
 * Price-action stories from the day's sessions: large moves and gaps of single stocks (with
 * their sector's move for context), the day's other notable movers, a roundup of the biggest
 * moves, sector swings, and the market's open and close.
 */

/** A large move: beyond 2.5 daily σ at the stock's volatility, or 5 %, whichever is smaller. */
export function moveThreshold(stock: UniverseStock): number {
  return Math.min(2.5 * dailySigma(stock), 0.05);
}
const GAP_THRESHOLD = 0.03;
const SECTOR_THRESHOLD = 0.015;
const INDUSTRY_THRESHOLD = 0.02;
const MOVER_THRESHOLD = 0.015;
const MOVERS_PER_SIDE = 5;

interface Mover {
  stock: UniverseStock;
  change: number;
}

/** Every company's close-to-close change of the day, largest gain first. */
export function dayMovers(book: PriceBook, day: DayNumber): Mover[] {
  const movers: Mover[] = [];
  for (const stock of COMPANIES) {
    const change = book.change(stock.symbol, day);
    if (change !== undefined) movers.push({ stock, change });
  }
  return movers.sort((a, b) => b.change - a.change);
}

interface SectorMove {
  change: number;
  viaFund: boolean;
  /** Largest gain first. */
  members: Mover[];
}

const sectorMoveMemo = new WeakMap<PriceBook, Map<string, SectorMove>>();

/** A sector's move: its fund's when the universe has one, else its members' average (memoised). */
export function sectorMove(book: PriceBook, sector: SectorInfo, day: DayNumber): SectorMove {
  let memo = sectorMoveMemo.get(book);
  if (!memo) {
    memo = new Map();
    sectorMoveMemo.set(book, memo);
  }
  const key = `${sector.slug}:${day}`;
  let move = memo.get(key);
  if (!move) {
    move = computeSectorMove(book, sector, day);
    if (memo.size > 5000) memo.clear();
    memo.set(key, move);
  }
  return move;
}

function computeSectorMove(book: PriceBook, sector: SectorInfo, day: DayNumber): SectorMove {
  const members = COMPANIES.filter((stock) => stock.sector === sector.gics)
    .map((stock) => ({ stock, change: book.change(stock.symbol, day) }))
    .filter((m): m is Mover => m.change !== undefined)
    .sort((a, b) => b.change - a.change);
  const average = members.reduce((sum, m) => sum + m.change, 0) / Math.max(1, members.length);
  const fund = sector.etf === undefined ? undefined : book.change(sector.etf, day);
  return { change: fund ?? average, viaFund: fund !== undefined, members };
}

/** The stock's typical absolute daily move at its volatility: E|r| = σ·√(2/π). */
function typicalMove(stock: UniverseStock): number {
  return dailySigma(stock) * Math.sqrt(2 / Math.PI);
}

/** How many typical daily moves a change is, one decimal. */
function typicalMoves(stock: UniverseStock, change: number): string {
  return (Math.abs(change) / typicalMove(stock)).toFixed(1);
}

// ---------------------------------------------------------------------------------------------
// Large moves and notable movers
// ---------------------------------------------------------------------------------------------

interface MoveFacts {
  stock: UniverseStock;
  day: DayNumber;
  change: number;
  close: number;
  high: number;
  low: number;
  volume: number;
  /** |change| in daily σ. */
  sigmas: number;
  context: SectorContext;
  /** "Halvard & Pike Securities upgraded the stock to Buy earlier in the day" */
  catalyst: string | undefined;
}

interface SectorContext {
  sentence: string;
  /** The ticker the sentence names (the sector fund or a peer). */
  ticker: string | undefined;
  /** Whether the subject led its sector (biggest gain or steepest fall). */
  leader: boolean;
}

/**
 * Large moves (not the earnings reactions: their follow-ups tell them) and the day's other
 * notable movers. `catalysts` maps a symbol to what an analyst did to it that morning.
 */
export function moveStories(context: DayContext, catalysts: ReadonlyMap<string, string>): Story[] {
  const { book, day } = context;
  const reacting = new Set(reportsReactingOn(day).map((r) => r.stock.symbol));
  const movers = dayMovers(book, day).filter((m) => !reacting.has(m.stock.symbol));
  const stories: Story[] = [];
  const large = movers.filter((m) => Math.abs(m.change) >= moveThreshold(m.stock));
  for (const mover of large) {
    const facts = moveFacts(book, day, mover, catalysts.get(mover.stock.symbol));
    if (facts) stories.push(moveStory(facts, "move"));
  }
  const covered = new Set(large.map((m) => m.stock.symbol));
  const notable = [...movers.slice(0, MOVERS_PER_SIDE), ...movers.slice(-MOVERS_PER_SIDE)].filter(
    (m) => !covered.has(m.stock.symbol) && Math.abs(m.change) >= MOVER_THRESHOLD,
  );
  for (const mover of notable) {
    const facts = moveFacts(book, day, mover, catalysts.get(mover.stock.symbol));
    if (facts) stories.push(moveStory(facts, "mover"));
  }
  return stories;
}

function moveFacts(
  book: PriceBook,
  day: DayNumber,
  mover: Mover,
  catalyst: string | undefined,
): MoveFacts | undefined {
  const session = book.session(mover.stock.symbol, day);
  if (!session) return undefined;
  return {
    stock: mover.stock,
    day,
    change: mover.change,
    close: session.close,
    high: session.high,
    low: session.low,
    volume: session.volume,
    sigmas: Math.abs(mover.change) / dailySigma(mover.stock),
    context: sectorContext(book, day, mover),
    catalyst,
  };
}

function sectorContext(book: PriceBook, day: DayNumber, mover: Mover): SectorContext {
  const sector = sectorOf(mover.stock);
  const move = sectorMove(book, sector, day);
  const leader =
    mover.change >= 0
      ? move.members[0]?.stock === mover.stock
      : move.members.at(-1)?.stock === mover.stock;
  if (move.viaFund && sector.etf) {
    const fund = stockBySymbol(sector.etf);
    return {
      sentence: `The ${fund?.name ?? sector.etf} (${sector.etf}) ${plainPast(move.change)} ${pct(move.change)}, while the S&P 500 ${plainPast(book.change("SPX", day) ?? 0)} ${pct(book.change("SPX", day) ?? 0, 2)}`,
      ticker: sector.etf,
      leader,
    };
  }
  const peer = move.members.find(
    (m) => m.stock !== mover.stock && Math.sign(m.change) === Math.sign(mover.change),
  );
  const average = `${capitalise(sector.adjective)} stocks ${plainPast(move.change)} ${pct(move.change)} on average`;
  if (!peer || Math.abs(peer.change) < 0.005) {
    return { sentence: average, ticker: undefined, leader };
  }
  return {
    sentence: `${average}; peer ${nameWithTicker(peer.stock)} ${plainPast(peer.change)} ${pct(peer.change)}`,
    ticker: peer.stock.symbol,
    leader,
  };
}

function moveStory(facts: MoveFacts, kind: "move" | "mover"): Story {
  const { stock, day } = facts;
  const extra = (facts.sigmas >= 4 ? 1 : 0) + (sizeRank(stock) < 0.3 ? 1 : 0);
  const tickers = [stock.symbol];
  if (facts.context.ticker) tickers.push(facts.context.ticker);
  return {
    eventId: `${kind}:${stock.symbol}:${dateKey(day)}`,
    kind,
    eventAtMs: at(day, 16),
    deadlineMs: dayEndMs(day),
    category: "price-action",
    tickers,
    topics: ["price-action", ...companyTopics(stock)],
    coverage: kind === "move" ? 2 + extra : sizeRank(stock) < 0.5 ? 2 : 1,
    delayMinutes: kind === "move" ? [5, 150] : [10, 120],
    write: (pen) => writeMove(pen, facts, kind),
  };
}

function writeMove(pen: Pen, f: MoveFacts, kind: "move" | "mover") {
  const verb = moveVerb(f.change, pen.draws);
  const p = pct(f.change);
  const n = shortName(f.stock);
  const t = f.stock.symbol;
  const nt = nameWithTicker(f.stock);
  const weekday = weekdayName(f.day);
  const heavy = f.volume >= 1.5 * f.stock.averageVolume;
  const up = f.change >= 0;
  const headlines: Variant[] = [
    [
      "w",
      `${n} shares ${verb.present} ${p} ${heavy ? "in heavy trading" : `in ${weekday} trading`}`,
    ],
    ["w", `${n} stock ${verb.third} ${p} to ${usd(f.close)}`],
    ["o", `Why ${nt} stock ${verb.past} ${p} today`],
    ["o", `${t} stock ${verb.third} ${p} in ${weekday}'s session`],
    ["p", `${n} shares ${verb.present} ${p} as investors ${up ? "pile in" : "head for the exits"}`],
    `Shares of ${n} ${verb.past} ${p} on ${weekday}`,
    `${n} ${up ? "rallies" : "slides"} ${p}${f.context.leader ? `, ${up ? "leading" : "trailing"} ${sectorOf(f.stock).adjective} stocks` : ` in a ${up ? "strong" : "weak"} session`}`,
  ];
  const ledes: Variant[] = [
    `Shares of ${firstMention(f.stock)} ${verb.past} ${p} on ${weekday}, closing at ${usd(f.close)}`,
    `${firstMention(f.stock)} ${gainedOrLost(f.change)} ${p} in ${weekday}'s session to end at ${usd(f.close)}${f.context.leader ? `, ${up ? "the biggest gain" : "the steepest decline"} among ${sectorOf(f.stock).adjective} stocks` : ""}`,
    [
      "o",
      `${n} stock had a ${up ? "strong" : "rough"} day: the shares ${verb.past} ${p} to ${usd(f.close)}`,
    ],
    [
      "w",
      `${firstMention(f.stock)} shares ${verb.past} ${p} to ${usd(f.close)} on ${weekday}, ${typicalMoves(f.stock, f.change)} times the stock's typical daily move`,
    ],
  ];
  const details = [
    `Volume reached ${shareCount(f.volume)} shares, ${(f.volume / f.stock.averageVolume).toFixed(1)} times the daily average`,
    `The stock traded between ${usd(f.low)} and ${usd(f.high)} during the session`,
  ];
  if (kind === "move") {
    details.push(
      `The move was about ${typicalMoves(f.stock, f.change)} times the stock's typical daily move`,
    );
  }
  const closing = [f.context.sentence];
  if (f.catalyst) closing.unshift(`The move came after ${f.catalyst}`);
  return compose(pen, {
    headlines: kind === "move" ? headlines : headlines.slice(2),
    ledes,
    details,
    closing,
    maxDetails: kind === "move" ? 3 : 1,
  });
}

// ---------------------------------------------------------------------------------------------
// Gaps at the open
// ---------------------------------------------------------------------------------------------

interface GapFacts {
  stock: UniverseStock;
  day: DayNumber;
  gap: number;
  open: number;
  previousClose: number;
  marketGap: number | undefined;
  /** The previous session's close-to-close change. */
  previousChange: number | undefined;
  report: ReportFacts | undefined;
}

/** Opens 3 % or more away from the previous close (an earnings gap says so). */
export function gapStories(context: DayContext): Story[] {
  const { book, day } = context;
  const reacting = new Map(reportsReactingOn(day).map((r) => [r.stock.symbol, r]));
  const stories: Story[] = [];
  for (const stock of COMPANIES) {
    const gap = book.gap(stock.symbol, day);
    const open = book.open(stock.symbol, day);
    const previousClose = book.previousClose(stock.symbol, day);
    if (gap === undefined || open === undefined || previousClose === undefined) continue;
    if (Math.abs(gap) < GAP_THRESHOLD) continue;
    const reaction = reacting.get(stock.symbol);
    const facts: GapFacts = {
      stock,
      day,
      gap,
      open,
      previousClose,
      marketGap: book.gap("SPX", day),
      previousChange: book.change(stock.symbol, previousTradingDay("equity", day)),
      report: reaction && reportFactsOf(reaction.stock, reaction.report, reaction.reportDay),
    };
    stories.push({
      eventId: `gap:${stock.symbol}:${dateKey(day)}`,
      kind: "gap",
      eventAtMs: at(day, 9, 30),
      deadlineMs: dayEndMs(day),
      category: facts.report ? "earnings" : "price-action",
      tickers: [stock.symbol],
      topics: facts.report
        ? ["earnings", "price-action", ...companyTopics(stock)]
        : ["price-action", ...companyTopics(stock)],
      coverage: Math.abs(gap) >= 2 * GAP_THRESHOLD || facts.report ? 2 : 1,
      delayMinutes: [4, 75],
      write: (pen) => writeGap(pen, facts),
    });
  }
  return stories;
}

function writeGap(pen: Pen, f: GapFacts) {
  const n = shortName(f.stock);
  const t = f.stock.symbol;
  const p = pct(f.gap);
  const up = f.gap >= 0;
  const dir = up ? "higher" : "lower";
  const verb = moveVerb(f.gap, pen.draws);
  const cause = f.report
    ? f.report.outcome === "beat"
      ? " after earnings beat"
      : f.report.outcome === "miss"
        ? " after earnings miss"
        : " after results"
    : "";
  const headlines: Variant[] = [
    ["w", `${n} shares open ${p} ${dir}${cause}`],
    ["o", `${t} stock gaps ${up ? "up" : "down"} ${p} at the open${cause}`],
    ["o", `${n} ${verb.third} ${p} at the opening bell${cause}`],
    ["p", `${n} shares start the session ${p} ${dir}${cause}`],
    `${n} opens sharply ${dir}, ${up ? "up" : "down"} ${p}`,
  ];
  const previous = weekdayName(previousTradingDay("equity", f.day));
  const ledes: Variant[] = [
    `Shares of ${firstMention(f.stock)} opened at ${usd(f.open)} on ${weekdayName(f.day)}, ${p} ${up ? "above" : "below"} ${previous}'s close of ${usd(f.previousClose)}`,
    `${firstMention(f.stock)} ${verb.past} ${p} at the open to ${usd(f.open)}, from a previous close of ${usd(f.previousClose)}`,
  ];
  const details: string[] = [];
  if (f.report) {
    const r = f.report;
    details.push(
      `The company reported ${r.quarterAdj} EPS of ${r.actual} ${r.when}, against the ${r.estimate} consensus, on revenue of ${r.revenue}`,
    );
  }
  if (Math.abs(f.gap) >= 1.5 * typicalMove(f.stock)) {
    details.push(
      `A gap of that size is about ${typicalMoves(f.stock, f.gap)} times the stock's typical daily move`,
    );
  }
  if (f.marketGap !== undefined) {
    details.push(
      `The S&P 500 opened ${pct(f.marketGap, 2)} ${f.marketGap >= 0 ? "higher" : "lower"}`,
    );
  }
  if (f.previousChange !== undefined) {
    details.push(
      `In the previous session the stock ${f.previousChange >= 0 ? "gained" : "lost"} ${pct(f.previousChange)}`,
    );
  }
  return compose(pen, { headlines, ledes, details, maxDetails: 3 });
}

// ---------------------------------------------------------------------------------------------
// Roundups: the biggest movers, the open and the close
// ---------------------------------------------------------------------------------------------

/** "Stocks making the biggest moves": the day's three largest gains and declines. */
export function moversRoundupStory(context: DayContext): Story | undefined {
  const movers = dayMovers(context.book, context.day);
  if (movers.length < 6) return undefined;
  const gainers = movers.slice(0, 3);
  const losers = movers.slice(-3).reverse();
  const day = context.day;
  return {
    eventId: `movers:${dateKey(day)}`,
    kind: "movers",
    eventAtMs: at(day, 16),
    deadlineMs: dayEndMs(day),
    category: "price-action",
    tickers: [...gainers, ...losers].map((m) => m.stock.symbol),
    topics: ["price-action", "markets"],
    coverage: 2 + (Draws.of(`movers:${dateKey(day)}`).chance(0.5) ? 1 : 0),
    delayMinutes: [15, 150],
    write: (pen) => writeMoversRoundup(pen, day, gainers, losers),
  };
}

function moverPhrase(m: Mover): string {
  return `${nameWithTicker(m.stock)} ${m.change >= 0 ? "up" : "down"} ${pct(m.change)}`;
}

function writeMoversRoundup(pen: Pen, day: DayNumber, gainers: Mover[], losers: Mover[]) {
  const [topGain, topLoss] = [gainers[0] as Mover, losers[0] as Mover];
  const names = [...gainers, ...losers].slice(0, 3).map((m) => shortName(m.stock));
  const weekday = weekdayName(day);
  return compose(pen, {
    headlines: [
      ["o", `Stocks making the biggest moves: ${names.join(", ")} and more`],
      [
        "o",
        `${weekday}'s biggest movers: ${shortName(topGain.stock)} jumps, ${shortName(topLoss.stock)} slides`,
      ],
      ["w", `Biggest movers on ${weekday}: ${topGain.stock.symbol}, ${topLoss.stock.symbol}`],
      [
        "p",
        `Winners and losers on Wall Street: ${shortName(topGain.stock)} leads, ${shortName(topLoss.stock)} lags`,
      ],
      `Top gainers and decliners of ${weekday}'s session`,
    ],
    ledes: [
      `${shortName(topGain.stock)} led ${weekday}'s gainers with a rise of ${pct(topGain.change)}, while ${shortName(topLoss.stock)} fell ${pct(topLoss.change)}, the day's steepest decline`,
      `These are the stocks that made the biggest moves on ${weekday}, led by ${shortName(topGain.stock)}'s ${pct(topGain.change)} gain`,
      [
        "w",
        `${shortName(topGain.stock)} rose ${pct(topGain.change)} and ${shortName(topLoss.stock)} fell ${pct(topLoss.change)} on ${weekday}, the day's largest moves among major US stocks`,
      ],
      [
        "o",
        `Here are ${weekday}'s biggest movers, from ${shortName(topGain.stock)} at the top to ${shortName(topLoss.stock)} at the bottom`,
      ],
    ],
    details: [
      `Gainers: ${gainers.map(moverPhrase).join("; ")}`,
      `Decliners: ${losers.map(moverPhrase).join("; ")}`,
    ],
    maxDetails: 2,
  });
}

/** The market at the open: the indices' gaps and the biggest gaps among stocks. */
export function marketOpenStory(context: DayContext): Story | undefined {
  const { book, day } = context;
  const spx = book.gap("SPX", day);
  const comp = book.gap("COMP", day);
  const dji = book.gap("DJI", day);
  if (spx === undefined || comp === undefined || dji === undefined) return undefined;
  const gaps = COMPANIES.map((stock) => ({ stock, change: book.gap(stock.symbol, day) ?? 0 })).sort(
    (a, b) => b.change - a.change,
  );
  const best = gaps[0] as Mover;
  const worst = gaps.at(-1) as Mover;
  return {
    eventId: `market-open:${dateKey(day)}`,
    kind: "market-open",
    eventAtMs: at(day, 9, 30),
    deadlineMs: dayEndMs(day),
    category: "price-action",
    tickers: [best.stock.symbol, worst.stock.symbol],
    topics: ["markets", "price-action"],
    coverage: 2,
    delayMinutes: [8, 45],
    write: (pen) => writeMarketOpen(pen, day, { spx, comp, dji }, best, worst),
  };
}

function writeMarketOpen(
  pen: Pen,
  day: DayNumber,
  index: { spx: number; comp: number; dji: number },
  best: Mover,
  worst: Mover,
) {
  const { spx, comp, dji } = index;
  const flat = Math.abs(spx) < 0.001;
  const dir = spx >= 0 ? "higher" : "lower";
  const headlines: Variant[] = flat
    ? [
        ["w", "Stocks open little changed on Wall Street"],
        ["o", "Stock market today: S&P 500 opens flat"],
        "Wall Street opens quietly; indexes hover near unchanged",
      ]
    : [
        ["w", `Stocks open ${dir}; S&P 500 ${spx >= 0 ? "up" : "down"} ${pct(spx, 2)}`],
        ["o", `Stock market today: Dow, S&P 500 and Nasdaq open ${dir}`],
        `Wall Street opens ${dir} as ${shortName(spx >= 0 ? best.stock : worst.stock)} ${spx >= 0 ? "jumps" : "slides"}`,
      ];
  return compose(pen, {
    headlines,
    ledes: [
      `U.S. stocks opened ${flat ? "little changed" : dir} on ${weekdayName(day)}, with the S&P 500 ${spx >= 0 ? "up" : "down"} ${pct(spx, 2)} in early trading`,
      `The S&P 500 opened ${pct(spx, 2)} ${dir} on ${weekdayName(day)}, the Nasdaq Composite ${pct(comp, 2)} ${comp >= 0 ? "higher" : "lower"} and the Dow ${pct(dji, 2)} ${dji >= 0 ? "higher" : "lower"}`,
    ],
    details: [
      `The Nasdaq Composite opened ${comp >= 0 ? "up" : "down"} ${pct(comp, 2)} and the Dow Jones Industrial Average ${dji >= 0 ? "up" : "down"} ${pct(dji, 2)}`,
      `Among the biggest movers at the open, ${nameWithTicker(best.stock)} rose ${pct(best.change)} and ${nameWithTicker(worst.stock)} fell ${pct(worst.change)}`,
    ],
    maxDetails: 2,
  });
}

/** The market at the close: indices, the VIX, the best and worst sectors, the top movers. */
export function marketCloseStory(
  context: DayContext,
  macroNote: string | undefined,
): Story | undefined {
  const { book, day } = context;
  const spx = book.change("SPX", day);
  const comp = book.change("COMP", day);
  const dji = book.change("DJI", day);
  if (spx === undefined || comp === undefined || dji === undefined) return undefined;
  const sectors = SECTORS.map((sector) => ({ sector, ...sectorMove(book, sector, day) })).sort(
    (a, b) => b.change - a.change,
  );
  const movers = dayMovers(book, day);
  const best = movers[0];
  const worst = movers.at(-1);
  if (!best || !worst) return undefined;
  const facts: CloseFacts = {
    day,
    spx,
    comp,
    dji,
    spxClose: book.close("SPX", day) ?? 0,
    vix: book.close("VIX", day),
    vixChange: book.change("VIX", day),
    bestSector: sectors[0] as SectorRank,
    worstSector: sectors.at(-1) as SectorRank,
    best,
    worst,
    macroNote,
  };
  return {
    eventId: `market-close:${dateKey(day)}`,
    kind: "market-close",
    eventAtMs: at(day, 16),
    deadlineMs: dayEndMs(day),
    category: "price-action",
    tickers: [best.stock.symbol, worst.stock.symbol],
    topics: ["markets", "price-action"],
    coverage: 3 + (Math.abs(spx) >= 0.01 ? 1 : 0),
    delayMinutes: [4, 120],
    write: (pen) => writeMarketClose(pen, facts),
  };
}

interface SectorRank {
  sector: SectorInfo;
  change: number;
}

interface CloseFacts {
  day: DayNumber;
  spx: number;
  comp: number;
  dji: number;
  spxClose: number;
  vix: number | undefined;
  vixChange: number | undefined;
  bestSector: SectorRank;
  worstSector: SectorRank;
  best: Mover;
  worst: Mover;
  macroNote: string | undefined;
}

function writeMarketClose(pen: Pen, f: CloseFacts) {
  const flat = Math.abs(f.spx) < 0.001;
  const up = f.spx >= 0;
  const leader = up ? f.bestSector : f.worstSector;
  const weekday = weekdayName(f.day);
  const headlines: Variant[] = flat
    ? [
        ["w", "Stocks end little changed as investors take a breather"],
        ["w", `S&P 500 flat; ${shortName(f.best.stock)} leads gainers`],
        ["o", `Stock market today: S&P 500 finishes flat on ${weekday}`],
        [
          "p",
          `Wall Street drifts to a flat finish; ${leader.sector.adjective} shares ${leader.change >= 0 ? "gain" : "lag"}`,
        ],
        `S&P 500 ends near unchanged at ${indexLevel(f.spxClose)}`,
      ]
    : up
      ? [
          ["w", `Stocks close higher as ${leader.sector.adjective} shares rally`],
          [
            "w",
            `Wall Street rises; Nasdaq ${f.comp >= 0 ? "up" : "down"} ${pct(f.comp, 2)}, ${shortName(f.best.stock)} leads`,
          ],
          ["o", `Stock market today: S&P 500 gains ${pct(f.spx, 2)}, Dow adds ${pct(f.dji, 2)}`],
          ["p", `Wall Street ends higher, led by ${leader.sector.adjective} stocks`],
          `S&P 500 climbs ${pct(f.spx, 2)} to ${indexLevel(f.spxClose)}`,
        ]
      : [
          ["w", `Stocks close lower as ${leader.sector.adjective} shares slide`],
          [
            "w",
            `Wall Street falls; Nasdaq ${f.comp >= 0 ? "up" : "down"} ${pct(f.comp, 2)}, ${shortName(f.worst.stock)} lags`,
          ],
          ["o", `Stock market today: S&P 500 falls ${pct(f.spx, 2)}, Dow drops ${pct(f.dji, 2)}`],
          ["p", `Wall Street ends lower, dragged down by ${leader.sector.adjective} stocks`],
          `S&P 500 slips ${pct(f.spx, 2)} to ${indexLevel(f.spxClose)}`,
        ];
  const index = (name: string, change: number) =>
    `${name} ${change >= 0 ? "rose" : "fell"} ${pct(change, 2)}`;
  const details = [
    `The ${index("Nasdaq Composite", f.comp)} and the ${index("Dow Jones Industrial Average", f.dji)}`,
    `${capitalise(f.bestSector.sector.adjective)} stocks did best, ${f.bestSector.change >= 0 ? "up" : "down"} ${pct(f.bestSector.change)}, while ${f.worstSector.sector.adjective} shares did worst, ${f.worstSector.change >= 0 ? "up" : "down"} ${pct(f.worstSector.change)}`,
    `Among individual stocks, ${nameWithTicker(f.best.stock)} ${f.best.change >= 0 ? "gained" : "lost"} ${pct(f.best.change)} and ${nameWithTicker(f.worst.stock)} ${f.worst.change >= 0 ? "gained" : "lost"} ${pct(f.worst.change)}`,
  ];
  if (f.vix !== undefined && f.vixChange !== undefined) {
    details.push(
      `The Cboe Volatility Index, Wall Street's fear gauge, ${f.vixChange >= 0 ? "rose" : "fell"} to ${f.vix.toFixed(2)}`,
    );
  }
  return compose(pen, {
    headlines,
    ledes: [
      `U.S. stocks ${flat ? "ended little changed" : up ? "closed higher" : "closed lower"} on ${weekday}, with the S&P 500 ${f.spx >= 0 ? "up" : "down"} ${pct(f.spx, 2)} at ${indexLevel(f.spxClose)}`,
      `The ${index("S&P 500", f.spx)} on ${weekday} to finish at ${indexLevel(f.spxClose)}, as ${leader.sector.adjective} stocks ${leader.change >= 0 ? "gained" : "lost"} ${pct(leader.change)}`,
      [
        "o",
        `It was a ${flat ? "quiet" : up ? "good" : "difficult"} day on Wall Street, with the S&P 500 ${f.spx >= 0 ? "up" : "down"} ${pct(f.spx, 2)} at ${indexLevel(f.spxClose)}`,
      ],
      [
        "w",
        `The S&P 500 ended ${weekday} at ${indexLevel(f.spxClose)}, ${f.spx >= 0 ? "up" : "down"} ${pct(f.spx, 2)}, while the Nasdaq Composite ${f.comp >= 0 ? "gained" : "lost"} ${pct(f.comp, 2)}`,
      ],
      [
        "p",
        `Wall Street ${flat ? "drifted" : up ? "climbed" : "retreated"} on ${weekday}, leaving the S&P 500 ${f.spx >= 0 ? "up" : "down"} ${pct(f.spx, 2)} at the close`,
      ],
    ],
    details,
    closing: f.macroNote ? [f.macroNote] : [],
    maxDetails: 3,
  });
}

// ---------------------------------------------------------------------------------------------
// Sectors
// ---------------------------------------------------------------------------------------------

/** Sectors (fund or members' average) moving 1.5 % or more, industry funds 2 % or more. */
export function sectorStories(context: DayContext): Story[] {
  const { book, day } = context;
  const stories: Story[] = [];
  for (const sector of SECTORS) {
    const move = sectorMove(book, sector, day);
    if (Math.abs(move.change) < SECTOR_THRESHOLD || move.members.length === 0) continue;
    const facts: SectorFacts = {
      day,
      label: sector.adjective,
      slug: sector.slug,
      fund: move.viaFund ? sector.etf : undefined,
      change: move.change,
      members: move.members,
      spx: book.change("SPX", day),
    };
    stories.push(sectorStory(facts, `sector:${sector.slug}:${dateKey(day)}`));
  }
  return stories;
}

interface SectorFacts {
  day: DayNumber;
  /** "technology", "chip" */
  label: string;
  slug: string;
  fund: string | undefined;
  change: number;
  /** Largest gain first. */
  members: Mover[];
  spx: number | undefined;
}

function sectorStory(f: SectorFacts, eventId: string): Story {
  const leaders = f.change >= 0 ? f.members.slice(0, 2) : f.members.slice(-2).reverse();
  const tickers = [...(f.fund ? [f.fund] : []), ...leaders.map((m) => m.stock.symbol)];
  return {
    eventId,
    kind: "sector",
    eventAtMs: at(f.day, 16),
    deadlineMs: dayEndMs(f.day),
    category: "sector",
    tickers,
    topics: ["markets", f.slug],
    coverage: 2 + (Math.abs(f.change) >= 2 * SECTOR_THRESHOLD ? 1 : 0),
    delayMinutes: [10, 160],
    write: (pen) => writeSector(pen, f, leaders),
  };
}

function writeSector(pen: Pen, f: SectorFacts, leaders: Mover[]) {
  const up = f.change >= 0;
  const label = capitalise(f.label);
  const p = pct(f.change);
  const verb = moveVerb(f.change, pen.draws);
  const lead = leaders[0] as Mover;
  const second = leaders[1];
  const fundName = f.fund ? (stockBySymbol(f.fund)?.name ?? f.fund) : undefined;
  const weekday = weekdayName(f.day);
  const rising = f.members.filter((m) => m.change > 0).length;
  const headlines: Variant[] = [
    [
      "w",
      `${label} stocks ${up ? "rally" : "slide"}; ${f.fund ?? "sector"} ${up ? "up" : "down"} ${p}`,
    ],
    [
      "p",
      `${label} shares ${up ? "lead the market higher" : "weigh on the market"} as ${shortName(lead.stock)} ${up ? "gains" : "falls"}`,
    ],
    [
      "o",
      `${shortName(lead.stock)}${second ? ` and ${shortName(second.stock)}` : ""} ${up ? "lift" : "drag down"} ${f.label} stocks`,
    ],
    `${label} sector ${verb.third} ${p} on ${weekday}`,
    `${up ? "Broad rally" : "Broad selloff"} in ${f.label} shares`,
  ];
  const ledes: Variant[] = fundName
    ? [
        `${label} stocks ${up ? "rallied" : "sold off"} on ${weekday}, with the ${fundName} (${f.fund}) ${up ? "up" : "down"} ${p}`,
        `The ${fundName} (${f.fund}) ${verb.past} ${p} on ${weekday} as ${f.label} shares ${up ? "climbed" : "fell"} across the board`,
      ]
    : [
        `${label} stocks ${plainPast(f.change)} ${p} on average on ${weekday}, ${up ? "outpacing" : "trailing"} most of the market`,
        `${label} shares ${verb.past} on ${weekday}, with the group ${up ? "up" : "down"} ${p} on average`,
        [
          "o",
          `It was ${up ? "a good" : "a bad"} day for ${f.label} stocks, which ${plainPast(f.change)} ${p} on average`,
        ],
      ];
  ledes.push(
    [
      "w",
      `${label} shares ${up ? "outperformed" : "underperformed"} on ${weekday}, ${up ? "up" : "down"} ${p}`,
    ],
    [
      "p",
      `Investors ${up ? "bought" : "sold"} ${f.label} stocks on ${weekday}, ${up ? "lifting" : "pushing down"} the group ${p}`,
    ],
  );
  const details = [
    `${nameWithTicker(lead.stock)} ${plainPast(lead.change)} ${pct(lead.change)}${second ? ` and ${nameWithTicker(second.stock)} ${plainPast(second.change)} ${pct(second.change)}` : ""}`,
    breadthSentence(rising, f.members.length, f.label),
  ];
  if (f.spx !== undefined) {
    details.push(`The broader S&P 500 ${plainPast(f.spx)} ${pct(f.spx, 2)}`);
  }
  return compose(pen, { headlines, ledes, details, maxDetails: 3 });
}

/** "All 13 industrial stocks tracked finished higher", "Nine of the 10 ...", "None of the 5 ...". */
function breadthSentence(rising: number, total: number, label: string): string {
  if (rising === total) return `All ${countWord(total)} ${label} stocks tracked finished higher`;
  if (rising === 0)
    return `None of the ${countWord(total)} ${label} stocks tracked finished higher`;
  return `${capitalise(countWord(rising))} of the ${countWord(total)} ${label} stocks tracked finished higher`;
}

/** Industry funds (chips, regional banks, biotech, gold miners) moving 2 % or more. */
export function industryStories(context: DayContext): Story[] {
  const { book, day } = context;
  const stories: Story[] = [];
  for (const fund of INDUSTRY_FUNDS) {
    const change = book.change(fund.etf, day);
    if (change === undefined || Math.abs(change) < INDUSTRY_THRESHOLD) continue;
    const members = COMPANIES.filter(fund.includes)
      .map((stock) => ({ stock, change: book.change(stock.symbol, day) }))
      .filter((m): m is Mover => m.change !== undefined)
      .sort((a, b) => b.change - a.change);
    if (members.length === 0) continue;
    stories.push(
      sectorStory(
        {
          day,
          label: fund.adjective,
          slug: fund.slug,
          fund: fund.etf,
          change,
          members,
          spx: book.change("SPX", day),
        },
        `industry:${fund.slug}:${dateKey(day)}`,
      ),
    );
  }
  return stories;
}

// ---------------------------------------------------------------------------------------------
// Unusual volume
// ---------------------------------------------------------------------------------------------

const VOLUME_MULTIPLE = 2.5;

/** Heavy volume (2.5 times the average or more) not already told by a move or an earnings story. */
export function volumeStories(context: DayContext, covered: ReadonlySet<string>): Story[] {
  const { book, day } = context;
  const stories: Story[] = [];
  for (const stock of COMPANIES) {
    const session = book.session(stock.symbol, day);
    const change = book.change(stock.symbol, day);
    if (!session || change === undefined || covered.has(stock.symbol)) continue;
    const multiple = session.volume / stock.averageVolume;
    if (multiple < VOLUME_MULTIPLE) continue;
    stories.push({
      eventId: `volume:${stock.symbol}:${dateKey(day)}`,
      kind: "volume",
      eventAtMs: at(day, 16),
      deadlineMs: dayEndMs(day),
      category: "price-action",
      tickers: [stock.symbol],
      topics: ["price-action", ...companyTopics(stock)],
      coverage: 1,
      delayMinutes: [10, 150],
      write: (pen) => writeVolume(pen, stock, day, session, change),
    });
  }
  return stories;
}

function writeVolume(
  pen: Pen,
  stock: UniverseStock,
  day: DayNumber,
  session: Session,
  change: number,
) {
  const n = shortName(stock);
  const volume = session.volume;
  const times = (volume / stock.averageVolume).toFixed(1);
  return compose(pen, {
    headlines: [
      ["o", `Unusual volume in ${n}: ${times} times the average`],
      ["w", `${n} (${stock.symbol}) volume spikes to ${shareCount(volume)} shares`],
      `Heavy trading in ${n} shares on ${weekdayName(day)}`,
    ],
    ledes: [
      `Trading in ${firstMention(stock)} swelled to ${shareCount(volume)} shares on ${weekdayName(day)}, ${times} times its average daily volume`,
      `${firstMention(stock)} saw heavy volume on ${weekdayName(day)}: ${shareCount(volume)} shares changed hands, ${times} times the usual`,
    ],
    details: [
      `The stock closed ${change >= 0 ? "up" : "down"} ${pct(change)} at ${usd(session.close)}`,
      `Its average daily volume is about ${shareCount(stock.averageVolume)} shares`,
    ],
    maxDetails: 2,
  });
}

// ---------------------------------------------------------------------------------------------
// Daily briefs
// ---------------------------------------------------------------------------------------------

const BRIEF_THRESHOLD = 0.01;
/** At most this many briefs a day, the largest moves first (a volatile day moves everyone). */
const BRIEFS_PER_DAY = 45;

/**
 * Short automated briefs, as data-driven sites publish for every listed name: each company
 * that moved 1 % or more and that no other price story told (at most BRIEFS_PER_DAY).
 */
export function briefStories(context: DayContext, covered: ReadonlySet<string>): Story[] {
  const { book, day } = context;
  const stories: Story[] = [];
  const candidates = dayMovers(book, day)
    .filter((m) => !covered.has(m.stock.symbol) && Math.abs(m.change) >= BRIEF_THRESHOLD)
    .sort((a, b) => Math.abs(b.change) - Math.abs(a.change))
    .slice(0, BRIEFS_PER_DAY);
  for (const { stock, change } of candidates) {
    const session = book.session(stock.symbol, day);
    if (!session) continue;
    const sector = sectorMove(book, sectorOf(stock), day).change;
    stories.push({
      eventId: `brief:${stock.symbol}:${dateKey(day)}`,
      kind: "brief",
      eventAtMs: at(day, 16),
      deadlineMs: dayEndMs(day),
      category: "price-action",
      tickers: [stock.symbol],
      topics: ["price-action", ...companyTopics(stock)],
      coverage: 1,
      delayMinutes: [20, 200],
      write: (pen) => writeBrief(pen, stock, day, session, change, sector),
    });
  }
  return stories;
}

function writeBrief(
  pen: Pen,
  stock: UniverseStock,
  day: DayNumber,
  session: Session,
  change: number,
  sector: number,
) {
  const n = shortName(stock);
  const t = stock.symbol;
  const nt = nameWithTicker(stock);
  const verb = moveVerb(change, pen.draws);
  const weekday = weekdayName(day);
  const p = pct(change);
  const info = sectorOf(stock);
  return compose(pen, {
    headlines: [
      ["o", `${nt} stock ${verb.third} ${p} on ${weekday}`],
      [
        "o",
        `${t} shares ${change >= 0 ? "up" : "down"} ${p}: ${n} closes at ${usd(session.close)}`,
      ],
      `${n} shares ${verb.present} ${p}`,
    ],
    ledes: [
      `${firstMention(stock)} ${verb.past} ${p} on ${weekday} to close at ${usd(session.close)}`,
      `Shares of ${firstMention(stock)} ended ${weekday}'s session ${change >= 0 ? "up" : "down"} ${p} at ${usd(session.close)}`,
    ],
    details: [
      `The stock traded between ${usd(session.low)} and ${usd(session.high)}, on volume of ${shareCount(session.volume)} shares`,
      `${capitalise(info.adjective)} stocks ${plainPast(sector)} ${pct(sector)} ${info.etf ? `(${info.etf})` : "on average"}`,
    ],
    maxDetails: 2,
  });
}
