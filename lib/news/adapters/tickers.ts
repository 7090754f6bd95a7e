/**
 * Tickers a news text names the way wires and social posts write them:
 * - exchange-qualified, as press releases do: "(NASDAQ: AAPL)", "(NYSE: KO)", "NYSE:KO",
 *   "(Nasdaq: GOOGL, GOOG)", "(NYSE American: XYZ)", "(OTCQX: ABCD)";
 * - cashtags: "$AAPL", "$BRK.B".
 * Only US venues: a "(TSX: SHOP)" is another listing, not our SHOP. Share classes come out in
 * our form ("BRK-B" → "BRK.B"). Company names are not matched here (see `tickersOf` in feed.ts).
 */

/** US venue names as releases write them (case variants spelled out: the ticker must be upper). */
const US_EXCHANGE =
  "(?:NYSE(?:\\s+(?:American|AMERICAN|Arca|ARCA|MKT))?|NYSEArca|NYSE\\s?American|NASDAQ|Nasdaq(?:\\s+(?:GS|GM|CM|Global Select|Global Market|Capital Market))?|NASDAQ(?:GS|GM|CM)|AMEX|Amex|Cboe(?:\\s+BZX)?|CBOE|BATS|OTC(?:QX|QB|\\s+Markets|\\s+Pink)?|OTCQX|OTCQB)";

const TICKER = "[A-Z][A-Z0-9]{0,5}(?:[.-][A-Z]{1,2})?";

const EXCHANGE_QUALIFIED = new RegExp(
  `(?<![\\w])${US_EXCHANGE}\\s*:\\s*(${TICKER}(?:\\s*,\\s*${TICKER})*)(?![\\w])`,
  "g",
);

const CASHTAG = /(?<![\w$])\$([A-Z]{1,5}(?:\.[A-Z]{1,2})?)(?![\w.])/g;

/** Currency codes written with a dollar sign ("$USD") are not cashtags. */
const NOT_CASHTAGS = new Set(["US", "USD", "CAD", "AUD", "NZD", "HKD", "SGD", "EUR", "GBP"]);

function ourSymbol(ticker: string): string {
  return ticker.trim().replace(/-/g, ".");
}

/** Tickers in order of first mention, without repeats. */
export function detectTickers(text: string): string[] {
  const found: { at: number; symbol: string }[] = [];
  for (const match of text.matchAll(EXCHANGE_QUALIFIED)) {
    for (const ticker of (match[1] ?? "").split(",")) {
      found.push({ at: match.index, symbol: ourSymbol(ticker) });
    }
  }
  for (const match of text.matchAll(CASHTAG)) {
    const symbol = match[1] ?? "";
    if (!NOT_CASHTAGS.has(symbol)) found.push({ at: match.index, symbol: ourSymbol(symbol) });
  }
  found.sort((a, b) => a.at - b.at);
  return [...new Set(found.map(({ symbol }) => symbol))];
}
