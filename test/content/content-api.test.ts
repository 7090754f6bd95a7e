import { describe, expect, it } from "vitest";
import { CONTENT_EXAMPLES } from "../../lib/api/examples/content";
import { contentImplementations } from "../../lib/api/groups/content/implementations";
import { contentRoutes as routes } from "../../lib/api/groups/content/routes";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import type { RouteSpec } from "../../lib/api/route";
import { validate } from "../../lib/api/validation";
import { OFFERED_LANGUAGES } from "../../lib/content/languages";
import { contentKeys } from "../../lib/content/static";
import { RISK_DISCLAIMER_TRANSLATIONS } from "../../lib/content/static/disclaimers";
import { pinnedClock } from "../../lib/deps";
import { callRoute, DEFAULT_CONTEXT } from "../setup/call-route";
import { testDeps } from "../setup/deps";
import { expectInvalid, refusal } from "../setup/refusals";

/**
 * The content routes in-process at EXAMPLE_TIME (Monday 2026-11-23 10:00 New York): languages
 * and their regions, regional content (spec fact 9's 400s, market hours in the local zone,
 * holidays), static documents, and the OpenAPI examples equal to what the routes answer.
 */

const deps = testDeps({ marketClock: pinnedClock(new Date(EXAMPLE_TIME)) });

describe("languages and regions", () => {
  it("lists the offered languages with native names and what each has translated", async () => {
    const { languages, sourceLanguage } = await callRoute(routes.languages, {}, deps);
    expect(sourceLanguage).toBe("en");
    expect(languages.map((l) => l.code)).toEqual([...OFFERED_LANGUAGES]);
    expect(languages.find((l) => l.code === "ja")).toMatchObject({
      name: "Japanese",
      nativeName: "日本語",
      isSource: false,
      translated: { disclaimer: true, glossaryEntries: 10, documents: false },
    });
    for (const language of languages)
      expect(language.regionCount, language.code).toBeGreaterThan(0);
  });

  it("lists a language's countries with names in the language", async () => {
    const german = await callRoute(routes.regions, { params: { lang: "DE" } }, deps);
    expect(german.language).toEqual({ code: "de", name: "German", nativeName: "Deutsch" });
    expect(german.count).toBe(german.regions.length);
    const austria = german.regions.find((r) => r.code === "AT");
    expect(austria).toMatchObject({
      name: "Österreich",
      englishName: "Austria",
      locale: "de-AT",
      currency: { code: "EUR" },
      timeZone: "Europe/Vienna",
    });
    const chinese = await callRoute(routes.regions, { params: { lang: "zh" } }, deps);
    expect(chinese.regions.map((r) => r.code)).toContain("CN");
  });

  it("refuses a malformed or unassigned code (400) and one not offered (404)", async () => {
    await expectInvalid(
      () => callRoute(routes.regions, { params: { lang: "german" } }, deps),
      "lang",
    );
    await expectInvalid(() => callRoute(routes.regions, { params: { lang: "xx" } }, deps), "lang");
    const swahili = await refusal(() =>
      callRoute(routes.regions, { params: { lang: "sw" } }, deps),
    );
    expect(swahili).toMatchObject({ status: 404, code: "LANGUAGE_NOT_OFFERED" });
    expect(swahili.message).toBe("Content is not offered in Swahili (sw).");
    expect(swahili.details).toContain("en, es, de, fr, ja, zh, pt");
  });
});

describe("GET /regional-content", () => {
  const regional = (query: Record<string, string>) => callRoute(routes.regional, { query }, deps);

  it("needs both lang and country, naming the missing one (spec fact 9)", async () => {
    await expectInvalid(() => regional({ country: "DE" }), "lang");
    await expectInvalid(() => regional({ lang: "de" }), "country");
    const both = await refusal(() => regional({}));
    expect(both).toMatchObject({ status: 400, code: "INVALID_PARAMETER" });
    expect(both.message).toContain("lang");
    expect(both.details).toBe("lang: required; country: required");
    await expectInvalid(() => regional({ lang: "de", country: "XX" }), "country");
    await expectInvalid(() => regional({ lang: "de", country: "Germany" }), "country");
    const notOffered = await refusal(() => regional({ lang: "sw", country: "KE" }));
    expect(notOffered).toMatchObject({ status: 404, code: "LANGUAGE_NOT_OFFERED" });
  });

  it("gives the US sessions in the country's zone: Tokyo, no daylight saving", async () => {
    const answer = await regional({ lang: "ja", country: "jp" });
    expect(answer.locale).toBe("ja-JP");
    expect(answer.country).toMatchObject({ code: "JP", name: "日本", timeZone: "Asia/Tokyo" });
    expect(answer.marketHours.tradingDay).toBe("2026-11-23");
    const market = answer.marketHours.sessions.find((s) => s.name === "Market");
    // 09:30-16:00 EST (UTC−5) is 23:30-06:00 JST (UTC+9).
    expect(market).toMatchObject({
      localName: "通常取引",
      startNewYork: "2026-11-23 09:30",
      startLocal: "2026-11-23 23:30",
      endLocal: "2026-11-24 06:00",
      localUtcOffset: "+09:00",
      startUtc: "2026-11-23T14:30:00.000Z",
      isOpenNow: true,
    });
    expect(answer.disclaimer).toMatchObject({
      language: "ja",
      text: RISK_DISCLAIMER_TRANSLATIONS.ja,
    });
    expect(answer.glossary.entries.find((e) => e.slug === "delta")?.term).toBe("デルタ");
    expect(answer.translation).toMatchObject({ glossaryEntries: 10, holidayNames: "en" });
  });

  it("lists the US holidays and early closes of the coming year, soonest first", async () => {
    const answer = await regional({ lang: "en", country: "GB" });
    const dates = answer.holidays.map((h) => h.date);
    expect(dates).toEqual([...dates].sort());
    expect(answer.holidays[0]).toMatchObject({ date: "2026-11-26", name: "Thanksgiving Day" });
    // The day after Thanksgiving closes at 13:00 New York, 18:00 in London.
    expect(answer.holidays[1]).toMatchObject({
      date: "2026-11-27",
      kind: "early-close",
      closeLocal: "2026-11-27 18:00",
    });
    expect(dates.every((date) => date <= "2027-11-23")).toBe(true);
    expect(dates).toContain("2027-03-26"); // Good Friday 2027 (Easter is 28 March)
    expect(answer.glossary.entries).toEqual([]);
    expect(answer.formats.currency).toBe("£1,234.56");
  });

  it("shows the next trading day once today's sessions are over", async () => {
    const friday = testDeps({ marketClock: pinnedClock(new Date("2026-11-28T02:00:00Z")) });
    const answer = await callRoute(
      routes.regional,
      { query: { lang: "en", country: "US" } },
      friday,
    );
    // Friday 2026-11-27 after 21:00 New York: Monday 2026-11-30 is next.
    expect(answer.marketHours.tradingDay).toBe("2026-11-30");
    expect(answer.marketHours.sessions.map((s) => s.name)).toEqual([
      "Overnight",
      "Pre-Market",
      "Market",
      "After-Hours",
    ]);
    expect(answer.marketHours.sessions[0]?.startNewYork).toBe("2026-11-29 20:00");
  });
});

describe("GET /content/{contentType}/{key}", () => {
  const document = (contentType: string, key: string, lang?: string) =>
    callRoute(routes.document, { params: { contentType, key }, query: lang ? { lang } : {} }, deps);

  it("serves every listed document, in English", async () => {
    for (const { contentType, keys } of contentKeys()) {
      expect(keys.length, contentType).toBeGreaterThan(0);
      for (const key of keys) {
        const answer = await document(contentType, key);
        expect(answer).toMatchObject({ contentType, key, summaryLanguage: "en" });
        expect(answer.sections.length, key).toBeGreaterThan(0);
      }
    }
  });

  it("translates the risk disclaimer's summary, and says what stays English", async () => {
    const french = await document("disclaimers", "investment-risk", "fr");
    expect(french).toMatchObject({
      requestedLanguage: "fr",
      summaryLanguage: "fr",
      sectionsLanguage: "en",
      summary: RISK_DISCLAIMER_TRANSLATIONS.fr,
    });
    const help = await document("help", "errors", "de");
    expect(help).toMatchObject({ requestedLanguage: "de", summaryLanguage: "en" });
  });

  it("answers 404 listing what exists, and 400 for a malformed type or key", async () => {
    const unknown = await refusal(() => document("help", "billing"));
    expect(unknown).toMatchObject({ status: 404, code: "CONTENT_NOT_FOUND" });
    expect(unknown.details).toContain("help/getting-started");
    expect(unknown.details).toContain("disclaimers/investment-risk");
    const unknownType = await refusal(() => document("legal", "terms-of-service"));
    expect(unknownType).toMatchObject({ status: 404, code: "CONTENT_NOT_FOUND" });
    await expectInvalid(() => document("Help!", "errors"), "contentType");
    await expectInvalid(() => document("help", "../etc/passwd"), "key");
    const notOffered = await refusal(() => document("help", "errors", "sw"));
    expect(notOffered).toMatchObject({ status: 404, code: "LANGUAGE_NOT_OFFERED" });
  });
});

describe("the OpenAPI examples", () => {
  it("are what the routes answer at EXAMPLE_TIME", async () => {
    for (const [id, example] of Object.entries(CONTENT_EXAMPLES)) {
      const route = Object.values(routes).find((r) => r.id === id) as RouteSpec;
      const request = example.request ?? {};
      const input = {
        params: route.params ? validate(route.params, request.params ?? {}, "path") : undefined,
        query: route.query ? validate(route.query, request.query ?? {}, "query") : undefined,
        body: undefined,
        context: DEFAULT_CONTEXT,
      };
      const implementation = (
        contentImplementations as Record<string, (...args: never[]) => unknown>
      )[id];
      expect(await implementation?.(input as never, deps as never), id).toEqual(example.data);
    }
  });
});
