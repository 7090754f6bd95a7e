import { FdaDataUnavailable, type FdaEvent } from "../../../fda/ports";
import { daysBetween, decisionSummary, decisions, upcomingEvents } from "../../../fda/queries";
import { reactionOn } from "../../../fda/reaction";
import { type DayNumber, isoDate } from "../../../market/civil-date";
import { nyDayOf } from "../../../market/company-data";
import { datedCloses } from "../../../market/dated-closes";
import { nyInstant } from "../../../market/ny-time";
import type { Instrument } from "../../../market/ports";
import { roundPrice } from "../../../market/precision";
import { regularCloseMinute } from "../../../market/sessions";
import { apiError } from "../../errors";
import { companyStockOf, fromProvider } from "../../market-data";
import { byRankThenId, rankedPage } from "../../pages";
import type { Implementations } from "../../route";
import type { fdaRoutes } from "./routes";
import type { FdaDeps } from "./shared";

export type { FdaDeps };

const MS_PER_DAY = 86_400_000;
const dayOfIso = (iso: string): DayNumber => Date.parse(`${iso}T00:00:00Z`) / MS_PER_DAY;

/** Source outages answer 503 FDA_DATA_UNAVAILABLE naming the source, never invented data. */
async function fromFda<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof FdaDataUnavailable) {
      throw apiError("FDA_DATA_UNAVAILABLE", { provider: error.provider, cause: error });
    }
    throw error;
  }
}

/** The market's stocks by symbol. */
async function stocksBySymbol(deps: FdaDeps): Promise<Map<string, Instrument>> {
  const instruments = await fromProvider(() => deps.market.instruments());
  return new Map(
    instruments.filter((i) => i.contractType === "Stock").map((i) => [i.symbol, i] as const),
  );
}

interface Clock {
  nowMs: number;
  today: DayNumber;
}

function clockOf(deps: FdaDeps): Clock {
  const nowMs = deps.marketClock.now().getTime();
  return { nowMs, today: nyDayOf(nowMs) };
}

/** The event session's close-to-close move, from the closes the chart serves; null until closed. */
async function reactionOf(deps: FdaDeps, instrument: Instrument, date: string, clock: Clock) {
  const day = dayOfIso(date);
  if (day > clock.today) return null;
  const closes = await fromProvider(() =>
    datedCloses(
      deps.market,
      instrument.code,
      isoDate(day - 12),
      isoDate(Math.min(day + 10, clock.today)),
    ),
  );
  const served = (closes ?? []).map(({ date: d, close }) => ({
    date: d,
    close: roundPrice(close, instrument),
  }));
  const reaction = reactionOn(served, date);
  if (!reaction) return null;
  const sessionDay = dayOfIso(reaction.date);
  // A bar-based source may hold today's session in progress: no reaction before its close.
  if (
    sessionDay === clock.today &&
    clock.nowMs < nyInstant(sessionDay, regularCloseMinute(sessionDay))
  )
    return null;
  return reaction;
}

async function served(
  deps: FdaDeps,
  event: FdaEvent,
  stocks: ReadonlyMap<string, Instrument>,
  clock: Clock,
) {
  const instrument = stocks.get(event.symbol);
  const company = deps.fda.companies.find((c) => c.symbol === event.symbol);
  const prefix = event.applicationNumber?.slice(0, 3);
  const type: "NDA" | "BLA" | null = prefix === "NDA" ? "NDA" : prefix === "BLA" ? "BLA" : null;
  return {
    id: event.id,
    code: instrument?.code ?? null,
    symbol: event.symbol,
    companyName: company?.name ?? instrument?.name ?? event.sponsor,
    sponsor: event.sponsor,
    drug: event.brandName ?? event.activeIngredient ?? event.applicationNumber ?? event.title,
    brandName: event.brandName,
    activeIngredient: event.activeIngredient,
    indication: event.indication,
    applicationNumber: event.applicationNumber,
    applicationType: type,
    eventType: event.eventType,
    date: event.date,
    dateCertainty: event.dateCertainty,
    daysToEvent: daysBetween(isoDate(clock.today), event.date),
    reviewType: event.reviewType,
    committee: event.committee,
    outcome: event.outcome,
    reaction: instrument ? await reactionOf(deps, instrument, event.date, clock) : null,
    title: event.title,
    source: event.source,
    sourceUrl: event.sourceUrl,
    publishedOn: event.publishedOn,
  };
}

/** One page of rows ranked by `rank` (higher first, ties by id), served, with the list fields. */
async function page(
  deps: FdaDeps,
  events: readonly FdaEvent[],
  rank: (event: FdaEvent) => number,
  request: { limit: number; cursor?: string | undefined },
  window: { from: DayNumber; to: DayNumber },
  stocks: ReadonlyMap<string, Instrument>,
  clock: Clock,
) {
  const ranked = events.map((event) => ({ event, rank: rank(event), id: event.id }));
  ranked.sort(byRankThenId);
  const { rows, nextCursor } = rankedPage(ranked, request.limit, request.cursor);
  return {
    asOf: new Date(clock.nowMs).toISOString(),
    provider: deps.fda.name,
    from: isoDate(window.from),
    to: isoDate(window.to),
    total: ranked.length,
    nextCursor,
    events: await Promise.all(rows.map((row) => served(deps, row.event, stocks, clock))),
    limitations: [...deps.fda.limitations],
  };
}

const soonestFirst = (event: FdaEvent) => -dayOfIso(event.date);
const latestFirst = (event: FdaEvent) => dayOfIso(event.date);

export const fdaImplementations: Implementations<typeof fdaRoutes, FdaDeps> = {
  async "fda.upcoming"({ query }, deps) {
    const clock = clockOf(deps);
    const stocks = await stocksBySymbol(deps);
    const window = { from: clock.today, to: clock.today + query.days };
    const events = await fromFda(() =>
      deps.fda.events({ from: isoDate(window.from), to: isoDate(window.to) }),
    );
    const ahead = upcomingEvents(events, isoDate(clock.today), query.type);
    return page(deps, ahead, soonestFirst, query, window, stocks, clock);
  },

  async "fda.approvals"({ query }, deps) {
    const clock = clockOf(deps);
    const stocks = await stocksBySymbol(deps);
    const window = { from: clock.today - query.days, to: clock.today };
    const events = await fromFda(() =>
      deps.fda.events({ from: isoDate(window.from), to: isoDate(window.to) }),
    );
    const all = decisions(events);
    const kept = decisions(all, query.outcome);
    return {
      ...(await page(deps, kept, latestFirst, query, window, stocks, clock)),
      summary: decisionSummary(all),
    };
  },

  async "fda.ticker"({ params, query }, deps) {
    const instrument = await companyStockOf(deps, params.code, "FDA catalysts");
    const clock = clockOf(deps);
    const window = { from: clock.today - query.days, to: clock.today + query.days };
    const covered = deps.fda.companies.some((c) => c.symbol === instrument.symbol);
    const events = covered
      ? await fromFda(() =>
          deps.fda.events({
            from: isoDate(window.from),
            to: isoDate(window.to),
            symbol: instrument.symbol,
          }),
        )
      : [];
    const stocks = new Map([[instrument.symbol, instrument]]);
    return {
      code: instrument.code,
      symbol: instrument.symbol,
      name: instrument.name,
      covered,
      ...(await page(deps, events, latestFirst, query, window, stocks, clock)),
      summary: decisionSummary(events),
    };
  },
};
