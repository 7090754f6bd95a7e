import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  createEdgarClient,
  createEdgarCompanyData,
  EDGAR_TICKERS_URL,
  type LimiterClock,
} from "../../../lib/company/adapters/edgar";
import { parseForm4 } from "../../../lib/company/adapters/edgar-form4";
import type { CompanyDataProvider, FilingRecord } from "../../../lib/company/ports";
import { CompanyDataUnavailable } from "../../../lib/company/ports";
import {
  createEdgarGraphSources,
  createEdgarPeople,
  filersFromSetting,
  issuerKey,
  thirteenFUrl,
} from "../../../lib/graph/adapters/edgar-graph";

/**
 * The EDGAR graph sources over recorded EDGAR documents (test/fixtures/edgar, SOURCES.md), served
 * by a fake fetch keyed by URL (every other URL answers 404, as EDGAR does): Apple's submissions
 * file and its Form 4 of 0000320193-22-000061 for people; the tickers file; Siemens AG's
 * submissions file (a 13F filer) and two 13F full submissions (LTS One Management, ACTIAM N.V.)
 * for institutions.
 */

const USER_AGENT = "Market Data API tests ops@example.com";
const ARCHIVES = "https://www.sec.gov/Archives/edgar/data";

function fixture(name: string): string {
  return readFileSync(new URL(`../../fixtures/edgar/${name}`, import.meta.url), "utf8");
}

const LTS_CIK = "0001894188";
const ACTIAM_CIK = "0001619124";
const SIEMENS_CIK = "0000940418";

/**
 * Submissions answers for the two 13F filers whose submissions files are not recorded, built
 * in EDGAR's format from the recorded full submissions' headers (accession, form, filing date,
 * period): one 13F-HR each.
 */
function filerSubmissions(cik: string, name: string, filing: string[]): string {
  const [accessionNumber, filingDate, reportDate] = filing;
  return JSON.stringify({
    cik,
    name,
    filings: {
      recent: {
        accessionNumber: [accessionNumber],
        form: ["13F-HR"],
        filingDate: [filingDate],
        reportDate: [reportDate],
      },
    },
  });
}

const RECORDED = new Map<string, () => string>([
  [EDGAR_TICKERS_URL, () => fixture("company_tickers.json")],
  [
    "https://data.sec.gov/submissions/CIK0000320193.json",
    () => fixture("submissions-CIK0000320193.json"),
  ],
  [
    `${ARCHIVES}/320193/000032019322000061/wf-form4_165187623819106.xml`,
    () => fixture("form4-aapl-0000320193-22-000061.xml"),
  ],
  [
    "https://data.sec.gov/submissions/CIK0000940418.json",
    () => fixture("submissions-CIK0000940418.json"),
  ],
  [thirteenFUrl(LTS_CIK, "0001894188-23-000007"), () => fixture("13f-0001894188-23-000007.txt")],
  [thirteenFUrl(ACTIAM_CIK, "0001619124-21-000002"), () => fixture("13f-0001619124-21-000002.txt")],
  [
    "https://data.sec.gov/submissions/CIK0001894188.json",
    () =>
      filerSubmissions(LTS_CIK, "LTS One Management LP", [
        "0001894188-23-000007",
        "2023-11-14",
        "2023-09-30",
      ]),
  ],
  [
    "https://data.sec.gov/submissions/CIK0001619124.json",
    () =>
      filerSubmissions(ACTIAM_CIK, "ACTIAM N.V.", [
        "0001619124-21-000002",
        "2021-02-12",
        "2020-12-31",
      ]),
  ],
]);

function instantClock(): LimiterClock {
  let nowMs = 0;
  return {
    nowMs: () => nowMs,
    sleep: async (ms) => {
      nowMs += ms;
    },
  };
}

function sources(options: {
  nowMs: number;
  filers?: string;
  overrides?: Record<string, () => Response>;
}) {
  const requests: string[] = [];
  const fetch = (async (input: string | URL | Request) => {
    const url = String(input instanceof Request ? input.url : input);
    requests.push(url);
    const override = options.overrides?.[url];
    if (override) return override();
    const body = RECORDED.get(url);
    return body
      ? new Response(body(), { status: 200 })
      : new Response("Not Found", { status: 404 });
  }) as typeof globalThis.fetch;
  const client = createEdgarClient({ userAgent: USER_AGENT, fetch, limiterClock: instantClock() });
  const now = () => options.nowMs;
  const company = createEdgarCompanyData({ userAgent: USER_AGENT, now, client });
  const graph = createEdgarGraphSources({
    company,
    client,
    symbols: ["AAPL", "MSFT"],
    filers: filersFromSetting(options.filers ?? ""),
    now,
  });
  return { graph, requests };
}

describe("EDGAR people", () => {
  // Before every other Form 4 of the recorded page: Adams's of 2022-05-06 is the only one filed.
  const MAY_2022 = Date.parse("2022-05-10T16:00:00Z");

  it("makes reporting owners positions, since their first form", async () => {
    const { graph } = sources({ nowMs: MAY_2022 });
    const positions = await graph.people.positionsOf("AAPL", false);
    expect(positions).toEqual([
      {
        symbol: "AAPL",
        personCik: "0001462356",
        name: "Adams Katherine L.",
        role: "officer",
        title: "SVP, GC and Secretary",
        relationship: {
          isDirector: false,
          isOfficer: true,
          officerTitle: "SVP, GC and Secretary",
          isTenPercentOwner: false,
          otherText: null,
        },
        since: "2022-05-06",
        until: null,
        age: null,
      },
    ]);
    expect(await graph.people.allPositions()).toEqual(positions);
    expect(await graph.people.positionsOf("ZZZZ", false)).toBeUndefined();
  });

  it("lists the form's lines as trades in the window, without a plan box before 2023", async () => {
    const { graph } = sources({ nowMs: MAY_2022 });
    const trades = await graph.people.insiderTrades("AAPL", "2022-05-01", "2022-05-31");
    expect(trades?.map((t) => [t.transactionDate, t.code, t.shares, t.pricePerShare])).toEqual([
      ["2022-05-04", "S", 9136, 159.94],
      ["2022-05-04", "S", 5316, 160.82],
      ["2022-05-04", "S", 4006, 161.93],
      ["2022-05-04", "S", 900, 162.77],
      ["2022-05-04", "S", 1550, 163.94],
      ["2022-05-04", "S", 1800, 165.06],
      ["2022-05-04", "S", 2292, 165.95],
    ]);
    expect(trades?.[0]).toMatchObject({
      symbol: "AAPL",
      personCik: "0001462356",
      personName: "Adams Katherine L.",
      tradingPlan: null,
      accessionNumber: "0000320193-22-000061",
      filingDate: "2022-05-06",
      form: "4",
    });
    expect(await graph.people.insiderTrades("AAPL", "2022-05-05", "2022-05-31")).toEqual([]);
    expect(await graph.people.insiderTrades("ZZZZ", "2022-05-01", "2022-05-31")).toBeUndefined();
  });

  it("lets a 4/A replace its owner's original and carries the plan box", async () => {
    // The recorded PANW 4/A (amending the form filed 2021-12-15) and, as its original, the same
    // XML marked "4"; the BDX form sold under a 10b5-1 plan. Filings are built in the test.
    const amendmentXml = fixture("form4a-panw-eschenbach.xml");
    const originalXml = amendmentXml
      .replace("<documentType>4/A</documentType>", "<documentType>4</documentType>")
      .replace(/<dateOfOriginalSubmission>[^<]*<\/dateOfOriginalSubmission>/, "");
    const record = (
      accessionNumber: string,
      form: string,
      filingDate: string,
      xml: string,
    ): FilingRecord => ({
      accessionNumber,
      form,
      filingDate,
      reportDate: null,
      description: null,
      url: "",
      insider: parseForm4(xml)?.insider,
    });
    const filings = [
      record("0000000001-21-000001", "4", "2021-12-15", originalXml),
      record("0000000001-22-000001", "4/A", "2022-01-13", amendmentXml),
      record(
        "0000000002-25-000001",
        "4",
        "2025-12-29",
        fixture("form4-bdx-0001628280-25-058843.xml"),
      ),
    ];
    const company = {
      filings: {
        filings: async (_symbol: string, { form }: { form?: string }) =>
          filings.filter((filing) => filing.form === form),
      },
    } as unknown as CompanyDataProvider;
    const people = createEdgarPeople(company, []);
    const trades = await people.insiderTrades("X", "2021-01-01", "2025-12-31");
    expect(
      trades?.map((t) => [t.accessionNumber, t.form, t.code, t.shares, t.tradingPlan]),
    ).toEqual([
      ["0000000001-22-000001", "4/A", "A", 661, null],
      ["0000000002-25-000001", "4", "S", 74, true],
    ]);
  });
});

describe("EDGAR institutions", () => {
  const DEC_2023 = Date.parse("2023-12-01T16:00:00Z");
  const BOTH = `${LTS_CIK},${ACTIAM_CIK}|pension`;

  it("reads each filer's latest 13F, in whole dollars whatever the year's unit", async () => {
    const { graph } = sources({ nowMs: DEC_2023, filers: BOTH });
    expect(await graph.institutions.institutions()).toEqual([
      { cik: LTS_CIK, name: "LTS One Management LP", kind: "asset-manager", city: "NEW YORK, NY" },
      { cik: ACTIAM_CIK, name: "ACTIAM N.V.", kind: "pension", city: "UTRECHT, P7" },
    ]);
    const amazon = await graph.institutions.positionsIn("AMZN");
    expect(amazon?.map((p) => [p.institution.cik, p.current, p.previous])).toEqual([
      [
        LTS_CIK,
        {
          institutionCik: LTS_CIK,
          symbol: "AMZN",
          quarterEnd: "2023-09-30",
          shares: 137_500,
          valueUsd: 17_479_000,
          accessionNumber: "0001894188-23-000007",
          filingDate: "2023-11-14",
        },
        null,
      ],
      [
        ACTIAM_CIK,
        {
          institutionCik: ACTIAM_CIK,
          symbol: "AMZN",
          quarterEnd: "2020-12-31",
          shares: 46_688,
          // "AMAZON.COM INC", filed 2021 as 152059 (thousands).
          valueUsd: 152_059_000,
          accessionNumber: "0001619124-21-000002",
          filingDate: "2021-02-12",
        },
        null,
      ],
    ]);
    const apple = await graph.institutions.positionsIn("AAPL");
    expect(apple?.map((p) => [p.institution.cik, p.current?.shares, p.current?.valueUsd])).toEqual([
      [ACTIAM_CIK, 1_733_777, 230_054_000],
    ]);
  });

  it("matches no share class by name alone, and knows unknown symbols", async () => {
    const { graph } = sources({ nowMs: DEC_2023, filers: BOTH });
    // ACTIAM holds "ALPHABET INC" twice: GOOG and GOOGL share that name in the tickers file.
    expect(await graph.institutions.positionsIn("GOOGL")).toEqual([]);
    expect(await graph.institutions.positionsIn("NVDA")).toEqual([]);
    expect(await graph.institutions.positionsIn("ZZZZ")).toBeUndefined();
  });

  it("reads only 13F-HRs filed by the clock, the latest two", async () => {
    const { graph, requests } = sources({
      nowMs: Date.parse("2025-09-01T16:00:00Z"),
      filers: SIEMENS_CIK,
    });
    // Siemens's 13F full submissions are not recorded: 404s, so no holdings, but the filer is known.
    expect(await graph.institutions.positionsIn("AAPL")).toEqual([]);
    expect(requests.filter((url) => url.endsWith(".txt"))).toEqual([
      thirteenFUrl(SIEMENS_CIK, "0000950123-25-007987"),
      thirteenFUrl(SIEMENS_CIK, "0000950123-25-005365"),
    ]);
    expect(await graph.institutions.institutions()).toEqual([
      { cik: SIEMENS_CIK, name: "SIEMENS AG", kind: "asset-manager", city: "" },
    ]);
  });

  it("answers no holders without configured filers", async () => {
    const { graph, requests } = sources({ nowMs: DEC_2023 });
    expect(await graph.institutions.positionsIn("AAPL")).toEqual([]);
    expect(await graph.institutions.institutions()).toEqual([]);
    expect(requests.some((url) => url.includes("submissions"))).toBe(false);
    expect(graph.supplyChain).toBeUndefined();
    expect(graph.provider).toBe("edgar");
  });

  it("turns an outage into CompanyDataUnavailable", async () => {
    const down = () => new Response("busy", { status: 503 });
    const submissionsDown = sources({
      nowMs: DEC_2023,
      filers: BOTH,
      overrides: { "https://data.sec.gov/submissions/CIK0001894188.json": down },
    });
    await expect(submissionsDown.graph.institutions.positionsIn("AMZN")).rejects.toBeInstanceOf(
      CompanyDataUnavailable,
    );
    const tickersDown = sources({
      nowMs: DEC_2023,
      filers: BOTH,
      overrides: { [EDGAR_TICKERS_URL]: down },
    });
    await expect(tickersDown.graph.institutions.positionsIn("AMZN")).rejects.toBeInstanceOf(
      CompanyDataUnavailable,
    );
    const filingsDown = sources({
      nowMs: Date.parse("2022-05-10T16:00:00Z"),
      overrides: { "https://data.sec.gov/submissions/CIK0000320193.json": down },
    });
    await expect(
      filingsDown.graph.people.insiderTrades("AAPL", "2022-05-01", "2022-05-31"),
    ).rejects.toBeInstanceOf(CompanyDataUnavailable);
  });
});

describe("GRAPH_13F_FILERS and issuer names", () => {
  it("reads CIKs with an optional kind, and refuses malformed entries", () => {
    expect(filersFromSetting("")).toEqual([]);
    expect(filersFromSetting(" 1067983 , 102909|index-fund ")).toEqual([
      { cik: "0001067983", kind: "asset-manager" },
      { cik: "0000102909", kind: "index-fund" },
    ]);
    expect(() => filersFromSetting("berkshire")).toThrow(/GRAPH_13F_FILERS/);
    expect(() => filersFromSetting("1067983|whale")).toThrow(/kinds/);
  });

  it("reduces issuer names to a comparable key", () => {
    expect(issuerKey("AMAZON.COM INC")).toBe(issuerKey("AMAZON COM INC"));
    expect(issuerKey("BANK OF AMERICA CORP /DE/")).toBe("BANKOFAMERICA");
    expect(issuerKey("CHEVRON CORP NEW")).toBe("CHEVRON");
    expect(issuerKey("Apple Inc.")).toBe(issuerKey("APPLE INC"));
  });
});
