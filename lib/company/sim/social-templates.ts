import { type DayNumber, nthWeekday, weekday } from "../../market/civil-date";

/**
 * What the simulated social feed's messages say (lib/company/sim/social.ts): body templates by
 * topic and stance, filled with the market's real figures, the formats of those figures, and
 * the invented handles of the users who post them. Handles are built from trading jargon and
 * animal words, never from people's names. Bodies are plain text: no template may contain "<",
 * ">" or "&". Every template quotes the price or the move, so that bodies of different sessions
 * differ (within a session the feed itself keeps them distinct).
 */

/** The figures a message may quote, already formatted (prices in USD, 2 decimals). */
export interface MessageFigures {
  /** The stock's cashtag, e.g. "$AAPL". */
  tag: string;
  /** Another stock of the same sector, e.g. "$MSFT". */
  peer: string;
  /** Last price at the message (close of the latest finished 5-minute bar), e.g. "271.35". */
  price: string;
  /** Change of that price over the session's reference close, signed: "+2.31%" or "-0.85%". */
  move: string;
  /** When the move happened: "today", "pre-market", "overnight", "on Friday"... */
  when: string;
  /** 52-week high and low before the session, e.g. "288.10". */
  yearHigh: string;
  yearLow: string;
  /** The latest report out: "Q3", EPS actual and estimate ("1.23"), surprise percent unsigned. */
  quarter: string;
  epsActual: string;
  epsEstimate: string;
  surprise: string;
  /** Revenue actual and estimate, e.g. "86.5B". */
  revenue: string;
  revenueEstimate: string;
  /** The next report: "on Thursday after the close", and its EPS estimate. */
  nextEarnings: string;
  nextEstimate: string;
  /** Dividend per payment ("0.26") and the ex-date phrase ("today", "on Monday"). */
  dividend: string;
  exDate: string;
  /** Invented trade details: shares, an option strike and expiry (M/D), a price target. */
  shares: string;
  strike: string;
  expiry: string;
  target: string;
}

export type Stance = "bull" | "bear" | "neutral";
export type Topic =
  | "moveUp"
  | "moveDown"
  | "moveFlat"
  | "beat"
  | "miss"
  | "earningsSoon"
  | "exDividend"
  | "yearHigh"
  | "yearLow"
  | "chatter"
  | "peer";

/** Where in the sessions a message is posted (New York time). */
export type Phase = "overnight" | "pre" | "regular" | "after" | "gap";

export type Template = (f: MessageFigures) => string;

export const TEMPLATES: Record<Topic, Record<Stance, readonly Template[]>> = {
  moveUp: {
    bull: [
      (f) => `${f.tag} ${f.move} ${f.when}, ${f.price} and still climbing`,
      (f) => `${f.tag} ${f.price} here, ${f.move} ${f.when}. Told you so`,
      (f) => `Green ${f.when}: ${f.tag} ${f.move}. Letting it run, no trim yet at ${f.price}`,
    ],
    bear: [
      (f) => `${f.tag} ${f.move} ${f.when} on nothing. Fading this pop at ${f.price}`,
      (f) => `Selling the rip on ${f.tag}, ${f.move} ${f.when} is not sustainable at ${f.price}`,
      (f) => `${f.tag} ${f.price}, ${f.move} ${f.when}. Volume says it gives it back`,
    ],
    neutral: [
      (f) => `${f.tag} ${f.move} ${f.when}, last ${f.price}`,
      (f) => `Watching ${f.tag} at ${f.price} (${f.move} ${f.when}), waiting for a pullback`,
    ],
  },
  moveDown: {
    bull: [
      (f) => `${f.tag} ${f.move} ${f.when}? Buying this dip at ${f.price}`,
      (f) => `Added ${f.shares} ${f.tag} at ${f.price}, ${f.move} ${f.when} is a gift`,
      (f) => `${f.tag} shakeout ${f.when} (${f.move}), ${f.price} is support`,
    ],
    bear: [
      (f) => `${f.tag} ${f.move} ${f.when} and no bottom in sight. ${f.price} next stop lower`,
      (f) => `Told everyone ${f.tag} was overbought. ${f.move} ${f.when}, ${f.price}`,
      (f) => `${f.tag} breaking down ${f.when}, ${f.move}. Puts working at ${f.price}`,
    ],
    neutral: [
      (f) => `${f.tag} ${f.move} ${f.when}, trading ${f.price}`,
      (f) => `${f.tag} red ${f.when} (${f.move}) at ${f.price}, not touching it until it settles`,
    ],
  },
  moveFlat: {
    bull: [
      (f) => `${f.tag} quiet ${f.when} (${f.move}) at ${f.price}, accumulation before the move`,
      (f) => `${f.tag} holding ${f.price} nicely, ${f.move} ${f.when}. Coiling`,
    ],
    bear: [
      (f) => `${f.tag} ${f.move} ${f.when}, dead money at ${f.price}`,
      (f) => `${f.tag} can't get going (${f.move} ${f.when}). Sellers sitting at ${f.price}`,
    ],
    neutral: [
      (f) => `${f.tag} flat ${f.when}, ${f.move} at ${f.price}. Boring tape`,
      (f) => `Nothing happening in ${f.tag}, ${f.price} (${f.move} ${f.when})`,
    ],
  },
  beat: {
    bull: [
      (f) =>
        `${f.tag} ${f.quarter} beat: EPS ${f.epsActual} vs ${f.epsEstimate} est, revenue ${f.revenue}. ${f.price} now`,
      (f) =>
        `${f.tag} crushed it, EPS ${f.epsActual} vs ${f.epsEstimate} est (${f.surprise}% beat). Now ${f.price}`,
      (f) =>
        `Beat by ${f.surprise}% and revenue ${f.revenue} vs ${f.revenueEstimate} est. ${f.tag} going higher from ${f.price}`,
    ],
    bear: [
      (f) =>
        `${f.tag} EPS ${f.epsActual} vs ${f.epsEstimate} est, beat priced in. Sell the news at ${f.price}`,
      (f) =>
        `Low quality beat from ${f.tag} (${f.surprise}%), revenue ${f.revenue}. Not impressed at ${f.price}`,
    ],
    neutral: [
      (f) =>
        `${f.tag} ${f.quarter}: EPS ${f.epsActual} vs ${f.epsEstimate} est, revenue ${f.revenue} vs ${f.revenueEstimate} est, ${f.move} ${f.when}`,
      (f) => `${f.tag} beat by ${f.surprise}%, stock ${f.move} ${f.when} at ${f.price}`,
    ],
  },
  miss: {
    bull: [
      (f) =>
        `${f.tag} missed (EPS ${f.epsActual} vs ${f.epsEstimate} est) but guidance matters more. Holding at ${f.price}`,
      (f) => `One bad quarter. ${f.tag} ${f.surprise}% miss is noise, buying ${f.price}`,
    ],
    bear: [
      (f) =>
        `${f.tag} ${f.quarter} miss: EPS ${f.epsActual} vs ${f.epsEstimate} est, revenue ${f.revenue}. Ouch, ${f.move} ${f.when}`,
      (f) =>
        `${f.tag} missed by ${f.surprise}% and revenue ${f.revenue} vs ${f.revenueEstimate} est. Out at ${f.price}`,
      (f) =>
        `Called the ${f.tag} miss. EPS ${f.epsActual} vs ${f.epsEstimate} est, ${f.move} ${f.when}`,
    ],
    neutral: [
      (f) =>
        `${f.tag} ${f.quarter}: EPS ${f.epsActual} vs ${f.epsEstimate} est, a ${f.surprise}% miss. Trading ${f.price}`,
      (f) => `${f.tag} after the miss: ${f.price}, ${f.move} ${f.when}`,
    ],
  },
  earningsSoon: {
    bull: [
      (f) =>
        `${f.tag} earnings ${f.nextEarnings}, loading ${f.expiry} ${f.strike}c at ${f.price} before the print`,
      (f) =>
        `${f.tag} ${f.price} into earnings ${f.nextEarnings}: EPS est ${f.nextEstimate}, they beat it again`,
      (f) =>
        `Holding ${f.shares} ${f.tag} through earnings ${f.nextEarnings}. ${f.price} looks cheap`,
    ],
    bear: [
      (f) =>
        `${f.tag} earnings ${f.nextEarnings}, est ${f.nextEstimate} looks too high. Bought ${f.expiry} ${f.strike}p at ${f.price}`,
      (f) => `Not holding ${f.tag} through earnings ${f.nextEarnings} at ${f.price}, too much risk`,
    ],
    neutral: [
      (f) =>
        `${f.tag} reports ${f.nextEarnings}, EPS est ${f.nextEstimate}. Straddle or skip at ${f.price}?`,
      (f) => `Earnings play on ${f.tag} ${f.nextEarnings}? Sitting at ${f.price}`,
    ],
  },
  exDividend: {
    bull: [
      (f) =>
        `${f.tag} goes ex-dividend ${f.exDate}, ${f.dividend} a share. Collecting and holding at ${f.price}`,
      (f) =>
        `Another ${f.dividend} from ${f.tag} (ex ${f.exDate}). Dividend machine, ${f.move} ${f.when}`,
    ],
    bear: [
      (f) => `${f.tag} ex-div ${f.exDate}, ${f.dividend} does not make up for ${f.move} ${f.when}`,
    ],
    neutral: [
      (f) => `Reminder: ${f.tag} ex-dividend ${f.exDate}, ${f.dividend} per share. Last ${f.price}`,
      (f) => `${f.tag} ${f.dividend} dividend, ex-date ${f.exDate}. Price ${f.price}`,
    ],
  },
  yearHigh: {
    bull: [
      (f) => `${f.tag} new 52-week high at ${f.price}, old high was ${f.yearHigh}. Blue sky`,
      (f) =>
        `${f.tag} through ${f.yearHigh} (${f.move} ${f.when}). Breakout confirmed, target ${f.target}`,
    ],
    bear: [(f) => `${f.tag} at a 52-week high ${f.price}, RSI screaming. Taking profits`],
    neutral: [(f) => `${f.tag} above its 52-week high of ${f.yearHigh}, now ${f.price}`],
  },
  yearLow: {
    bull: [(f) => `${f.tag} new 52-week low ${f.price}, starting a position. Capitulation`],
    bear: [
      (f) => `${f.tag} under its 52-week low of ${f.yearLow}, ${f.move} ${f.when}. Stay away`,
      (f) => `${f.tag} ${f.price}, new lows. Next support ${f.target}`,
    ],
    neutral: [(f) => `${f.tag} below the 52-week low of ${f.yearLow} at ${f.price}`],
  },
  chatter: {
    bull: [
      (f) => `${f.tag} long ${f.shares} shares from ${f.price}, price target ${f.target}`,
      (f) => `${f.tag} ${f.expiry} ${f.strike} calls with the stock at ${f.price}, let's go`,
      (f) =>
        `Still holding ${f.tag} from way lower. ${f.price} is just the start, ${f.target} next`,
      (f) => `${f.tag} chart looks ready, higher lows since the open. In at ${f.price}`,
    ],
    bear: [
      (f) => `${f.tag} short from ${f.price}, cover target ${f.target}`,
      (f) => `${f.tag} ${f.expiry} ${f.strike} puts, valuation makes no sense at ${f.price}`,
      (f) => `Trimmed ${f.shares} ${f.tag} at ${f.price}, this runs out of buyers`,
      (f) => `${f.tag} lower highs all week. ${f.target} before ${f.strike}, ${f.move} ${f.when}`,
    ],
    neutral: [
      (f) =>
        `Anyone trading ${f.tag} ${f.expiry} ${f.strike} options at ${f.price}? Spreads look wide`,
      (f) => `${f.tag} ${f.price}, where is support?`,
      (f) => `${f.tag} on the watchlist at ${f.price}, alert set at ${f.strike}`,
      (f) => `What is the bull case for ${f.tag} at ${f.price}? Genuinely asking`,
    ],
  },
  peer: {
    bull: [
      (f) => `${f.tag} better setup than ${f.peer} here, ${f.move} ${f.when}`,
      (f) => `Rotated out of ${f.peer} into ${f.tag} at ${f.price}`,
    ],
    bear: [
      (f) => `${f.peer} over ${f.tag} all day, ${f.tag} ${f.move} ${f.when} says enough`,
      (f) => `Sold ${f.tag} at ${f.price} for ${f.peer}, better value`,
    ],
    neutral: [
      (f) => `${f.tag} or ${f.peer}? ${f.tag} ${f.move} ${f.when}`,
      (f) => `Pair trade: long ${f.peer}, short ${f.tag} from ${f.price}`,
    ],
  },
};

/** Endings appended to a template; "" keeps it as is. Plain text only. */
export const TAILS: readonly string[] = [
  "",
  "",
  "",
  " imo",
  " lol",
  ". Not financial advice",
  ". We'll see",
  ". Patience",
  "!!",
  " tbh",
  ". Zoom out",
  ". Discipline",
  ". Thoughts?",
  " 👀",
  ". Easy",
  ". Stops in place",
  ". Tape doesn't lie",
  ". Long term",
  ". Risk managed",
  " fwiw",
  ". Noted",
  ". Watch the volume",
];

// ---------------------------------------------------------------------------------------------
// Formats
// ---------------------------------------------------------------------------------------------

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const DAY_MS = 86_400_000;

/** Share counts people say they trade. */
export const SHARE_LOTS: readonly number[] = [5, 10, 20, 25, 50, 75, 100, 150, 200, 250, 300, 500];

/** How a message says when the move it quotes happened; `session` is its trading day. */
export function whenOf(phase: Phase, session: DayNumber, u: number): string {
  const phrases: Record<Phase, readonly string[]> = {
    regular: ["today", "on the day", "so far today"],
    pre: ["pre-market", "premarket", "before the bell"],
    after: ["on the day with after hours", "incl. after hours"],
    overnight: ["overnight", "in the overnight session"],
    gap: [`on ${WEEKDAYS[weekday(session)]}`, "last session"],
  };
  const list = phrases[phase];
  return list[Math.floor(u * list.length)] as string;
}

/** "+2.31%" or "-0.85%": a change (decimal) as the feed quotes moves (never "-0.00%"). */
export function signedPercent(change: number): string {
  const text = Math.abs(change * 100).toFixed(2);
  return `${change < 0 && text !== "0.00" ? "-" : "+"}${text}%`;
}

/** USD as "86.5B" or "850M". */
export function money(usd: number): string {
  return usd >= 1e9 ? `${(usd / 1e9).toFixed(1)}B` : `${Math.round(usd / 1e6)}M`;
}

/** A day as seen from `today`: "today", "tomorrow", "on Thursday" within the week, else "on 12/3". */
export function dayPhrase(day: DayNumber, today: DayNumber): string {
  if (day === today) return "today";
  if (day === today + 1) return "tomorrow";
  if (day > today && day - today < 7) return `on ${WEEKDAYS[weekday(day)]}`;
  return `on ${monthDay(day)}`;
}

/** A listed-looking strike near `level`: 0.5 apart under 25, 1 under 100, 5 under 500, else 10. */
export function strikeNear(level: number): string {
  const step = level < 25 ? 0.5 : level < 100 ? 1 : level < 500 ? 5 : 10;
  const strike = Math.max(step, Math.round(level / step) * step);
  return Number.isInteger(strike) ? String(strike) : strike.toFixed(1);
}

/** The first (u < 0.6) or second monthly expiry (third Friday) a week or more after `today`, "M/D". */
export function monthlyExpiry(today: DayNumber, u: number): string {
  const date = new Date(today * DAY_MS);
  let year = date.getUTCFullYear();
  let month = date.getUTCMonth() + 1;
  const expiries: DayNumber[] = [];
  while (expiries.length < 2) {
    const expiry = nthWeekday(year, month, 5, 3);
    if (expiry - today >= 7) expiries.push(expiry);
    month = (month % 12) + 1;
    if (month === 1) year += 1;
  }
  return monthDay(expiries[u < 0.6 ? 0 : 1] as DayNumber);
}

function monthDay(day: DayNumber): string {
  const date = new Date(day * DAY_MS);
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}`;
}

// ---------------------------------------------------------------------------------------------
// Handles
// ---------------------------------------------------------------------------------------------

const JARGON = [
  "Theta",
  "Delta",
  "Gamma",
  "Vega",
  "Alpha",
  "Sigma",
  "Chart",
  "Candle",
  "Wick",
  "Pivot",
  "Momentum",
  "Swing",
  "Scalp",
  "Tape",
  "Options",
  "Dividend",
  "Value",
  "Growth",
  "Macro",
  "Quant",
  "Yield",
  "Moon",
  "Rocket",
  "Diamond",
  "Iron",
  "Silver",
  "Golden",
  "Lunar",
  "Solar",
  "Night",
  "Early",
  "Patient",
  "Lazy",
  "Humble",
  "Rogue",
  "Quiet",
  "Dip",
  "Breakout",
  "Trend",
  "Float",
  "Spread",
  "Strike",
  "Premium",
  "Covered",
  "Cash",
  "Margin",
  "Ledger",
  "Ticker",
  "Bid",
  "Volume",
  "Range",
  "Gap",
  "Contrarian",
  "Compound",
  "Leverage",
  "Hedge",
  "Rally",
  "Bullish",
  "Bearish",
  "Stoic",
] as const;

const CREATURES = [
  "Trader",
  "Investor",
  "Hunter",
  "Watcher",
  "Capital",
  "Labs",
  "Desk",
  "Gang",
  "Club",
  "Pilot",
  "Surfer",
  "Nomad",
  "Owl",
  "Wolf",
  "Hawk",
  "Fox",
  "Bull",
  "Bear",
  "Whale",
  "Shark",
  "Ape",
  "Monk",
  "Sage",
  "Scout",
  "Runner",
  "Rider",
  "Farmer",
  "Miner",
  "Builder",
  "Chaser",
  "Seeker",
  "Guru",
  "Ninja",
  "Wizard",
  "Pirate",
  "Captain",
  "Sailor",
  "Drifter",
  "Tortoise",
  "Badger",
  "Otter",
  "Falcon",
  "Raven",
  "Panda",
  "Tiger",
  "Moose",
  "Yak",
  "Koala",
] as const;

/** Users in the shared pool: every symbol's messages come from these handles. */
export const USER_POOL_SIZE = 4096;

/** One handle from three hash-derived draws (word, word, style): "ThetaGang_Trader42" style. */
function handleFrom(a: number, b: number, style: number): string {
  const first = JARGON[a % JARGON.length] as string;
  const second = CREATURES[b % CREATURES.length] as string;
  const digits = String((a * 7 + b * 13) % 100);
  switch (style % 6) {
    case 0:
      return `${first}${second}`;
    case 1:
      return `${first}_${second}${digits}`;
    case 2:
      return `${first.toLowerCase()}_${second.toLowerCase()}`;
    case 3:
      return `${first}${second}${1000 + ((a * 31 + b * 17) % 9000)}`;
    case 4:
      return `The${first}${second}`;
    default:
      return `${first}Gang_${second}${digits}`;
  }
}

let handles: readonly string[] | undefined;

/** The pool of handles, built once: distinct, deterministic (a fixed walk of the word lists). */
export function userHandles(): readonly string[] {
  if (handles) return handles;
  const pool: string[] = [];
  const seen = new Set<string>();
  for (let n = 0; pool.length < USER_POOL_SIZE; n++) {
    // A fixed multiplicative walk spreads consecutive users across words and styles.
    const h = Math.imul(n + 1, 0x9e3779b1) >>> 0;
    const handle = handleFrom(h & 0xffff, h >>> 16, (h >>> 8) & 0xff);
    if (!seen.has(handle)) {
      seen.add(handle);
      pool.push(handle);
    }
  }
  handles = pool;
  return pool;
}
