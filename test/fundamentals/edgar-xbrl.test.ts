import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  createEdgarClient,
  createEdgarCompanyData,
  EDGAR_TICKERS_URL,
  type EdgarFetchText,
  type LimiterClock,
} from "../../lib/company/adapters/edgar";
import { edgarCache } from "../../lib/company/adapters/edgar-cache";
import { CompanyDataUnavailable } from "../../lib/company/ports";
import { loadConfig } from "../../lib/config";
import { pinnedClock } from "../../lib/deps";
import {
  companyFactsUrl,
  createEdgarFundamentals,
} from "../../lib/fundamentals/adapters/edgar-xbrl";
import {
  companyFactsSchema,
  reportedQuarters,
  type XbrlFact,
} from "../../lib/fundamentals/adapters/edgar-xbrl-facts";
import { annualOf, type QuarterStatement } from "../../lib/fundamentals/ports";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { createDynamoClient } from "../../lib/store/client";
import { createDocumentStore } from "../../lib/store/document-store";
import { ensureTable } from "../../lib/store/table";
import { parseVendorJson } from "../../lib/vendor-json";
import { wiringOf } from "../../lib/wiring/core";
import { fundamentalsSource } from "../../lib/wiring/fundamentals";
import { graphWiring } from "../../lib/wiring/graph";

/**
 * The EDGAR statements over recorded EDGAR documents (test/fixtures/edgar, SOURCES.md): Apple's
 * and Tesla's XBRL company facts (trimmed to the concepts read and a window of periods), the
 * tickers file and both companies' submissions files (the CIK). A fake fetch is the transport
 * (other URLs answer 404, as EDGAR does); the EDGAR client, the company directory and the
 * parser are the real ones.
 *
 * Apple's file (as served 2026-03-21) holds periods ending 2024-06-29 to 2025-12-27: fiscal
 * 2024 Q3 and Q4, 2025, 2026 Q1. Tesla's (as served in late 2022) holds 2021 to 2022 Q3, across
 * its 3-for-1 split of August 2022.
 */

const USER_AGENT = "Market Data API tests ops@example.com";
const AAPL_CIK = "0000320193";
const TSLA_CIK = "0001318605";

function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/edgar/${name}`, import.meta.url), "utf8");
}

const RECORDED = new Map<string, () => string>([
  [EDGAR_TICKERS_URL, () => fixture("company_tickers.json")],
  [
    `https://data.sec.gov/submissions/CIK${AAPL_CIK}.json`,
    () => fixture("submissions-CIK0000320193.json"),
  ],
  [
    `https://data.sec.gov/submissions/CIK${TSLA_CIK}.json`,
    () => fixture("submissions-CIK0001318605.json"),
  ],
  [companyFactsUrl(AAPL_CIK), () => fixture("companyfacts-aapl.json")],
  [companyFactsUrl(TSLA_CIK), () => fixture("companyfacts-tsla.json")],
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

/** The EDGAR statements at the market instant `at`, over the recorded files. */
function edgarAt(
  at: string,
  options: {
    overrides?: Record<string, () => Response>;
    cache?: (fetchText: EdgarFetchText) => EdgarFetchText;
  } = {},
) {
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
  const now = () => Date.parse(at);
  const company = createEdgarCompanyData({ userAgent: USER_AGENT, now, client });
  const fundamentals = createEdgarFundamentals({
    client,
    cache: options.cache,
    directory: company.directory,
    now,
  });
  return { fundamentals, requests };
}

/** After every recorded filing. */
const LATE = "2026-03-21T16:00:00Z";

async function quartersOf(symbol: string, at = LATE): Promise<QuarterStatement[]> {
  const quarters = await edgarAt(at).fundamentals.quarterStatements(symbol, 2000, 2100);
  if (!quarters) throw new Error(`${symbol} unknown`);
  return quarters;
}

const label = (q: QuarterStatement) => `${q.fiscalYear}Q${q.fiscalQuarter}`;

function quarter(quarters: QuarterStatement[], name: string): QuarterStatement {
  const found = quarters.find((q) => label(q) === name);
  if (!found) throw new Error(`${name} not among ${quarters.map(label).join(", ")}`);
  return found;
}

/** The recorded facts of a concept, straight from the file (any concept, read or not). */
function recordedFacts(file: string, concept: string, unit = "USD"): XbrlFact[] {
  const recorded = JSON.parse(fixture(file)) as {
    facts: { "us-gaap": Record<string, { units: Record<string, XbrlFact[]> } | undefined> };
  };
  return recorded.facts["us-gaap"][concept]?.units[unit] ?? [];
}

const APPLE_REVENUE = "RevenueFromContractWithCustomerExcludingAssessedTax";

describe("EDGAR statements: quarters and their filings", () => {
  it("lists Apple's quarters with the 10-Q or 10-K that first reported each", async () => {
    const quarters = await quartersOf("AAPL");
    expect(
      quarters.map((q) => [label(q), q.periodEnd, q.form, q.filingDate, q.accessionNumber]),
    ).toEqual([
      ["2024Q3", "2024-06-29", "10-Q", "2024-08-02", "0000320193-24-000081"],
      ["2024Q4", "2024-09-28", "10-K", "2024-11-01", "0000320193-24-000123"],
      ["2025Q1", "2024-12-28", "10-Q", "2025-01-31", "0000320193-25-000008"],
      ["2025Q2", "2025-03-29", "10-Q", "2025-05-02", "0000320193-25-000057"],
      ["2025Q3", "2025-06-28", "10-Q", "2025-08-01", "0000320193-25-000073"],
      ["2025Q4", "2025-09-27", "10-K", "2025-10-31", "0000320193-25-000079"],
      ["2026Q1", "2025-12-27", "10-Q", "2026-01-30", "0000320193-26-000006"],
    ]);
    // Each comparative re-filing (the next year's 10-Q, the next 10-K) is later: not the filing.
    const q1Revenue = recordedFacts("companyfacts-aapl.json", APPLE_REVENUE).filter(
      (fact) => fact.start === "2024-09-29" && fact.end === "2024-12-28",
    );
    expect(q1Revenue.map((fact) => fact.accn)).toEqual([
      "0000320193-25-000008",
      "0000320193-26-000006",
    ]);
  });

  it("reads a filer using RevenueFromContractWithCustomerExcludingAssessedTax", async () => {
    const quarters = await quartersOf("AAPL");
    expect(quarters.map((q) => q.revenueUsd)).toEqual([
      85_777_000_000, 94_930_000_000, 124_300_000_000, 95_359_000_000, 94_036_000_000,
      102_466_000_000, 143_756_000_000,
    ]);
    expect(recordedFacts("companyfacts-aapl.json", "Revenues")).toEqual([]);
    // Tesla reports "Revenues", the first concept tried.
    expect(quarter(await quartersOf("TSLA"), "2022Q3").revenueUsd).toBe(21_454_000_000);
  });

  it("derives Q4 from the 10-K's year less the nine months, so the quarters add up to the 10-K", async () => {
    const quarters = await quartersOf("AAPL");
    const revenue = recordedFacts("companyfacts-aapl.json", APPLE_REVENUE);
    // No three-month fact for Apple's fourth quarter: the 10-K reports the year.
    expect(revenue.some((f) => f.start === "2025-06-29" && f.end === "2025-09-27")).toBe(false);
    const year = revenue.find((f) => f.start === "2024-09-29" && f.end === "2025-09-27");
    const nineMonths = revenue.find((f) => f.start === "2024-09-29" && f.end === "2025-06-28");
    expect([year?.val, nineMonths?.val]).toEqual([416_161_000_000, 313_695_000_000]);
    expect(quarter(quarters, "2025Q4").revenueUsd).toBe(416_161_000_000 - 313_695_000_000);

    const fiscal2025 = annualOf(quarters).find((y) => y.fiscalYear === 2025);
    expect(fiscal2025).toMatchObject({
      periodEnd: "2025-09-27",
      form: "10-K",
      accessionNumber: "0000320193-25-000079",
      revenueUsd: 416_161_000_000,
      netIncomeUsd: 112_010_000_000,
      operatingCashFlowUsd: 111_482_000_000,
      dilutedEps: 7.46,
    });
    // Shares average: within the 10-K's rounding to thousands of 15,004,697,000.
    expect(Math.abs((fiscal2025?.dilutedShares ?? 0) - 15_004_697_000)).toBeLessThan(1_000);
  });

  it("derives a quarter's cash flows from year-to-date figures, and not without the one before", async () => {
    const quarters = await quartersOf("AAPL");
    // 10-Qs report cash flows year to date: Q2 = six months − Q1.
    expect(quarter(quarters, "2025Q2").operatingCashFlowUsd).toBe(53_887_000_000 - 29_935_000_000);
    // Fiscal 2024's six months are not in the recorded file, so its Q3 cash flows are unknown.
    const q3 = quarter(quarters, "2024Q3");
    expect(q3.unreported).toEqual(
      expect.arrayContaining(["operatingCashFlowUsd", "capexUsd", "freeCashFlowUsd"]),
    );
    expect(q3.operatingCashFlowUsd).toBe(0);
    // ... while Q4's cash flows are the year less the nine months, both recorded.
    expect(quarter(quarters, "2024Q4").operatingCashFlowUsd).toBe(118_254_000_000 - 91_443_000_000);
  });
});

describe("EDGAR statements: the fy trap, restatements and the clock", () => {
  it("keys facts on their period, not on the filing's fy: a 10-K repeats the year before", async () => {
    const revenue = recordedFacts("companyfacts-aapl.json", APPLE_REVENUE);
    // Both of these carry fy 2025 and fp FY: the fiscal 2025 10-K repeats fiscal 2024.
    const taggedFiscal2025 = revenue.filter((f) => f.fy === 2025 && f.fp === "FY");
    expect(taggedFiscal2025.map((f) => [f.start, f.end, f.val])).toEqual([
      ["2023-10-01", "2024-09-28", 391_035_000_000],
      ["2024-09-29", "2025-09-27", 416_161_000_000],
    ]);
    const quarters = await quartersOf("AAPL");
    // Fiscal 2024's Q4 comes from its own year (ending 2024-09-28), whatever the fy.
    expect(quarter(quarters, "2024Q4").revenueUsd).toBe(391_035_000_000 - 296_105_000_000);
    expect(quarter(quarters, "2025Q4").revenueUsd).toBe(102_466_000_000);
  });

  it("takes, once every filing is in, the fact EDGAR framed for each quarter's period", async () => {
    const quarters = await reportedOf("companyfacts-aapl.json", "2026-03-21");
    const revenue = recordedFacts("companyfacts-aapl.json", APPLE_REVENUE);
    for (const q of quarters.filter((q) => q.fiscalQuarter !== 4)) {
      const framed = revenue.find(
        (f) => f.start === q.periodStart && f.end === q.periodEnd && f.frame !== undefined,
      );
      expect(framed?.frame, `${q.fiscalYear}Q${q.fiscalQuarter}`).toMatch(/^CY\d{4}Q\d$/);
      expect(q.revenueUsd).toBe(framed?.val);
    }
  });

  it("uses the latest value filed by the clock and keeps the filing that first reported it", async () => {
    // Tesla's Q3 2022 10-Q (filed 2022-10-24) restated retained earnings at 2021-12-31, and
    // 2021's per-share figures for the 3-for-1 split.
    const before = quarter(await quartersOf("TSLA", "2022-10-21T20:00:00Z"), "2021Q4");
    const after = quarter(await quartersOf("TSLA", "2022-10-24T20:00:00Z"), "2021Q4");
    expect([before.retainedEarningsUsd, after.retainedEarningsUsd]).toEqual([
      331_000_000, 329_000_000,
    ]);
    for (const q of [before, after]) {
      expect([q.form, q.filingDate, q.accessionNumber]).toEqual([
        "10-K",
        "2022-02-07",
        "0000950170-22-000796",
      ]);
    }
    const q3Eps = async (at: string) => quarter(await quartersOf("TSLA", at), "2021Q3").dilutedEps;
    expect([await q3Eps("2022-10-21T20:00:00Z"), await q3Eps("2022-10-24T20:00:00Z")]).toEqual([
      1.44, 0.48,
    ]);
  });

  it("derives Q4 from figures of one basis when a split restates only the nine months", async () => {
    // Tesla's fiscal 2021 EPS: 4.90 in the 10-K; nine months 2.84, restated to 0.95 after the
    // split (the year itself not yet). Q4 stays 4.90 − 2.84, not 4.90 − 0.95.
    for (const at of ["2022-10-21T20:00:00Z", "2022-10-24T20:00:00Z"]) {
      const q4 = quarter(await quartersOf("TSLA", at), "2021Q4");
      expect(q4.dilutedEps).toBe(2.06);
      expect(q4.revenueUsd).toBe(53_823_000_000 - 36_104_000_000);
      expect(q4.netIncomeUsd).toBe(5_519_000_000 - 3_198_000_000);
    }
  });

  it("reads nothing filed after the clock's New York date", async () => {
    // 2026-01-30 04:30 UTC is still the 29th in New York: the Q1 2026 10-Q is not out.
    const late29th = (await quartersOf("AAPL", "2026-01-30T04:30:00Z")).map(label);
    expect(late29th.at(-1)).toBe("2025Q4");
    expect((await quartersOf("AAPL", "2026-01-30T15:00:00Z")).map(label).at(-1)).toBe("2026Q1");
    // Before the fiscal 2025 10-K, the year is open: no Q4, the quarters before as filed.
    const beforeTenK = await quartersOf("AAPL", "2025-10-30T15:00:00Z");
    expect(beforeTenK.map(label)).toEqual(["2024Q3", "2024Q4", "2025Q1", "2025Q2", "2025Q3"]);
    expect(quarter(beforeTenK, "2025Q3").revenueUsd).toBe(94_036_000_000);
  });
});

describe("EDGAR statements: balance sheets and what filers leave out", () => {
  it("keeps balance sheets as reported: Apple's balance, Tesla's with its minority interests", async () => {
    for (const q of await quartersOf("AAPL")) {
      expect(q.totalAssetsUsd, label(q)).toBe(q.totalLiabilitiesUsd + q.equityUsd);
    }
    // Tesla: assets = liabilities + redeemable noncontrolling interests (temporary equity)
    // + equity + noncontrolling interests, so not liabilities + equity alone.
    const instantOf = (concept: string, end: string) =>
      recordedFacts("companyfacts-tsla.json", concept)
        .filter((f) => f.end === end && f.start === undefined)
        .at(-1)?.val ?? Number.NaN;
    for (const q of await quartersOf("TSLA")) {
      const minorities =
        instantOf("MinorityInterest", q.periodEnd) +
        instantOf("RedeemableNoncontrollingInterestEquityCarryingAmount", q.periodEnd);
      expect(minorities, label(q)).toBeGreaterThan(1_000_000_000);
      expect(q.totalAssetsUsd - q.totalLiabilitiesUsd - q.equityUsd, label(q)).toBe(minorities);
    }
  });

  it("adds up debt from the balance sheet's lines and cash with short-term investments", async () => {
    const apple = quarter(await quartersOf("AAPL"), "2026Q1");
    // Long-term debt 76,685 + its current part 11,827 + commercial paper 1,997 ($M).
    expect(apple.totalDebtUsd).toBe(76_685_000_000 + 11_827_000_000 + 1_997_000_000);
    const appleCash = recordedFacts(
      "companyfacts-aapl.json",
      "CashAndCashEquivalentsAtCarryingValue",
    )
      .filter((f) => f.end === "2025-12-27")
      .at(-1)?.val;
    const marketable = recordedFacts("companyfacts-aapl.json", "MarketableSecuritiesCurrent")
      .filter((f) => f.end === "2025-12-27")
      .at(-1)?.val;
    expect(apple.cashUsd).toBe((appleCash ?? Number.NaN) + (marketable ?? Number.NaN));
    // Tesla: no noncurrent concept; LongTermDebt (its balance-sheet line) + DebtCurrent.
    expect(quarter(await quartersOf("TSLA"), "2021Q4").totalDebtUsd).toBe(
      4_254_000_000 + 1_088_000_000,
    );
  });

  it("names what a filer does not report, as null in the parse and 0 + unreported in the port", async () => {
    const apple = await quartersOf("AAPL");
    // Apple has not reported InterestExpense since fiscal 2023.
    for (const q of apple) expect(q.unreported, label(q)).toContain("interestExpenseUsd");
    expect(quarter(apple, "2025Q4")).toMatchObject({
      interestExpenseUsd: 0,
      unreported: ["interestExpenseUsd"],
    });
    // Tesla tags D&A with its own concept and pays no dividends.
    for (const q of await quartersOf("TSLA")) {
      expect(q.unreported, label(q)).toEqual(["depreciationAmortizationUsd", "dividendsPaidUsd"]);
    }
    const parsed = await reportedOf("companyfacts-tsla.json", "2026-03-21");
    expect(parsed.every((q) => q.dividendsPaidUsd === null && q.revenueUsd !== null)).toBe(true);
  });
});

describe("EDGAR statements: symbols, failures, range and cache", () => {
  it("answers undefined for an unknown symbol and [] for a company without XBRL facts", async () => {
    const { fundamentals } = edgarAt(LATE, {
      overrides: { [companyFactsUrl(AAPL_CIK)]: () => new Response("", { status: 404 }) },
    });
    expect(await fundamentals.quarterStatements("ZZZZ", 2020, 2026)).toBeUndefined();
    expect(await fundamentals.quarterStatements("AAPL", 2020, 2026)).toEqual([]);
    expect(fundamentals.name).toBe("edgar");
  });

  it("turns HTTP 503 and a malformed file into CompanyDataUnavailable", async () => {
    const down = edgarAt(LATE, {
      overrides: { [companyFactsUrl(AAPL_CIK)]: () => new Response("busy", { status: 503 }) },
    });
    const refusal = await down.fundamentals.quarterStatements("AAPL", 2020, 2026).catch((e) => e);
    expect(refusal).toBeInstanceOf(CompanyDataUnavailable);
    expect(refusal.message).toMatch(/companyfacts\/CIK0000320193\.json: HTTP 503/);

    const malformed = edgarAt(LATE, {
      overrides: {
        [companyFactsUrl(AAPL_CIK)]: () =>
          new Response('{"cik":320193,"facts":{"us-gaap":{"Assets":{"units":{"USD":[{}]}}}}}'),
      },
    });
    const error = await malformed.fundamentals
      .quarterStatements("AAPL", 2020, 2026)
      .catch((e) => e);
    expect(error).toBeInstanceOf(CompanyDataUnavailable);
    expect(error.message).toMatch(/unexpected response format/);
  });

  it("returns the fiscal years asked for", async () => {
    const { fundamentals } = edgarAt(LATE);
    const fiscal2025 = await fundamentals.quarterStatements("AAPL", 2025, 2025);
    expect(fiscal2025?.map(label)).toEqual(["2025Q1", "2025Q2", "2025Q3", "2025Q4"]);
  });
});

/** The parser's own output (nulls where unreported), straight from a recorded file. */
async function reportedOf(file: string, asOfDate: string) {
  const parsed = parseVendorJson(fixture(file), companyFactsSchema);
  if ("problem" in parsed) throw new Error(parsed.problem);
  return reportedQuarters(parsed.data, asOfDate);
}

describe("EDGAR statements through the EDGAR cache (DynamoDB Local)", () => {
  const dynamo = createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") });
  const db = createDocumentStore({ region: "us-east-1", endpoint: inject("dynamoEndpoint") });
  const tableName = `edgar-xbrl-${randomUUID()}`;
  beforeAll(() => ensureTable(dynamo, tableName), 60_000);
  afterAll(() => dynamo.destroy());

  it("caches the facts read, compactly, and answers a cold instance without EDGAR", async () => {
    const clock = pinnedClock(new Date(LATE));
    const first = edgarAt(LATE, { cache: edgarCache({ db, tableName, clock }) });
    const warmed = await first.fundamentals.quarterStatements("AAPL", 2020, 2030);
    expect(first.requests).toContain(companyFactsUrl(AAPL_CIK));
    expect(warmed).toEqual(await quartersOf("AAPL"));

    // What the cache kept is the same format, smaller than the recorded file.
    const kept: string[] = [];
    const spy =
      (fetchText: EdgarFetchText): EdgarFetchText =>
      async (url, kind) => {
        const text = await fetchText(url, kind);
        if (kind === "companyFacts" && text !== undefined) kept.push(text);
        return text;
      };
    const cold = edgarAt(LATE, {
      cache: (fetchText) => spy(edgarCache({ db, tableName, clock })(fetchText)),
    });
    expect(await cold.fundamentals.quarterStatements("AAPL", 2020, 2030)).toEqual(warmed);
    expect(cold.requests).not.toContain(companyFactsUrl(AAPL_CIK));
    expect(kept[0]?.length).toBeLessThan(fixture("companyfacts-aapl.json").length * 0.7);
    expect(parseVendorJson(kept[0] ?? "", companyFactsSchema)).toHaveProperty("data");
  });
});

describe("EDGAR statements wiring", () => {
  const clock = pinnedClock(new Date("2026-11-23T15:00:00Z"));
  const market = createSimulatedMarket(clock);
  const config = loadConfig({
    ...process.env,
    COMPANY_PROVIDER: "edgar",
    EDGAR_USER_AGENT: "Example ops@example.com",
  });

  it("makes COMPANY_PROVIDER=edgar serve the statements from EDGAR", () => {
    expect(graphWiring(wiringOf(config), market, clock).fundamentals.name).toBe("edgar");
    expect(fundamentalsSource(wiringOf(config), market, clock).name).toBe("edgar");
    expect(
      fundamentalsSource(
        wiringOf(loadConfig({ ...process.env, COMPANY_PROVIDER: "sim" })),
        market,
        clock,
      ).name,
    ).toBe("sim");
  });
});
