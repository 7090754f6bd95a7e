/**
 * Where an article mentions a ticker or its company: "$AAPL", "(NASDAQ: AAPL)", "AAPL",
 * "Apple Inc." or "Apple". Used for the per-ticker sentiment (the sentences about a company)
 * and to take a story's own company names out of the text its cluster is found from.
 */

const EXCHANGES = String.raw`(?:NYSE(?:\s+(?:American|Arca|MKT))?|NASDAQ|Nasdaq|AMEX|ARCA|OTC|CBOE|Cboe|TSX|LSE)`;
/**
 * A letter or digit (ASCII and Latin accented letters). Explicit ranges, not \p{L}: a regex
 * with Unicode property classes takes about a millisecond to compile and runs several times
 * slower, and there is one per ticker.
 */
const WORD_CHAR = String.raw`[A-Za-z0-9\u00c0-\u024f]`;

/** A ticker's mention patterns, and literal strings one of which every mention contains. */
interface Patterns {
  names: readonly string[];
  test: RegExp;
  all: RegExp;
  literals: readonly string[];
}
const patternsByTicker = new Map<string, Patterns>();

/**
 * Whether a sentence mentions a ticker: "$AAPL", "(NASDAQ: AAPL)", or AAPL as a word in capitals
 * (a ticker of one or two letters, like C or GE, only in the first two forms); or one of its
 * company names as written ("Apple Inc.") or without the legal suffix ("Apple", "Home Depot").
 */
export function mentionPattern(ticker: string, names: readonly string[]): RegExp {
  return patterns(ticker, names).test;
}

/** Whether a text mentions the ticker or its company (mentionPattern, after a cheap pre-check). */
export function mentionTest(ticker: string, names: readonly string[]): (text: string) => boolean {
  const { test, literals } = patterns(ticker, names);
  return (text) => literals.some((literal) => text.includes(literal)) && test.test(text);
}

/** The text with every mention of the tickers and their companies replaced by a space. */
export function withoutMentions(
  text: string,
  tickers: readonly string[],
  namesByTicker: ReadonlyMap<string, readonly string[]>,
): string {
  let rest = text;
  for (const ticker of tickers) {
    const { all, literals } = patterns(ticker, namesByTicker.get(ticker) ?? []);
    if (literals.some((literal) => rest.includes(literal))) rest = rest.replace(all, " ");
  }
  return rest;
}

/** The ticker's patterns, compiled once per ticker and list of names. */
function patterns(ticker: string, names: readonly string[]): Patterns {
  const cached = patternsByTicker.get(ticker);
  if (cached && sameNames(cached.names, names)) return cached;
  const symbol = escapeRegex(ticker);
  const long = ticker.replace(/[^A-Za-z]/g, "").length >= 3;
  const forms = [
    String.raw`\$${symbol}(?!${WORD_CHAR})`,
    String.raw`${EXCHANGES}\s*:\s*${symbol}(?!${WORD_CHAR})`,
  ];
  if (long) forms.push(String.raw`(?<![A-Za-z0-9$])${symbol}(?!${WORD_CHAR}|\.[A-Za-z])`);
  const variants = distinct(names.flatMap(companyNameVariants)).sort((a, b) => b.length - a.length);
  for (const name of variants) forms.push(`(?<!${WORD_CHAR})${escapeRegex(name)}(?!${WORD_CHAR})`);
  const source = forms.join("|");
  const compiled = {
    names: [...names],
    test: new RegExp(source),
    all: new RegExp(source, "g"),
    literals: [...(long ? [ticker] : [`$${ticker}`, ":"]), ...variants],
  };
  patternsByTicker.set(ticker, compiled);
  return compiled;
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((name, i) => name === b[i]);
}

const LEGAL_SUFFIX =
  /,?(?:\s+(?:&|and))?\s+(?:Inc\.?|Incorporated|Corporation|Corp\.?|Company|Co\.|Ltd\.?|Limited|plc|PLC|LP|L\.P\.|N\.V\.|S\.A\.|AG|SE|Holdings?|Group|Class\s+[A-C]|Series\s+\d+)$/;

/** "The Home Depot, Inc." → ["The Home Depot, Inc.", "Home Depot"]; "Amazon.com, Inc." → also "Amazon". */
export function companyNameVariants(name: string): string[] {
  let short = name.trim();
  for (let previous = ""; previous !== short; ) {
    previous = short;
    short = short
      .replace(LEGAL_SUFFIX, "")
      .replace(/^The\s+/, "")
      .trim();
  }
  const withoutDomain = short.replace(/\.com$/, "");
  return distinct([name.trim(), short, withoutDomain]).filter((variant) => variant.length >= 3);
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function distinct(items: readonly string[]): string[] {
  return [...new Set(items)];
}
