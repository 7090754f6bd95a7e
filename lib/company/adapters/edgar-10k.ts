/**
 * The business section (Part I, Item 1) of a 10-K's primary HTML document, as plain text.
 *
 * The section starts at the heading "Item 1. Business" (case, spacing and punctuation vary;
 * the heading may be split over table cells) and ends at the next of "Item 1A. Risk Factors",
 * "Item 1B" or "Item 2. Properties". The table of contents names the same headings first, so
 * the section taken is the first whose text is long enough to be prose, not a TOC line.
 * Sub-headings ("Products", "iPhone") and page footers are dropped: a block of text without
 * sentence punctuation at its end is taken for a heading.
 */

/** How much of the section a description keeps, in characters (cut at a sentence end). */
export const DESCRIPTION_MAX_CHARS = 1500;

/** Fewer characters than this between a heading and the next one: a TOC line, not the section. */
const MIN_SECTION_CHARS = 400;
/** A block shorter than this without end punctuation is a heading, a caption or a footer. */
const MAX_HEADING_CHARS = 120;

const START = /\bItem\s*1\s*[.:\u2013\u2014-]?\s*Business\b/gi;
const END =
  /\bItem\s*1A\s*[.:\u2013\u2014-]?\s*Risk\s+Factors\b|\bItem\s*1B\s*[.:\u2013\u2014-]|\bItem\s*2\s*[.:\u2013\u2014-]?\s*Properties\b/i;

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  rsquo: "\u2019",
  lsquo: "\u2018",
  rdquo: "\u201d",
  ldquo: "\u201c",
  mdash: "\u2014",
  ndash: "\u2013",
  hellip: "\u2026",
  bull: "\u2022",
  middot: "\u00b7",
  reg: "\u00ae",
  trade: "\u2122",
  copy: "\u00a9",
  sect: "\u00a7",
  deg: "\u00b0",
  eacute: "\u00e9",
};

/** Elements whose start or end breaks the text into a new block. */
const BLOCK_TAGS =
  /<\/?(?:div|p|br|hr|tr|td|th|li|ul|ol|table|h[1-6]|section|article|center|blockquote)\b[^>]*>/gi;

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (entity, body: string) => {
    if (body[0] === "#") {
      const code =
        body[1] === "x" || body[1] === "X"
          ? Number.parseInt(body.slice(2), 16)
          : Number(body.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

/** The document's visible text as blocks (one per paragraph, cell or line), whitespace collapsed. */
export function htmlBlocks(html: string): string[] {
  const visible = html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(script|style|head|ix:header|title)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(BLOCK_TAGS, "\n")
    .replace(/<[^>]*>/g, "");
  return decodeEntities(visible)
    .split("\n")
    .map((line) => line.replace(/[\s\u00a0\u200b]+/g, " ").trim())
    .filter((line) => line !== "");
}

function isProse(block: string): boolean {
  return block.length > MAX_HEADING_CHARS || /[.!?:;]["'\u201d\u2019)]*$/.test(block);
}

/** Item 1's text from the first heading followed by prose, up to the next item's heading. */
export function businessSection(html: string): string | undefined {
  const text = htmlBlocks(html).join("\n");
  for (const start of text.matchAll(START)) {
    const from = start.index + start[0].length;
    const rest = text.slice(from);
    const end = rest.search(END);
    const section = end < 0 ? rest : rest.slice(0, end);
    if (section.trim().length >= MIN_SECTION_CHARS) return section.trim();
  }
  return undefined;
}

/** The first `maxChars` of a text, cut after the last complete sentence that fits. */
export function cutAtSentence(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const head = text.slice(0, maxChars + 1);
  let cut = 0;
  for (const end of head.matchAll(/[.!?]["'\u201d\u2019)]*(?=\s|$)/g)) {
    if (end.index + end[0].length <= maxChars) cut = end.index + end[0].length;
  }
  if (cut > 0) return text.slice(0, cut);
  const space = head.lastIndexOf(" ", maxChars);
  return `${text.slice(0, space > 0 ? space : maxChars)}\u2026`;
}

/** The business section as one paragraph of prose, at most `maxChars` long; undefined if none. */
export function businessSummary(
  html: string,
  maxChars = DESCRIPTION_MAX_CHARS,
): string | undefined {
  const section = businessSection(html);
  if (section === undefined) return undefined;
  const prose = section.split("\n").filter(isProse).join(" ").replace(/\s+/g, " ").trim();
  return prose === "" ? undefined : cutAtSentence(prose, maxChars);
}
