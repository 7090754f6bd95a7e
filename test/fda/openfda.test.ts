import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pinnedClock } from "../../lib/deps";
import {
  agendaOf,
  committeeOf,
  firstDateIn,
  meetingOf,
  noticesUrl,
  parseNoticePage,
} from "../../lib/fda/adapters/federal-register";
import { approvalsOf, drugsFdaSearch, parseDrugsFdaPage } from "../../lib/fda/adapters/openfda";
import { createOpenFdaSource, OPENFDA_LIMITS } from "../../lib/fda/adapters/openfda-source";
import { createRequestBudget } from "../../lib/fda/adapters/request-budget";
import { coveredCompany } from "../../lib/fda/companies";
import { FDA_ROW_SOURCES, FdaDataUnavailable } from "../../lib/fda/ports";

/**
 * The real FDA adapters on hand-written responses in openFDA's and the Federal Register's
 * documented formats (test/fixtures/fda/SOURCES.md): parsing, what is kept, the source over a
 * fake fetch (404 = no rows, other failures = FdaDataUnavailable), and the request budget.
 */

const FIXTURES = join(import.meta.dirname, "../fixtures/fda");
const fixture = (name: string) => readFileSync(join(FIXTURES, name), "utf8");
const LILLY = coveredCompany("LLY") as NonNullable<ReturnType<typeof coveredCompany>>;

describe("openFDA's Drugs@FDA", () => {
  it("keeps the NDA and BLA approvals in the window: originals and efficacy supplements", () => {
    const { total, results } = parseDrugsFdaPage(fixture("drugsfda-lilly.json"));
    expect(total).toBe(3);
    const rows = approvalsOf(results, LILLY, "2026-08-01", "2026-11-23");
    expect(rows.map((r) => [r.applicationNumber, r.date, r.title])).toEqual([
      ["NDA999901", "2026-09-16", "FDA approves QUORVELTA (NDA999901)"],
      [
        "BLA999902",
        "2026-10-20",
        "FDA approves a new indication for ZYLOBENTRA (BLA999902, supplement 14)",
      ],
    ]);
    const [first] = rows;
    expect(first).toMatchObject({
      symbol: "LLY",
      sponsor: "ELI LILLY AND CO",
      brandName: "QUORVELTA",
      activeIngredient: "QUORAVETINIB",
      indication: null,
      eventType: "approval",
      outcome: "approved",
      reviewType: "priority",
      dateCertainty: "confirmed",
      source: "openFDA",
      sourceUrl:
        "https://www.accessdata.fda.gov/scripts/cder/daf/index.cfm?event=overview.process&ApplNo=999901",
    });
  });

  it("searches the sponsor names with a status-date range", () => {
    expect(drugsFdaSearch(["A INC", "B CO"], "2026-01-01", "2026-11-23")).toBe(
      '(sponsor_name:"A INC" OR sponsor_name:"B CO") AND submissions.submission_status_date:[20260101 TO 20261123]',
    );
  });

  it("refuses another format as unavailable data", () => {
    expect(() => parseDrugsFdaPage('{"results": []}')).toThrow(FdaDataUnavailable);
    expect(() => parseDrugsFdaPage("<html>")).toThrow(FdaDataUnavailable);
  });
});

describe("the Federal Register's advisory-committee notices", () => {
  it("reads committee, meeting date, application, product, sponsor and indication", () => {
    const { notices, nextPageUrl } = parseNoticePage(fixture("federal-register-notices.json"));
    expect(nextPageUrl).toBeNull();
    expect(notices.map((n) => committeeOf(n.title))).toEqual([
      "Oncologic Drugs Advisory Committee",
      undefined, // a device panel: not a drug catalyst
      "Antimicrobial Drugs Advisory Committee",
    ]);
    expect(firstDateIn("Dated: October 28, 2026. Held on December 10, 2026.", "2026-11-02")).toBe(
      "2026-12-10",
    );
    const [oncology, , antimicrobial] = notices;
    // The abstract names no drug: the body (raw text) gives the agenda.
    expect(meetingOf(oncology as never, null)).toBeUndefined();
    const meeting = meetingOf(oncology as never, fixture("federal-register-2026-99117.txt"));
    expect(meeting).toMatchObject({
      id: "fr-2026-99117",
      symbol: "LLY",
      eventType: "AdComm",
      date: "2026-12-10",
      committee: "Oncologic Drugs Advisory Committee",
      applicationNumber: "BLA999931",
      activeIngredient: "zavritug injection",
      outcome: null,
      source: "FDA-AdComm",
      publishedOn: "2026-11-02",
    });
    expect(meeting?.indication).toContain("relapsed or refractory multiple myeloma");
    expect(meetingOf(antimicrobial as never, null)).toMatchObject({
      symbol: "GILD",
      date: "2026-10-22",
      applicationNumber: "NDA999955",
      activeIngredient: "qelmovir tablets",
    });
    expect(agendaOf("no agenda here")).toEqual({
      applicationNumber: null,
      product: null,
      submittedBy: null,
      indication: null,
    });
  });

  it("asks for the FDA's notices with the documented conditions and fields", () => {
    const url = new URL(noticesUrl("2026-06-26"));
    expect(url.searchParams.getAll("conditions[agencies][]")).toEqual([
      "food-and-drug-administration",
    ]);
    expect(url.searchParams.get("conditions[term]")).toBe("advisory committee");
    expect(url.searchParams.getAll("conditions[type][]")).toEqual(["NOTICE"]);
    expect(url.searchParams.get("conditions[publication_date][gte]")).toBe("2026-06-26");
    expect(url.searchParams.getAll("fields[]")).toContain("raw_text_url");
  });
});

/** A fetch answering from the fixtures by URL, counting requests. */
function fixtureFetch(overrides: { drugsFda?: number } = {}) {
  const requests: string[] = [];
  const fetch = async (input: string | URL | Request) => {
    const url = String(input);
    requests.push(url);
    if (url.startsWith("https://api.fda.gov/")) {
      if (overrides.drugsFda) return new Response("upstream error", { status: overrides.drugsFda });
      const lilly = new URL(url).searchParams.get("search")?.includes("ELI LILLY AND CO");
      return lilly
        ? new Response(fixture("drugsfda-lilly.json"), { status: 200 })
        : new Response(fixture("drugsfda-not-found.json"), { status: 404 });
    }
    if (url.includes("/documents.json")) {
      return new Response(fixture("federal-register-notices.json"), { status: 200 });
    }
    if (url.endsWith("2026-99117.txt")) {
      return new Response(fixture("federal-register-2026-99117.txt"), { status: 200 });
    }
    return new Response("not found", { status: 404 });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

describe("the openFDA source", () => {
  const clock = pinnedClock(new Date("2026-11-23T15:00:00Z"));

  it("serves approvals and meetings of the covered companies, each row with one of the three sources", async () => {
    const { fetch, requests } = fixtureFetch();
    const source = createOpenFdaSource({ clock, fetch });
    const events = await source.events({ from: "2026-08-01", to: "2027-02-01" });
    expect(events.map((e) => `${e.symbol} ${e.eventType} ${e.date}`).sort()).toEqual([
      "GILD AdComm 2026-10-22",
      "LLY AdComm 2026-12-10",
      "LLY approval 2026-09-16",
      "LLY approval 2026-10-20",
    ]);
    for (const event of events) expect(FDA_ROW_SOURCES).toContain(event.source);
    // One Drugs@FDA search per covered company, one notice list, one notice body.
    expect(requests.filter((r) => r.startsWith("https://api.fda.gov/"))).toHaveLength(10);
    expect(requests.filter((r) => r.includes("federalregister"))).toHaveLength(2);
    expect(source.limitations.join(" ")).toContain("no PDUFA rows");
    const lilly = await source.events({ from: "2026-08-01", to: "2027-02-01", symbol: "LLY" });
    expect(lilly.every((e) => e.symbol === "LLY")).toBe(true);
    expect(await source.events({ from: "2026-08-01", to: "2027-02-01", symbol: "AAPL" })).toEqual(
      [],
    );
  });

  it("answers a source failure as FdaDataUnavailable naming the source", async () => {
    const { fetch } = fixtureFetch({ drugsFda: 500 });
    const source = createOpenFdaSource({ clock, fetch });
    const failure = await source.events({ from: "2026-08-01", to: "2026-11-23" }).catch((e) => e);
    expect(failure).toBeInstanceOf(FdaDataUnavailable);
    expect(failure.provider).toBe("openFDA");
    expect(failure.message).toContain("HTTP 500");
  });

  it("sends nothing once its request budget is spent", async () => {
    const { fetch, requests } = fixtureFetch();
    let nowMs = Date.parse("2026-11-23T15:00:00Z");
    const budget = createRequestBudget({
      provider: "openFDA",
      perMinute: 240,
      perDay: 3,
      now: () => nowMs,
    });
    const source = createOpenFdaSource({ clock, fetch, openFdaBudget: budget });
    const failure = await source
      .events({ from: "2026-08-01", to: "2026-11-23", symbol: "LLY" })
      .then(() => source.events({ from: "2026-08-02", to: "2026-11-23" }))
      .catch((e) => e);
    expect(failure).toBeInstanceOf(FdaDataUnavailable);
    expect(failure.message).toContain("day's request budget");
    expect(requests.filter((r) => r.startsWith("https://api.fda.gov/"))).toHaveLength(3);
    nowMs += 86_400_000; // the next UTC day has a budget again
    await expect(budget.take()).resolves.toBeUndefined();
  });
});

describe("the request budget", () => {
  it("keeps openFDA's keyless limits: 240 in any sliding minute, 1,000 a UTC day", async () => {
    let nowMs = Date.parse("2026-11-23T00:00:00Z");
    const waits: number[] = [];
    const budget = createRequestBudget({
      provider: "openFDA",
      ...OPENFDA_LIMITS,
      maxWaitMs: 60_000,
      now: () => nowMs,
      sleep: async (ms) => {
        waits.push(ms);
        nowMs += ms;
      },
    });
    for (let i = 0; i < 240; i++) {
      await budget.take();
      nowMs += 100; // 240 requests over 24 s
    }
    expect(waits).toEqual([]);
    await budget.take(); // the 241st waits until the first leaves the minute
    expect(waits).toEqual([60_000 - 24_000]);
    expect(budget.used().minute).toBe(240);
    // The rest of the day's 1,000, then a refusal (no waiting for tomorrow).
    while (budget.used().day < 1000) {
      nowMs += 60_000;
      await budget.take();
    }
    await expect(budget.take()).rejects.toThrow(/day's request budget \(1000/);
  });

  it("refuses when a free slot is further off than the wait allowed", async () => {
    const nowMs = 0;
    const budget = createRequestBudget({
      provider: "openFDA",
      perMinute: 2,
      perDay: 100,
      maxWaitMs: 1_000,
      now: () => nowMs,
      sleep: async () => {},
    });
    await budget.take();
    await budget.take();
    await expect(budget.take()).rejects.toThrow(/minute's request budget \(2\)/);
  });
});
