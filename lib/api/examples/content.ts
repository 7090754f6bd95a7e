import { contentKeys } from "../../content/static";
import { catalogueExample } from "../openapi";
import type { ExampleSource } from "../openapi-examples";

/**
 * OpenAPI examples of the content group's routes, keyed by route id: what each route answers at
 * EXAMPLE_TIME (Monday 2026-11-23 10:00 New York) for the request shown, produced by running the
 * implementations (test/content/content-api.test.ts checks they still answer exactly this).
 */

const AVAILABLE = contentKeys()
  .map(({ contentType, keys }) => keys.map((key) => `${contentType}/${key}`).join(", "))
  .join(", ");

const EXAMPLES = {
  "content.languages": {
    request: {},
    data: {
      sourceLanguage: "en",
      languages: [
        {
          code: "en",
          name: "English",
          nativeName: "English",
          isSource: true,
          translated: {
            disclaimer: true,
            sessionNames: true,
            glossaryEntries: 218,
            documents: true,
          },
          regionCount: 92,
        },
        {
          code: "es",
          name: "Spanish",
          nativeName: "Español",
          isSource: false,
          translated: {
            disclaimer: true,
            sessionNames: true,
            glossaryEntries: 10,
            documents: false,
          },
          regionCount: 24,
        },
        {
          code: "de",
          name: "German",
          nativeName: "Deutsch",
          isSource: false,
          translated: {
            disclaimer: true,
            sessionNames: true,
            glossaryEntries: 10,
            documents: false,
          },
          regionCount: 6,
        },
        {
          code: "fr",
          name: "French",
          nativeName: "Français",
          isSource: false,
          translated: {
            disclaimer: true,
            sessionNames: true,
            glossaryEntries: 10,
            documents: false,
          },
          regionCount: 44,
        },
        {
          code: "ja",
          name: "Japanese",
          nativeName: "日本語",
          isSource: false,
          translated: {
            disclaimer: true,
            sessionNames: true,
            glossaryEntries: 10,
            documents: false,
          },
          regionCount: 1,
        },
        {
          code: "zh",
          name: "Chinese",
          nativeName: "中文",
          isSource: false,
          translated: {
            disclaimer: true,
            sessionNames: true,
            glossaryEntries: 10,
            documents: false,
          },
          regionCount: 5,
        },
        {
          code: "pt",
          name: "Portuguese",
          nativeName: "Português",
          isSource: false,
          translated: {
            disclaimer: true,
            sessionNames: true,
            glossaryEntries: 10,
            documents: false,
          },
          regionCount: 9,
        },
      ],
    },
  },
  "content.regions": {
    request: {
      params: {
        lang: "de",
      },
    },
    invalid: [
      {
        params: {
          lang: "german",
        },
      },
    ],
    data: {
      language: {
        code: "de",
        name: "German",
        nativeName: "Deutsch",
      },
      count: 6,
      regions: [
        {
          code: "AT",
          name: "Österreich",
          englishName: "Austria",
          locale: "de-AT",
          continent: {
            code: "EU",
            name: "Europe",
          },
          currency: {
            code: "EUR",
            name: "Euro",
          },
          timeZone: "Europe/Vienna",
        },
        {
          code: "BE",
          name: "Belgien",
          englishName: "Belgium",
          locale: "de-BE",
          continent: {
            code: "EU",
            name: "Europe",
          },
          currency: {
            code: "EUR",
            name: "Euro",
          },
          timeZone: "Europe/Brussels",
        },
        {
          code: "CH",
          name: "Schweiz",
          englishName: "Switzerland",
          locale: "de-CH",
          continent: {
            code: "EU",
            name: "Europe",
          },
          currency: {
            code: "CHF",
            name: "Schweizer Franken",
          },
          timeZone: "Europe/Zurich",
        },
        {
          code: "DE",
          name: "Deutschland",
          englishName: "Germany",
          locale: "de-DE",
          continent: {
            code: "EU",
            name: "Europe",
          },
          currency: {
            code: "EUR",
            name: "Euro",
          },
          timeZone: "Europe/Berlin",
        },
        {
          code: "LI",
          name: "Liechtenstein",
          englishName: "Liechtenstein",
          locale: "de-LI",
          continent: {
            code: "EU",
            name: "Europe",
          },
          currency: {
            code: "CHF",
            name: "Schweizer Franken",
          },
          timeZone: "Europe/Vaduz",
        },
        {
          code: "LU",
          name: "Luxemburg",
          englishName: "Luxembourg",
          locale: "de-LU",
          continent: {
            code: "EU",
            name: "Europe",
          },
          currency: {
            code: "EUR",
            name: "Euro",
          },
          timeZone: "Europe/Luxembourg",
        },
      ],
    },
  },
  "content.glossary": {
    request: {
      query: {
        category: "greeks",
        limit: "2",
      },
    },
    invalid: [
      {
        query: {
          limit: "500",
        },
      },
      {
        query: {
          category: "astrology",
        },
      },
    ],
    data: {
      total: 13,
      count: 2,
      nextCursor: "WzAsImNoYXJtIl0",
      terms: [
        {
          slug: "beta-weighted-delta",
          term: "Beta-weighted delta",
          category: "greeks",
          aliases: [],
          shortDefinition: "A portfolio's delta expressed in shares of a benchmark such as SPY.",
          definition:
            "Each position's dollar delta is scaled by its beta to the benchmark and divided by the benchmark's price, so positions in different stocks can be added. This API's hedge analysis reports it before and after the hedge, with β over 60 sessions against SPY.",
          formula: "βΔ = Σ (Δᵢ × Sᵢ × βᵢ) / S_SPY",
          related: ["beta", "delta", "hedging"],
          endpoint: {
            method: "POST",
            path: "/hedge/analyze",
          },
        },
        {
          slug: "charm",
          term: "Charm",
          category: "greeks",
          aliases: ["delta decay"],
          shortDefinition: "How delta changes as time passes (delta decay).",
          definition:
            "Charm moves the deltas of out-of-the-money options toward zero and in-the-money ones toward one as expiry nears, which changes dealers' hedges into expiration. This API does not serve charm.",
          formula: null,
          related: ["delta", "theta", "vanna"],
          endpoint: null,
        },
      ],
    },
  },
  "content.glossaryCategories": {
    request: {},
    data: {
      total: 218,
      categories: [
        {
          slug: "options-basics",
          name: "Options basics",
          description:
            "Contracts, prices and positioning: what an option is and how its chain is read.",
          termCount: 30,
        },
        {
          slug: "greeks",
          name: "Greeks and dealer positioning",
          description: "Sensitivities of an option's price and the gamma dealers carry.",
          termCount: 13,
        },
        {
          slug: "volatility",
          name: "Volatility",
          description: "Implied and realised volatility, their ranks, surfaces, skews and models.",
          termCount: 20,
        },
        {
          slug: "option-strategies",
          name: "Option strategies",
          description: "Multi-leg positions, income strategies and hedges.",
          termCount: 18,
        },
        {
          slug: "markets-trading",
          name: "Markets and trading",
          description: "Instruments, sessions, orders, quotes and short selling.",
          termCount: 34,
        },
        {
          slug: "fundamentals",
          name: "Fundamentals",
          description: "Financial statements, valuation ratios, dividends and earnings.",
          termCount: 25,
        },
        {
          slug: "filings-ownership",
          name: "Filings and ownership",
          description: "SEC filings, insiders and institutions.",
          termCount: 12,
        },
        {
          slug: "technical-analysis",
          name: "Technical analysis and breadth",
          description: "Indicators over price and volume, and market-breadth measures.",
          termCount: 16,
        },
        {
          slug: "risk-portfolio",
          name: "Risk and portfolio",
          description: "Return, risk and performance measures of positions and portfolios.",
          termCount: 17,
        },
        {
          slug: "api-usage",
          name: "Using this API",
          description: "Keys, limits, errors, pagination, webhooks and the simulated market.",
          termCount: 18,
        },
        {
          slug: "api-analytics",
          name: "This API's analytics",
          description:
            "The composite scores and models this API computes, with what they are built on.",
          termCount: 15,
        },
      ],
    },
  },
  "content.glossaryTerm": {
    request: {
      params: {
        slug: "iv-rank",
      },
    },
    invalid: [
      {
        params: {
          slug: "IV Rank",
        },
      },
    ],
    data: {
      slug: "iv-rank",
      term: "IV rank",
      category: "volatility",
      aliases: ["IVR"],
      shortDefinition:
        "Where today's implied volatility sits between its one-year low (0) and high (100).",
      definition:
        "This API ranks the 30-day ATM implied volatility against its values over the last 252 sessions (today included); 50 when high and low are equal. A high IV rank means options are expensive relative to their own year, which premium sellers look for.",
      formula: "IV rank = (IV − low) / (high − low) × 100",
      related: ["iv-percentile", "atm-implied-volatility", "premium-selling"],
      endpoint: {
        method: "GET",
        path: "/options/{code}/iv-rank",
      },
      relatedTerms: [
        {
          slug: "iv-percentile",
          term: "IV percentile",
          shortDefinition:
            "The share of the last year's sessions whose implied volatility was below today's.",
        },
        {
          slug: "atm-implied-volatility",
          term: "30-day ATM implied volatility",
          shortDefinition:
            "The implied volatility of an at-the-money option 30 calendar days out, interpolated.",
        },
        {
          slug: "premium-selling",
          term: "Premium selling",
          shortDefinition: "Writing options to collect their premium and time decay.",
        },
      ],
    },
  },
  "content.regional": {
    request: {
      query: {
        lang: "de",
        country: "DE",
      },
    },
    invalid: [
      {
        query: {
          country: "DE",
        },
      },
      {
        query: {
          lang: "de",
        },
      },
      {
        query: {},
      },
      {
        query: {
          lang: "de",
          country: "XX",
        },
      },
    ],
    data: {
      asOf: "2026-11-23T15:00:00.000Z",
      language: {
        code: "de",
        name: "German",
        nativeName: "Deutsch",
      },
      country: {
        code: "DE",
        name: "Deutschland",
        englishName: "Germany",
        nativeName: "Deutschland",
        continent: {
          code: "EU",
          name: "Europe",
        },
        currencies: [
          {
            code: "EUR",
            name: "Euro",
          },
        ],
        timeZone: "Europe/Berlin",
        timeZones: ["Europe/Berlin", "Europe/Busingen"],
        officialLanguages: ["de"],
      },
      locale: "de-DE",
      formats: {
        number: "1.234.567,89",
        percent: "1,31 %",
        currency: "1.234,56 €",
        date: "23. November 2026",
        time: "16:00",
      },
      marketHours: {
        market: "US equities (NYSE, Nasdaq and NYSE Arca)",
        exchangeTimeZone: "America/New_York",
        localTimeZone: "Europe/Berlin",
        tradingDay: "2026-11-23",
        sessions: [
          {
            name: "Overnight",
            localName: "Nachthandel",
            startUtc: "2026-11-23T01:00:00.000Z",
            endUtc: "2026-11-23T09:00:00.000Z",
            startNewYork: "2026-11-22 20:00",
            endNewYork: "2026-11-23 04:00",
            startLocal: "2026-11-23 02:00",
            endLocal: "2026-11-23 10:00",
            localUtcOffset: "+01:00",
            isOpenNow: false,
          },
          {
            name: "Pre-Market",
            localName: "Vorbörse",
            startUtc: "2026-11-23T09:00:00.000Z",
            endUtc: "2026-11-23T14:30:00.000Z",
            startNewYork: "2026-11-23 04:00",
            endNewYork: "2026-11-23 09:30",
            startLocal: "2026-11-23 10:00",
            endLocal: "2026-11-23 15:30",
            localUtcOffset: "+01:00",
            isOpenNow: false,
          },
          {
            name: "Market",
            localName: "Reguläre Sitzung",
            startUtc: "2026-11-23T14:30:00.000Z",
            endUtc: "2026-11-23T21:00:00.000Z",
            startNewYork: "2026-11-23 09:30",
            endNewYork: "2026-11-23 16:00",
            startLocal: "2026-11-23 15:30",
            endLocal: "2026-11-23 22:00",
            localUtcOffset: "+01:00",
            isOpenNow: true,
          },
          {
            name: "After-Hours",
            localName: "Nachbörse",
            startUtc: "2026-11-23T21:00:00.000Z",
            endUtc: "2026-11-24T01:00:00.000Z",
            startNewYork: "2026-11-23 16:00",
            endNewYork: "2026-11-23 20:00",
            startLocal: "2026-11-23 22:00",
            endLocal: "2026-11-24 02:00",
            localUtcOffset: "+01:00",
            isOpenNow: false,
          },
        ],
      },
      holidays: [
        {
          date: "2026-11-26",
          name: "Thanksgiving Day",
          kind: "holiday",
          closeNewYork: null,
          closeLocal: null,
        },
        {
          date: "2026-11-27",
          name: "Early close (13:00 New York)",
          kind: "early-close",
          closeNewYork: "2026-11-27 13:00",
          closeLocal: "2026-11-27 19:00",
        },
        {
          date: "2026-12-24",
          name: "Early close (13:00 New York)",
          kind: "early-close",
          closeNewYork: "2026-12-24 13:00",
          closeLocal: "2026-12-24 19:00",
        },
        {
          date: "2026-12-25",
          name: "Christmas Day",
          kind: "holiday",
          closeNewYork: null,
          closeLocal: null,
        },
        {
          date: "2027-01-01",
          name: "New Year's Day",
          kind: "holiday",
          closeNewYork: null,
          closeLocal: null,
        },
        {
          date: "2027-01-18",
          name: "Martin Luther King, Jr. Day",
          kind: "holiday",
          closeNewYork: null,
          closeLocal: null,
        },
        {
          date: "2027-02-15",
          name: "Washington's Birthday",
          kind: "holiday",
          closeNewYork: null,
          closeLocal: null,
        },
        {
          date: "2027-03-26",
          name: "Good Friday",
          kind: "holiday",
          closeNewYork: null,
          closeLocal: null,
        },
        {
          date: "2027-05-31",
          name: "Memorial Day",
          kind: "holiday",
          closeNewYork: null,
          closeLocal: null,
        },
        {
          date: "2027-06-18",
          name: "Juneteenth National Independence Day",
          kind: "holiday",
          closeNewYork: null,
          closeLocal: null,
        },
        {
          date: "2027-07-05",
          name: "Independence Day",
          kind: "holiday",
          closeNewYork: null,
          closeLocal: null,
        },
        {
          date: "2027-09-06",
          name: "Labor Day",
          kind: "holiday",
          closeNewYork: null,
          closeLocal: null,
        },
      ],
      disclaimer: {
        key: "investment-risk",
        text: "Die Informationen dieser API dienen nur zu Informationszwecken und sind keine Anlageberatung. Der Handel mit Aktien und Optionen ist mit Risiken verbunden, einschließlich des Verlusts von mehr als dem eingesetzten Kapital; Optionen sind nicht für jeden Anleger geeignet. Vergangene Wertentwicklungen sind keine Garantie für zukünftige Ergebnisse.",
        language: "de",
        document: "/content/disclaimers/investment-risk",
      },
      glossary: {
        language: "de",
        entries: [
          {
            slug: "option",
            term: "Option",
            shortDefinition:
              "Ein Vertrag, der das Recht, aber nicht die Pflicht gibt, einen Basiswert zu einem festgelegten Preis bis zu einem festgelegten Datum zu kaufen oder zu verkaufen.",
            englishTerm: "Option",
          },
          {
            slug: "call-option",
            term: "Kaufoption (Call)",
            shortDefinition: "Das Recht, den Basiswert zum Ausübungspreis zu kaufen.",
            englishTerm: "Call option",
          },
          {
            slug: "put-option",
            term: "Verkaufsoption (Put)",
            shortDefinition: "Das Recht, den Basiswert zum Ausübungspreis zu verkaufen.",
            englishTerm: "Put option",
          },
          {
            slug: "strike-price",
            term: "Ausübungspreis (Strike)",
            shortDefinition:
              "Der Preis, zu dem eine Option den Kauf oder Verkauf des Basiswerts erlaubt.",
            englishTerm: "Strike price",
          },
          {
            slug: "expiration-date",
            term: "Verfallstag",
            shortDefinition:
              "Der letzte Tag, an dem eine Option ausgeübt werden kann; danach erlischt der Vertrag.",
            englishTerm: "Expiration date",
          },
          {
            slug: "implied-volatility",
            term: "Implizite Volatilität",
            shortDefinition:
              "Die Volatilität, bei der der Modellpreis dem Marktpreis einer Option entspricht.",
            englishTerm: "Implied volatility (IV)",
          },
          {
            slug: "delta",
            term: "Delta",
            shortDefinition:
              "Um wie viel sich der Preis einer Option ändert, wenn sich der Basiswert um eine Einheit bewegt.",
            englishTerm: "Delta",
          },
          {
            slug: "dividend",
            term: "Dividende",
            shortDefinition:
              "Eine Barausschüttung eines Unternehmens an seine Aktionäre, meist vierteljährlich.",
            englishTerm: "Dividend",
          },
          {
            slug: "market-capitalization",
            term: "Marktkapitalisierung",
            shortDefinition: "Die ausstehenden Aktien eines Unternehmens mal ihr Kurs.",
            englishTerm: "Market capitalisation",
          },
          {
            slug: "bid-ask-spread",
            term: "Geld-Brief-Spanne",
            shortDefinition:
              "Der Abstand zwischen Brief- und Geldkurs: die Kosten eines sofortigen Handels.",
            englishTerm: "Bid-ask spread",
          },
        ],
      },
      translation: {
        disclaimer: "de",
        sessionNames: "de",
        countryAndCurrencyNames: "de",
        glossaryEntries: 10,
        holidayNames: "en",
        documents: "en",
      },
    },
  },
  "content.document": {
    request: {
      params: {
        contentType: "disclaimers",
        key: "investment-risk",
      },
      query: {
        lang: "fr",
      },
    },
    invalid: [
      {
        params: {
          contentType: "Help!",
          key: "getting-started",
        },
      },
    ],
    data: {
      contentType: "disclaimers",
      key: "investment-risk",
      title: "Investment risk disclaimer",
      summary:
        "Les informations de cette API sont fournies à titre informatif uniquement et ne constituent pas un conseil en investissement. La négociation d'actions et d'options comporte des risques, y compris la perte de plus que votre investissement initial ; les options ne conviennent pas à tous les investisseurs. Les performances passées ne préjugent pas des résultats futurs.",
      lastUpdated: "2026-11-25",
      sections: [
        {
          heading: "Not advice",
          body: "Nothing served by this API is a recommendation to buy, sell or hold any security, or a solicitation of an offer. Scores, verdicts, suggestions and predictions are computed by stated formulas and models and can be wrong.",
        },
        {
          heading: "Options risk",
          body: "Options can lose their whole value quickly, and selling options can lose more than the premium received. Read the Characteristics and Risks of Standardized Options (the OCC's options disclosure document) before trading options.",
        },
        {
          heading: "Your responsibility",
          body: "Make your own decisions, with a licensed adviser where appropriate, and consider your objectives, experience and ability to bear losses.",
        },
      ],
      related: ["/content/disclaimers/market-data", "/content/disclaimers/options-risk"],
      requestedLanguage: "fr",
      summaryLanguage: "fr",
      sectionsLanguage: "en",
    },
  },
  "content.geo": {
    request: {
      query: {
        ip: "8.8.8.8",
      },
    },
    invalid: [
      {
        query: {
          ip: "999.1.1.1",
        },
      },
    ],
    data: {
      ip: "8.8.8.8",
      ipVersion: 4,
      source: "query",
      region: null,
      database: {
        name: "ip-location-db geo-whois-asn-country (GeoFeed + WHOIS + ASN, country level)",
        package: "@ip-location-db/geo-whois-asn-country-mmdb",
        version: "2.3.2026061719",
        builtAt: "2026-06-17T19:51:40.000Z",
        licence: "CC BY 4.0",
        attribution:
          "IP-to-country data: ip-location-db (github.com/sapics/ip-location-db), from the regional internet registries' data, licensed CC BY 4.0 by the NRO (nro.net).",
        url: "https://github.com/sapics/ip-location-db/tree/main/geo-whois-asn-country",
      },
      status: "located",
      addressType: "public",
      reason: null,
      network: "8.8.0.0/15",
      country: {
        code: "US",
        name: "United States",
        nativeName: "United States",
        continent: {
          code: "NA",
          name: "North America",
        },
      },
      currency: {
        code: "USD",
        name: "US Dollar",
      },
      timeZone: "America/New_York",
      timeZones: [
        "America/Adak",
        "America/Anchorage",
        "America/Boise",
        "America/Chicago",
        "America/Denver",
        "America/Detroit",
        "America/Indiana/Knox",
        "America/Indiana/Marengo",
        "America/Indiana/Petersburg",
        "America/Indiana/Tell_City",
        "America/Indiana/Vevay",
        "America/Indiana/Vincennes",
        "America/Indiana/Winamac",
        "America/Indianapolis",
        "America/Juneau",
        "America/Kentucky/Monticello",
        "America/Los_Angeles",
        "America/Louisville",
        "America/Menominee",
        "America/Metlakatla",
        "America/New_York",
        "America/Nome",
        "America/North_Dakota/Beulah",
        "America/North_Dakota/Center",
        "America/North_Dakota/New_Salem",
        "America/Phoenix",
        "America/Sitka",
        "America/Yakutat",
        "Pacific/Honolulu",
      ],
      languages: ["en"],
      suggestedLanguage: "en",
      locale: "en-US",
    },
  },
} as const satisfies Record<string, ExampleSource>;

export const CONTENT_EXAMPLES: Record<string, ExampleSource> = {
  ...EXAMPLES,
  "content.document": {
    ...EXAMPLES["content.document"],
    errors: [
      catalogueExample("CONTENT_NOT_FOUND", {
        contentType: "help",
        key: "billing",
        available: AVAILABLE,
      }),
    ],
  },
};
