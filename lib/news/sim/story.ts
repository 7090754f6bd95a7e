import { seedOf } from "../../market/random";
import type { NewsCategory, SourceArticle } from "../ports";
import type { OutletProfile, OutletStyle } from "./outlets";
import { Draws, hashHex, nyDateParts, paragraph, slugOf } from "./text";

/**
 * A story is one event of the simulated world (a report, a move, a note, a release) that 1-5
 * outlets cover, each in its own words. Publishing a story picks the outlets, when each
 * publishes (never before the event, never past the story's day) and lets each write.
 */

export type StoryKind =
  | "earnings"
  | "earnings-preview"
  | "earnings-reaction"
  | "move"
  | "gap"
  | "mover"
  | "movers"
  | "market-open"
  | "market-midday"
  | "midday-mover"
  | "market-close"
  | "volume"
  | "brief"
  | "stocks-to-watch"
  | "ex-dividend"
  | "sector"
  | "halt"
  | "halt-resumed"
  | "dividend"
  | "analyst"
  | "macro"
  | "macro-preview"
  | "weekly-recap"
  | "week-ahead"
  | "analyst-roundup"
  | "market-holiday";

export interface ArticleText {
  headline: string;
  /** One to three sentences. */
  summary: string;
  /** Three to six sentences (plus a wire's dateline and sign-off). */
  body: string;
}

/** A text variant, optionally for some styles only: "w" wire, "p" paper, "o" online. */
export type Variant = string | readonly [styles: string, text: string];

/** What a story's writer gets for one outlet. */
export interface Pen {
  outlet: OutletProfile;
  style: OutletStyle;
  /** Draws of this story at this outlet. */
  draws: Draws;
  publishedAtMs: number;
  /** The byline. */
  author: string;
  /**
   * A variant no other outlet of the story took at this key, preferring ones written for the
   * outlet's style: the story's articles never share a headline or a lede.
   */
  distinct(key: string, variants: readonly Variant[]): string;
}

export interface Story {
  /** The event's stable id, e.g. "earnings:AAPL:2026-10-29"; article ids derive from it. */
  eventId: string;
  kind: StoryKind;
  /** When the event happened, epoch ms: no article appears before. */
  eventAtMs: number;
  /** No article appears at or after this instant (the end of the story's New York day). */
  deadlineMs: number;
  category: NewsCategory;
  tickers: string[];
  topics: string[];
  /** How many outlets cover it (at most the outlets on the beat). */
  coverage: number;
  /** Minutes after the event at which the fastest and the slowest outlet publish. */
  delayMinutes: readonly [number, number];
  write(pen: Pen): ArticleText;
}

/** When in the delay range each style tends to publish (fractions of the range). */
const STYLE_TIMING: Record<OutletStyle, readonly [number, number]> = {
  wire: [0, 0.25],
  online: [0.15, 0.7],
  paper: [0.4, 1],
};

/** The story's articles: its outlets' texts at their publication instants (unsorted). */
export function publish(story: Story, outlets: readonly OutletProfile[]): SourceArticle[] {
  const draws = Draws.of(story.eventId);
  const chosen = chooseOutlets(story, outlets, draws);
  const used = new Map<string, Set<number>>();
  const articles: SourceArticle[] = [];
  for (const outlet of chosen) {
    const publishedAtMs = publicationTime(story, outlet, draws);
    if (publishedAtMs === undefined) continue;
    const pen: Pen = {
      outlet,
      style: outlet.style,
      draws: Draws.of(`${story.eventId}|${outlet.id}`),
      publishedAtMs,
      author: bylineOf(story, outlet),
      distinct: (key, variants) => distinctVariant(story.eventId, key, variants, outlet, used),
    };
    articles.push(articleOf(story, outlet, pen, story.write(pen)));
  }
  return articles;
}

/** Weighted sampling without replacement (Efraimidis-Spirakis keys u^(1/w)). */
function chooseOutlets(story: Story, outlets: readonly OutletProfile[], draws: Draws) {
  return outlets
    .map((outlet) => ({ outlet, weight: outlet.beats[story.kind] ?? 0, u: draws.next() }))
    .filter((entry) => entry.weight > 0)
    .map((entry) => ({ outlet: entry.outlet, key: entry.u ** (1 / entry.weight) }))
    .sort((a, b) => b.key - a.key)
    .slice(0, Math.max(1, story.coverage))
    .map((entry) => entry.outlet);
}

function publicationTime(story: Story, outlet: OutletProfile, draws: Draws): number | undefined {
  const [lo, hi] = story.delayMinutes;
  const [from, to] = STYLE_TIMING[outlet.style];
  const minutes = lo + (hi - lo) * (from + (to - from) * draws.next());
  const seconds = Math.floor(draws.next() * 60);
  const at = story.eventAtMs + Math.max(1, Math.round(minutes)) * 60_000 + seconds * 1000;
  // A slow outlet whose slot falls past the story's day publishes just before it ends.
  const publishedAtMs = Math.min(at, story.deadlineMs - 60_000 - seconds * 1000);
  return publishedAtMs > story.eventAtMs ? publishedAtMs : undefined;
}

function distinctVariant(
  eventId: string,
  key: string,
  variants: readonly Variant[],
  outlet: OutletProfile,
  used: Map<string, Set<number>>,
): string {
  if (variants.length === 0) return "";
  let taken = used.get(key);
  if (!taken) {
    taken = new Set();
    used.set(key, taken);
  }
  const letter = outlet.style.charAt(0);
  const order = Draws.of(`${eventId}#${key}`).shuffle(variants.map((_, i) => i));
  const fits = (i: number) => {
    const variant = variants[i] as Variant;
    return typeof variant === "string" || variant[0].includes(letter);
  };
  // The outlet's own style first, then any variant left, then (more outlets than variants) reuse.
  const index =
    order.find((i) => !taken.has(i) && fits(i)) ??
    order.find((i) => !taken.has(i)) ??
    order[seedOf(outlet.id) % order.length];
  taken.add(index as number);
  const variant = variants[index as number] as Variant;
  return typeof variant === "string" ? variant : variant[1];
}

function articleOf(
  story: Story,
  outlet: OutletProfile,
  pen: Pen,
  text: ArticleText,
): SourceArticle {
  const id = `n-${hashHex(`${story.eventId}|${outlet.id}`)}`;
  const { yyyy, mm, dd } = nyDateParts(pen.publishedAtMs);
  return {
    id,
    headline: text.headline,
    summary: text.summary,
    body: text.body,
    sourceId: outlet.id,
    url: `https://news.example.com/${outlet.id}/${yyyy}/${mm}/${dd}/${slugOf(text.headline)}-${id.slice(-6)}`,
    publishedAtMs: pen.publishedAtMs,
    tickers: story.tickers,
    topics: story.topics,
    category: story.category,
    author: pen.author,
  };
}

/** An outlet's reporters keep their beats: the same reporter covers the same company. */
function bylineOf(story: Story, outlet: OutletProfile): string {
  const subject = story.tickers[0] ?? story.kind;
  return outlet.reporters[seedOf(`${outlet.id}:${subject}`) % outlet.reporters.length] as string;
}

export interface Composition {
  headlines: readonly Variant[];
  ledes: readonly Variant[];
  /** Further sentences: 2-4 of them follow the lede in the body, in an order of the outlet's. */
  details: readonly string[];
  /** Sentences that keep their place after the details (e.g. what comes next). */
  closing?: readonly string[];
  /** How many details the body takes at most (default 4). */
  maxDetails?: number;
}

/**
 * An article from its parts: a headline and a lede no other outlet of the story used; the
 * summary is the lede (a paper adds the first detail); the body is the lede, some details in
 * the outlet's order and the closing, with a wire's dateline and sign-off.
 */
export function compose(pen: Pen, parts: Composition): ArticleText {
  const headline = pen.distinct("headline", parts.headlines);
  const lede = pen.distinct("lede", parts.ledes);
  const count = Math.min(parts.details.length, parts.maxDetails ?? 4);
  const take = Math.max(Math.min(2, count), count - pen.draws.int(2));
  const details = keepFirst(pen.draws.shuffle(parts.details.slice(1)), parts.details[0]).slice(
    0,
    take,
  );
  const closing = parts.closing ?? [];
  const summarySentences = pen.style === "paper" && details[0] ? [lede, details[0]] : [lede];
  const body = paragraph([lede, ...details, ...closing]);
  return {
    headline,
    summary: paragraph(summarySentences),
    body: pen.style === "wire" ? wireBody(pen, body) : body,
  };
}

/** The first detail is the one a reader needs next (the figures); the rest are shuffled. */
function keepFirst(rest: string[], first: string | undefined): string[] {
  return first === undefined ? rest : [first, ...rest];
}

function wireBody(pen: Pen, body: string): string {
  return `NEW YORK (${pen.outlet.name}) - ${body} (Reporting by ${pen.author}; editing by ${pen.outlet.editor})`;
}
