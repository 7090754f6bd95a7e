import { isoDate } from "../../../market/civil-date";
import { nyWallClock } from "../../../market/ny-time";
import { roundDecimals } from "../../../market/precision";
import { countryList } from "../../../reference/countries";
import { currencyList, currencyOf } from "../../../reference/currencies";
import { EXCHANGES } from "../../../reference/exchanges";
import {
  crossRate,
  EURO,
  quotedCurrencies,
  ratesAgainst,
  summarize,
} from "../../../reference/fx/cross";
import { FIRST_REFERENCE_DATE, FxDataUnavailable, type FxDay } from "../../../reference/fx/ports";
import { dayOf, frankfurtDay, publicationInstant } from "../../../reference/fx/publication";
import { CALENDAR_MICS, calendarExchange, nyseCalendar } from "../../../reference/holidays";
import { MARKETS } from "../../../reference/markets";
import { canonicalZone, timeZonesAt } from "../../../reference/timezones";
import { apiError, invalidParameter } from "../../errors";
import type { Implementations } from "../../route";
import { FX_HISTORY_DEFAULT_DAYS, FX_HISTORY_MAX_DAYS, type referenceRoutes } from "./routes";
import type { ReferenceDeps } from "./shared";

export type { ReferenceDeps };

const CURRENCY_SOURCE =
  "countries-list 3.4.1 (MIT): ISO 4217 codes, numeric codes and minor units; names and symbols from Unicode CLDR";

/** A call to the FX source: its outage is 503 FX_DATA_UNAVAILABLE (Retry-After). */
async function fromFx<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof FxDataUnavailable) throw apiError("FX_DATA_UNAVAILABLE", { cause: error });
    throw error;
  }
}

const published = (day: FxDay) => ({
  date: day.date,
  publishedAt: new Date(publicationInstant(dayOf(day.date) as number)).toISOString(),
});

/** 400 naming `field` unless the day quotes the currency. */
function quoted(day: FxDay, code: string, field: string): string {
  if (code !== EURO && !day.rates.has(code)) {
    throw invalidParameter(
      field,
      `must be a currency the FX rates quote (${quotedCurrencies(day).length} on ${day.date}; GET /v1/reference/fx-rates lists them)`,
    );
  }
  return code;
}

export const referenceImplementations: Implementations<typeof referenceRoutes, ReferenceDeps> = {
  "reference.currencies": async () => {
    const currencies = currencyList().map((entry) => ({ ...entry }));
    return { source: CURRENCY_SOURCE, count: currencies.length, currencies };
  },

  "reference.countries": async ({ query }) => {
    const countries = countryList().filter(
      (country) =>
        (query.continent === undefined || country.continent.code === query.continent) &&
        (query.currency === undefined || country.currencies.includes(query.currency)),
    );
    return { count: countries.length, countries: countries.map((country) => ({ ...country })) };
  },

  "reference.timezones": async ({ query }, deps) => {
    const now = deps.marketClock.now();
    let zones = timeZonesAt(now.getTime());
    if (query.zone !== undefined) {
      const zone = canonicalZone(query.zone);
      if (!zone) throw invalidParameter("zone", "must be an IANA time zone, e.g. America/New_York");
      zones = zones.filter((entry) => entry.id === zone);
    }
    if (query.region !== undefined) {
      const region = query.region.toLowerCase();
      const regions = [...new Set(zones.map((entry) => entry.region))];
      if (query.zone === undefined && !regions.some((r) => r.toLowerCase() === region)) {
        throw invalidParameter("region", `must be one of ${regions.join(", ")}`);
      }
      zones = zones.filter((entry) => entry.region.toLowerCase() === region);
    }
    return { asOf: now.toISOString(), count: zones.length, timezones: [...zones] };
  },

  "reference.exchanges": async ({ query }) => {
    const exchanges = EXCHANGES.filter(
      (exchange) =>
        (query.country === undefined || exchange.country === query.country) &&
        (query.quoted === undefined || (exchange.apiExchange !== null) === query.quoted),
    ).map((exchange) => ({
      ...exchange,
      holidayCalendar:
        exchange.mic !== null && (CALENDAR_MICS as readonly string[]).includes(exchange.mic),
    }));
    return { count: exchanges.length, exchanges };
  },

  "reference.markets": async () => ({ markets: MARKETS.map((market) => ({ ...market })) }),

  "reference.holidays": async ({ query }, deps) => {
    const exchange = calendarExchange(query.exchange);
    if (!exchange?.mic) {
      throw apiError("HOLIDAY_CALENDAR_NOT_FOUND", {
        exchange: query.exchange,
        known: [...CALENDAR_MICS],
      });
    }
    const year =
      query.year ?? Number(isoDate(nyWallClock(deps.marketClock.now().getTime()).day).slice(0, 4));
    return {
      exchange: {
        mic: exchange.mic,
        name: exchange.name,
        acronym: exchange.acronym,
        timezone: exchange.timezone,
      },
      appliesTo: [...CALENDAR_MICS],
      regularHours: { open: exchange.regularHours.open, close: exchange.regularHours.close },
      ...nyseCalendar(year),
      source: "NYSE Rule 7.2, computed by rule, with NYSE's announced unscheduled closures",
    };
  },

  "reference.fxRates": async ({ query }, deps) => {
    const day = await fromFx(() => deps.fx.latest());
    const base = quoted(day, query.base, "base");
    return {
      base,
      ...published(day),
      rates: ratesAgainst(day, base) as Record<string, number>,
      source: deps.fx.info,
    };
  },

  "reference.fxPair": async ({ params }, deps) => {
    const day = await fromFx(() => deps.fx.latest());
    const from = quoted(day, params.from, "from");
    const to = quoted(day, params.to, "to");
    const cross = crossRate(day, from, to);
    if (!cross) throw new Error(`no cross for ${from}/${to} on ${day.date}`);
    return {
      from,
      to,
      rate: cross.rate,
      inverse: cross.inverse,
      ...published(day),
      method: from === EURO || to === EURO ? ("direct" as const) : ("cross" as const),
      eurRates: { from: cross.eurFrom, to: cross.eurTo },
      source: deps.fx.info,
    };
  },

  "reference.fxHistory": async ({ params, query }, deps) => {
    const latest = await fromFx(() => deps.fx.latest());
    const from = quoted(latest, params.from, "from");
    const to = quoted(latest, params.to, "to");
    const today = frankfurtDay(deps.marketClock.now().getTime());
    const end = query.to ?? latest.date;
    const endDay = dayOf(end) as number;
    if (endDay > today) throw invalidParameter("to", `must not be after today (${isoDate(today)})`);
    const start = query.from ?? isoDate(endDay - FX_HISTORY_DEFAULT_DAYS);
    const startDay = dayOf(start) as number;
    if (start < FIRST_REFERENCE_DATE) {
      throw invalidParameter(
        "from",
        `must be on or after ${FIRST_REFERENCE_DATE}, the first reference rates`,
      );
    }
    if (startDay > endDay) throw invalidParameter("from", "must not be after to");
    if (endDay - startDay > FX_HISTORY_MAX_DAYS) {
      throw invalidParameter("from", `must be at most ${FX_HISTORY_MAX_DAYS} days before to`);
    }
    const days = await fromFx(() => deps.fx.history(start, end));
    const points = days.flatMap((day) => {
      const cross = crossRate(day, from, to);
      return cross ? [{ date: day.date, rate: cross.rate }] : [];
    });
    return {
      from,
      to,
      start,
      end,
      count: points.length,
      points,
      summary: summarize(points),
      source: deps.fx.info,
    };
  },

  "reference.convert": async ({ query }, deps) => {
    const day = await fromFx(() => deps.fx.latest());
    const from = quoted(day, query.from, "from");
    const to = quoted(day, query.to, "to");
    const cross = crossRate(day, from, to);
    if (!cross) throw new Error(`no cross for ${from}/${to} on ${day.date}`);
    const minorUnits = currencyOf(to)?.minorUnits ?? 2;
    const result = query.amount * cross.rate;
    return {
      from,
      to,
      amount: query.amount,
      rate: cross.rate,
      result,
      resultRounded: roundDecimals(result, minorUnits),
      minorUnits,
      ...published(day),
      source: deps.fx.info,
    };
  },
};
