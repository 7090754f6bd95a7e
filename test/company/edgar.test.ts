import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  createEdgarCompanyData,
  createRateLimiter,
  documentUrl,
  EDGAR_CACHE_TTL_SECONDS,
  EDGAR_TICKERS_URL,
  type EdgarFetchText,
  filingIndexUrl,
  type LimiterClock,
} from "../../lib/company/adapters/edgar";
import {
  businessSection,
  businessSummary,
  cutAtSentence,
  DESCRIPTION_MAX_CHARS,
} from "../../lib/company/adapters/edgar-10k";
import { CompanyDataUnavailable } from "../../lib/company/ports";

/**
 * The SEC EDGAR adapter over recorded files in EDGAR's formats (test/fixtures/edgar; where each
 * came from: SOURCES.md there), served by a fake fetch keyed by URL: no network.
 * - company_tickers.json: 50 entries of a real snapshot of www.sec.gov/files/company_tickers.json.
 * - submissions-CIK0000320193.json: Apple's data.sec.gov submissions file as served on
 *   2026-02-26, `filings.recent` cut to its newest 310 filings (columns kept parallel).
 * - form4-aapl-0000320193-22-000061.xml: the Form 4 of Apple's filing 0000320193-22-000061.
 * - aapl-20240928-10k.htm: Apple's FY2024 10-K primary document, trimmed around Item 1.
 */

const USER_AGENT = "Market Data API tests ops@example.com";
const AAPL_CIK = "0000320193";
const SUBMISSIONS_URL = "https://data.sec.gov/submissions/CIK0000320193.json";
const ARCHIVES = "https://www.sec.gov/Archives/edgar/data/320193";
/** The Form 4 the fixture records, by the URL its submissions entry leads to. */
const ADAMS_FORM4_URL = `${ARCHIVES}/000032019322000061/wf-form4_165187623819106.xml`;
const TENK_2024_URL = `${ARCHIVES}/000032019324000123/aapl-20240928.htm`;
/** After the newest recorded filing (2026-02-26). */
const AFTER_ALL = Date.parse("2026-03-02T15:00:00Z");

function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/edgar/${name}`, import.meta.url), "utf8");
}

const submissions = JSON.parse(fixture("submissions-CIK0000320193.json"));
const recent = submissions.filings.recent;
const tickersFile: Record<string, { cik_str: number; ticker: string; title: string }> = JSON.parse(
  fixture("company_tickers.json"),
);

/** EDGAR as recorded; every other URL answers 404 as EDGAR does for a missing document. */
const RECORDED = new Map<string, () => string>([
  [EDGAR_TICKERS_URL, () => fixture("company_tickers.json")],
  [SUBMISSIONS_URL, () => fixture("submissions-CIK0000320193.json")],
  [ADAMS_FORM4_URL, () => fixture("form4-aapl-0000320193-22-000061.xml")],
  [TENK_2024_URL, () => fixture("aapl-20240928-10k.htm")],
]);

interface RecordedRequest {
  url: string;
  headers: Headers;
  atMs: number;
}

/** A fake fetch over RECORDED plus per-test overrides; it records every request. */
function fakeEdgar(
  overrides: Record<string, () => Response | Promise<Response>> = {},
  clock?: LimiterClock,
) {
  const requests: RecordedRequest[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    requests.push({ url, headers: new Headers(init?.headers), atMs: clock?.nowMs() ?? 0 });
    const override = overrides[url];
    if (override) return override();
    const body = RECORDED.get(url);
    return body
      ? new Response(body(), { status: 200 })
      : new Response("<html><body>Not Found</body></html>", { status: 404 });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

function provider(options: {
  nowMs?: number;
  overrides?: Record<string, () => Response | Promise<Response>>;
  clock?: LimiterClock;
}) {
  const edgar = fakeEdgar(options.overrides, options.clock);
  const company = createEdgarCompanyData({
    userAgent: USER_AGENT,
    fetch: edgar.fetch,
    now: () => options.nowMs ?? AFTER_ALL,
    limiterClock: options.clock ?? instantClock(),
  });
  return { company, requests: edgar.requests };
}

/** A limiter clock that never waits (for tests that do not count time). */
function instantClock(): LimiterClock {
  let nowMs = 0;
  return {
    nowMs: () => nowMs,
    sleep: async (ms) => {
      nowMs += ms;
    },
  };
}

/**
 * A fake clock for the limiter: sleeps resolve in wake-time order, one at a time, each after
 * the work it releases has run (setImmediate), so a request's recorded time is its start time.
 */
function steppedClock() {
  let nowMs = 0;
  const timers: { atMs: number; wake: () => void }[] = [];
  const clock: LimiterClock = {
    nowMs: () => nowMs,
    sleep: (ms) => new Promise<void>((wake) => timers.push({ atMs: nowMs + ms, wake })),
  };
  async function run<T>(work: Promise<T>): Promise<T> {
    let settled = false;
    const watched = work.finally(() => {
      settled = true;
    });
    for (let step = 0; !settled && step < 10_000; step++) {
      await new Promise((resolve) => setImmediate(resolve));
      if (settled || timers.length === 0) continue;
      timers.sort((a, b) => a.atMs - b.atMs);
      const next = timers.shift();
      if (next) {
        nowMs = Math.max(nowMs, next.atMs);
        next.wake();
      }
    }
    return watched;
  }
  return { clock, run };
}

/** The most requests started within any second: a half-open 1,000 ms window from each start. */
function busiestSecond(starts: number[]): number {
  return Math.max(
    ...starts.map((from) => starts.filter((at) => at >= from && at < from + 1000).length),
  );
}

describe("EDGAR directory", () => {
  it("lists every entry of the tickers file as a stock, share classes with a dot", async () => {
    const { company } = provider({});
    const listings = await company.directory.listings();
    expect(listings).toHaveLength(Object.keys(tickersFile).length);
    expect(listings).toContainEqual({
      symbol: "AAPL",
      name: "Apple Inc.",
      exchange: "",
      contractType: "STK",
    });
    expect(listings).toContainEqual({
      symbol: "BRK.B",
      name: "BERKSHIRE HATHAWAY INC",
      exchange: "",
      contractType: "STK",
    });
    expect(listings.filter((listing) => listing.symbol.includes("-"))).toEqual([]);
    const fileTickers = Object.values(tickersFile).map((entry) => entry.ticker.replace("-", "."));
    expect(listings.map((listing) => listing.symbol).sort()).toEqual(fileTickers.sort());
  });

  it("describes AAPL from its submissions file", async () => {
    const { company, requests } = provider({});
    const record = await company.directory.company("AAPL");
    const business = submissions.addresses.business;
    // Traced to the fixture: name, CIK, SIC description, fiscal year end, business address.
    expect(submissions.name).toBe("Apple Inc.");
    expect(submissions.exchanges[submissions.tickers.indexOf("AAPL")]).toBe("Nasdaq");
    expect([submissions.sicDescription, submissions.fiscalYearEnd]).toEqual([
      "Electronic Computers",
      "0926",
    ]);
    expect([business.city, business.stateOrCountry, submissions.website]).toEqual([
      "CUPERTINO",
      "CA",
      "",
    ]);
    expect(record).toEqual({
      symbol: "AAPL",
      name: "Apple Inc.",
      exchange: "NASDAQ",
      contractType: "STK",
      cik: AAPL_CIK,
      isin: null,
      sector: null,
      industry: "Electronic Computers",
      country: "US",
      headquarters: "Cupertino, CA",
      website: null,
      employees: null,
      fiscalYearEnd: "09-26",
      summary: null,
    });
    expect(requests.map((request) => request.url)).toEqual([EDGAR_TICKERS_URL, SUBMISSIONS_URL]);
  });

  it("looks BRK.B up as EDGAR's BRK-B (CIK 1067983)", async () => {
    const { company, requests } = provider({});
    // The fixture set records no Berkshire submissions file: EDGAR's 404 is "unknown".
    expect(await company.directory.company("brk.b")).toBeUndefined();
    expect(requests.map((request) => request.url)).toContain(
      "https://data.sec.gov/submissions/CIK0001067983.json",
    );
  });

  it("answers undefined for a symbol EDGAR does not list, without asking for submissions", async () => {
    const { company, requests } = provider({});
    expect(await company.directory.company("ZZZZ")).toBeUndefined();
    expect(await company.filings.filings("ZZZZ", { limit: 5 })).toBeUndefined();
    expect(await company.descriptions.description("ZZZZ")).toBeUndefined();
    expect(requests.map((request) => request.url)).toEqual([EDGAR_TICKERS_URL]);
  });

  it("has no social feed", () => {
    expect(provider({}).company.social).toBeUndefined();
  });
});

describe("EDGAR filings", () => {
  it("lists filings newest first as recorded, with the index URL EDGAR serves", async () => {
    const { company } = provider({});
    const filings = await company.filings.filings("AAPL", { limit: 10 });
    expect(filings?.map((filing) => filing.accessionNumber)).toEqual(
      recent.accessionNumber.slice(0, 10),
    );
    const eightK = filings?.[7];
    expect(eightK).toEqual({
      accessionNumber: "0001140361-26-006577",
      form: "8-K",
      filingDate: "2026-02-24",
      reportDate: "2026-02-24",
      description: "8-K: Items 5.07, 9.01",
      url: "https://www.sec.gov/Archives/edgar/data/320193/000114036126006577/0001140361-26-006577-index.htm",
    });
    expect(recent.items[7]).toBe("5.07,9.01");
  });

  it("filters by form, exactly and ignoring case, and limits", async () => {
    const { company } = provider({});
    const annual = await company.filings.filings("AAPL", { form: "10-k", limit: 3 });
    expect(annual?.map((filing) => [filing.accessionNumber, filing.filingDate])).toEqual([
      ["0000320193-25-000079", "2025-10-31"],
      ["0000320193-24-000123", "2024-11-01"],
      ["0000320193-23-000106", "2023-11-03"],
    ]);
    expect(annual?.every((filing) => filing.form === "10-K" && filing.insider === undefined)).toBe(
      true,
    );
    const amended = await company.filings.filings("AAPL", { form: "4/A", limit: 40 });
    expect(amended?.map((filing) => filing.form)).toEqual(["4/A"]);
    expect(await company.filings.filings("AAPL", { form: "10-K", limit: 0 })).toEqual([]);
  });

  it("shows nothing filed after the market clock", async () => {
    const { company } = provider({ nowMs: Date.parse("2022-08-19T20:00:00Z") });
    const filings = await company.filings.filings("AAPL", { limit: 3 });
    expect(filings?.map((filing) => [filing.accessionNumber, filing.filingDate])).toEqual([
      ["0000320193-22-000076", "2022-08-19"],
      ["0001193125-22-225365", "2022-08-19"],
      ["0000320193-22-000074", "2022-08-09"],
    ]);
  });

  it("parses a Form 4's XML into the filing's insider transactions", async () => {
    const { company, requests } = provider({ nowMs: Date.parse("2022-05-10T16:00:00Z") });
    const [filing, ...rest] =
      (await company.filings.filings("AAPL", { form: "4", limit: 40 })) ?? [];
    expect(rest).toEqual([]);
    // The submissions entry names the XSL rendering; the raw XML sits beside it.
    expect(recent.primaryDocument[309]).toBe("xslF345X03/wf-form4_165187623819106.xml");
    expect(requests.map((request) => request.url)).toContain(ADAMS_FORM4_URL);
    expect(filing).toMatchObject({
      accessionNumber: "0000320193-22-000061",
      form: "4",
      filingDate: "2022-05-06",
      reportDate: "2022-05-04",
      description: "FORM 4",
      url: `${ARCHIVES}/000032019322000061/0000320193-22-000061-index.htm`,
    });
    // As filed: the owner, the relationship and the seven open-market sales.
    expect(filing?.insider?.ownerName).toBe("Adams Katherine L.");
    expect(filing?.insider?.ownerCik).toBe("0001462356");
    expect(filing?.insider?.relationship).toEqual({
      isDirector: false,
      isOfficer: true,
      officerTitle: "SVP, GC and Secretary",
      isTenPercentOwner: false,
      otherText: null,
    });
    const lines = filing?.insider?.transactions.map((t) => [
      t.code,
      t.shares,
      t.pricePerShare,
      t.acquiredDisposed,
      t.sharesOwnedAfter,
      t.ownership,
    ]);
    expect(lines).toEqual([
      ["S", 9136, 159.94, "D", 468198, "D"],
      ["S", 5316, 160.82, "D", 462882, "D"],
      ["S", 4006, 161.93, "D", 458876, "D"],
      ["S", 900, 162.77, "D", 457976, "D"],
      ["S", 1550, 163.94, "D", 456426, "D"],
      ["S", 1800, 165.06, "D", 454626, "D"],
      ["S", 2292, 165.95, "D", 452334, "D"],
    ]);
    expect(
      filing?.insider?.transactions.every(
        (t) =>
          t.securityTitle === "Common Stock" && t.transactionDate === "2022-05-04" && !t.derivative,
      ),
    ).toBe(true);
  });

  it("keeps a Form 4 without insider data when its XML is missing, broken or another issuer's", async () => {
    const nowMs = Date.parse("2022-05-10T16:00:00Z");
    const cases: Record<string, () => Response> = {
      missing: () => new Response("Not Found", { status: 404 }),
      outage: () => new Response("Service Unavailable", { status: 503 }),
      notXml: () => new Response("<html><body>Request Rate Threshold Exceeded</body></html>"),
      otherIssuer: () => new Response(fixture("form4-snow-0001213900-22-069931.xml")),
    };
    for (const [label, answer] of Object.entries(cases)) {
      const { company } = provider({ nowMs, overrides: { [ADAMS_FORM4_URL]: answer } });
      const filings = await company.filings.filings("AAPL", { form: "4", limit: 40 });
      expect(
        filings?.map((filing) => filing.accessionNumber),
        label,
      ).toEqual(["0000320193-22-000061"]);
      expect(filings?.[0]?.insider, label).toBeUndefined();
    }
  });

  it("builds EDGAR's archive URLs", () => {
    expect(filingIndexUrl(AAPL_CIK, "0000320193-22-000061")).toBe(
      "https://www.sec.gov/Archives/edgar/data/320193/000032019322000061/0000320193-22-000061-index.htm",
    );
    expect(documentUrl(320193, "0000320193-22-000061", "xslF345X03/wf-form4_1.xml")).toBe(
      "https://www.sec.gov/Archives/edgar/data/320193/000032019322000061/wf-form4_1.xml",
    );
    expect(documentUrl("320193", "0000320193-24-000123", "aapl-20240928.htm")).toBe(TENK_2024_URL);
  });
});

describe("EDGAR descriptions", () => {
  it("takes the latest 10-K's Item 1 as of the clock", async () => {
    const { company, requests } = provider({ nowMs: Date.parse("2025-06-02T14:00:00Z") });
    const description = await company.descriptions.description("AAPL");
    expect(requests.map((request) => request.url)).toContain(TENK_2024_URL);
    expect(description).toEqual({
      description: expect.stringMatching(
        /^The Company designs, manufactures and markets smartphones, personal computers, tablets, wearables and accessories, and sells a variety of related services\. /,
      ),
      source: "10-K",
      updatedOn: "2024-11-01T00:00:00.000Z",
    });
  });

  it("answers undefined when the latest 10-K's document is not there", async () => {
    // At this clock the latest 10-K is FY2025's, whose document the fixtures do not hold.
    const { company, requests } = provider({});
    expect(await company.descriptions.description("AAPL")).toBeUndefined();
    expect(requests.map((request) => request.url)).toContain(
      `${ARCHIVES}/000032019325000079/aapl-20250927.htm`,
    );
  });
});

describe("Item 1 of a 10-K", () => {
  const html = fixture("aapl-20240928-10k.htm");

  it("starts at the business text, not at the table of contents or a cross-reference", () => {
    const section = businessSection(html);
    expect(section?.startsWith("Company Background\nThe Company designs, manufactures")).toBe(true);
    expect(section).not.toContain("Risk Factors");
    expect(section).toContain("Accessories includes Apple-branded and third-party accessories.");
  });

  it("keeps prose only, at most 1,500 characters, cut at a sentence end", () => {
    const summary = businessSummary(html) ?? "";
    expect(summary.length).toBeLessThanOrEqual(DESCRIPTION_MAX_CHARS);
    expect(summary.length).toBeGreaterThan(1000);
    expect(summary).toMatch(/\.$/);
    expect(summary).toContain(
      "The Company\u2019s fiscal year is the 52- or 53-week period that ends on the last Saturday of September. iPhone\u00ae is the Company\u2019s line of smartphones",
    );
    for (const heading of ["Company Background", "Products", "Page", "Item 1", "&#"]) {
      expect(summary).not.toContain(heading);
    }
  });

  it("finds headings in other spellings and ends at the next item", () => {
    const prose = "Widgets are what we make. ".repeat(30);
    const doc = `<html><body><table><tr><td>ITEM 1</td><td>BUSINESS</td><td>3</td></tr>
      <tr><td>ITEM 2</td><td>PROPERTIES</td><td>9</td></tr></table>
      <p><b>ITEM&nbsp;1 &#8212; BUSINESS</b></p><p>Overview</p><p>${prose}</p>
      <p><b>Item 2: Properties</b></p><p>We lease offices.</p></body></html>`;
    expect(businessSection(doc)).toBe(`Overview\n${prose.trim()}`);
    expect(businessSummary(doc, 60)).toBe("Widgets are what we make. Widgets are what we make.");
    expect(businessSection("<p>Item 7. Management's Discussion</p>")).toBeUndefined();
  });

  it("cuts at the last full sentence that fits", () => {
    expect(cutAtSentence("One. Two! Three? Four.", 17)).toBe("One. Two! Three?");
    expect(cutAtSentence("Short.", 100)).toBe("Short.");
    expect(cutAtSentence("no sentence end here at all", 12)).toBe("no sentence\u2026");
  });
});

describe("EDGAR fair access", () => {
  it("sends the configured User-Agent and accepts gzip on every request", async () => {
    const { company, requests } = provider({ nowMs: Date.parse("2022-05-10T16:00:00Z") });
    await company.directory.listings();
    await company.filings.filings("AAPL", { form: "4", limit: 5 });
    await provider({}).company.descriptions.description("AAPL");
    expect(requests.length).toBeGreaterThanOrEqual(3);
    for (const request of requests) {
      expect(request.headers.get("User-Agent"), request.url).toBe(USER_AGENT);
      expect(request.headers.get("Accept-Encoding"), request.url).toMatch(/gzip/);
    }
  });

  it("starts at most 10 requests in any second, across concurrent Form 4 loads", async () => {
    const { clock, run } = steppedClock();
    const { company, requests } = provider({ clock });
    const filings = await run(company.filings.filings("AAPL", { form: "4", limit: 40 }));
    expect(filings).toHaveLength(40);
    // The tickers file, the submissions file, then 40 Form 4 XMLs.
    expect(requests).toHaveLength(42);
    const starts = requests.map((request) => request.atMs);
    expect(busiestSecond(starts)).toBe(10);
    // 42 requests need at least four more seconds than the first ten took.
    expect(Math.max(...starts) - Math.min(...starts)).toBeGreaterThanOrEqual(4000);
  });

  it("shares one limiter between a provider's methods", async () => {
    const { clock, run } = steppedClock();
    const { company, requests } = provider({ clock });
    await run(
      Promise.all([
        company.filings.filings("AAPL", { form: "4", limit: 12 }),
        company.directory.company("AAPL"),
        company.filings.filings("AAPL", { form: "4", limit: 12 }),
      ]),
    );
    const starts = requests.map((request) => request.atMs);
    expect(starts.length).toBeGreaterThan(20);
    expect(busiestSecond(starts)).toBe(10);
  });

  it("lets ten requests through at once, then spaces the rest by the oldest start", async () => {
    const { clock, run } = steppedClock();
    const acquire = createRateLimiter(10, clock);
    const started: number[] = [];
    await run(
      Promise.all(
        Array.from({ length: 25 }, async () => {
          await acquire();
          started.push(clock.nowMs());
        }),
      ),
    );
    expect(started).toEqual([
      ...Array<number>(10).fill(0),
      ...Array<number>(10).fill(1000),
      ...Array<number>(5).fill(2000),
    ]);
  });
});

describe("EDGAR outages", () => {
  const failures: Record<string, () => Response | Promise<Response>> = {
    "the network fails": () => Promise.reject(new TypeError("fetch failed")),
    "EDGAR answers 503": () => new Response("Service Unavailable", { status: 503 }),
    "EDGAR refuses (403)": () => new Response("Request Rate Threshold Exceeded", { status: 403 }),
    "the body is not JSON": () => new Response("{ not json"),
    "the body is not the documented format": () => new Response('{"cik":"320193"}'),
  };

  for (const [label, failure] of Object.entries(failures)) {
    it(`throws CompanyDataUnavailable when ${label}`, async () => {
      const submissionsDown = provider({ overrides: { [SUBMISSIONS_URL]: failure } }).company;
      await expect(submissionsDown.directory.company("AAPL")).rejects.toBeInstanceOf(
        CompanyDataUnavailable,
      );
      await expect(submissionsDown.filings.filings("AAPL", { limit: 5 })).rejects.toBeInstanceOf(
        CompanyDataUnavailable,
      );
      await expect(submissionsDown.descriptions.description("AAPL")).rejects.toBeInstanceOf(
        CompanyDataUnavailable,
      );
      const tickersDown = provider({ overrides: { [EDGAR_TICKERS_URL]: failure } }).company;
      await expect(tickersDown.directory.listings()).rejects.toMatchObject({
        name: "CompanyDataUnavailable",
        provider: "edgar",
      });
    });
  }

  it("reports a failed 10-K download as an outage, not as a missing description", async () => {
    const { company } = provider({
      nowMs: Date.parse("2025-06-02T14:00:00Z"),
      overrides: { [TENK_2024_URL]: () => new Response("Bad Gateway", { status: 502 }) },
    });
    await expect(company.descriptions.description("AAPL")).rejects.toBeInstanceOf(
      CompanyDataUnavailable,
    );
  });

  it("loads the tickers file again after a failed load", async () => {
    let calls = 0;
    const { company } = provider({
      overrides: {
        [EDGAR_TICKERS_URL]: () =>
          ++calls === 1
            ? new Response("Service Unavailable", { status: 503 })
            : new Response(fixture("company_tickers.json")),
      },
    });
    await expect(company.directory.listings()).rejects.toBeInstanceOf(CompanyDataUnavailable);
    expect(await company.directory.listings()).toHaveLength(Object.keys(tickersFile).length);
    expect(calls).toBe(2);
  });
});

describe("EDGAR cache seam", () => {
  it("lets a cache answer in front of the client, with a TTL per kind of document", async () => {
    const seen: string[] = [];
    const stored = new Map<string, string | undefined>();
    const cache =
      (load: EdgarFetchText): EdgarFetchText =>
      async (url, kind) => {
        seen.push(`${kind} ${EDGAR_CACHE_TTL_SECONDS[kind]}`);
        if (!stored.has(url)) stored.set(url, await load(url, kind));
        return stored.get(url);
      };
    const edgar = fakeEdgar();
    const company = createEdgarCompanyData({
      userAgent: USER_AGENT,
      fetch: edgar.fetch,
      now: () => Date.parse("2022-05-10T16:00:00Z"),
      limiterClock: instantClock(),
      cache,
    });
    await company.filings.filings("AAPL", { form: "4", limit: 1 });
    await company.filings.filings("AAPL", { form: "4", limit: 1 });
    expect(seen).toEqual([
      "tickers 86400",
      "submissions 600",
      "form4 2592000",
      "submissions 600",
      "form4 2592000",
    ]);
    // The second call was answered by the cache: the client fetched each URL once.
    expect(edgar.requests.map((request) => request.url)).toEqual([
      EDGAR_TICKERS_URL,
      SUBMISSIONS_URL,
      ADAMS_FORM4_URL,
    ]);
  });
});
