/**
 * TF-IDF vectors and cosine similarity for story clustering (our own; `natural` would bring
 * database clients along). Weights are raw term count × smooth IDF, vectors L2-normalised:
 *
 *   idf(t) = ln((1 + N) / (1 + df(t))) + 1,   w(t, d) = tf(t, d) · idf(t),   v(d) = w / ‖w‖₂
 *
 * N documents, df(t) of which contain t (scikit-learn's smooth_idf). Cosine of two such
 * vectors is their dot product.
 */

/** Common English words that say nothing about which story an article tells. */
const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before
  being below between both but by can could did do does doing down during each few for from
  further had has have having he her here hers him his how i if in into is it its itself just
  me more most my no nor not now of off on once only or other our ours out over own same she
  should so some such than that the their theirs them then there these they this those through
  to too under until up very was we were what when where which while who whom why will with
  would you your yours says said say according new per via amid year years week today`.split(/\s+/),
);

/** A run of letters and digits with inner . , ' & - ("brk.b", "1,200", "at&t"), and a trailing %. */
const TERM = /[a-z0-9\u00df-\u024f]+(?:[.,'&-][a-z0-9\u00df-\u024f]+)*%?/g;

/**
 * The terms of a text: lower case, punctuation stripped, stop words dropped; tickers ("$AAPL",
 * "BRK.B" → "aapl", "brk.b") and numbers ("3.2%", "$1.4", "1,200" → "3.2%", "1.4", "1200")
 * kept whole, cents as dollars ("61 cents", "68-cent" → "0.61", "0.68"), possessives dropped
 * ("Apple's" → "apple"). Single letters are dropped.
 */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  const lower = text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/\b(\d{1,2})[\s-]cents?\b/g, (_, cents: string) => `0.${cents.padStart(2, "0")}`);
  for (const match of lower.matchAll(TERM)) {
    const term = normaliseTerm(match[0]);
    if (term.length > 1 && !STOP_WORDS.has(term)) terms.push(term);
  }
  return terms;
}

function normaliseTerm(raw: string): string {
  if (raw.includes(",") && /^\d[\d,]*(?:\.\d+)?%?$/.test(raw)) return raw.replace(/,/g, "");
  return raw.includes("'") ? raw.replace(/'s$/, "").replace(/'/g, "") : raw;
}

/** A sparse vector: term ids ascending, with their weights. */
export interface SparseVector {
  ids: Int32Array;
  weights: Float64Array;
}

/** Term ids shared by the vectors of one vocabulary. */
export class Vocabulary {
  private readonly idOf = new Map<string, number>();

  id(term: string): number {
    let id = this.idOf.get(term);
    if (id === undefined) {
      id = this.idOf.size;
      this.idOf.set(term, id);
    }
    return id;
  }
}

/** Term counts of a token list, by term id. */
export function termCounts(tokens: readonly string[], vocabulary: Vocabulary): Map<number, number> {
  const counts = new Map<number, number>();
  for (const token of tokens) {
    const id = vocabulary.id(token);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** idf(t) = ln((1 + N) / (1 + df)) + 1. */
export function smoothIdf(documents: number, documentFrequency: number): number {
  return Math.log((1 + documents) / (1 + documentFrequency)) + 1;
}

/** The L2-normalised TF-IDF vector of term counts under an IDF function. */
export function tfidfVector(
  counts: ReadonlyMap<number, number>,
  idf: (id: number) => number,
): SparseVector {
  const ids = Int32Array.from([...counts.keys()].sort((a, b) => a - b));
  const weights = Float64Array.from(ids, (id) => (counts.get(id) as number) * idf(id));
  let squares = 0;
  for (const weight of weights) squares += weight * weight;
  const norm = Math.sqrt(squares);
  if (norm > 0) for (let i = 0; i < weights.length; i++) (weights[i] as number) /= norm;
  return { ids, weights };
}

/** Cosine similarity of two L2-normalised vectors (their dot product), 0..1. */
export function cosine(a: SparseVector, b: SparseVector): number {
  let dot = 0;
  let i = 0;
  let j = 0;
  while (i < a.ids.length && j < b.ids.length) {
    const left = a.ids[i] as number;
    const right = b.ids[j] as number;
    if (left === right) dot += (a.weights[i++] as number) * (b.weights[j++] as number);
    else if (left < right) i++;
    else j++;
  }
  return dot;
}

/** TF-IDF vectors of a whole corpus, IDF over all of it. */
export function corpusVectors(texts: readonly string[]): SparseVector[] {
  const vocabulary = new Vocabulary();
  const counts = texts.map((text) => termCounts(tokenize(text), vocabulary));
  const df = new Map<number, number>();
  for (const document of counts)
    for (const id of document.keys()) df.set(id, (df.get(id) ?? 0) + 1);
  return counts.map((document) =>
    tfidfVector(document, (id) => smoothIdf(texts.length, df.get(id) ?? 0)),
  );
}

/**
 * TF-IDF vectors made one document at a time, oldest first, each with the IDF of the documents
 * added so far (itself included): a document's vector never changes when later ones arrive, so
 * what is computed from it (story clusters) is stable as the corpus grows.
 */
export class IncrementalTfIdf {
  private readonly vocabulary = new Vocabulary();
  private readonly documentFrequency: number[] = [];
  private documents = 0;

  add(text: string): SparseVector {
    const counts = termCounts(tokenize(text), this.vocabulary);
    this.documents++;
    for (const id of counts.keys())
      this.documentFrequency[id] = (this.documentFrequency[id] ?? 0) + 1;
    return tfidfVector(counts, (id) => smoothIdf(this.documents, this.documentFrequency[id] ?? 0));
  }
}
