import { type X2jOptions, XMLParser, XMLValidator } from "fast-xml-parser";
import { NewsUnavailable } from "../ports";
import { parseFeedDate } from "./dates";
import { collapseWhitespace, decodeEntities, htmlToText } from "./text";

/**
 * RSS 2.0 (rssboard.org/rss-specification) and Atom 1.0 (RFC 4287) feeds read into plain items,
 * with one fast-xml-parser configuration shared by every news adapter.
 *
 * - The document must be well-formed XML (checked first: the parser alone accepts truncated
 *   documents) whose root is <rss> with a <channel>, or Atom's <feed>; anything else (an HTML
 *   error page, RSS 1.0's rdf:RDF) throws NewsUnavailable.
 * - Namespace prefixes are dropped, so dc:creator, content:encoded and atom:link are read
 *   whatever prefix a feed binds them to.
 * - item, entry, link and category are always arrays, so a one-item feed reads like any other.
 * - Character references are decoded once, by our decoder (numeric, XML and common HTML
 *   names). DOCTYPE-declared entities are never expanded and external entities are refused
 *   by the parser: no entity-expansion or external-entity attacks through a feed.
 * - Text: RSS descriptions, content:encoded and Atom type="html" are HTML, reduced to text;
 *   RSS titles and Atom type="text" are plain text (a title "A &lt; B" stays "A < B");
 *   Atom type="xhtml" is the text of its markup.
 * - An item whose date is missing or unreadable is skipped: we never guess when it happened.
 */

export interface FeedItem {
  title: string;
  /** The item's page as written (relative links resolved against `baseUrl`); null if none. */
  link: string | null;
  /** RSS description / Atom summary as text ("" when absent). */
  summary: string;
  /** content:encoded / Atom content as text; null when absent. */
  content: string | null;
  /** RSS pubDate (else dc:date) / Atom published (else updated), epoch ms. */
  publishedAtMs: number;
  /** RSS guid / Atom id. */
  guid: string | null;
  /** RSS category text / Atom category term, in document order. */
  categories: string[];
  /** RSS author or dc:creator / Atom author name (the feed's when the entry has none). */
  author: string | null;
}

export interface ReadFeedOptions {
  /** Named in the NewsUnavailable a bad document raises. */
  provider?: string;
  /** The feed's own URL, for resolving relative links. */
  baseUrl?: string;
}

const ALWAYS_ARRAYS = new Set(["item", "entry", "link", "category"]);

/** Our decoder in place of the parser's: one pass, no DOCTYPE-declared entities. */
const entityDecoder: NonNullable<X2jOptions["entityDecoder"]> = {
  decode: decodeEntities,
  addInputEntities: () => {},
  setExternalEntities: () => {},
  reset: () => {},
  setXmlVersion: () => {},
};

const PARSER_OPTIONS: X2jOptions = {
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
  entityDecoder,
  isArray: (name) => ALWAYS_ARRAYS.has(name),
};

type Node = unknown;

function isRecord(node: Node): node is Record<string, Node> {
  return typeof node === "object" && node !== null && !Array.isArray(node);
}

function child(node: Node, name: string): Node {
  return isRecord(node) ? node[name] : undefined;
}

function children(node: Node, name: string): Node[] {
  const value = child(node, name);
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function attribute(node: Node, name: string): string | undefined {
  const value = child(node, `@_${name}`);
  return typeof value === "string" ? value : undefined;
}

/** The text of an element: its string, its #text, or (for markup) all nested text in order. */
function rawText(node: Node): string {
  if (typeof node === "string") return node;
  if (typeof node === "number" || typeof node === "boolean") return String(node);
  if (Array.isArray(node)) return node.map(rawText).join(" ");
  if (!isRecord(node)) return "";
  return Object.entries(node)
    .filter(([key]) => !key.startsWith("@_"))
    .map(([, value]) => rawText(value))
    .join(" ");
}

function plainText(node: Node): string {
  return collapseWhitespace(rawText(node));
}

function htmlText(node: Node): string {
  return htmlToText(rawText(node));
}

/** An Atom text construct (RFC 4287 §3.1) by its type attribute. */
function atomText(node: Node): string {
  const type = attribute(node, "type") ?? "text";
  return type === "html" ? htmlText(node) : plainText(node);
}

function nonEmpty(text: string): string | null {
  return text === "" ? null : text;
}

function resolveUrl(href: string, baseUrl: string | undefined): string | null {
  const trimmed = href.trim();
  if (trimmed === "") return null;
  try {
    return new URL(trimmed, baseUrl).href;
  } catch {
    return null;
  }
}

function unavailable(options: ReadFeedOptions, message: string): NewsUnavailable {
  return new NewsUnavailable(options.provider ?? "feed", message);
}

/** Parses a feed document; throws NewsUnavailable when it is not well-formed RSS or Atom. */
export function readFeed(xml: string, options: ReadFeedOptions = {}): FeedItem[] {
  const checked = XMLValidator.validate(xml);
  if (checked !== true) {
    const { msg, line } = checked.err;
    throw unavailable(options, `malformed XML (line ${line}: ${collapseWhitespace(msg)})`);
  }
  let document: Node;
  try {
    document = new XMLParser(PARSER_OPTIONS).parse(xml);
  } catch (error) {
    throw unavailable(
      options,
      `unreadable XML (${error instanceof Error ? error.message : error})`,
    );
  }
  const rss = child(document, "rss");
  if (rss !== undefined && child(rss, "channel") !== undefined) {
    return children(child(rss, "channel"), "item")
      .map((item) => rssItem(item, options.baseUrl))
      .filter((item) => item !== undefined);
  }
  const feed = child(document, "feed");
  if (feed !== undefined) {
    const feedAuthor = authorName(feed);
    return children(feed, "entry")
      .map((entry) => atomEntry(entry, feedAuthor, options.baseUrl))
      .filter((item) => item !== undefined);
  }
  const root = isRecord(document) ? Object.keys(document)[0] : undefined;
  throw unavailable(options, `not an RSS 2.0 or Atom 1.0 feed (root element <${root ?? "none"}>)`);
}

// RSS 2.0

/** RSS `author` is an address, often "jdoe@example.com (Jane Doe)": the name when given. */
function rssAuthor(item: Node): string | null {
  const creators = children(item, "creator").map(plainText).filter(Boolean);
  if (creators.length > 0) return creators.join(", ");
  const author = plainText(child(item, "author"));
  const named = /\(([^)]+)\)\s*$/.exec(author);
  return nonEmpty(named?.[1]?.trim() ?? author);
}

/** <link> text; atom:link elements (also named "link" here) only as a fallback. */
function rssLink(item: Node, baseUrl: string | undefined): string | null {
  const links = children(item, "link");
  const text = links.find((link) => typeof link === "string" && link.trim() !== "");
  if (typeof text === "string") return resolveUrl(text, baseUrl);
  const alternate = links.find((link) => (attribute(link, "rel") ?? "alternate") === "alternate");
  const href = alternate === undefined ? undefined : attribute(alternate, "href");
  return href === undefined ? null : resolveUrl(href, baseUrl);
}

/** A guid is the item's page unless isPermaLink="false" (RSS 2.0: permalink by default). */
function rssPermalink(item: Node, baseUrl: string | undefined): string | null {
  const guid = child(item, "guid");
  if (guid === undefined || attribute(guid, "isPermaLink") === "false") return null;
  const text = plainText(guid);
  return /^https?:\/\//i.test(text) ? resolveUrl(text, baseUrl) : null;
}

function rssItem(item: Node, baseUrl: string | undefined): FeedItem | undefined {
  const publishedAtMs =
    parseFeedDate(plainText(child(item, "pubDate"))) ??
    parseFeedDate(plainText(child(item, "date")));
  if (publishedAtMs === undefined) return undefined;
  const encoded = child(item, "encoded");
  return {
    title: plainText(child(item, "title")),
    link: rssLink(item, baseUrl) ?? rssPermalink(item, baseUrl),
    summary: htmlText(child(item, "description")),
    content: encoded === undefined ? null : nonEmpty(htmlText(encoded)),
    publishedAtMs,
    guid: nonEmpty(plainText(child(item, "guid"))),
    categories: children(item, "category").map(plainText).filter(Boolean),
    author: rssAuthor(item),
  };
}

// Atom 1.0

function authorName(node: Node): string | null {
  const names = children(node, "author")
    .map((author) => plainText(child(author, "name")))
    .filter(Boolean);
  return names.length === 0 ? null : names.join(", ");
}

/** rel="alternate" (the default rel), preferring text/html, as RFC 4287 §4.2.7.2 defines. */
function atomLink(entry: Node, baseUrl: string | undefined): string | null {
  const alternates = children(entry, "link").filter(
    (link) => (attribute(link, "rel") ?? "alternate") === "alternate" && attribute(link, "href"),
  );
  const html = alternates.find((link) => /html/i.test(attribute(link, "type") ?? "text/html"));
  const chosen = html ?? alternates[0];
  const href = chosen === undefined ? undefined : attribute(chosen, "href");
  return href === undefined ? null : resolveUrl(href, baseUrl);
}

function atomEntry(
  entry: Node,
  feedAuthor: string | null,
  baseUrl: string | undefined,
): FeedItem | undefined {
  const publishedAtMs =
    parseFeedDate(plainText(child(entry, "published"))) ??
    parseFeedDate(plainText(child(entry, "updated")));
  if (publishedAtMs === undefined) return undefined;
  const content = child(entry, "content");
  return {
    title: atomText(child(entry, "title")),
    link: atomLink(entry, baseUrl),
    summary: atomText(child(entry, "summary")),
    content: content === undefined ? null : nonEmpty(atomText(content)),
    publishedAtMs,
    guid: nonEmpty(plainText(child(entry, "id"))),
    categories: children(entry, "category")
      .map((category) => (attribute(category, "term") ?? "").trim())
      .filter(Boolean),
    author: authorName(entry) ?? feedAuthor,
  };
}
