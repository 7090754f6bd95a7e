import type { ExampleSource } from "../openapi-examples";

/**
 * OpenAPI examples of the company group, keyed by route id: what each route answers at
 * EXAMPLE_TIME in the simulated world (see ../openapi-examples.ts). Lists show their first
 * items (test/company/company-examples.test.ts compares them with the real answers).
 */

const AAPL = { params: { code: "AAPL_NASDAQ" } };
const BAD_CODE = { params: { code: "AAPL" } };

export const COMPANY_EXAMPLES: Record<string, ExampleSource> = {
  "company.search": {
    request: { query: { q: "apple" } },
    invalid: [
      { query: { q: "" } },
      { query: { q: "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" } },
    ],
    data: {
      results: [
        {
          symbol: "AAPL",
          name: "Apple Inc.",
          exchange: "NASDAQ",
          contractType: "STK",
          code: "AAPL_NASDAQ",
          match: "namePrefix",
        },
      ],
    },
  },
  "company.profile": {
    request: AAPL,
    invalid: [BAD_CODE],
    data: {
      symbol: "AAPL",
      name: "Apple Inc.",
      code: "AAPL_NASDAQ",
      exchange: "NASDAQ",
      contractType: "STK",
      isin: "US0378331005",
      cik: "0000320193",
      summary:
        "Designs and sells smartphones, computers, tablets, wearables and accessories, along with digital services built around its devices.",
      logoUrl: null,
      sector: "Information Technology",
      industry: "Technology Hardware, Storage & Peripherals",
      country: "US",
      headquarters: "Cupertino, California",
      website: "https://www.apple.com",
      employees: 166000,
      fiscalYearEnd: "12-31",
      currency: "USD",
      sharesOutstanding: 14800000000,
      livePrice: 197.11,
      marketCap: 2917228000000,
      lastUpdated: "2026-11-23T15:00:00.000Z",
    },
  },
  "company.events": {
    request: AAPL,
    invalid: [BAD_CODE],
    data: {
      symbol: "AAPL",
      events: [
        {
          eventType: "EarningsCalendar",
          eventDate: "2027-01-27",
          daysToEvent: 65,
          earnings: {
            quarter: 4,
            year: 2026,
            hour: "amc",
            epsEstimate: 3.13,
            epsActual: null,
            revenueEstimate: 242477390725,
            revenueActual: null,
          },
          dividend: null,
        },
        {
          eventType: "ExDividend",
          eventDate: "2027-02-10",
          daysToEvent: 79,
          earnings: null,
          dividend: {
            amountPerShare: 0.26,
            frequency: "quarterly",
          },
        },
        {
          eventType: "ExDividend",
          eventDate: "2027-05-12",
          daysToEvent: 170,
          earnings: null,
          dividend: {
            amountPerShare: 0.26,
            frequency: "quarterly",
          },
        },
      ],
    },
  },
  "company.social": {
    request: AAPL,
    invalid: [BAD_CODE],
    data: {
      symbol: "AAPL",
      title: "Apple Inc.",
      windowHours: 48,
      asOf: "2026-11-23T15:00:00.000Z",
      watchlistCount: 112265,
      messageCount: 29,
      bullishCount: 11,
      bearishCount: 6,
      sentimentRatio: 0.6471,
      sentiment: "Bullish",
      messages: [
        {
          id: 6426147714983937,
          body: "$AAPL -0.37% on the day, dead money at 196.36 lol",
          createdAt: "2026-11-23T14:42:09.000Z",
          username: "TheHedgeCaptain",
          sentiment: "Bearish",
          likes: 0,
        },
        {
          id: 6426147714983936,
          body: "$AAPL or $CRWD? $AAPL -0.37% so far today. Stops in place",
          createdAt: "2026-11-23T14:40:00.000Z",
          username: "DividendGang_Guru40",
          sentiment: null,
          likes: 0,
        },
      ],
    },
  },
  "company.filings": {
    request: { ...AAPL, query: { form: "4", limit: "2" } },
    invalid: [
      { ...AAPL, query: { limit: "0" } },
      { ...AAPL, query: { limit: "201" } },
    ],
    data: {
      symbol: "AAPL",
      cik: "0000320193",
      filings: [
        {
          form: "4",
          filingDate: "2026-11-13",
          reportDate: "2026-11-12",
          accessionNumber: "0000320193-26-000047",
          description: "Statement of changes in beneficial ownership of securities",
          url: null,
          summary:
            "Matthew S. Calloway (Chief Technology Officer) sold 1,250 shares of Common Stock at $197.6952 ($247,119.00) on 2026-11-12, holding 28,381 after.",
          filingAccessionNumber: "0000320193-26-000047",
          insider: {
            ownerName: "Matthew S. Calloway",
            ownerCik: "0009200016",
            role: "Chief Technology Officer",
            isDirector: false,
            isOfficer: true,
            isTenPercentOwner: false,
            transactions: [
              {
                securityTitle: "Common Stock",
                derivative: false,
                transactionDate: "2026-11-12",
                code: "S",
                shares: 1250,
                pricePerShare: 197.6952,
                acquiredDisposed: "D",
                sharesOwnedAfter: 28381,
                ownership: "D",
                value: 247119,
              },
            ],
          },
        },
        {
          form: "4",
          filingDate: "2026-11-12",
          reportDate: "2026-11-11",
          accessionNumber: "0000320193-26-000046",
          description: "Statement of changes in beneficial ownership of securities",
          url: null,
          summary:
            "Patricia B. Wood (Chief Executive Officer, Director) sold 13,800 shares of Common Stock at $198.4706 ($2,738,894.28) on 2026-11-11, holding 261,687 after.",
          filingAccessionNumber: "0000320193-26-000046",
          insider: {
            ownerName: "Patricia B. Wood",
            ownerCik: "0009200001",
            role: "Chief Executive Officer, Director",
            isDirector: true,
            isOfficer: true,
            isTenPercentOwner: false,
            transactions: [
              {
                securityTitle: "Common Stock",
                derivative: false,
                transactionDate: "2026-11-11",
                code: "S",
                shares: 13800,
                pricePerShare: 198.4706,
                acquiredDisposed: "D",
                sharesOwnedAfter: 261687,
                ownership: "D",
                value: 2738894.28,
              },
            ],
          },
        },
      ],
    },
  },
  "company.sector": {
    request: AAPL,
    invalid: [BAD_CODE],
    data: {
      symbol: "AAPL",
      name: "Apple Inc.",
      marketCap: 2917228000000,
      sector: "Information Technology",
      industry: "Technology Hardware, Storage & Peripherals",
      sectorRank: 3,
      sectorCount: 28,
      sectorMarketCap: 15949715590000,
      industryRank: 1,
      industryCount: 3,
      industryMarketCap: 3070680900000,
      sectorPeers: [
        {
          symbol: "NVDA",
          name: "NVIDIA Corporation",
          code: "NVDA_NASDAQ",
          marketCap: 4223583000000,
        },
        {
          symbol: "MSFT",
          name: "Microsoft Corporation",
          code: "MSFT_NASDAQ",
          marketCap: 3173575900000,
        },
        {
          symbol: "AAPL",
          name: "Apple Inc.",
          code: "AAPL_NASDAQ",
          marketCap: 2917228000000,
        },
      ],
      industryPeers: [
        {
          symbol: "AAPL",
          name: "Apple Inc.",
          code: "AAPL_NASDAQ",
          marketCap: 2917228000000,
        },
        {
          symbol: "DELL",
          name: "Dell Technologies Inc.",
          code: "DELL_NYSE",
          marketCap: 136572750000,
        },
        {
          symbol: "SMCI",
          name: "Super Micro Computer, Inc.",
          code: "SMCI_NASDAQ",
          marketCap: 16880150000,
        },
      ],
      asOf: "2026-11-23T15:00:00.000Z",
    },
  },
  "company.description": {
    request: AAPL,
    invalid: [BAD_CODE],
    data: {
      symbol: "AAPL",
      name: "Apple Inc.",
      description:
        "Apple designs consumer hardware together with the operating systems and software that run on it. Its products include the iPhone, the Mac, the iPad and wearables such as the Apple Watch and AirPods, sold through its own retail and online stores as well as carriers, resellers and retailers. Its services business covers the App Store, advertising, cloud storage, payment services, AppleCare and subscriptions for music, video and games. The company reports its results by geography across the Americas, Europe, Greater China, Japan and the rest of Asia Pacific.",
      source: "AI-generated",
      exchange: "NASDAQ",
      industry: "Technology Hardware, Storage & Peripherals",
      updatedOn: "2026-11-23T15:00:00.000Z",
    },
  },
};
