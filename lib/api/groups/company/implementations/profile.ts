import { searchListings } from "../../../../company/search";
import { roundMoney } from "../../../../market/precision";
import { fromProvider, servedQuoteOf } from "../../../market-data";
import type { Implementations } from "../../../route";
import type { companyRoutes } from "../routes";
import {
  type CompanyDeps,
  companyRecordOf,
  equityReferenceOf,
  fromCompanySource,
  noData,
} from "./shared";

/** Search answers at most this many companies and funds. */
const MAX_RESULTS = 25;

type ProfileRoutes = Pick<typeof companyRoutes, "search" | "profile" | "description">;

export const companyProfileImplementations: Implementations<ProfileRoutes, CompanyDeps> = {
  "company.search": async ({ query }, deps) => {
    const [listings, instruments] = await Promise.all([
      fromCompanySource(() => deps.company.directory.listings()),
      fromProvider(() => deps.market.instruments()),
    ]);
    const codeBySymbol = new Map(
      instruments
        .filter((i) => i.contractType === "Stock" || i.contractType === "ETF")
        .map((i) => [i.symbol, i.code]),
    );
    return {
      results: searchListings(listings, query.q, MAX_RESULTS).map(({ listing, match }) => ({
        symbol: listing.symbol,
        name: listing.name,
        exchange: listing.exchange,
        contractType: listing.contractType,
        code: codeBySymbol.get(listing.symbol) ?? null,
        match,
      })),
    };
  },

  "company.profile": async ({ params }, deps) => {
    const { instrument, record } = await companyRecordOf(deps, params.code, "company profile");
    const [reference, quote] = await Promise.all([
      equityReferenceOf(deps, instrument, "company profile"),
      servedQuoteOf(deps, instrument),
    ]);
    return {
      symbol: instrument.symbol,
      name: record.name,
      code: instrument.code,
      exchange: instrument.exchange,
      contractType: record.contractType,
      isin: record.isin,
      cik: record.cik,
      summary: record.summary ?? "",
      logoUrl: null,
      sector: record.sector,
      industry: record.industry,
      country: record.country,
      headquarters: record.headquarters,
      website: record.website,
      employees: record.employees,
      fiscalYearEnd: record.fiscalYearEnd,
      currency: instrument.currency,
      sharesOutstanding: reference.sharesOutstanding,
      livePrice: quote.livePrice,
      marketCap: roundMoney(reference.sharesOutstanding * quote.livePrice),
      lastUpdated: new Date(quote.lastUpdated).toISOString(),
    };
  },

  "company.description": async ({ params }, deps) => {
    const { instrument, record } = await companyRecordOf(deps, params.code, "description");
    const found = await fromCompanySource(() =>
      deps.company.descriptions.description(instrument.symbol),
    );
    if (!found) throw noData(instrument.code, "description", "none has been written yet");
    return {
      symbol: instrument.symbol,
      name: record.name,
      description: found.description,
      source: found.source,
      exchange: instrument.exchange,
      industry: record.industry,
      updatedOn: found.updatedOn,
    };
  },
};
