/**
 * Lexicon sentiment of financial news: the `sentiment` package (AFINN-165 word weights, MIT)
 * with our finance vocabulary on top (finance-lexicon.ts), per article and per ticker.
 *
 * The vocabulary is registered as a language of its own (AFINN + finance words) rather than
 * passed as the package's `extras` option: `analyze` merges `extras` into the package's shared
 * English table in place (`Object.assign(labels, opts.extras)`), which would change AFINN for
 * every other caller in the process. The language also carries our negation rule.
 */

import Sentiment from "sentiment";
import english from "sentiment/languages/en/index.js";
import {
  FAILURE_VERBS,
  FILLER_WORDS,
  FINANCE_WORDS,
  NEGATORS,
  PHRASE_RULES,
} from "./finance-lexicon";
import { mentionTest } from "./mentions";
import type { SentimentLabel, SentimentScore, TickerSentiment } from "./types";

/** A score at or above this is bullish, at or below its negative bearish (types.ts). */
export const LABEL_THRESHOLD = 0.15;
/** VADER's normalisation constant: a raw sum of ±1 scores ±0.25, ±4 scores ±0.72. */
const ALPHA = 15;
/** Texts longer than this many tokens have their raw sum damped by √(REFERENCE_TOKENS / n). */
const REFERENCE_TOKENS = 20;

const LANGUAGE = "en-finance";
const analyser = new Sentiment();

/** Phrase rules as tokens: a lower-case match becomes one hyphenated token the tokeniser keeps. */
const PHRASES = PHRASE_RULES.map((rule) => ({
  ...rule,
  token: `${rule.term.replace(/[\s-]+/g, "-")}-phrase`,
}));
/**
 * All rules in one pass, one capture group each (the rules' own groups do not capture): the
 * leftmost match wins, and at one position the rule listed first.
 */
const PHRASE_REGEX = new RegExp(
  String.raw`(?<![\w'-])(?:${PHRASES.map((phrase) => `(${phrase.pattern})`).join("|")})(?![\w-])`,
  "g",
);
const TERM_OF_TOKEN = new Map(PHRASES.map((phrase) => [phrase.token, phrase.term]));

const LABELS: Readonly<Record<string, number>> = {
  ...english.labels,
  ...FINANCE_WORDS,
  ...Object.fromEntries(PHRASES.map((phrase) => [phrase.token, phrase.weight])),
};
// The package adds its emoji weights to a registered language's table: give it a copy.
analyser.registerLanguage(LANGUAGE, {
  labels: { ...LABELS },
  scoringStrategy: { apply: negationAware },
});

/** Where the term weights of the `analyze` call under way go: token index, final weight. */
let weightsFound: { cursor: number; weight: number }[] | null = null;

/**
 * A term's weight, flipped after a negator ("not beat", "didn't miss") or after a failure verb
 * or negator and one filler word ("failed to beat", "no longer profitable"). The package calls
 * this for every term it finds (its documented language hook), so it also records where.
 */
function negationAware(tokens: string[], cursor: number, weight: number): number {
  const previous = tokens[cursor - 1] ?? "";
  const beforeThat = tokens[cursor - 2] ?? "";
  const negated =
    NEGATORS.has(previous) ||
    (FILLER_WORDS.has(previous) && (NEGATORS.has(beforeThat) || FAILURE_VERBS.has(beforeThat)));
  const final = negated ? -weight : weight;
  weightsFound?.push({ cursor, weight: final });
  return final;
}

/** The unnormalised result of one text: the sum of its term weights and its length. */
export interface RawSentiment {
  /** Sum of the AFINN-style weights of the terms found (after negation). */
  points: number;
  tokens: number;
  positiveTerms: string[];
  negativeTerms: string[];
}

/**
 * Lower case, straight quotes, separators as spaces, then each phrase as one token. Latin
 * letter ranges rather than \p{L}, which is several times slower (the lexicon is English).
 */
function prepare(text: string): string {
  let prepared = text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[^a-z0-9\u00df-\u024f\s'$%.,&-]/g, " ");
  if (prepared.includes("'")) prepared = prepared.replace(/(^|\s)'+|'+(?=\s|$)/g, "$1 ");
  if (prepared.includes("-")) prepared = prepared.replace(/\s-+\s/g, " ");
  return prepared.replace(PHRASE_REGEX, (...groups: unknown[]) => {
    const rule = groups.findIndex((group, index) => index > 0 && group !== undefined) - 1;
    return ` ${PHRASES[rule]?.token ?? ""} `;
  });
}

/**
 * Separates sentences in one `prepare` and `analyze` call: a token no lexicon entry or negator
 * matches, between full stops that no phrase rule spans.
 */
const SENTENCE_BREAK = "qqsentencebreakqq";

/**
 * The raw scores of sentences, from one `analyze` call over all of them (a call per sentence
 * costs twice as much); terms in reading order. A sentence holding the break token itself
 * would be split in two and the later sentences shifted: the token is not English.
 */
export function rawSentences(sentences: readonly string[]): RawSentiment[] {
  const found: { cursor: number; weight: number }[] = [];
  weightsFound = found;
  let tokens: string[];
  try {
    tokens = analyser.analyze(prepare(sentences.join(` . ${SENTENCE_BREAK} . `)), {
      language: LANGUAGE,
    }).tokens;
  } finally {
    weightsFound = null;
  }
  const raws = sentences.map(
    (): RawSentiment => ({ points: 0, tokens: 0, positiveTerms: [], negativeTerms: [] }),
  );
  const sentenceOf = new Int32Array(tokens.length);
  let sentence = 0;
  tokens.forEach((token, index) => {
    if (token === SENTENCE_BREAK) sentence++;
    else if (token.length > 0 && raws[sentence]) (raws[sentence] as RawSentiment).tokens++;
    sentenceOf[index] = sentence;
  });
  for (const { cursor, weight } of found.toReversed()) {
    const raw = raws[sentenceOf[cursor] as number];
    if (!raw || weight === 0) continue;
    const token = tokens[cursor] as string;
    const term = TERM_OF_TOKEN.get(token) ?? token;
    const negated = Math.sign(weight) !== Math.sign(LABELS[token] ?? weight);
    raw.points += weight;
    (weight > 0 ? raw.positiveTerms : raw.negativeTerms).push(negated ? `not ${term}` : term);
  }
  return raws;
}

/** The raw score of one text. */
export function rawSentiment(text: string): RawSentiment {
  return combineRaw(rawSentences([text]));
}

/** Several texts' raw scores as one text's (sentences of an article). */
export function combineRaw(parts: readonly RawSentiment[]): RawSentiment {
  return {
    points: parts.reduce((sum, part) => sum + part.points, 0),
    tokens: parts.reduce((sum, part) => sum + part.tokens, 0),
    positiveTerms: distinct(parts.flatMap((part) => part.positiveTerms)),
    negativeTerms: distinct(parts.flatMap((part) => part.negativeTerms)),
  };
}

function distinct(terms: readonly string[]): string[] {
  return [...new Set(terms)];
}

/** bullish ≥ +0.15, bearish ≤ −0.15, else neutral. */
export function sentimentLabel(score: number): SentimentLabel {
  if (score >= LABEL_THRESHOLD) return "bullish";
  if (score <= -LABEL_THRESHOLD) return "bearish";
  return "neutral";
}

/**
 * The normalised score in −1..+1 of a raw sum S of term weights over n tokens:
 *
 *   x = S · min(1, √(20 / n)),   score = x / √(x² + 15)
 *
 * For a headline or a sentence (n ≤ 20) this is VADER's normalisation of the sum (α = 15):
 * one +1 term gives +0.25, +2 gives +0.46, +4 gives +0.72. Longer texts are damped as if
 * their sum were one of n independent token weights, whose spread grows as √n: an article
 * of 320 tokens summing to +8 scores as a headline summing to +2 (+0.46), so a long body
 * does not saturate at ±1 only by being long. Rounded to 4 decimals; the label is the
 * rounded score's.
 */
export function normalisedSentiment(raw: RawSentiment): SentimentScore {
  const damping = raw.tokens > REFERENCE_TOKENS ? Math.sqrt(REFERENCE_TOKENS / raw.tokens) : 1;
  const x = raw.points * damping;
  const score = round4(x / Math.sqrt(x * x + ALPHA));
  return {
    score,
    label: sentimentLabel(score),
    positiveTerms: raw.positiveTerms,
    negativeTerms: raw.negativeTerms,
  };
}

export function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000 || 0;
}

/** The sentiment of a text (a headline, an article), −1..+1 with its label and terms. */
export function scoreSentiment(text: string): SentimentScore {
  return normalisedSentiment(combineRaw(rawSentences(splitSentences(text))));
}

/** Abbreviations whose full stop does not end a sentence. */
const ABBREVIATIONS = new Set(
  "inc corp co ltd plc llc lp mr mrs ms dr st jr sr no vs etc jan feb mar apr jun jul aug sep sept oct nov dec u.s u.k e.g i.e approx est".split(
    " ",
  ),
);
/** A sentence end: . ! ? (closing quotes, brackets) and space before a capital, digit, quote or $. */
const SENTENCE_END = /[.!?]+["')\]\u2019\u201d]*\s+(?=[A-Z0-9\u00c0-\u00de"'($\u2018\u201c])/g;

/**
 * The sentences of a text: split at line breaks and at SENTENCE_END, except after an
 * abbreviation or an initial ("Inc.", "U.S.", "J."). ASCII classes on purpose: the same with
 * Unicode property classes is fifty times slower.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const paragraph of text.split(/\n+/)) {
    let start = 0;
    for (const end of paragraph.matchAll(SENTENCE_END)) {
      const before =
        /([A-Za-z.]+)$/.exec(paragraph.slice(Math.max(start, end.index - 24), end.index))?.[1] ??
        "";
      if (ABBREVIATIONS.has(before.toLowerCase().replace(/\.$/, "")) || /^[A-Z]$/.test(before))
        continue;
      sentences.push(paragraph.slice(start, end.index + end[0].length).trim());
      start = end.index + end[0].length;
    }
    sentences.push(paragraph.slice(start).trim());
  }
  return sentences.filter((sentence) => sentence.length > 0);
}

/** The parts of an article the ticker sentiments read. */
export interface ArticleText {
  headline: string;
  summary: string;
  body: string | null;
  tickers: readonly string[];
}

/**
 * Per ticker of the article, in the article's order: the sentiment of the sentences that
 * mention it (see mentionPattern), the headline counting as a sentence; the whole article's
 * sentiment when none does. Relevance in 0..1:
 *
 *   relevance = 0.45 · h + 0.35 · m + 0.20 · f
 *
 * h = 1 when the headline mentions the ticker or its company, else 0; m = the share of the
 * article's other sentences (summary and body) that mention it (h when there are none); f = 1
 * for the first-listed ticker (sources list the most relevant first), else 0. A company named
 * in the headline, in every sentence and listed first scores 1; a ticker only tagged, never
 * named and listed second scores 0. Rounded to 3 decimals.
 */
export function scoreTickerSentiments(
  article: ArticleText,
  namesByTicker: ReadonlyMap<string, readonly string[]>,
): TickerSentiment[] {
  return analyseArticleSentiment(article, namesByTicker).tickerSentiments;
}

/** The article's sentiment and its tickers' from one pass over its sentences. */
export function analyseArticleSentiment(
  article: ArticleText,
  namesByTicker: ReadonlyMap<string, readonly string[]>,
): { sentiment: SentimentScore; tickerSentiments: TickerSentiment[] } {
  const headline = article.headline.trim();
  const rest = [article.summary, article.body ?? ""].flatMap(splitSentences);
  const sentences = headline.length > 0 ? [headline, ...rest] : rest;
  const raws = rawSentences(sentences);
  const sentiment = normalisedSentiment(combineRaw(raws));
  const tickerSentiments = distinct(article.tickers).map((ticker, index) => {
    const mentioned = sentences.map(mentionTest(ticker, namesByTicker.get(ticker) ?? []));
    const inHeadline = headline.length > 0 && mentioned[0] === true;
    const otherMentions = (headline.length > 0 ? mentioned.slice(1) : mentioned).filter(Boolean);
    const share = rest.length > 0 ? otherMentions.length / rest.length : inHeadline ? 1 : 0;
    const mentioning = raws.filter((_, i) => mentioned[i]);
    const score = mentioning.length > 0 ? normalisedSentiment(combineRaw(mentioning)) : sentiment;
    const relevance = 0.45 * (inHeadline ? 1 : 0) + 0.35 * share + 0.2 * (index === 0 ? 1 : 0);
    return {
      ticker,
      score: score.score,
      label: score.label,
      relevance: Math.round(relevance * 1000) / 1000,
    };
  });
  return { sentiment, tickerSentiments };
}
