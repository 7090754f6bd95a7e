import { array, boolean, coerce, int, iso, number, object, string, enum as zEnum } from "zod";
import { contractCode } from "../../contract-code";
import { groupRoutes } from "../../route";

/**
 * Company data: profile, search, corporate events, social sentiment, SEC filings, sector and
 * description, over the company-data ports (lib/company/ports.ts) and the market-data ports
 * (prices, earnings, dividends). Stocks and ETFs only: indices, futures and crypto assets
 * answer 404 NO_DATA.
 */

const NOT_A_COMPANY =
  "404 SYMBOL_NOT_FOUND for an unknown code; 404 NO_DATA for a contract that is no company or " +
  "fund (indices, futures, crypto) or that the company-data source does not know.";

const UNAVAILABLE =
  "503 COMPANY_DATA_UNAVAILABLE when the company-data source (SEC EDGAR) is unreachable, with " +
  "Retry-After, or does not supply what the endpoint reads, without.";

const SOURCES =
  "Source: the simulated world by default (COMPANY_PROVIDER=sim); SEC EDGAR with " +
  "COMPANY_PROVIDER=edgar.";

const nullableText = (description: string) =>
  string()
    .nullable()
    .meta({ description: `${description}; null when unknown` });

const usd = (description: string) => number().meta({ description: `${description}, USD` });

const marketCap = usd(
  "Market capitalisation = sharesOutstanding × livePrice (the same figure as GET " +
    "/market/stocks/{code}/extended), cents",
);

const contractType = zEnum(["STK", "ETF"]).meta({
  description: "STK for a company's shares, ETF for an exchange-traded fund",
});

export const companyProfileSchema = object({
  symbol: string(),
  name: string(),
  code: string().meta({ description: "Contract code SYMBOL_EXCHANGE" }),
  exchange: string().meta({ description: "Primary listing venue" }),
  contractType,
  isin: nullableText("ISIN (ISO 6166, 12 characters, valid check digit)"),
  cik: nullableText("SEC Central Index Key, 10 digits"),
  summary: string().meta({ description: 'One or two sentences on the business; "" when none' }),
  logoUrl: string()
    .nullable()
    .meta({ description: "A logo this API serves; null: none is served (no third-party links)" }),
  sector: nullableText("GICS-style sector"),
  industry: nullableText("GICS-style industry (SEC's SIC description with EDGAR)"),
  country: nullableText("Headquarters country, ISO 3166-1 alpha-2"),
  headquarters: nullableText("Headquarters city and state or country"),
  website: nullableText("The company's own website"),
  employees: int()
    .nullable()
    .meta({ description: "Full-time employees as last reported; null when unknown or a fund" }),
  fiscalYearEnd: nullableText('Fiscal year end, "MM-DD"'),
  currency: string().meta({ description: "Trading currency, ISO 4217" }),
  sharesOutstanding: number().meta({
    description: "All share classes (a fund's shares outstanding)",
  }),
  livePrice: usd("The quote's livePrice the market capitalisation is computed at"),
  marketCap,
  lastUpdated: iso.datetime().meta({ description: "Instant of the quote, ISO 8601 UTC" }),
});

const searchResult = object({
  symbol: string(),
  name: string(),
  exchange: string().meta({
    description: 'Primary listing venue; "" when the source does not say',
  }),
  contractType,
  code: string()
    .nullable()
    .meta({ description: "Contract code SYMBOL_EXCHANGE when the market lists it; else null" }),
  match: zEnum(["ticker", "tickerPrefix", "namePrefix", "fuzzy"]).meta({
    description:
      "Why it matched: ticker (exact), tickerPrefix, namePrefix (a word of the name starts " +
      "with the query), fuzzy (a ticker or name word within the edit distance)",
  }),
});

const earningsEvent = object({
  quarter: int().meta({ description: "Fiscal quarter reported, 1-4" }),
  year: int().meta({ description: "Year of the quarter reported" }),
  hour: zEnum(["amc", "bmo", "dmh", ""]).meta({
    description:
      'amc after the close, bmo before the open, dmh during market hours, "" unpublished',
  }),
  epsEstimate: number().nullable().meta({ description: "Consensus EPS estimate, USD per share" }),
  epsActual: number().nullable().meta({ description: "null for future events" }),
  revenueEstimate: number().nullable().meta({ description: "Consensus revenue estimate, USD" }),
  revenueActual: number().nullable().meta({ description: "null for future events" }),
});

const dividendEvent = object({
  amountPerShare: usd("Expected payment per share, 4 decimals"),
  frequency: zEnum(["monthly", "quarterly", "semiannual", "annual"]),
});

const corporateEvent = object({
  eventType: zEnum(["EarningsCalendar", "ExDividend"]),
  eventDate: iso.date().meta({ description: "New York date, yyyy-MM-dd" }),
  daysToEvent: int().min(0).meta({ description: "Calendar days from today in New York" }),
  earnings: earningsEvent.nullable().meta({ description: "For EarningsCalendar events" }),
  dividend: dividendEvent.nullable().meta({ description: "For ExDividend events" }),
});

const socialMessage = object({
  id: int(),
  body: string().meta({
    description: "Plain text written by a third party: escape it before showing it as HTML",
  }),
  createdAt: iso.datetime(),
  username: string().meta({ description: "Third-party handle, plain text" }),
  sentiment: zEnum(["Bullish", "Bearish"]).nullable().meta({
    description: "As the author tagged it; null when untagged",
  }),
  likes: int(),
});

const insiderTransaction = object({
  securityTitle: string(),
  derivative: boolean().meta({ description: "From the derivative table (options, RSUs)" }),
  transactionDate: iso.date(),
  code: string().meta({
    description:
      "SEC transaction code: P purchase, S sale, A grant or award, M exercise or conversion, " +
      "F tax withholding, G gift, others as filed",
  }),
  shares: number(),
  pricePerShare: number().nullable().meta({ description: "USD; null when the filing gives none" }),
  value: number().nullable().meta({ description: "shares × pricePerShare, USD, cents" }),
  acquiredDisposed: zEnum(["A", "D"]),
  sharesOwnedAfter: number().nullable(),
  ownership: zEnum(["D", "I"]).meta({ description: "Direct or indirect" }),
});

const insiderFiling = object({
  ownerName: string(),
  ownerCik: string().nullable(),
  role: string().meta({
    description:
      'The owner\'s relationship as one text, e.g. "Director", "Chief Financial Officer"',
  }),
  isDirector: boolean(),
  isOfficer: boolean(),
  isTenPercentOwner: boolean(),
  transactions: array(insiderTransaction),
});

const filing = object({
  form: string().meta({ description: 'SEC form type, e.g. "4", "10-K", "10-Q", "8-K"' }),
  filingDate: iso.date(),
  reportDate: iso.date().nullable().meta({ description: "Period reported on; null when none" }),
  accessionNumber: string().meta({ description: "0000000000-YY-NNNNNN" }),
  description: string().nullable(),
  url: string()
    .nullable()
    .meta({
      description:
        "The filing's index page on EDGAR; null for the simulated world's filings, which exist " +
        "only in the simulation",
    }),
  summary: string()
    .nullable()
    .meta({ description: "Form 4: the parsed transactions in prose; null for other forms" }),
  filingAccessionNumber: string()
    .nullable()
    .meta({ description: "Form 4: the accession number of the filing summarised; else null" }),
  insider: insiderFiling.nullable().meta({ description: "Form 4: the parsed filing; else null" }),
});

const peer = object({
  symbol: string(),
  name: string(),
  code: string(),
  marketCap,
});

const FILINGS_DEFAULT_LIMIT = 40;
const FILINGS_MAX_LIMIT = 200;

export const companyRoutes = groupRoutes("company", {
  search: {
    method: "GET",
    path: "/company/search",
    auth: "key",
    errors: ["MARKET_DATA_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"],
    summary: "Find companies and funds by ticker or name",
    description:
      "Ranks ticker and name matches: exact ticker, then ticker prefix, then a word of the name " +
      "starting with the query, then fuzzy matches (a ticker or name word within 1 edit for " +
      "queries of 4-7 characters, 2 from 8; Damerau-Levenshtein); within a rank, shorter " +
      "tickers, then larger companies first (sim) or alphabetical. At most 25 results. " +
      `Case-insensitive; surrounding spaces ignored. ${SOURCES}`,
    query: object({
      q: string()
        .trim()
        .min(1, "must not be empty")
        .max(64, "must be at most 64 characters")
        .meta({ description: "Ticker or name, 1-64 characters" }),
    }),
    response: object({ results: array(searchResult) }),
  },
  profile: {
    method: "GET",
    path: "/company/{code}",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"],
    summary: "Company profile: identity, classification, headquarters and market capitalisation",
    description:
      `marketCap = sharesOutstanding × livePrice (cents), the figure GET /market/stocks/{code}/extended ` +
      "shows. isin, cik, website, employees and headquarters are approximate public figures in " +
      `the simulated world; SEC EDGAR supplies no ISIN or employees (null). ${NOT_A_COMPANY} ` +
      `${UNAVAILABLE} ${SOURCES}`,
    params: object({ code: contractCode }),
    response: companyProfileSchema,
  },
  events: {
    method: "GET",
    path: "/company/{code}/events",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "NO_EVENTS", "MARKET_DATA_UNAVAILABLE"],
    summary: "Scheduled corporate events: earnings reports and ex-dividend dates",
    description:
      "Only future events, soonest first, over the next 12 months: earnings reports (the same " +
      "dates as GET /market/stocks/{code}/extended and the options earnings endpoints; a report " +
      "stays upcoming until the open (bmo) or the close (amc) of its day, daysToEvent 0 then) " +
      "and ex-dividend dates (ex-dates on a weekend or NYSE holiday move to the next trading " +
      "day; amount = the annual dividend / payments a year). Earnings estimates come from the " +
      "market-data source's earnings history; null when it has none (Alpaca). daysToEvent " +
      "counts calendar days from today in New York. 404 NO_EVENTS when nothing is scheduled " +
      `(e.g. a fund without distributions). ${NOT_A_COMPANY}`,
    params: object({ code: contractCode }),
    response: object({ symbol: string(), events: array(corporateEvent) }),
  },
  social: {
    method: "GET",
    path: "/company/{code}/social",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"],
    summary: "Social sentiment: message counts, bullish and bearish tags and recent messages",
    description:
      "Over the messages served (the newest of the last windowHours up to the clock, at most " +
      "60; for a busy stock the 60 cover less than the window): messageCount, the tagged counts, " +
      "sentimentRatio = bullishCount / (bullishCount + bearishCount) in 0..1 (null without " +
      "tagged messages), sentiment Bullish at ≥ 0.6, Bearish at ≤ 0.4, else Neutral. Messages " +
      "newest first. Message bodies and usernames are third-party content, served " +
      "as plain text: escape them before rendering. The simulated feed reacts to the simulated " +
      "market (moves, earnings, ex-dividend days); its users are invented handles. SEC EDGAR " +
      `has no social feed: 503 COMPANY_DATA_UNAVAILABLE. ${NOT_A_COMPANY}`,
    params: object({ code: contractCode }),
    response: object({
      symbol: string(),
      title: string().meta({ description: "The company's name" }),
      windowHours: int(),
      asOf: iso.datetime(),
      watchlistCount: int(),
      messageCount: int(),
      bullishCount: int(),
      bearishCount: int(),
      sentimentRatio: number().nullable().meta({ description: "0..1, 4 decimals" }),
      sentiment: zEnum(["Bullish", "Bearish", "Neutral"]),
      messages: array(socialMessage),
    }),
  },
  filings: {
    method: "GET",
    path: "/company/{code}/filings",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"],
    summary: "SEC filings, newest first, with Form 4 insider transactions parsed",
    description:
      "Filings up to the clock, newest first. Form 4 items carry the parsed transactions " +
      "(insider) and a prose summary: who, role, bought or sold, shares, price, value and " +
      `holdings after. form filters by form type (exact, case-insensitive); limit default ${FILINGS_DEFAULT_LIMIT}, ` +
      `1-${FILINGS_MAX_LIMIT}. The simulated world's filers are fictional people; its filings exist only ` +
      `in the simulation (url null). ${NOT_A_COMPANY} ${UNAVAILABLE}`,
    params: object({ code: contractCode }),
    query: object({
      form: string()
        .trim()
        .min(1, "must not be empty")
        .max(20, "must be at most 20 characters")
        .optional()
        .meta({ description: 'Form type, e.g. "4", "10-K"' }),
      limit: coerce
        .number({ error: "must be an integer" })
        .pipe(
          int("must be an integer")
            .min(1, "must be at least 1")
            .max(FILINGS_MAX_LIMIT, `must be at most ${FILINGS_MAX_LIMIT}`),
        )
        .default(FILINGS_DEFAULT_LIMIT)
        .meta({
          description: `At most this many, 1-${FILINGS_MAX_LIMIT}; default ${FILINGS_DEFAULT_LIMIT}`,
        }),
    }),
    response: object({
      symbol: string(),
      cik: string().nullable(),
      filings: array(filing),
    }),
  },
  sector: {
    method: "GET",
    path: "/company/{code}/sector",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"],
    summary: "Sector and industry, peers by market capitalisation and the company's rank",
    description:
      "GICS-style sector and industry; the companies of the same sector and of the same " +
      "industry among those the source lists, largest market capitalisation first (each " +
      "sharesOutstanding × livePrice), and the company's rank (1 = largest) and count. Funds " +
      "rank among funds (sector ETF). SEC EDGAR has no GICS classification: 503 " +
      `COMPANY_DATA_UNAVAILABLE. ${NOT_A_COMPANY}`,
    params: object({ code: contractCode }),
    response: object({
      symbol: string(),
      name: string(),
      marketCap,
      sector: string(),
      industry: string(),
      sectorRank: int(),
      sectorCount: int(),
      sectorMarketCap: usd("Sum over the sector's companies, cents"),
      industryRank: int(),
      industryCount: int(),
      industryMarketCap: usd("Sum over the industry's companies, cents"),
      sectorPeers: array(peer).meta({
        description: "The sector's 10 largest, the company included",
      }),
      industryPeers: array(peer).meta({
        description: "The industry's 10 largest, the company included",
      }),
      asOf: iso.datetime(),
    }),
  },
  description: {
    method: "GET",
    path: "/company/{code}/description",
    auth: "key",
    errors: ["SYMBOL_NOT_FOUND", "NO_DATA", "MARKET_DATA_UNAVAILABLE", "COMPANY_DATA_UNAVAILABLE"],
    summary: "Business description",
    description:
      "source 10-K: the business section (Item 1) of the latest annual report on EDGAR, its " +
      "beginning cut at a sentence end; AI-generated: a summary written for the simulated world " +
      "by a language model from public information (no figures that go stale, no people). " +
      `404 NO_DATA when none exists yet. ${NOT_A_COMPANY} ${UNAVAILABLE}`,
    params: object({ code: contractCode }),
    response: object({
      symbol: string(),
      name: string(),
      description: string(),
      source: zEnum(["10-K", "AI-generated"]),
      exchange: string(),
      industry: string().nullable(),
      updatedOn: iso.datetime(),
    }),
  },
});
