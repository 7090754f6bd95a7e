import type { Clock } from "../../deps";
import type { DayNumber } from "../../market/civil-date";
import { nyWallClock } from "../../market/ny-time";
import { type MarketDataProvider, MarketDataUnavailable } from "../../market/ports";
import { type NewsOutlet, type NewsSource, NewsUnavailable, type SourceArticle } from "../ports";
import { type AnalystNote, analystNotesOn } from "./analyst-stories";
import type { DayContext } from "./context";
import { OUTLETS } from "./outlets";
import { PriceBook, sessionOver } from "./prices";
import { dayStages, type Stage } from "./stages";
import { publish, type Story } from "./story";

/**
 * The simulated newsroom: the default NewsSource. It writes the news of the simulated world
 * (lib/market/sim, lib/calendar/economic.ts) as ~9 fictional outlets would, deterministically:
 * the same window gives the same articles on every call and machine, and an article exists
 * once the clock has passed its publication instant, which is never before its event.
 *
 * A day's news is written in stages, each once the data it needs exists and never changing
 * after: "early" (from midnight: earnings reports and previews, dividends, analyst notes,
 * economic releases, weekend and holiday pieces; they need only earlier sessions), "open" (from
 * 09:31: gaps and the opening market), "close" (a minute after the close: moves, earnings
 * follow-ups, sectors, movers, the closing market, the market's reaction to the day's releases)
 * and one per trading halt (from its start, and from its resumption). Every article of a day's
 * stage is published on that New York day. Stages are remembered per newsroom.
 */

const MEMO_DAYS = 400;
const SOURCE_NAME = "sim";

export function createSimulatedNewsroom(market: MarketDataProvider, clock: Clock): NewsSource {
  const book = new PriceBook(market);
  const memo = new Map<DayNumber, Map<string, Promise<SourceArticle[]>>>();
  const notesMemo = new Map<DayNumber, Promise<AnalystNote[]>>();

  /** The day's analyst notes (the early stage writes them, the close stage links moves to them). */
  function notesOf(context: DayContext): Promise<AnalystNote[]> {
    let notes = notesMemo.get(context.day);
    if (!notes) {
      notes = analystNotesOn(context);
      notesMemo.set(context.day, notes);
      notes.catch(() => notesMemo.delete(context.day));
      trim(notesMemo);
    }
    return notes;
  }
  const stagesOf = (day: DayNumber) => dayStages(day, { market, notesOf });

  async function stageArticles(day: DayNumber, stage: Stage, nowMs: number) {
    let stages = memo.get(day);
    if (!stages) {
      stages = new Map();
      memo.set(day, stages);
      trim(memo);
    }
    let articles = stages.get(stage.key);
    if (!articles) {
      const context: DayContext = { day, book, nowMs };
      articles = stage.write(context).then((stories) => stories.flatMap(publishAll));
      stages.set(stage.key, articles);
      const remembered = stages;
      articles.catch(() => remembered.delete(stage.key));
    }
    return articles;
  }

  return {
    name: SOURCE_NAME,
    async outlets(): Promise<readonly NewsOutlet[]> {
      return OUTLETS.map(({ id, name, homepage, kind }) => ({ id, name, homepage, kind }));
    },
    async articles(fromMs, toMs) {
      const nowMs = clock.now().getTime();
      const endMs = Math.min(toMs, nowMs + 1);
      if (!(endMs > fromMs)) return [];
      const ready: { day: DayNumber; stage: Stage }[] = [];
      const lastDay = nyWallClock(endMs - 1).day;
      for (let day = nyWallClock(fromMs).day; day <= lastDay; day++) {
        for (const stage of stagesOf(day)) {
          if (stage.readyAtMs <= nowMs) ready.push({ day, stage });
        }
      }
      try {
        await loadSessions(ready, nowMs);
        const lists = await Promise.all(
          ready.map(({ day, stage }) => stageArticles(day, stage, nowMs)),
        );
        return lists
          .flat()
          .filter((a) => a.publishedAtMs >= fromMs && a.publishedAtMs < endMs)
          .sort((a, b) => a.publishedAtMs - b.publishedAtMs || a.id.localeCompare(b.id));
      } catch (error) {
        // The market it writes from is down: news is unavailable. Anything else is a bug (500).
        if (!(error instanceof MarketDataUnavailable)) throw error;
        throw new NewsUnavailable(SOURCE_NAME, `the simulated market failed: ${error.message}`);
      }
    },
  };

  /** Reads, once for every instrument, the sessions the stages not yet written need. */
  async function loadSessions(ready: { day: DayNumber; stage: Stage }[], nowMs: number) {
    const pending = ready.filter(({ day, stage }) => !memo.get(day)?.has(stage.key));
    await book.loadSessions(
      pending.flatMap(({ stage }) => stage.sessions),
      nowMs,
    );
    for (const { stage } of pending) {
      if (stage.opens !== undefined && !sessionOver(stage.opens, nowMs)) {
        await book.loadOpens(stage.opens, nowMs);
      }
    }
  }
}

function publishAll(story: Story): SourceArticle[] {
  return publish(story, OUTLETS);
}

function trim<K, V>(map: Map<K, V>): void {
  while (map.size > MEMO_DAYS) map.delete(map.keys().next().value as K);
}
