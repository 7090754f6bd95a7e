import { isIP } from "node:net";
import {
  array,
  boolean,
  coerce,
  int,
  iso,
  literal,
  object,
  string,
  union,
  enum as zEnum,
  null as zNull,
} from "zod";
import { GEO_DATABASE } from "../../../content/geo/database-file";
import { CATEGORIES, GLOSSARY_TERM_COUNT } from "../../../content/glossary";
import { TRANSLATED_SLUGS } from "../../../content/glossary/translations";
import { OFFERED_LANGUAGES } from "../../../content/languages";
import { CONTENT_TYPES } from "../../../content/static";
import { groupRoutes } from "../../route";

/** Content: languages, the glossary, regional content, static documents and IP geolocation. */

export const GLOSSARY_LIMIT = { default: 50, max: 200 } as const;

const OFFERED = OFFERED_LANGUAGES.join(", ");
const TRANSLATED_NOTE =
  "English is the source of every text. The other offered languages have the investment-risk " +
  "disclaimer, the market-session names, country and currency names (from the runtime's ICU " +
  `data) and ${TRANSLATED_SLUGS.length} core glossary entries (term and short definition) ` +
  "translated; long definitions, documents and holiday names stay English. The translations " +
  "are ours and have not been reviewed by native speakers.";

const langParam = string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2}$/, "must be an ISO 639-1 language code (two letters), e.g. en")
  .meta({ description: `ISO 639-1 code, case-insensitive; offered: ${OFFERED}` });

const slugParam = string()
  .max(64)
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    "must be a slug: lower-case words joined by hyphens, e.g. implied-volatility",
  );

const pathWord = (example: string) =>
  string()
    .max(64)
    .regex(
      /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
      `must be lower-case words joined by hyphens, e.g. ${example}`,
    );

const languageSchema = object({
  code: string().meta({ description: "ISO 639-1" }),
  name: string().meta({ description: "English name" }),
  nativeName: string(),
});

const continentSchema = object({ code: string(), name: string() });
const currencySchema = object({
  code: string().meta({ description: "ISO 4217" }),
  name: string().meta({ description: "In the requested language (English on /geo)" }),
});

const endpointSchema = object({
  method: zEnum(["GET", "POST"]),
  path: string().meta({ description: "Relative to /v1, in {param} syntax" }),
});

const termSchema = object({
  slug: string(),
  term: string(),
  category: zEnum(CATEGORIES.map((c) => c.slug) as [string, ...string[]]),
  aliases: array(string()),
  shortDefinition: string().meta({ description: "One sentence" }),
  definition: string().meta({ description: "A few sentences, with this API's conventions" }),
  formula: string().nullable().meta({ description: "Plain text; null when the term has none" }),
  related: array(string()).meta({ description: "Slugs of related terms (each exists)" }),
  endpoint: endpointSchema.nullable().meta({
    description: "The route of this API that computes or serves it; null when none does",
  }),
});

const sectionSchema = object({
  heading: string().meta({ description: "A heading; in a FAQ, the question" }),
  body: string().meta({ description: "Plain text, paragraphs separated by a blank line" }),
});

const sessionSchema = object({
  name: zEnum(["Overnight", "Pre-Market", "Market", "After-Hours"]).meta({
    description: "The session clock's name (GET /market/status)",
  }),
  localName: string().meta({ description: "The name in the requested language" }),
  startUtc: iso.datetime(),
  endUtc: iso.datetime(),
  startNewYork: string().meta({ description: "yyyy-MM-dd HH:mm, New York" }),
  endNewYork: string(),
  startLocal: string().meta({ description: "yyyy-MM-dd HH:mm in the country's main zone" }),
  endLocal: string(),
  localUtcOffset: string().meta({
    description: "The local zone's offset at the start, e.g. +01:00",
  }),
  isOpenNow: boolean(),
});

export const contentRoutes = groupRoutes("content", {
  languages: {
    method: "GET",
    path: "/languages",
    auth: "key",
    errors: [],
    summary: "The languages the API's content is offered in, with native names",
    description:
      `The offered languages (${OFFERED}) with their ISO 639-1 names (the iso-639-1 package), ` +
      "what is translated in each (`translated`) and the number of countries naming each as an " +
      `official language (GET /languages/{lang}/regions lists them). ${TRANSLATED_NOTE}`,
    response: object({
      sourceLanguage: literal("en"),
      languages: array(
        languageSchema.extend({
          isSource: boolean(),
          translated: object({
            disclaimer: boolean(),
            sessionNames: boolean(),
            glossaryEntries: int().meta({ description: "Translated glossary entries" }),
            documents: boolean().meta({ description: "Whole documents (none yet beyond English)" }),
          }),
          regionCount: int(),
        }),
      ),
    }),
  },
  regions: {
    method: "GET",
    path: "/languages/{lang}/regions",
    auth: "key",
    errors: ["LANGUAGE_NOT_OFFERED"],
    summary: "The countries where a language's content is offered",
    description:
      "The countries naming the language among their official or national languages (the " +
      "countries-list package), by code, each with its name in the language and in English, its " +
      "BCP 47 locale (lang-COUNTRY, the one /regional-content answers), main currency and time " +
      "zone. Regional content can be asked for any language and country; these are the natural " +
      "pairs. 400 INVALID_PARAMETER naming `lang` for a malformed or unassigned ISO 639-1 code; " +
      `404 LANGUAGE_NOT_OFFERED for a valid code not offered (offered: ${OFFERED}).`,
    params: object({ lang: langParam }),
    response: object({
      language: languageSchema,
      count: int(),
      regions: array(
        object({
          code: string().meta({ description: "ISO 3166-1 alpha-2" }),
          name: string().meta({ description: "In the language" }),
          englishName: string(),
          locale: string().meta({ description: "BCP 47, e.g. de-AT" }),
          continent: continentSchema,
          currency: currencySchema.nullable(),
          timeZone: string().nullable().meta({ description: "The main IANA zone" }),
        }),
      ),
    }),
  },
  glossary: {
    method: "GET",
    path: "/glossary",
    auth: "key",
    errors: [],
    summary: "Glossary of options, markets and this API, filtered and paginated",
    description:
      `${GLOSSARY_TERM_COUNT} terms in ${CATEGORIES.length} categories, each with a short and a long ` +
      "definition, the formula where one exists (in this API's conventions), related terms and " +
      "the route that computes it where one does. `category` filters on one category (GET " +
      "/glossary/categories); `q` (1-64 characters) searches, case- and accent-insensitively, " +
      "term, slug and aliases (ranked first) and the definitions. Order: by slug, name matches " +
      `before definition matches when q is given. \`limit\` 1-${GLOSSARY_LIMIT.max} (default ` +
      `${GLOSSARY_LIMIT.default}); \`cursor\` the previous page's nextCursor (400 naming cursor ` +
      "for any other). English only; see GET /regional-content for translated entries.",
    query: object({
      category: zEnum(CATEGORIES.map((c) => c.slug) as [string, ...string[]]).optional(),
      q: string().trim().min(1).max(64).optional(),
      limit: coerce
        .number()
        .int()
        .min(1)
        .max(GLOSSARY_LIMIT.max)
        .default(GLOSSARY_LIMIT.default)
        .meta({ description: `1-${GLOSSARY_LIMIT.max}, default ${GLOSSARY_LIMIT.default}` }),
      cursor: string().max(200).optional(),
    }),
    response: object({
      total: int().meta({ description: "Terms matching the filters, over every page" }),
      count: int().meta({ description: "Terms on this page" }),
      nextCursor: string().nullable().meta({ description: "null on the last page" }),
      terms: array(termSchema),
    }),
  },
  glossaryCategories: {
    method: "GET",
    path: "/glossary/categories",
    auth: "key",
    errors: [],
    summary: "The glossary's categories with their term counts",
    response: object({
      total: int().meta({ description: "Terms in the glossary" }),
      categories: array(
        object({ slug: string(), name: string(), description: string(), termCount: int() }),
      ),
    }),
  },
  glossaryTerm: {
    method: "GET",
    path: "/glossary/{slug}",
    auth: "key",
    errors: ["TERM_NOT_FOUND"],
    summary: "One glossary term",
    description:
      "The term with its related terms' names and short definitions resolved. 404 " +
      "TERM_NOT_FOUND for an unknown slug; 400 naming `slug` for a malformed one.",
    params: object({ slug: slugParam }),
    response: termSchema.extend({
      relatedTerms: array(object({ slug: string(), term: string(), shortDefinition: string() })),
    }),
  },
  regional: {
    method: "GET",
    path: "/regional-content",
    auth: "key",
    errors: ["LANGUAGE_NOT_OFFERED"],
    summary: "Market hours, currency, holidays, disclaimer and glossary for a language and country",
    description:
      "`lang` (ISO 639-1) and `country` (ISO 3166-1 alpha-2) are both required (spec fact 9: " +
      "400 INVALID_PARAMETER naming the missing one; details list both when both are missing). " +
      "The answer: the country (names in the language, currencies, main and all time zones from " +
      "ICU), number, percent, currency and date formats of the locale lang-COUNTRY; the US " +
      "equity sessions (the markets this API covers) of today's trading day in New York, or the " +
      "next one once today's after-hours have ended, in UTC, New York and the country's main " +
      "zone; US market holidays and 13:00 early closes over the next 365 days (NYSE rules); the " +
      "investment-risk disclaimer and the translated glossary entries. 400 naming `country` for " +
      "a code ISO 3166-1 does not assign; 404 LANGUAGE_NOT_OFFERED for a language not offered. " +
      TRANSLATED_NOTE,
    query: object({
      lang: langParam,
      country: string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 country code, e.g. DE")
        .meta({ description: "ISO 3166-1 alpha-2, case-insensitive" }),
    }),
    response: object({
      asOf: iso.datetime().meta({ description: "The market clock, to the minute" }),
      language: languageSchema,
      country: object({
        code: string(),
        name: string().meta({ description: "In the language" }),
        englishName: string(),
        nativeName: string(),
        continent: continentSchema,
        currencies: array(currencySchema).meta({ description: "The main one first" }),
        timeZone: string().nullable().meta({ description: "Main IANA zone: the capital's" }),
        timeZones: array(string()).meta({ description: "Every zone ICU lists for the country" }),
        officialLanguages: array(string()).meta({ description: "ISO 639-1 codes" }),
      }),
      locale: string().meta({ description: "BCP 47, lang-COUNTRY" }),
      formats: object({
        number: string().meta({ description: "1234567.89 in the locale" }),
        percent: string().meta({ description: "1.31 % in the locale" }),
        currency: string().nullable().meta({ description: "1234.56 of the main currency" }),
        date: string().meta({ description: "asOf's date in the local zone, long style" }),
        time: string().meta({ description: "asOf's time in the local zone, short style" }),
      }),
      marketHours: object({
        market: string(),
        exchangeTimeZone: literal("America/New_York"),
        localTimeZone: string().meta({
          description: "The country's main zone (UTC if it has none)",
        }),
        tradingDay: iso.date().meta({ description: "The New York trading day shown" }),
        sessions: array(sessionSchema).meta({
          description: "Overnight (from 20:00 the evening before), Pre-Market, Market, After-Hours",
        }),
      }),
      holidays: array(
        object({
          date: iso.date(),
          name: string().meta({ description: "English" }),
          kind: zEnum(["holiday", "early-close"]),
          closeNewYork: string().nullable().meta({ description: "Early closes: 13:00 New York" }),
          closeLocal: string().nullable().meta({ description: "Early closes: the local time" }),
        }),
      ),
      disclaimer: object({
        key: literal("investment-risk"),
        text: string(),
        language: string(),
        document: string().meta({ description: "The full document (English)" }),
      }),
      glossary: object({
        language: string(),
        entries: array(
          object({
            slug: string(),
            term: string(),
            shortDefinition: string(),
            englishTerm: string(),
          }),
        ).meta({ description: "Empty for English: the whole glossary is at GET /glossary" }),
      }),
      translation: object({
        disclaimer: string(),
        sessionNames: string(),
        countryAndCurrencyNames: string(),
        glossaryEntries: int(),
        holidayNames: literal("en"),
        documents: literal("en"),
      }).meta({ description: "The language each part is in" }),
    }),
  },
  document: {
    method: "GET",
    path: "/content/{contentType}/{key}",
    auth: "key",
    errors: ["CONTENT_NOT_FOUND", "LANGUAGE_NOT_OFFERED"],
    summary: "Static content: terms, privacy, disclaimers, help articles and FAQs",
    description:
      `\`contentType\`: one of ${CONTENT_TYPES.join(", ")}. Keys: terms (terms-of-service, ` +
      "acceptable-use), privacy (privacy-policy, ip-geolocation), disclaimers (investment-risk, " +
      "market-data, options-risk), help (getting-started, authentication, rate-limits, errors, " +
      "pagination, webhooks), faq (general, data). Both are lower-case words joined by hyphens " +
      "(400 naming the field otherwise); an unknown type or key is 404 CONTENT_NOT_FOUND listing " +
      "the available ones. `lang` (default en): the investment-risk disclaimer's summary is " +
      "translated into every offered language; everything else is English, and " +
      "`summaryLanguage`/`sectionsLanguage` say what was served.",
    params: object({ contentType: pathWord("help"), key: pathWord("getting-started") }),
    query: object({ lang: langParam.optional() }),
    response: object({
      contentType: zEnum(CONTENT_TYPES),
      key: string(),
      title: string(),
      summary: string(),
      requestedLanguage: string(),
      summaryLanguage: string(),
      sectionsLanguage: literal("en"),
      lastUpdated: iso.date(),
      sections: array(sectionSchema),
      related: array(string()).meta({ description: "API paths relative to /v1" }),
    }),
  },
  geo: {
    method: "GET",
    path: "/geo",
    auth: "key",
    errors: [],
    summary: "The caller's country, currency, time zone and suggested language from its IP address",
    description:
      "The address is the caller's as API Gateway saw it (requestContext.http.sourceIp; " +
      "127.0.0.1 on a local server), or `ip` (IPv4 or IPv6) to look up another. Loopback, " +
      "private (RFC 1918, fc00::/7), link-local, shared, documentation, benchmarking, multicast " +
      "and reserved addresses are classified before any lookup and answer status unknown with " +
      "the reason; a public address is looked up in the bundled country database " +
      `(${GEO_DATABASE.name}, npm ${GEO_DATABASE.package} ${GEO_DATABASE.version}; ` +
      `${GEO_DATABASE.licence}, ${GEO_DATABASE.attribution} Its build date is in ` +
      "`database.builtAt`). Country level only: `region` is always null. Currency, time zone " +
      "and languages come from the country (countries-list, ICU); the suggested language is " +
      "the first official language the API offers, else en. VPN, mobile and cloud addresses " +
      "are placed where their block is registered. Nothing about the address is stored.",
    query: object({
      ip: string()
        .trim()
        .max(64)
        .refine((value) => /^[0-9a-fA-F:.]+$/.test(value) && isIpAddress(value), {
          message: "must be an IPv4 or IPv6 address",
        })
        .optional()
        .meta({ description: "An address to look up instead of the caller's" }),
    }),
    response: object({
      ip: string().meta({ description: "The address looked up (IPv4-mapped IPv6 as IPv4)" }),
      ipVersion: union([literal(4), literal(6)]),
      source: zEnum(["request", "query"]).meta({
        description: "request: the caller's own address; query: the ip parameter",
      }),
      status: zEnum(["located", "unknown"]),
      addressType: zEnum([
        "public",
        "unspecified",
        "loopback",
        "private",
        "shared",
        "link-local",
        "documentation",
        "benchmarking",
        "multicast",
        "reserved",
      ]),
      reason: string().nullable().meta({ description: "Why the country is unknown" }),
      network: string().nullable().meta({
        description: "The special-purpose block, or the database's network holding the address",
      }),
      country: object({
        code: string().meta({ description: "ISO 3166-1 alpha-2" }),
        name: string(),
        nativeName: string(),
        continent: continentSchema,
      }).nullable(),
      region: zNull().meta({ description: "Always null: the database is country level" }),
      currency: currencySchema.nullable().meta({ description: "The country's main currency" }),
      timeZone: string().nullable().meta({ description: "The country's main IANA zone" }),
      timeZones: array(string()),
      languages: array(string()).meta({ description: "The country's official languages" }),
      suggestedLanguage: zEnum(OFFERED_LANGUAGES),
      locale: string().nullable().meta({ description: "BCP 47, suggested language and country" }),
      database: object({
        name: string(),
        package: string(),
        version: string(),
        builtAt: iso.datetime(),
        licence: string(),
        attribution: string(),
        url: string(),
      }),
    }),
  },
});

function isIpAddress(value: string): boolean {
  return isIP(value) !== 0;
}
