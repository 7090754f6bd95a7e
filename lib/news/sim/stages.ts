import type { DayNumber } from "../../market/civil-date";
import { nyInstant } from "../../market/ny-time";
import { isTradingDay } from "../../market/nyse-calendar";
import type { MarketDataProvider } from "../../market/ports";
import { regularCloseMinute } from "../../market/sessions";
import { previousTradingDay } from "../../market/trading-days";
import { type AnalystNote, analystStories, catalystOf } from "./analyst-stories";
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
import {
  exDividendStories,
  MIDDAY_MINUTE,
  middayStories,
  stocksToWatchStory,
} from "./session-stories";
import type { Story } from "./story";
import { weekBounds, weekendStories } from "./weekend-stories";

/**
 * The stages a day's news is written in (see newsroom.ts): each says when the data it writes
 * from exists, which sessions it reads, and which stories it writes.
 */

export interface Stage {
  key: string;
  /** When the data it writes from exists (and its first article may appear). */
  readyAtMs: number;
  /** Sessions it reads (loaded for every instrument before it runs). */
  sessions: DayNumber[];
  /** A trading day whose opens it reads. */
  opens?: DayNumber;
  write(context: DayContext): Promise<Story[]>;
}

/** What the stages read beyond the day's context: the market (halts, midday) and the day's notes. */
export interface StageReaders {
  market: MarketDataProvider;
  notesOf(context: DayContext): Promise<AnalystNote[]>;
}

export function dayStages(day: DayNumber, readers: StageReaders): Stage[] {
  return isTradingDay(day) ? tradingDayStages(day, readers) : closedDayStages(day);
}

function tradingDayStages(day: DayNumber, { market, notesOf }: StageReaders): Stage[] {
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

/** A minute after the regular close (13:00 on early-close days): sessionOver's instant. */
function closeReadyMs(day: DayNumber): number {
  return nyInstant(day, regularCloseMinute(day)) + 60_000;
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
