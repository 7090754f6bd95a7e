import type { NewsOutlet, NewsSource, SourceArticle } from "../ports";
import { NewsUnavailable } from "../ports";

/**
 * Several news sources as one (e.g. SEC EDGAR's 8-K feed and configured RSS/Atom feeds).
 *
 * - Articles: every source's, merged oldest first (ties by id); an id two sources both
 *   return is listed once, from the first source given.
 * - Outlets: every source's, deduplicated by id (the first source's wins).
 * - Failures: a source that throws NewsUnavailable is left out and `health()` names it; only
 *   when every source fails does the combination throw NewsUnavailable (its message lists each
 *   cause). Any other error is a bug, not an outage, and propagates.
 */

export interface SourceHealth {
  name: string;
  /** null when the source's last call succeeded (or none was made yet). */
  error: string | null;
}

export interface CombinedNewsSource extends NewsSource {
  health(): SourceHealth[];
}

export function combineNewsSources(sources: readonly NewsSource[]): CombinedNewsSource {
  const name = sources.map((source) => source.name).join("+") || "none";
  const errors = new Map<NewsSource, string | null>(sources.map((source) => [source, null]));

  /** Each source's answer, or NewsUnavailable when none could answer. */
  async function fromEach<T>(read: (source: NewsSource) => Promise<T>): Promise<T[]> {
    const outcomes = await Promise.allSettled(sources.map(read));
    const answers: T[] = [];
    const failures: string[] = [];
    outcomes.forEach((outcome, i) => {
      const source = sources[i] as NewsSource;
      if (outcome.status === "fulfilled") {
        errors.set(source, null);
        answers.push(outcome.value);
        return;
      }
      if (!(outcome.reason instanceof NewsUnavailable)) throw outcome.reason;
      errors.set(source, outcome.reason.message);
      failures.push(`${source.name}: ${outcome.reason.message}`);
    });
    if (sources.length > 0 && answers.length === 0) {
      throw new NewsUnavailable(name, `every news source failed (${failures.join("; ")})`);
    }
    return answers;
  }

  return {
    name,
    async outlets() {
      const byId = new Map<string, NewsOutlet>();
      for (const outlets of await fromEach((source) => source.outlets())) {
        for (const outlet of outlets) if (!byId.has(outlet.id)) byId.set(outlet.id, outlet);
      }
      return [...byId.values()];
    },
    async articles(fromMs, toMs) {
      const byId = new Map<string, SourceArticle>();
      for (const articles of await fromEach((source) => source.articles(fromMs, toMs))) {
        for (const article of articles) if (!byId.has(article.id)) byId.set(article.id, article);
      }
      return [...byId.values()].sort(
        (a, b) => a.publishedAtMs - b.publishedAtMs || a.id.localeCompare(b.id),
      );
    },
    health() {
      return sources.map((source) => ({ name: source.name, error: errors.get(source) ?? null }));
    },
  };
}
