import {
  countriesSpeaking,
  countryName,
  countryProfile,
  isCountry,
} from "../../../content/countries";
import { locate } from "../../../content/geo/locate";
import {
  categoryList,
  GLOSSARY_TERM_COUNT,
  glossaryPage,
  glossaryTerms,
  termBySlug,
} from "../../../content/glossary";
import { TRANSLATED_SLUGS } from "../../../content/glossary/translations";
import {
  isIsoLanguage,
  isOffered,
  languageNames,
  OFFERED_LANGUAGES,
  type OfferedLanguage,
  SOURCE_LANGUAGE,
} from "../../../content/languages";
import { regionalContent } from "../../../content/regional";
import { contentDocument, contentKeys, isContentType } from "../../../content/static";
import { RISK_DISCLAIMER_TRANSLATIONS } from "../../../content/static/disclaimers";
import { apiError, invalidParameter } from "../../errors";
import type { Implementations } from "../../route";
import type { contentRoutes } from "./routes";
import type { ContentDeps } from "./shared";

export type { ContentDeps };

/** An offered language: 400 naming `field` for an unassigned code, 404 for one not offered. */
function offeredLanguage(code: string, field: string): OfferedLanguage {
  if (!isIsoLanguage(code)) {
    throw invalidParameter(field, "must be an ISO 639-1 language code (two letters), e.g. en");
  }
  if (!isOffered(code)) {
    throw apiError("LANGUAGE_NOT_OFFERED", {
      lang: code,
      name: languageNames(code).name,
      offered: OFFERED_LANGUAGES,
    });
  }
  return code;
}

const availableDocuments = () =>
  contentKeys()
    .map(({ contentType, keys }) => keys.map((key) => `${contentType}/${key}`).join(", "))
    .join(", ");

export const contentImplementations: Implementations<typeof contentRoutes, ContentDeps> = {
  "content.languages": async () => ({
    sourceLanguage: "en" as const,
    languages: OFFERED_LANGUAGES.map((code) => ({
      ...languageNames(code),
      isSource: code === SOURCE_LANGUAGE,
      translated: {
        disclaimer: true,
        sessionNames: true,
        glossaryEntries: code === SOURCE_LANGUAGE ? GLOSSARY_TERM_COUNT : TRANSLATED_SLUGS.length,
        documents: code === SOURCE_LANGUAGE,
      },
      regionCount: countriesSpeaking(code).length,
    })),
  }),

  "content.regions": async ({ params }) => {
    const lang = offeredLanguage(params.lang, "lang");
    const regions = countriesSpeaking(lang).map((code) => {
      const profile = countryProfile(code, lang);
      return {
        code,
        name: profile.name,
        englishName: countryName(code),
        locale: `${lang}-${code}`,
        continent: profile.continent,
        currency: profile.currencies[0] ?? null,
        timeZone: profile.timeZone,
      };
    });
    return { language: languageNames(lang), count: regions.length, regions };
  },

  "content.glossary": async ({ query }) => {
    const page = glossaryPage({
      category: query.category as never,
      q: query.q,
      limit: query.limit,
      cursor: query.cursor,
    });
    return {
      total: page.total,
      count: page.terms.length,
      nextCursor: page.nextCursor,
      terms: page.terms,
    };
  },

  "content.glossaryCategories": async () => ({
    total: glossaryTerms().length,
    categories: categoryList(),
  }),

  "content.glossaryTerm": async ({ params }) => {
    const term = termBySlug(params.slug);
    if (!term) throw apiError("TERM_NOT_FOUND", { slug: params.slug });
    const relatedTerms = term.related.flatMap((slug) => {
      const related = termBySlug(slug);
      return related
        ? [{ slug, term: related.term, shortDefinition: related.shortDefinition }]
        : [];
    });
    return { ...term, relatedTerms };
  },

  "content.regional": async ({ query }, deps) => {
    const lang = offeredLanguage(query.lang, "lang");
    if (!isCountry(query.country)) {
      throw invalidParameter("country", "must be an ISO 3166-1 alpha-2 country code, e.g. DE");
    }
    return regionalContent(lang, query.country, deps.marketClock.now());
  },

  "content.document": async ({ params, query }) => {
    const lang = query.lang === undefined ? SOURCE_LANGUAGE : offeredLanguage(query.lang, "lang");
    const document = isContentType(params.contentType)
      ? contentDocument(params.contentType, params.key)
      : undefined;
    if (!document) {
      throw apiError("CONTENT_NOT_FOUND", {
        contentType: params.contentType,
        key: params.key,
        available: availableDocuments(),
      });
    }
    const translated = document.contentType === "disclaimers" && document.key === "investment-risk";
    return {
      ...document,
      summary: translated ? RISK_DISCLAIMER_TRANSLATIONS[lang] : document.summary,
      requestedLanguage: lang,
      summaryLanguage: translated ? lang : SOURCE_LANGUAGE,
      sectionsLanguage: "en" as const,
    };
  },

  "content.geo": async ({ query, context }, deps) =>
    query.ip === undefined
      ? locate(context.sourceIp, "request", deps.geo)
      : locate(query.ip, "query", deps.geo),
};
