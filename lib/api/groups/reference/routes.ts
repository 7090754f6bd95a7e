import {
  array,
  boolean,
  coerce,
  int,
  iso,
  number,
  object,
  record,
  string,
  enum as zEnum,
} from "zod";
import { CONTINENT_CODES } from "../../../reference/countries";
import { CALENDAR_MICS, HOLIDAY_YEARS, NYSE_EARLY_CLOSE } from "../../../reference/holidays";
import { groupRoutes } from "../../route";

/** Reference data: currencies, countries, time zones, exchanges, markets, holidays and FX rates. */

/** The longest FX history one request returns, calendar days (about five years). */
export const FX_HISTORY_MAX_DAYS = 1827;
/** The history's default window when `from` is absent, calendar days back from `to`. */
export const FX_HISTORY_DEFAULT_DAYS = 30;

const booleanQuery = zEnum(["true", "false", "1", "0"], {
  error: "must be true or false",
}).transform((text) => text === "true" || text === "1");

const currencyCode = string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, "must be a three-letter ISO 4217 currency code, e.g. USD")
  .meta({ description: "ISO 4217 alpha code (any case), e.g. USD" });

const FX_NOTE =
  "Rates are the euro reference rates of the configured source (FX_PROVIDER: `sim`, a simulated " +
  "series anchored on approximate ECB levels of late 2025; `ecb`, the European Central Bank's " +
  "euro foreign exchange reference rates, published around 16:00 CET on TARGET business days " +
  "and, as the ECB states, for information purposes only). Each is units of a currency per 1 " +
  "EUR (E_X, E_EUR = 1); every other pair is the cross of two of them: rate(A→B) = E_B / E_A, " +
  "its inverse E_A / E_B, so rate × inverse = 1 to within about 4e-16 (rates are served " +
  "unrounded). Nothing is served before its publication: at the market clock the latest rate " +
  "is the last one published (weekends and TARGET holidays keep the previous day's). A currency " +
  "the source does not quote is a 400 naming the field; GET /reference/fx-rates lists those " +
  "it quotes. 503 FX_DATA_UNAVAILABLE (Retry-After) while the ECB cannot be read.";

const fxSource = object({
  provider: zEnum(["sim", "ecb"]).meta({ description: "FX_PROVIDER" }),
  name: string(),
  url: string().nullable().meta({ description: "The file read; null for the simulated source" }),
  note: string(),
}).meta({ description: "Where the rates come from" });

const published = {
  date: iso.date().meta({ description: "Reference date of the rates, yyyy-MM-dd (a TARGET day)" }),
  publishedAt: iso.datetime().meta({
    description: "When that day's rates are published: 16:00 Frankfurt time, ISO 8601 UTC",
  }),
};

const hhmm = string().meta({ description: "Local time, HH:mm" });

const tradingHours = object({
  open: hhmm,
  close: hhmm.meta({ description: 'Local time, HH:mm ("24:00": around the clock)' }),
  opensPreviousDay: boolean().meta({
    description: "The session opens the evening before its trade date (CME Globex)",
  }),
  breaks: array(object({ start: hhmm, end: hhmm })).meta({ description: "Midday breaks" }),
});

const ratePoint = object({
  date: iso.date(),
  rate: number().meta({ description: "Units of `to` per unit of `from`" }),
});

export const referenceRoutes = groupRoutes("reference", {
  currencies: {
    method: "GET",
    path: "/reference/currencies",
    auth: "key",
    errors: [],
    summary: "ISO 4217 currencies: code, numeric code, name, minor units, symbols, countries",
    description:
      "The current ISO 4217 list from the `countries-list` package (MIT): alpha and numeric " +
      "codes, English name, minor units (decimal places; 0 where ISO states none, e.g. gold), " +
      "CLDR symbols and the ISO 3166-1 alpha-2 codes of the countries using each (none for " +
      "funds, metals and units of account). Withdrawn codes are left out (ANG, replaced by the " +
      "Caribbean guilder XCG on 2025-03-31; SLL; USS). Sorted by code; GET /reference/fx-rates " +
      "lists the currencies the FX rates quote.",
    response: object({
      source: string(),
      count: int(),
      currencies: array(
        object({
          code: string().meta({ description: "ISO 4217 alpha code" }),
          numericCode: string().meta({ description: "ISO 4217 numeric code, three digits" }),
          name: string(),
          minorUnits: int().meta({ description: "Decimal places of the minor unit" }),
          symbol: string().meta({ description: "CLDR narrow symbol (the code where none)" }),
          nativeSymbol: string().meta({ description: "Symbol in the home locale" }),
          countries: array(string()).meta({ description: "ISO 3166-1 alpha-2 codes" }),
        }),
      ),
    }),
  },
  countries: {
    method: "GET",
    path: "/reference/countries",
    auth: "key",
    errors: [],
    summary: "Countries: ISO 3166-1 codes, names, capital, currencies, languages, calling codes",
    description:
      "Countries and territories from the `countries-list` package (MIT): ISO 3166-1 alpha-2 " +
      "and alpha-3 codes, English and native names, capital (null where none), continent, ISO " +
      "4217 currencies, ISO 639-1 languages and E.164 calling codes. Kosovo (XK) is listed with " +
      "`userAssigned: true`; AC, TA and AX name the entry they are part of. Filters: " +
      "`continent` (AF, AN, AS, EU, NA, OC, SA) and `currency` (an ISO 4217 code). Sorted by code.",
    query: object({
      continent: zEnum(CONTINENT_CODES as [string, ...string[]])
        .optional()
        .meta({ description: "Continent code" }),
      currency: currencyCode.optional(),
    }),
    response: object({
      count: int(),
      countries: array(
        object({
          code: string().meta({ description: "ISO 3166-1 alpha-2" }),
          alpha3: string().meta({ description: "ISO 3166-1 alpha-3" }),
          name: string(),
          nativeName: string(),
          capital: string().nullable(),
          continent: object({ code: string(), name: string() }),
          currencies: array(string()).meta({ description: "ISO 4217 codes" }),
          languages: array(object({ code: string(), name: string(), nativeName: string() })),
          callingCodes: array(string()).meta({ description: 'E.164 country codes, e.g. "+44"' }),
          userAssigned: boolean(),
          partOf: string().nullable(),
        }),
      ),
    }),
  },
  timezones: {
    method: "GET",
    path: "/reference/timezones",
    auth: "key",
    errors: [],
    summary: "IANA time zones with their UTC offset and daylight-saving state now",
    description:
      "Every zone of the runtime's ICU database (Intl.supportedValuesOf, plus UTC) at the " +
      "market clock: the UTC offset in minutes and as ±HH:MM, the standard offset (the smaller " +
      "of the zone's offsets on 1 January and 1 July), `isDst` (offset above standard) and the " +
      "English long name. ICU names a few zones by their older IANA links (Asia/Calcutta for " +
      "Asia/Kolkata); `zone` finds a zone by any IANA name and case (400 for an unknown one). " +
      "`region` keeps one area (Africa, America, Antarctica, Arctic, Asia, Atlantic, Australia, " +
      "Europe, Indian, Pacific, UTC). Computed once per minute of the clock.",
    query: object({
      region: string().trim().max(32).optional().meta({ description: "e.g. Europe" }),
      zone: string().trim().max(64).optional().meta({ description: "e.g. Asia/Kolkata" }),
    }),
    response: object({
      asOf: iso.datetime().meta({ description: "The market clock, ISO 8601 UTC" }),
      count: int(),
      timezones: array(
        object({
          id: string(),
          region: string(),
          utcOffsetMinutes: int().meta({ description: "Minutes east of UTC now" }),
          utcOffset: string().meta({ description: "±HH:MM" }),
          standardOffsetMinutes: int(),
          isDst: boolean(),
          name: string(),
        }),
      ),
    }),
  },
  exchanges: {
    method: "GET",
    path: "/reference/exchanges",
    auth: "key",
    errors: [],
    summary: "Exchanges: MIC, operating MIC, name, country, city, time zone, hours, currency",
    description:
      "The venues this API quotes (`apiExchange`: the exchange part of a contract code, e.g. " +
      "NASDAQ in AAPL_NASDAQ) and major world exchanges, with ISO 10383 MIC and operating MIC " +
      "(null for Coinbase's spot market, which has none), ISO 3166-1 country, city, the IANA " +
      "zone of their hours, trading currency and regular continuous-trading hours in local time " +
      "(auctions and extended sessions excluded; CME Globex opens the evening before). " +
      "`holidayCalendar`: whether GET /reference/holidays serves its holidays. Filters: " +
      "`country` (alpha-2) and `quoted` (true: only venues the API quotes).",
    query: object({
      country: string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 code, e.g. US")
        .optional(),
      quoted: booleanQuery.optional(),
    }),
    response: object({
      count: int(),
      exchanges: array(
        object({
          mic: string().nullable(),
          operatingMic: string().nullable(),
          name: string(),
          acronym: string(),
          country: string(),
          city: string(),
          timezone: string(),
          currency: string(),
          regularHours: tradingHours,
          apiExchange: string().nullable(),
          holidayCalendar: boolean(),
          website: string(),
        }),
      ),
    }),
  },
  markets: {
    method: "GET",
    path: "/reference/markets",
    auth: "key",
    errors: [],
    summary: "The API's markets with their sessions and what each endpoint group covers",
    description:
      "US stocks and ETFs, US listed options, US indices, US futures and crypto: time zone, " +
      "holiday calendar (a MIC for GET /reference/holidays, null when it trades every day), " +
      "sessions in local time as the market clock runs them (equities: Pre-Market 04:00-09:30, " +
      "Market 09:30-16:00, After-Hours 16:00-20:00, Overnight 20:00-04:00; futures 18:00-17:00 " +
      "New York; crypto the UTC day), venues, an example contract code, and the endpoint " +
      "groups serving it with what each covers.",
    response: object({
      markets: array(
        object({
          id: string(),
          name: string(),
          description: string(),
          timezone: string(),
          holidayCalendar: string().nullable(),
          tradingDays: string(),
          sessions: array(
            object({ name: string(), start: hhmm, end: hhmm, note: string().nullable() }),
          ),
          venues: array(string()),
          exampleCode: string(),
          coverage: array(
            object({
              group: string().meta({ description: "The path's first segment" }),
              covers: string(),
            }),
          ),
        }),
      ),
    }),
  },
  holidays: {
    method: "GET",
    path: "/reference/holidays",
    auth: "key",
    errors: ["HOLIDAY_CALENDAR_NOT_FOUND"],
    summary: "An exchange's holidays and early closes for a year",
    description:
      `\`exchange\`: a MIC or API exchange code (default XNYS); calendars: ${CALENDAR_MICS.join(", ")} ` +
      "(NYSE's calendar, which Nasdaq, NYSE Arca and Cboe BZX follow). NYSE Rule 7.2 by rule " +
      "for any year (New Year's Day, Martin Luther King Jr. Day, Washington's Birthday, Good " +
      "Friday, Memorial Day, Juneteenth, Independence Day, Labor Day, Thanksgiving, Christmas; " +
      "Saturday holidays observed the Friday before, Sunday ones the Monday after, except New " +
      "Year's Day on a Saturday) plus the unscheduled closures NYSE announced (e.g. 2025-01-09); " +
      `early closes at ${NYSE_EARLY_CLOSE} New York time on July 3 and December 24 when Monday-` +
      "Thursday and the day after Thanksgiving. The same calendar the market clock runs on. " +
      `\`year\` ${HOLIDAY_YEARS.min}-${HOLIDAY_YEARS.max} (default: the current year in New ` +
      "York). Other exchanges: 404 HOLIDAY_CALENDAR_NOT_FOUND naming the exchange and listing " +
      "the calendars served.",
    query: object({
      exchange: string().trim().min(1).max(16).default("XNYS").meta({ description: "e.g. XNYS" }),
      year: coerce
        .number()
        .int()
        .min(HOLIDAY_YEARS.min)
        .max(HOLIDAY_YEARS.max)
        .optional()
        .meta({ description: `${HOLIDAY_YEARS.min}-${HOLIDAY_YEARS.max}` }),
    }),
    response: object({
      exchange: object({
        mic: string(),
        name: string(),
        acronym: string(),
        timezone: string(),
      }),
      appliesTo: array(string()).meta({ description: "MICs sharing this calendar" }),
      year: int(),
      regularHours: object({ open: hhmm, close: hhmm }),
      holidays: array(
        object({
          date: iso.date(),
          weekday: string(),
          name: string(),
        }),
      ).meta({ description: "Full closures on weekdays, in date order" }),
      earlyCloses: array(
        object({
          date: iso.date(),
          weekday: string(),
          closeTime: hhmm,
          reason: string(),
        }),
      ),
      tradingDays: int().meta({ description: "Weekdays of the year less full holidays" }),
      source: string(),
    }),
  },
  fxRates: {
    method: "GET",
    path: "/reference/fx-rates",
    auth: "key",
    errors: ["FX_DATA_UNAVAILABLE"],
    summary: "Latest FX rates against a base currency",
    description: `Every quoted currency against \`base\` (default USD): units per 1 ${"`base`"}. ${FX_NOTE}`,
    query: object({ base: currencyCode.default("USD") }),
    response: object({
      base: string(),
      ...published,
      rates: record(string(), number()).meta({
        description: "Currency code → units of it per 1 unit of base (E_code / E_base)",
      }),
      source: fxSource,
    }),
  },
  fxPair: {
    method: "GET",
    path: "/reference/fx-rates/{from}/{to}",
    auth: "key",
    errors: ["FX_DATA_UNAVAILABLE"],
    summary: "Latest rate of one currency pair, with its inverse",
    description: `Units of \`to\` per 1 \`from\`, the inverse, and the two euro rates they come from. ${FX_NOTE}`,
    params: object({ from: currencyCode, to: currencyCode }),
    response: object({
      from: string(),
      to: string(),
      rate: number().meta({ description: "Units of `to` per 1 `from`: E_to / E_from" }),
      inverse: number().meta({ description: "Units of `from` per 1 `to`: E_from / E_to" }),
      ...published,
      method: zEnum(["direct", "cross"]).meta({
        description: "direct: one side is EUR (a published rate); cross: through EUR",
      }),
      eurRates: object({
        from: number().meta({ description: "E_from: units of `from` per 1 EUR" }),
        to: number().meta({ description: "E_to: units of `to` per 1 EUR" }),
      }),
      source: fxSource,
    }),
  },
  fxHistory: {
    method: "GET",
    path: "/reference/fx-rates/{from}/{to}/history",
    auth: "key",
    errors: ["FX_DATA_UNAVAILABLE"],
    summary: "Daily history of one currency pair",
    description:
      "One point per publication day between the query's `from` and `to` dates (yyyy-MM-dd, " +
      `inclusive; default: the ${FX_HISTORY_DEFAULT_DAYS} days up to the latest publication), ` +
      `at most ${FX_HISTORY_MAX_DAYS} calendar days (about five years); \`from\` ≤ \`to\`, not ` +
      "before 1999-01-04 (the first reference rates) and `to` not after today. A day without " +
      "a publication has no point; a currency not quoted on a day (BGN from 2026) leaves that " +
      "day out. `summary`: first, last, lowest and highest points and changePercent = (last / " +
      `first − 1) × 100; null without points. ${FX_NOTE}`,
    params: object({ from: currencyCode, to: currencyCode }),
    query: object({
      from: iso.date().optional().meta({ description: "First date, yyyy-MM-dd" }),
      to: iso.date().optional().meta({ description: "Last date, yyyy-MM-dd" }),
    }),
    response: object({
      from: string(),
      to: string(),
      start: iso.date(),
      end: iso.date(),
      count: int(),
      points: array(ratePoint),
      summary: object({
        first: ratePoint,
        last: ratePoint,
        min: ratePoint,
        max: ratePoint,
        changePercent: number(),
      }).nullable(),
      source: fxSource,
    }),
  },
  convert: {
    method: "GET",
    path: "/reference/fx-rates/convert",
    auth: "key",
    errors: ["FX_DATA_UNAVAILABLE"],
    summary: "Convert an amount between currencies at the latest rate",
    description:
      "`result` = `amount` × `rate` (unrounded), `rate` as GET /reference/fx-rates/{from}/{to} " +
      "answers it; `resultRounded` is `result` rounded to the target currency's ISO 4217 minor " +
      `units (half away from zero). \`amount\` greater than 0 and at most 1e15. ${FX_NOTE}`,
    query: object({
      from: currencyCode,
      to: currencyCode,
      amount: coerce.number().gt(0).max(1e15).meta({ description: "Greater than 0" }),
    }),
    response: object({
      from: string(),
      to: string(),
      amount: number(),
      rate: number().meta({ description: "Units of `to` per 1 `from`" }),
      result: number().meta({ description: "amount × rate" }),
      resultRounded: number().meta({ description: "result to the minor units of `to`" }),
      minorUnits: int().meta({ description: "ISO 4217 minor units of `to`" }),
      ...published,
      source: fxSource,
    }),
  },
});
