/**
 * The name an article calls a company by ("Apple", "Home Depot", "JPMorgan Chase"): the
 * newsroom writes with it, and the news desk finds a company's sentences by it (ticker
 * sentiment), whatever the source.
 */

/** Names a reader knows the company by, where dropping the legal suffix is not enough. */
const KNOWN_SHORT_NAMES: Record<string, string> = {
  AMZN: "Amazon",
  GOOGL: "Alphabet",
  META: "Meta",
  "BRK.B": "Berkshire Hathaway",
  JPM: "JPMorgan Chase",
  MRK: "Merck",
  PG: "Procter & Gamble",
  KO: "Coca-Cola",
  HD: "Home Depot",
  GS: "Goldman Sachs",
  IBM: "IBM",
  QCOM: "Qualcomm",
  NKE: "Nike",
  MSTR: "Strategy",
  AMC: "AMC Entertainment",
  TMUS: "T-Mobile US",
  LLY: "Eli Lilly",
  BMY: "Bristol-Myers Squibb",
  GE: "GE Aerospace",
  UNH: "UnitedHealth",
  MCD: "McDonald's",
  DIS: "Disney",
  BA: "Boeing",
  SCHW: "Charles Schwab",
  TJX: "TJX",
  SHW: "Sherwin-Williams",
  SO: "Southern Company",
  SLB: "SLB",
  DE: "Deere",
  MMM: "3M",
  BKNG: "Booking Holdings",
};

const LEGAL_SUFFIX =
  /,?\s+(Inc\.?|Incorporated|Corporation|Corp\.?|Company|Co\.?|Ltd\.?|Limited|plc|PLC|N\.V\.|S\.A\.|SE|AG|Holdings?|Group|Technologies|Class [A-C])$/;

/** The company's short name: a known one, else its name without "The" and legal suffixes. */
export function shortCompanyName(symbol: string, name: string): string {
  const known = KNOWN_SHORT_NAMES[symbol];
  if (known) return known;
  let short = name.replace(/^The\s+/, "").trim();
  for (let previous = ""; previous !== short; ) {
    previous = short;
    short = short
      .replace(LEGAL_SUFFIX, "")
      .replace(/\s*(&|and)$/, "")
      .trim();
  }
  return short;
}

/** The names a text may call an instrument's company by; none for funds and other kinds. */
export function companyNamesOf(instrument: {
  symbol: string;
  name: string;
  contractType: string;
}): string[] {
  if (instrument.contractType !== "Stock") return [];
  const short = shortCompanyName(instrument.symbol, instrument.name);
  return short.length >= 2 ? [short] : [];
}
