/**
 * Text as feeds publish it, turned into the plain text our articles carry: character references
 * decoded, HTML reduced to its words, whitespace collapsed, labels made into topic slugs.
 */

/** Named references: XML's five and the HTML ones news feeds actually use. */
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  ensp: "\u2002",
  emsp: "\u2003",
  thinsp: "\u2009",
  shy: "\u00ad",
  ndash: "\u2013",
  mdash: "\u2014",
  minus: "\u2212",
  lsquo: "\u2018",
  rsquo: "\u2019",
  sbquo: "\u201a",
  ldquo: "\u201c",
  rdquo: "\u201d",
  bdquo: "\u201e",
  laquo: "\u00ab",
  raquo: "\u00bb",
  hellip: "\u2026",
  bull: "\u2022",
  middot: "\u00b7",
  prime: "\u2032",
  Prime: "\u2033",
  dagger: "\u2020",
  Dagger: "\u2021",
  copy: "\u00a9",
  reg: "\u00ae",
  trade: "\u2122",
  deg: "\u00b0",
  plusmn: "\u00b1",
  times: "\u00d7",
  divide: "\u00f7",
  frac12: "\u00bd",
  frac14: "\u00bc",
  frac34: "\u00be",
  permil: "\u2030",
  sect: "\u00a7",
  para: "\u00b6",
  cent: "\u00a2",
  pound: "\u00a3",
  euro: "\u20ac",
  yen: "\u00a5",
  iexcl: "\u00a1",
  iquest: "\u00bf",
  larr: "\u2190",
  rarr: "\u2192",
  uarr: "\u2191",
  darr: "\u2193",
  le: "\u2264",
  ge: "\u2265",
  ne: "\u2260",
  asymp: "\u2248",
  infin: "\u221e",
  agrave: "\u00e0",
  aacute: "\u00e1",
  acirc: "\u00e2",
  auml: "\u00e4",
  aring: "\u00e5",
  ccedil: "\u00e7",
  egrave: "\u00e8",
  eacute: "\u00e9",
  ecirc: "\u00ea",
  euml: "\u00eb",
  iacute: "\u00ed",
  iuml: "\u00ef",
  ntilde: "\u00f1",
  oacute: "\u00f3",
  ocirc: "\u00f4",
  ouml: "\u00f6",
  oslash: "\u00f8",
  uacute: "\u00fa",
  uuml: "\u00fc",
  szlig: "\u00df",
  Aacute: "\u00c1",
  Auml: "\u00c4",
  Eacute: "\u00c9",
  Ntilde: "\u00d1",
  Ouml: "\u00d6",
  Uuml: "\u00dc",
};

/**
 * References to 0x80–0x9F mean Windows-1252 characters in practice (HTML's rule): a feed's
 * "&#146;" is a right single quote, not a control character. Index = code − 0x80; "" = unused.
 */
// biome-ignore format: one row per 8 code points
const WINDOWS_1252_C1 = [
  "\u20ac", "", "\u201a", "\u0192", "\u201e", "\u2026", "\u2020", "\u2021",
  "\u02c6", "\u2030", "\u0160", "\u2039", "\u0152", "", "\u017d", "",
  "", "\u2018", "\u2019", "\u201c", "\u201d", "\u2022", "\u2013", "\u2014",
  "\u02dc", "\u2122", "\u0161", "\u203a", "\u0153", "", "\u017e", "\u0178",
];

function characterOf(code: number): string | undefined {
  if (code >= 0x80 && code <= 0x9f) return WINDOWS_1252_C1[code - 0x80] || undefined;
  const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
  return valid ? String.fromCodePoint(code) : undefined;
}

/** Decodes numeric and named character references; unknown ones stay as written. */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(
    /&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g,
    (whole, ref: string) => {
      if (ref.startsWith("#")) {
        const hex = ref[1] === "x" || ref[1] === "X";
        return characterOf(Number.parseInt(ref.slice(hex ? 2 : 1), hex ? 16 : 10)) ?? whole;
      }
      return NAMED_ENTITIES[ref] ?? whole;
    },
  );
}

/** Runs of whitespace (no-break spaces and line breaks included) as one space, trimmed. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

const BLOCK_TAG =
  /<\/?(?:p|div|br|hr|li|ul|ol|dl|dt|dd|h[1-6]|tr|td|th|table|thead|tbody|blockquote|pre|section|article|header|footer|figure|figcaption)\b[^>]*>/gi;

/**
 * An HTML fragment's text: scripts, styles and comments dropped, block tags and line breaks
 * as spaces, inline tags removed (so "<b>Apple</b>'s" stays one word), references decoded.
 * Only "<" followed by a letter, "/" or "!" opens a tag: "a < b" survives.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style|noscript)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(BLOCK_TAG, " ")
    .replace(/<\/?[A-Za-z][^>]*>/g, "");
  return collapseWhitespace(decodeEntities(text));
}

/** A label as a topic slug: "Mergers & Acquisitions" → "mergers-and-acquisitions". */
export function slugify(label: string): string {
  return label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

/** The port's summary is one to three sentences. */
export const SUMMARY_MAX_SENTENCES = 3;
export const SUMMARY_MAX_CHARS = 400;

/** A stop, closing quotes or brackets, then a capital letter starting the next sentence (or the end). */
const SENTENCE_END = /[.!?]["'\u201d\u2019)]*(?=\s+["'\u201c\u2018(]?[A-Z]|\s*$)/g;

/** Words whose period is not a sentence's end: "Jan. 29", "Northwind Robotics, Inc. (NASDAQ". */
const ABBREVIATIONS = new Set(
  (
    "jan feb mar apr jun jul aug sep sept oct nov dec inc corp co ltd llc plc mr mrs ms dr st " +
    "jr sr no vs etc ave gov sen rep gen prof approx est"
  ).split(" "),
);

function endsSentence(text: string, stopAt: number): boolean {
  if (text[stopAt] !== ".") return true;
  const word = /([A-Za-z]+)$/.exec(text.slice(0, stopAt))?.[1] ?? "";
  return word.length > 1 && !ABBREVIATIONS.has(word.toLowerCase());
}

/** Where each sentence of `text` ends (the index after its stop and closing marks). */
function sentenceEnds(text: string): number[] {
  return [...text.matchAll(SENTENCE_END)]
    .filter((match) => endsSentence(text, match.index))
    .map((match) => match.index + match[0].length);
}

/** The first sentence of a text, cut at a word with "…" when longer than `maxChars`. */
export function firstSentence(text: string, maxChars: number): string {
  const end = sentenceEnds(text)[0];
  const sentence = end === undefined ? text : text.slice(0, end);
  if (sentence.length <= maxChars) return sentence;
  const space = sentence.lastIndexOf(" ", maxChars);
  return `${sentence.slice(0, space > 0 ? space : maxChars)}\u2026`;
}

/**
 * The first sentences of a text, at most SUMMARY_MAX_SENTENCES and SUMMARY_MAX_CHARS long; a
 * first sentence longer than that is cut at a word and ends with "…".
 */
export function summaryOf(text: string): string {
  if (text.length <= SUMMARY_MAX_CHARS) {
    const third = sentenceEnds(text)[SUMMARY_MAX_SENTENCES - 1];
    return third === undefined ? text : text.slice(0, third);
  }
  const ends = sentenceEnds(text).filter((end) => end <= SUMMARY_MAX_CHARS);
  const last = ends[Math.min(ends.length, SUMMARY_MAX_SENTENCES) - 1];
  if (last !== undefined) return text.slice(0, last);
  const space = text.lastIndexOf(" ", SUMMARY_MAX_CHARS);
  return `${text.slice(0, space > 0 ? space : SUMMARY_MAX_CHARS)}\u2026`;
}
