/**
 * EDGAR's conformed company names ("BANK OF AMERICA CORP /DE/") as a headline writes them
 * ("Bank of America Corp."). Names a filer already wrote in mixed case ("Apple Inc.") are kept.
 * The rules are plain: acronyms that cannot be told from words ("JPMORGAN") come out as words.
 */

/** Legal-form suffixes, keyed without dots. */
const LEGAL_FORMS: Readonly<Record<string, string>> = {
  INC: "Inc.",
  CORP: "Corp.",
  CO: "Co.",
  LTD: "Ltd.",
  LLC: "LLC",
  LP: "LP",
  LLP: "LLP",
  PLC: "plc",
  NV: "N.V.",
  BV: "B.V.",
  SA: "S.A.",
  AG: "AG",
  SE: "SE",
  AB: "AB",
  ASA: "ASA",
  REIT: "REIT",
  ETF: "ETF",
};

/** Words that stay lower case inside a name. */
const MINOR_WORDS = new Set(["OF", "AND", "THE", "FOR", "DE", "DU", "LA", "DEL", "AT", "IN", "ON"]);

/** Short words that are words, not acronyms (any other token of three letters or fewer is). */
const SHORT_WORDS = new Set(
  (
    "ACE AGE AIM AIR ALL ARC ART BAR BAY BIG BIO BOX BUS CAN CAP CAR CAT DAY DOG EYE FAR FIT " +
    "FLY FOX FUN GAS GEM HUB ICE INK JET KEY LAB LAW LOT MAX MED NET NEW OAK OIL ONE OUT PAY " +
    "PET POP PRO RED RUN SEA SKY SUN TAX TEA TEN TOP TOY TWO VAN WAY WEB WIN ZEN ZIP"
  ).split(" "),
);

function capitalised(word: string): string {
  if (/^MC[A-Z]{2,}$/.test(word)) return `Mc${capitalised(word.slice(2))}`;
  // After a hyphen, and after an apostrophe unless a lone "s" follows: "O'Reilly", "Macy's".
  return word
    .toLowerCase()
    .replace(
      /(^|-|'(?=\p{L}{2}))(\p{L})/gu,
      (_, sep: string, letter: string) => sep + letter.toUpperCase(),
    );
}

function isAcronym(word: string): boolean {
  if (/[0-9&]/.test(word)) return true;
  const letters = word.replace(/[^A-Z]/g, "");
  if (!/[AEIOU]/.test(letters)) return true;
  return letters.length <= 3 && !SHORT_WORDS.has(letters);
}

function wordOf(token: string, index: number): string {
  const [, core = "", trailing = ""] = /^(.*?)([,;]?)$/.exec(token) ?? [];
  const key = core.replace(/\./g, "");
  const form = index > 0 ? LEGAL_FORMS[key] : undefined;
  if (form !== undefined) return form + trailing;
  if (index > 0 && MINOR_WORDS.has(key)) return key.toLowerCase() + trailing;
  if (isAcronym(core)) return core + trailing;
  return capitalised(core) + trailing;
}

/** "AMAZON COM INC" → "Amazon.com Inc."; "BANK OF AMERICA CORP /DE/" → "Bank of America Corp.". */
export function headlineName(conformed: string): string {
  const name = conformed
    .replace(/(\s*\/[A-Z0-9]{2,4}\/?)+\s*$/, "") // EDGAR's "/DE/", "/NEW/", "/MN" suffixes
    .replace(/\/\s*$/, "")
    .replace(/\s+/g, " ")
    .trim();
  if (/[a-z]/.test(name)) return name;
  // EDGAR writes "Amazon.com" as "AMAZON COM".
  const tokens = name.replace(/(\S) COM\b/g, "$1.COM").split(" ");
  return tokens.map(wordOf).join(" ");
}
