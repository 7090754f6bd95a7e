import type { NarrativeFacts, NarrativeRequest, NarrativeWriter } from "./ports";

/**
 * The default narrative backend: text from templates, one per kind, filled with the facts. It
 * never fails and costs nothing. Wording varies between pieces (so ten rationales do not read as
 * one sentence ten times) but deterministically: the phrasing is drawn from a hash of the kind
 * and the facts, so the same facts always give the same text, and tests can pin it.
 *
 * Each reader brings its own templates (a group wires the writer with its book, so a function
 * bundles only its own templates).
 */

/** Draws one of several phrasings; the same facts draw the same sequence. */
export type Pick = <T>(options: readonly [T, ...T[]]) => T;

/** Text from facts; `pick` varies the wording deterministically. */
export type NarrativeTemplate = (facts: NarrativeFacts, pick: Pick) => string;

/** Templates by request kind. */
export type NarrativeTemplates = Readonly<Record<string, NarrativeTemplate>>;

export function createTemplateWriter(templates: NarrativeTemplates): NarrativeWriter {
  return {
    name: "template",
    async write(request: NarrativeRequest): Promise<string> {
      const template = templates[request.kind];
      if (!template) throw new Error(`no narrative template for kind '${request.kind}'`);
      return template(request.facts, picker(seedOf(request)));
    },
  };
}

/** FNV-1a (32 bits) of the kind and the facts in key order: the same facts, the same seed. */
function seedOf({ kind, facts }: NarrativeRequest): number {
  const text = `${kind}|${JSON.stringify(facts, Object.keys(facts).sort())}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash || 1;
}

/** xorshift32 from the seed: each pick advances it, so successive choices are independent. */
function picker(seed: number): Pick {
  let state = seed;
  return (options) => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return options[state % options.length] as (typeof options)[number];
  };
}

// --- Wording helpers every template shares ----------------------------------------------------

const usdFormat = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 1234.5 → "$1,234.50"; negative amounts keep their sign: "-$12.00". */
export function usd(amount: number): string {
  return usdFormat.format(amount);
}

/** 2.345 → "2.35%" (two decimals at most, trailing zeros dropped: 5 → "5%"). */
export function percent(value: number): string {
  return `${Number(value.toFixed(2))}%`;
}

/** A price: 187.5 → "187.50". */
export function price(value: number): string {
  return value.toFixed(2);
}

/** ["a", "b", "c"] → "a, b and c". */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
