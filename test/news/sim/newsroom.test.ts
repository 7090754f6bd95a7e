import { beforeAll, describe, expect, it } from "vitest";
import { declarationDay } from "../../../lib/calendar/dividend-dates";
import { type EconomicRelease, economicReleases } from "../../../lib/calendar/economic";
import { pinnedClock } from "../../../lib/deps";
import { type DayNumber, isoDate } from "../../../lib/market/civil-date";
import { exDividendDays, PAYMENTS_PER_YEAR } from "../../../lib/market/company-data";
import { nyInstant, nyWallClock } from "../../../lib/market/ny-time";
import { isTradingDay } from "../../../lib/market/nyse-calendar";
import { roundDividend } from "../../../lib/market/precision";
import { regularCloseMinute } from "../../../lib/market/sessions";
import { earningsReports } from "../../../lib/market/sim/earnings";
import { createSimulatedMarket } from "../../../lib/market/sim/simulated-market";
import { STOCKS, stockBySymbol } from "../../../lib/market/sim/universe";
import { previousTradingDay } from "../../../lib/market/trading-days";
import type { NewsSource, SourceArticle } from "../../../lib/news/ports";
import { createSimulatedNewsroom } from "../../../lib/news/sim";
import { usdCompact } from "../../../lib/news/sim/text";

/**
 * The simulated newsroom over the simulated market, on a pinned clock: deterministic, stable as
 * the clock moves on, nothing published after the clock or before its event, and every figure
 * it prints is the simulated world's (earnings reports, dividend schedules, closes, economic
 * releases), recomputed here from the world's own modules and the market's bars.
 */

/** Thursday 2026-10-29, 19:00 New York: earnings season, after an FOMC decision and GDP. */
const NOW = Date.parse("2026-10-29T23:00:00Z");
const DAY = 86_400_000;
const WINDOW_DAYS = 30;
const FROM = NOW - WINDOW_DAYS * DAY;

function newsroomAt(ms: number): NewsSource {
  const clock = pinnedClock(new Date(ms));
  return createSimulatedNewsroom(createSimulatedMarket(clock), clock);
}

const market = createSimulatedMarket(pinnedClock(new Date(NOW)));
let articles: SourceArticle[] = [];

beforeAll(async () => {
  articles = await newsroomAt(NOW).articles(FROM, NOW + 1);
});

const nyDay = (ms: number): DayNumber => nyWallClock(ms).day;
const textOf = (a: SourceArticle) => `${a.headline} ${a.summary} ${a.body ?? ""}`;
const usd2 = (value: number) =>
  `$${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Sentences of a text: abbreviations and decimals do not end one; a wire's frame is dropped. */
function sentenceCount(text: string): number {
  const cleaned = text
    .replace(/^NEW YORK \([^)]*\) - /, "")
    .replace(/ \(Reporting by [^)]*\)$/, "")
    .replace(/\b(Inc|Co|Corp|Ltd|Jan|Feb|Aug|Sept|Oct|Nov|Dec|vs|a\.m|p\.m|U\.S)\./g, "$1")
    .replace(/(\d)\.(\d)/g, "$1$2");
  return (cleaned.match(/[.!?](\s|$)/g) ?? []).length;
}

async function dailyBar(symbol: string, day: DayNumber) {
  const stock = stockBySymbol(symbol);
  if (!stock) throw new Error(symbol);
  const bars = await market.bars(`${symbol}_${stock.exchange}`, {
    period: 5,
    from: nyInstant(day, 0),
    to: nyInstant(day + 1, 0),
    extended: false,
  });
  const bar = bars?.[0];
  if (!bar) throw new Error(`no bar for ${symbol} on ${isoDate(day)}`);
  return bar;
}

describe("the simulated newsroom", () => {
  it("writes the same window identically from two newsrooms over two markets", async () => {
    const again = await newsroomAt(NOW).articles(FROM, NOW + 1);
    expect(articles.length).toBeGreaterThan(1000);
    expect(JSON.stringify(again)).toBe(JSON.stringify(articles));
  });

  it("keeps every article as the clock moves on, from mid-session to days later", async () => {
    const midSession = Date.parse("2026-10-28T17:00:00Z"); // Wednesday 13:00 New York
    const earlier = await newsroomAt(midSession).articles(FROM, midSession + 1);
    const expected = articles.filter((a) => a.publishedAtMs <= midSession);
    expect(earlier.length).toBeGreaterThan(500);
    expect(JSON.stringify(earlier)).toBe(JSON.stringify(expected));
    const later = await newsroomAt(NOW + 3 * DAY).articles(FROM, NOW + 1);
    expect(JSON.stringify(later)).toBe(JSON.stringify(articles));
  });

  it("answers a narrower window with that slice of the wider one", async () => {
    const room = newsroomAt(NOW);
    const from = NOW - 4 * DAY + 7_777_777;
    const to = NOW - 2 * DAY;
    const slice = await room.articles(from, to);
    const expected = articles.filter((a) => a.publishedAtMs >= from && a.publishedAtMs < to);
    expect(slice.map((a) => a.id)).toEqual(expected.map((a) => a.id));
  });

  it("publishes nothing after the clock or outside the window, oldest first", () => {
    for (const [i, a] of articles.entries()) {
      expect(a.publishedAtMs).toBeLessThanOrEqual(NOW);
      expect(a.publishedAtMs).toBeGreaterThanOrEqual(FROM);
      if (i > 0)
        expect(a.publishedAtMs).toBeGreaterThanOrEqual(articles[i - 1]?.publishedAtMs ?? 0);
    }
  });

  it("gives stable, unique ids and URLs at example.com, and fictional bylines", async () => {
    const outlets = new Set((await newsroomAt(NOW).outlets()).map((o) => o.id));
    expect(new Set(articles.map((a) => a.id)).size).toBe(articles.length);
    expect(new Set(articles.map((a) => a.url)).size).toBe(articles.length);
    for (const a of articles) {
      expect(a.id).toMatch(/^n-[0-9a-f]{12}$/);
      expect(outlets.has(a.sourceId)).toBe(true);
      const { year, month, date } = nyWallClock(a.publishedAtMs);
      const path = `${year}/${String(month).padStart(2, "0")}/${String(date).padStart(2, "0")}`;
      expect(a.url.startsWith(`https://news.example.com/${a.sourceId}/${path}/`)).toBe(true);
      expect(a.url).toMatch(
        /^https:\/\/news\.example\.com\/[a-z-]+\/\d{4}\/\d{2}\/\d{2}\/[a-z0-9-]+$/,
      );
      expect(a.author).toBeTruthy();
      expect(a.topics.every((t) => /^[a-z][a-z-]*$/.test(t))).toBe(true);
    }
  });

  it("writes summaries of 1-3 sentences and bodies of 3-6, never twice the same", () => {
    for (const a of articles) {
      const summary = sentenceCount(a.summary);
      const body = sentenceCount(a.body ?? "");
      expect(summary, a.summary).toBeGreaterThanOrEqual(1);
      expect(summary, a.summary).toBeLessThanOrEqual(3);
      expect(body, a.body ?? "").toBeGreaterThanOrEqual(3);
      expect(body, a.body ?? "").toBeLessThanOrEqual(6);
    }
    expect(new Set(articles.map((a) => a.body)).size).toBe(articles.length);
    // No two articles about the same subject on the same day share a headline.
    const keys = articles.map(
      (a) => `${a.tickers[0] ?? ""}|${nyDay(a.publishedAtMs)}|${a.headline}`,
    );
    expect(new Set(keys).size).toBe(articles.length);
  });

  it("publishes between 60 and 300 articles per trading day, a handful on closed days", () => {
    const perDay = new Map<DayNumber, number>();
    for (const a of articles) {
      const day = nyDay(a.publishedAtMs);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    const first = nyDay(FROM) + 1;
    const last = nyDay(NOW) - 1;
    const tradingCounts: number[] = [];
    for (let day = first; day <= last; day++) {
      const count = perDay.get(day) ?? 0;
      if (isTradingDay(day)) {
        expect(count, isoDate(day)).toBeGreaterThanOrEqual(60);
        expect(count, isoDate(day)).toBeLessThanOrEqual(300);
        tradingCounts.push(count);
      } else {
        expect(count, isoDate(day)).toBeGreaterThanOrEqual(1);
        expect(count, isoDate(day)).toBeLessThanOrEqual(30);
      }
    }
    const mean = tradingCounts.reduce((sum, n) => sum + n, 0) / tradingCounts.length;
    expect(mean).toBeGreaterThanOrEqual(90);
  });
});

describe("earnings stories", () => {
  const reports = STOCKS.flatMap((stock) =>
    earningsReports(stock, nyDay(FROM) + 1, nyDay(NOW) - 1, NOW).map((report) => ({
      stock,
      report,
    })),
  ).filter(({ report }) => report.epsActual !== null);

  /** The report's release: 07:00 New York before the open, the close after it. */
  const releaseOf = (report: { date: string; hour: "bmo" | "amc" }) => {
    const day = Date.parse(report.date) / DAY;
    return nyInstant(day, report.hour === "bmo" ? 7 * 60 : regularCloseMinute(day));
  };

  it("covers each report in several outlets with the report's own figures", () => {
    expect(reports.length).toBeGreaterThan(40);
    for (const { stock, report } of reports) {
      const release = releaseOf(report);
      const actual = usd2(report.epsActual ?? 0);
      const estimate = usd2(report.epsEstimate);
      const revenue = usdCompact(report.revenueActual ?? 0);
      // The report's own story: its outlets publish within 150 minutes of the release.
      const sameDay = articles.filter(
        (a) =>
          a.tickers[0] === stock.symbol &&
          a.category === "earnings" &&
          a.publishedAtMs >= release &&
          a.publishedAtMs <= release + 151 * 60_000,
      );
      expect(sameDay.length, `${stock.symbol} ${report.date}`).toBeGreaterThanOrEqual(3);
      expect(new Set(sameDay.map((a) => a.headline)).size).toBe(sameDay.length);
      for (const a of sameDay) {
        expect(a.publishedAtMs).toBeGreaterThanOrEqual(release + 5 * 60_000);
        expect(textOf(a)).toContain(actual);
        expect(textOf(a)).toContain(estimate);
        expect(textOf(a)).toContain(revenue);
      }
    }
  });

  it("never prints a report's actual EPS before the report is out", () => {
    for (const { stock, report } of reports) {
      if (report.epsActual === report.epsEstimate) continue;
      const release = releaseOf(report);
      const actual = usd2(report.epsActual ?? 0);
      const early = articles.filter(
        (a) =>
          a.tickers[0] === stock.symbol &&
          a.category === "earnings" &&
          a.publishedAtMs < release &&
          release - a.publishedAtMs < 5 * DAY,
      );
      for (const a of early) expect(textOf(a), a.headline).not.toContain(`EPS of ${actual}`);
      for (const a of early) expect(textOf(a), a.headline).not.toContain(`earned ${actual}`);
    }
  });
});

describe("price stories", () => {
  it("quote the session's close only after the close, as the market's bars have it", async () => {
    const closing = /(?:closing at|to close at|to end at|closes at) (\$[\d,]+\.\d\d)/;
    const checked = articles.filter((a) => closing.test(a.summary) && a.tickers[0]);
    expect(checked.length).toBeGreaterThan(200);
    for (const a of checked.slice(0, 400)) {
      const day = nyDay(a.publishedAtMs);
      expect(a.publishedAtMs).toBeGreaterThan(nyInstant(day, regularCloseMinute(day)));
      const bar = await dailyBar(a.tickers[0] as string, day);
      expect(closing.exec(a.summary)?.[1], a.summary).toBe(usd2(bar.close));
    }
  });

  it("quote an open only after the open, and the move from the previous close", async () => {
    const opened = /opened at (\$[\d,]+\.\d\d)/;
    const checked = articles.filter((a) => opened.test(a.summary));
    for (const a of checked) {
      const day = nyDay(a.publishedAtMs);
      expect(a.publishedAtMs).toBeGreaterThan(nyInstant(day, 570));
      const bar = await dailyBar(a.tickers[0] as string, day);
      expect(opened.exec(a.summary)?.[1]).toBe(usd2(bar.open));
    }
  });

  it("report halts minutes after they start", () => {
    const halts = articles.filter((a) => a.topics.includes("halts"));
    expect(halts.length).toBeGreaterThan(5);
    for (const a of halts) {
      const time = /(?:at|halted at|paused .*at) (\d{1,2}):(\d\d) (a\.m\.|p\.m\.) ET/.exec(
        a.summary,
      );
      expect(time, a.summary).not.toBeNull();
      const [, h, m, half] = time as RegExpExecArray;
      const minute = ((Number(h) % 12) + (half === "p.m." ? 12 : 0)) * 60 + Number(m);
      expect(a.publishedAtMs).toBeGreaterThan(nyInstant(nyDay(a.publishedAtMs), minute));
    }
  });
});

describe("analyst notes", () => {
  it("set targets from the previous session's close, as the market has it", async () => {
    const implied = /implies ([\d.]+)% (upside|downside) from (\w+)'s close of (\$[\d,]+\.\d\d)/;
    const notes = articles.filter((a) => a.category === "analyst" && implied.test(a.body ?? ""));
    expect(notes.length).toBeGreaterThan(100);
    for (const a of notes.slice(0, 150)) {
      const [, percent, side, , close] = implied.exec(a.body ?? "") as RegExpExecArray;
      const day = previousTradingDay("equity", nyDay(a.publishedAtMs));
      const bar = await dailyBar(a.tickers[0] as string, day);
      expect(close).toBe(usd2(bar.close));
      const target =
        /\$([\d,]+(?:\.\d\d)?) price target|price target of \$([\d,]+(?:\.\d\d)?)|target (?:on .*? )?to \$([\d,]+(?:\.\d\d)?)|\$([\d,]+(?:\.\d\d)?) target/.exec(
          a.summary,
        );
      if (!target) continue;
      const value = Number((target.slice(1).find(Boolean) as string).replace(/,/g, ""));
      const upside = (value / bar.close - 1) * 100;
      expect(Math.abs(Math.abs(upside) - Number(percent))).toBeLessThan(0.06);
      expect(upside >= 0 ? "upside" : "downside").toBe(side);
    }
  });
});

describe("dividend stories", () => {
  it("print the schedule's amount, on its declaration day or ex-date", () => {
    const dividends = articles.filter((a) => a.category === "dividends");
    expect(dividends.length).toBeGreaterThan(10);
    for (const a of dividends) {
      const stock = stockBySymbol(a.tickers[0] as string);
      const dividend = stock?.dividend;
      if (!stock || !dividend) throw new Error(`no dividend for ${a.tickers[0]}`);
      const amount = roundDividend(dividend.annualAmount / PAYMENTS_PER_YEAR[dividend.frequency]);
      const text = amount.toFixed(4).replace(/0{1,2}$/, "");
      expect(textOf(a)).toContain(`$${text}`);
      const day = nyDay(a.publishedAtMs);
      const year = new Date(day * DAY).getUTCFullYear();
      const exDays = exDividendDays(dividend, year, year + 1);
      const declared = exDays.some((ex) => declarationDay(stock.symbol, ex) === day);
      expect(declared || exDays.includes(day), a.headline).toBe(true);
    }
  });
});

describe("macro stories", () => {
  it("report each release minutes after it, with its actual", () => {
    const releases = economicReleases(FROM + DAY, NOW - 3 * 3_600_000, NOW).filter(
      (r) => r.actual !== null && r.importance !== "low",
    );
    expect(releases.some((r) => r.indicator === "fomc-rate-decision")).toBe(true);
    for (const release of releases) {
      const after = articles.filter(
        (a) =>
          a.category === "macro" &&
          a.publishedAtMs > release.releaseAtMs &&
          a.publishedAtMs < release.releaseAtMs + 3 * 3_600_000,
      );
      expect(after.length, release.id).toBeGreaterThanOrEqual(1);
      expect(
        after.some((a) => textOf(a).includes(valueText(release))),
        release.id,
      ).toBe(true);
      // Before the release, no headline of the day prints its figure (previews print forecasts).
      const known = [release.consensus, release.previous].map(
        (v) => v !== null && figureOf(release, v),
      );
      if (known.includes(valueText(release))) continue;
      const before = articles.filter(
        (a) =>
          a.category === "macro" &&
          a.publishedAtMs < release.releaseAtMs &&
          a.publishedAtMs > release.releaseAtMs - DAY,
      );
      for (const a of before) expect(a.headline, release.id).not.toContain(valueText(release));
    }
  });
});

/** A release's figure as the stories print it: "237,000", "0.2%", "51.4", "3.25%". */
function figureOf(release: EconomicRelease, value: number): string {
  if (release.unit.startsWith("thousands")) return Math.round(value * 1000).toLocaleString("en-US");
  if (release.unit === "index") return value.toFixed(1);
  return `${Math.abs(value).toFixed(release.indicator === "fomc-rate-decision" ? 2 : 1)}%`;
}

const valueText = (release: EconomicRelease) => figureOf(release, release.actual ?? 0);

describe("outlets and research firms", () => {
  const REAL = [
    "Reuters",
    "Bloomberg",
    "CNBC",
    "WSJ",
    "Wall Street Journal",
    "Financial Times",
    "Barron",
    "MarketWatch",
    "Associated Press",
    "Dow Jones",
    "Yahoo",
    "Business Insider",
    "Forbes",
    "Fortune",
    "Economist",
    "Seeking Alpha",
    "Benzinga",
    "Zacks",
    "Motley Fool",
    "TheStreet",
    "Investopedia",
    "Kiplinger",
    "Morningstar",
    "Nikkei",
    "Axios",
    "New York Times",
    "Washington Post",
    "Guardian",
    "CNN",
    "Fox Business",
    "Investor's Business Daily",
    "Goldman Sachs",
    "Morgan Stanley",
    "JPMorgan",
    "J.P. Morgan",
    "Bank of America",
    "BofA",
    "Citigroup",
    "Citi ",
    "Wells Fargo",
    "Barclays",
    "UBS",
    "Deutsche Bank",
    "Credit Suisse",
    "HSBC",
    "Jefferies",
    "Evercore",
    "Bernstein",
    "Piper Sandler",
    "Raymond James",
    "RBC",
    "BMO",
    "Cowen",
    "Wedbush",
    "Needham",
    "Oppenheimer",
    "KeyBanc",
    "Mizuho",
    "Nomura",
    "Macquarie",
    "Stifel",
    "Truist",
    "Baird",
    "William Blair",
    "Cantor",
    "Guggenheim",
    "Wolfe",
    "Argus",
    "Moody",
    "Fitch",
  ];

  it("invents outlets and research firms that are no real publication, bank or broker", async () => {
    const { OUTLETS, RESEARCH_FIRMS } = await import("../../../lib/news/sim/outlets");
    const names = [...OUTLETS.map((o) => o.name), ...RESEARCH_FIRMS.map((f) => f.name)];
    expect(OUTLETS.length).toBeGreaterThanOrEqual(8);
    expect(RESEARCH_FIRMS.length).toBeGreaterThanOrEqual(8);
    for (const name of names) {
      for (const real of REAL) expect(name.toLowerCase(), name).not.toContain(real.toLowerCase());
    }
    for (const outlet of OUTLETS)
      expect(outlet.homepage).toMatch(/^https:\/\/news\.example\.com\//);
    const sources = new Set(articles.map((a) => a.sourceId));
    expect(sources.size).toBe(OUTLETS.length);
    // Every note names one of the invented firms.
    for (const a of articles.filter((x) => x.category === "analyst" && x.tickers.length === 1)) {
      expect(
        RESEARCH_FIRMS.some((f) => textOf(a).includes(f.name)),
        a.headline,
      ).toBe(true);
    }
  });

  it("gives bylines and analysts invented names, no notable person's", async () => {
    const { OUTLETS, RESEARCH_FIRMS } = await import("../../../lib/news/sim/outlets");
    const { NOTABLE_PEOPLE, initialAndSurname } = await import(
      "../../../lib/company/sim/people-names"
    );
    const notable = new Set(NOTABLE_PEOPLE.map(initialAndSurname));
    const people = [
      ...OUTLETS.flatMap((o) => [...o.reporters, o.editor]),
      ...RESEARCH_FIRMS.flatMap((f) => f.analysts),
    ];
    expect(new Set(people).size).toBe(people.length);
    for (const person of people) expect(notable.has(initialAndSurname(person)), person).toBe(false);
  });
});
