import type { Clock } from "../../deps";
import type { DayNumber } from "../../market/civil-date";
import { nyInstant, nyWallClock } from "../../market/ny-time";
import { isTradingDay } from "../../market/nyse-calendar";
import type { MarketDataProvider } from "../../market/ports";
import { regularCloseMinute } from "../../market/sessions";
import { previousTradingDay } from "../../market/trading-days";
import { type NewsOutlet, type NewsSource, NewsUnavailable, type SourceArticle } from "../ports";
import { type AnalystNote, analystNotesOn, analystStories, catalystOf } from "./analyst-stories";
import type { DayContext } from "./context";
import { dividendStories } from "./dividend-stories";
import { earningsStories, previewStories, reactionStories } from "./earnings-stories";
import { haltResumedMs, haltResumedStory, haltStartMs, haltStory, haltsOn } from "./halt-stories";
import {
  macroCloseNote,
  macroPreviewStories,
  macroReactionStories,
  macroStories,
} from "./macro-stories";
import { OUTLETS } from "./outlets";
import {
  briefStories,
  gapStories,
  industryStories,
  marketCloseStory,
  marketOpenStory,
  moversRoundupStory,
  moveStories,
  sectorStories,
  volumeStories,
} from "./price-stories";
import { PriceBook, sessionOver } from "./prices";
import {
  exDividendStories,
  MIDDAY_MINUTE,
  middayStories,
  stocksToWatchStory,
} from "./session-stories";
import { publish, type Story } from "./story";
import { weekBounds, weekendStories } from "./weekend-stories";

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

interface Stage {
  key: string;
  /** When the data it writes from exists (and its first article may appear). */
  readyAtMs: number;
  /** Sessions it reads (loaded for every instrument before it runs). */
  sessions: DayNumber[];
  /** A trading day whose opens it reads. */
  opens?: DayNumber;
  write(context: DayContext): Promise<Story[]>;
}

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

  function stagesOf(day: DayNumber): Stage[] {
    return isTradingDay(day) ? tradingDayStages(day) : closedDayStages(day);
  }

  function tradingDayStages(day: DayNumber): Stage[] {
    const previous = previousTradingDay("equity", day);
    const before = previousTradingDay("equity", previous);
    const stages: Stage[] = [
      {
        key: "early",
        readyAtMs: nyInstant(day, 0),
        sessions: [previous, before],
        write: async (context) => {
          const notes = await notesOf(context);
          return [
            ...earningsStories(context),
            ...previewStories(context),
            ...dividendStories(context),
            ...exDividendStories(context),
            ...analystStories(notes),
            ...optional(stocksToWatchStory(context, notes)),
            ...macroStories(context),
            ...macroPreviewStories(context),
          ];
        },
      },
      {
        key: "open",
        readyAtMs: nyInstant(day, 570) + 60_000,
        sessions: [previous, before],
        opens: day,
        write: async (context) => [...gapStories(context), ...optional(marketOpenStory(context))],
      },
      {
        key: "midday",
        readyAtMs: nyInstant(day, MIDDAY_MINUTE) + 60_000,
        sessions: [previous],
        opens: day,
        write: (context) => middayStories(context, market),
      },
      {
        key: "close",
        readyAtMs: closeReadyMs(day),
        sessions: [day, previous, before],
        write: async (context) => {
          const catalysts = catalystsOf(context, await notesOf(context));
          const told = [...reactionStories(context), ...moveStories(context, catalysts)];
          const covered = new Set(told.map((story) => story.tickers[0] ?? ""));
          const heavy = volumeStories(context, covered);
          for (const story of heavy) covered.add(story.tickers[0] ?? "");
          return [
            ...told,
            ...heavy,
            ...briefStories(context, covered),
            ...sectorStories(context),
            ...industryStories(context),
            ...optional(moversRoundupStory(context)),
            ...optional(marketCloseStory(context, macroCloseNote(context))),
            ...macroReactionStories(context),
          ];
        },
      },
    ];
    for (const halt of haltsOn(day)) {
      const key = `${halt.stock.symbol}:${halt.from}`;
      stages.push(
        {
          key: `halt:${key}`,
          readyAtMs: haltStartMs(halt),
          sessions: [previous],
          write: (context) => haltStory(halt, market, context),
        },
        {
          key: `halt-resumed:${key}`,
          readyAtMs: haltResumedMs(halt),
          sessions: [previous],
          write: (context) => haltResumedStory(halt, market, context),
        },
      );
    }
    return stages;
  }

  function closedDayStages(day: DayNumber): Stage[] {
    const { last, base } = weekBounds(day);
    return [
      {
        key: "early",
        readyAtMs: nyInstant(day, 0),
        sessions: [last, base],
        write: async (context) => [
          ...weekendStories(context),
          ...macroStories(context),
          ...macroPreviewStories(context),
        ],
      },
    ];
  }

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
        if (error instanceof NewsUnavailable) throw error;
        throw new NewsUnavailable(SOURCE_NAME, `the simulated newsroom failed: ${String(error)}`);
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

/** A minute after the regular close (13:00 on early-close days): sessionOver's instant. */
function closeReadyMs(day: DayNumber): number {
  return nyInstant(day, regularCloseMinute(day)) + 60_000;
}

function publishAll(story: Story): SourceArticle[] {
  return publish(story, OUTLETS);
}

function optional<T>(value: T | undefined): T[] {
  return value === undefined ? [] : [value];
}

/** What each large move can be linked to: the morning's note agreeing with its direction. */
function catalystsOf(context: DayContext, notes: readonly AnalystNote[]): Map<string, string> {
  const catalysts = new Map<string, string>();
  for (const note of notes) {
    const change = context.book.change(note.stock.symbol, context.day);
    if (change === undefined || catalysts.has(note.stock.symbol)) continue;
    const catalyst = catalystOf(note, change);
    if (catalyst) catalysts.set(note.stock.symbol, catalyst);
  }
  return catalysts;
}

function trim<K, V>(map: Map<K, V>): void {
  while (map.size > MEMO_DAYS) map.delete(map.keys().next().value as K);
}
