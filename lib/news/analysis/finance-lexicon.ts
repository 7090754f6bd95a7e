/**
 * Our finance vocabulary on top of AFINN-165 (the `sentiment` package's English word list):
 * AFINN-style integer weights, −5 (very negative) .. +5 (very positive), from a market reader's
 * point of view (good news for the company's shareholders, or for the market, is positive).
 *
 * - FINANCE_WORDS adds finance words and overrides AFINN words that mislead in financial news
 *   ("shares" +1, "demand" −1, "care" +2 as in health care, "beating" −1 as in a beating).
 * - PHRASE_RULES turn multi-word expressions ("cuts full-year guidance", "price target on X cut",
 *   "better than expected") into single hyphenated tokens before the package tokenises the text
 *   (its tokeniser keeps hyphens), so each scores once, as one term.
 * - NEGATORS flip the weight of the next term; FAILURE_VERBS flip it through a filler word
 *   ("failed to beat").
 */

/** Words: finance additions and overrides of AFINN. 0 removes a misleading AFINN weight. */
export const FINANCE_WORDS: Readonly<Record<string, number>> = {
  // Results against expectations
  beat: 2,
  beats: 2,
  beating: 2,
  topped: 2,
  tops: 2,
  top: 1,
  exceeds: 2,
  exceeded: 2,
  surpasses: 2,
  surpassed: 2,
  miss: -2,
  misses: -2,
  missed: -2,
  shortfall: -2,
  disappoint: -2,
  disappoints: -2,
  disappointing: -2,
  // Analysts
  upgrade: 2,
  upgrades: 2,
  upgraded: 2,
  downgrade: -2,
  downgrades: -2,
  downgraded: -2,
  outperform: 2,
  outperforms: 2,
  outperformed: 2,
  underperform: -2,
  underperforms: -2,
  underperformed: -2,
  overweight: 1,
  underweight: -1,
  // Price moves
  soar: 3,
  soars: 3,
  soared: 3,
  soaring: 3,
  surge: 3,
  surges: 3,
  surged: 3,
  surging: 3,
  skyrockets: 3,
  jump: 2,
  jumps: 2,
  jumped: 2,
  leap: 2,
  leaps: 2,
  leapt: 2,
  rally: 2,
  rallies: 2,
  rallied: 2,
  rebound: 2,
  rebounds: 2,
  rebounded: 2,
  doubles: 2,
  doubled: 2,
  climb: 1,
  climbs: 1,
  climbed: 1,
  rose: 1,
  advances: 1,
  advanced: 1,
  higher: 1,
  plunge: -3,
  plunges: -3,
  plunged: -3,
  plummets: -3,
  plummeted: -3,
  tumble: -3,
  tumbles: -3,
  tumbled: -3,
  slump: -3,
  slumps: -3,
  slumped: -3,
  sink: -2,
  sinks: -2,
  sank: -2,
  slide: -2,
  slides: -2,
  slid: -2,
  skids: -2,
  selloff: -2,
  "sell-off": -2,
  fall: -1,
  falls: -1,
  fell: -1,
  drops: -1,
  dropped: -1,
  decline: -1,
  declines: -1,
  declined: -1,
  slips: -1,
  slipped: -1,
  dips: -1,
  dipped: -1,
  sheds: -1,
  lower: -1,
  // Corporate events
  buyback: 2,
  buybacks: 2,
  repurchase: 1,
  premium: 1,
  awarded: 2,
  win: 2,
  wins: 2,
  won: 2,
  loses: -2,
  clears: 2,
  rejects: -2,
  rejected: -2,
  halt: -2,
  halts: -2,
  halted: -2,
  recall: -2,
  recalls: -2,
  recalled: -2,
  probe: -2,
  probes: -2,
  investigation: -2,
  subpoena: -2,
  lawsuit: -2,
  lawsuits: -2,
  litigation: -1,
  fined: -2,
  penalty: -2,
  bankruptcy: -3,
  insolvency: -3,
  default: -3,
  defaults: -3,
  defaulted: -3,
  delisting: -3,
  layoff: -2,
  layoffs: -2,
  restructuring: -1,
  writedown: -2,
  "write-down": -2,
  impairment: -2,
  junk: -2,
  profitable: 2,
  // Conditions
  resilient: 2,
  momentum: 1,
  tailwinds: 2,
  headwinds: -2,
  volatility: -1,
  volatile: -1,
  uncertainty: -1,
  concerns: -1,
  jitters: -2,
  rattles: -2,
  rattled: -2,
  slowdown: -2,
  contraction: -2,
  stagnation: -2,
  // Neutral in financial news (AFINN weights removed or reduced)
  share: 0,
  shares: 0,
  demand: 0,
  interest: 0,
  trust: 0,
  united: 0,
  gold: 0,
  super: 0,
  supreme: 0,
  care: 0,
  leading: 0,
  innovative: 1,
  debt: 0,
  agreement: 0,
  agree: 0,
  agrees: 0,
  pay: 0,
  pays: 0,
  safety: 0,
  await: 0,
  straight: 0,
  evergreen: 0,
  fine: 0,
  no: 0,
  profit: 0,
  profits: 0,
  loss: -1,
  losses: -1,
  growth: 1,
  charges: -1,
  unemployment: -1,
};

/** One multi-word expression: `pattern` (a regex source over lower-case text) becomes `term`. */
export interface PhraseRule {
  /** What the rule's match is reported as, e.g. "cuts guidance". */
  term: string;
  weight: number;
  pattern: string;
}

/** Up to three words in between ("raises its full-year guidance"); no commas or full stops. */
const GAP = String.raw`(?:[\w$%'&-]+(?:[.,]\d+)*%?\s+){0,3}?`;
const UP =
  "(?:rais(?:e|es|ed|ing)|lift(?:s|ed|ing)?|boost(?:s|ed|ing)?|hik(?:e|es|ed|ing)|increas(?:e|es|ed|ing)|ups|upped)";
const DOWN =
  "(?:cut(?:s|ting)?|lower(?:s|ed|ing)?|slash(?:es|ed|ing)?|trim(?:s|med|ming)?|reduc(?:e|es|ed|ing)|pare[sd]?|withdr[ae]ws?|withdrawn)";
const RAISED = "(?:raised|lifted|boosted|hiked|increased|upped)";
const CUT = "(?:cut|lowered|slashed|trimmed|reduced|withdrawn|suspended)";
const GUIDANCE = "(?:guidance|outlook|forecasts?|projections?|targets)";
const DIVIDEND = "(?:dividends?|payouts?)";
const PRICE_TARGET = String.raw`(?:price\s+target|target\s+price)`;
const EXPECTATIONS = "(?:estimates?|expectations?|forecasts?|consensus|projections?|views|street)";
const THAN_EXPECTED = String.raw`[\s-]than[\s-](?:expected|anticipated|forecast)`;

/** Longest and most specific first: a match is replaced by a token, so later rules cannot reuse it. */
export const PHRASE_RULES: readonly PhraseRule[] = [
  // Analysts' price targets (before guidance: "targets" is a guidance word)
  { term: "price target raised", weight: 2, pattern: String.raw`${UP}\s+${GAP}${PRICE_TARGET}` },
  {
    term: "price target raised",
    weight: 2,
    pattern: String.raw`${PRICE_TARGET}\s+${GAP}${RAISED}`,
  },
  { term: "price target cut", weight: -2, pattern: String.raw`${DOWN}\s+${GAP}${PRICE_TARGET}` },
  { term: "price target cut", weight: -2, pattern: String.raw`${PRICE_TARGET}\s+${GAP}${CUT}` },
  // Dividends
  {
    term: "dividend cut",
    weight: -3,
    pattern: String.raw`(?:${DOWN}|suspends?|omits?|eliminates?|scraps?)\s+${GAP}${DIVIDEND}`,
  },
  {
    term: "dividend cut",
    weight: -3,
    pattern: String.raw`${DIVIDEND}\s+(?:is\s+|was\s+)?(?:${CUT}|cuts?|suspension|eliminated)`,
  },
  { term: "dividend increase", weight: 2, pattern: String.raw`${UP}\s+${GAP}${DIVIDEND}` },
  {
    term: "dividend increase",
    weight: 2,
    pattern: String.raw`${DIVIDEND}\s+(?:${RAISED}|hikes?|increases?|boosts?)`,
  },
  {
    term: "initiates dividend",
    weight: 2,
    pattern: String.raw`(?:initiat(?:es?|ed|ing)|reinstat(?:es?|ed|ing)|special)\s+${GAP}${DIVIDEND}`,
  },
  // Company guidance
  { term: "raises guidance", weight: 3, pattern: String.raw`${UP}\s+${GAP}${GUIDANCE}` },
  {
    term: "raises guidance",
    weight: 3,
    pattern: String.raw`${GUIDANCE}\s+(?:is\s+|was\s+)?${RAISED}`,
  },
  { term: "cuts guidance", weight: -3, pattern: String.raw`${DOWN}\s+${GAP}${GUIDANCE}` },
  {
    term: "cuts guidance",
    weight: -3,
    pattern: String.raw`${GUIDANCE}\s+(?:is\s+|was\s+)?(?:${CUT}|cuts?)`,
  },
  {
    term: "profit warning",
    weight: -3,
    pattern: String.raw`(?:profit|earnings|sales|revenue)\s+warnings?`,
  },
  {
    term: "profit warning",
    weight: -3,
    pattern: String.raw`warns?\s+(?:on|of)\s+${GAP}(?:profits?|earnings|sales|revenue|results)`,
  },
  // Results against expectations
  {
    term: "beats estimates",
    weight: 3,
    pattern: String.raw`(?:beats?|beating|tops?|topped|topping|exceed(?:s|ed|ing)?|surpass(?:es|ed|ing)?|above|ahead\s+of)\s+${GAP}${EXPECTATIONS}`,
  },
  {
    term: "misses estimates",
    weight: -3,
    pattern: String.raw`(?:miss(?:es|ed|ing)?|below|short\s+of|trail(?:s|ed|ing)?|lag(?:s|ged|ging)?)\s+${GAP}${EXPECTATIONS}`,
  },
  {
    term: "falls short",
    weight: -2,
    pattern: String.raw`(?:falls?|fell|coming|comes?|came)\s+short`,
  },
  { term: "in line", weight: 0, pattern: String.raw`in[\s-]line\s+with` },
  {
    term: "better than expected",
    weight: 2,
    pattern: `(?:better|stronger|higher|bigger|greater)${THAN_EXPECTED}`,
  },
  {
    term: "worse than expected",
    weight: -2,
    pattern: `(?:worse|weaker|lower|smaller|softer|wider)${THAN_EXPECTED}`,
  },
  { term: "narrower than expected", weight: 2, pattern: `narrower${THAN_EXPECTED}` },
  { term: "hotter than expected", weight: -1, pattern: `hotter${THAN_EXPECTED}` },
  { term: "cooler than expected", weight: 1, pattern: `cooler${THAN_EXPECTED}` },
  {
    term: "narrower loss",
    weight: 1,
    pattern: String.raw`(?:narrow(?:s|ed|er)|smaller)\s+${GAP}loss(?:es)?`,
  },
  {
    term: "wider loss",
    weight: -2,
    pattern: String.raw`(?:widen(?:s|ed)?|wider|bigger|larger|deeper)\s+${GAP}loss(?:es)?`,
  },
  {
    term: "swings to profit",
    weight: 2,
    pattern: String.raw`(?:swings?|swung|returns?|returned)\s+to\s+(?:a\s+)?(?:profit|profitability|net\s+income)`,
  },
  {
    term: "swings to loss",
    weight: -2,
    pattern: String.raw`(?:swings?|swung)\s+to\s+(?:a\s+)?loss`,
  },
  { term: "surprise profit", weight: 2, pattern: String.raw`surprise\s+(?:profit|gain|jump)` },
  { term: "surprise loss", weight: -2, pattern: String.raw`surprise\s+(?:loss|drop|decline)` },
  {
    term: "record revenue",
    weight: 3,
    pattern: String.raw`record\s+(?:quarterly\s+|annual\s+)?(?:revenue|sales|profits?|earnings|results|deliveries|orders|bookings)`,
  },
  // Price levels
  {
    term: "record high",
    weight: 2,
    pattern: String.raw`(?:record|all[\s-]time|52[\s-]week|multi[\s-]year)\s+highs?`,
  },
  {
    term: "record low",
    weight: -2,
    pattern: String.raw`(?:record|all[\s-]time|52[\s-]week|multi[\s-]year)\s+lows?`,
  },
  {
    term: "best week",
    weight: 2,
    pattern: String.raw`best\s+(?:day|week|month|quarter|session|year)`,
  },
  {
    term: "worst week",
    weight: -3,
    pattern: String.raw`worst\s+(?:day|week|month|quarter|session|year)`,
  },
  // Deals, trials, legal, credit
  {
    term: "to be acquired",
    weight: 2,
    pattern: String.raw`to\s+be\s+(?:acquired|bought|taken\s+private)`,
  },
  {
    term: "meets primary endpoint",
    weight: 3,
    pattern: String.raw`(?:meets?|met|hits?|achieves?|achieved)\s+(?:its\s+|the\s+)?primary\s+endpoints?`,
  },
  {
    term: "misses primary endpoint",
    weight: -3,
    pattern: String.raw`(?:miss(?:es|ed)?|fails?\s+to\s+meet|failed\s+to\s+meet)\s+(?:its\s+|the\s+)?primary\s+endpoints?`,
  },
  {
    term: "complete response letter",
    weight: -2,
    pattern: String.raw`complete\s+response\s+letter`,
  },
  { term: "class action", weight: -2, pattern: String.raw`class[\s-]action` },
  { term: "chapter 11", weight: -3, pattern: String.raw`chapter\s+(?:11|7)` },
  { term: "going concern", weight: -3, pattern: String.raw`going[\s-]concern` },
  {
    term: "trading halt",
    weight: -2,
    pattern: String.raw`trading\s+(?:halt|halted|suspended|suspension)`,
  },
  {
    term: "job cuts",
    weight: -2,
    pattern: String.raw`(?:job|staff|workforce)\s+(?:cuts|reductions?)`,
  },
  { term: "investment grade", weight: 1, pattern: String.raw`investment[\s-]grade` },
  // Neutral nouns containing AFINN words ("free" +1, "care" +2, "like" +2)
  { term: "free cash flow", weight: 0, pattern: String.raw`free\s+cash\s+flows?` },
  { term: "like-for-like", weight: 0, pattern: String.raw`like[\s-]for[\s-]like` },
];

/** Flip the next term's weight ("not", "didn't", "no longer"). */
export const NEGATORS: ReadonlySet<string> = new Set([
  "not",
  "no",
  "never",
  "cannot",
  "can't",
  "cant",
  "don't",
  "dont",
  "doesn't",
  "doesnt",
  "didn't",
  "didnt",
  "won't",
  "wont",
  "isn't",
  "isnt",
  "wasn't",
  "wasnt",
  "aren't",
  "weren't",
  "hasn't",
  "hasnt",
  "haven't",
  "hadn't",
  "neither",
  "nor",
]);

/** Flip a term two tokens on, through a filler word: "failed to beat", "not a buy". */
export const FAILURE_VERBS: ReadonlySet<string> = new Set([
  "fail",
  "fails",
  "failed",
  "failing",
  "unable",
]);
export const FILLER_WORDS: ReadonlySet<string> = new Set([
  "to",
  "a",
  "an",
  "the",
  "be",
  "been",
  "as",
  "so",
  "very",
  "too",
  "yet",
  "longer",
]);
