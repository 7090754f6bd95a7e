import type { Clock } from "../../deps";
import type { MarketDataProvider } from "../../market/ports";
import { STOCKS, stockBySymbol, type UniverseStock } from "../../market/sim/universe";
import type {
  CompanyDataProvider,
  CompanyDescription,
  CompanyListing,
  CompanyRecord,
} from "../ports";
import { companyRecordOf } from "./companies";
import { createSimulatedFilings, type SimulatedFilings } from "./filings";
import { createSimulatedSocialFeed } from "./social";

/**
 * The simulated world's company data: the universe's stocks and funds (lib/market/sim/
 * universe.json) with their reference records (companies.json), filings by fictional insiders
 * at the simulated market's prices, and a social feed reacting to it. `market` is the
 * simulated market the world's prices come from.
 */

/** When the descriptions in companies.json were written (by a language model, from public information). */
const DESCRIPTIONS_WRITTEN = Date.parse("2026-11-24T00:00:00Z");

/** Every simulated company's fiscal year is the calendar year ("MM-DD"). */
const SIMULATED_FISCAL_YEAR_END = "12-31";

const listingOf = (stock: UniverseStock): CompanyListing => ({
  symbol: stock.symbol,
  name: stock.name,
  exchange: stock.exchange,
  contractType: stock.type === "ETF" ? "ETF" : "STK",
});

const LISTINGS: readonly CompanyListing[] = STOCKS.map(listingOf);

function recordOf(symbol: string): CompanyRecord | undefined {
  const stock = stockBySymbol(symbol);
  const company = companyRecordOf(symbol);
  if (!stock || !company) return undefined;
  return {
    ...listingOf(stock),
    cik: company.cik,
    isin: company.isin,
    sector: stock.sector,
    industry: stock.industry,
    country: company.country,
    headquarters: company.headquarters,
    website: company.website,
    employees: company.employees,
    // The simulated world reports calendar quarters (lib/market/sim/earnings.ts), so its
    // fiscal years end with the calendar year; companies.json keeps the real fiscal year ends.
    fiscalYearEnd: stock.type === "ETF" ? company.fiscalYearEnd : SIMULATED_FISCAL_YEAR_END,
    summary: company.summary,
  };
}

/** The world's filings over `market` (one instance may serve the company data and the graph). */
export function createWorldFilings(market: MarketDataProvider, clock: Clock): SimulatedFilings {
  return createSimulatedFilings(market, clock, (symbol) => companyRecordOf(symbol)?.cik ?? null);
}

export function createSimulatedCompanyData(
  market: MarketDataProvider,
  clock: Clock,
  filings: SimulatedFilings = createWorldFilings(market, clock),
): CompanyDataProvider {
  return {
    directory: {
      listings: async () => LISTINGS,
      company: async (symbol) => recordOf(symbol),
    },
    filings,
    descriptions: {
      async description(symbol): Promise<CompanyDescription | undefined> {
        const company = companyRecordOf(symbol);
        if (!company) return undefined;
        const written = Math.min(DESCRIPTIONS_WRITTEN, clock.now().getTime());
        return {
          description: company.description,
          source: "AI-generated",
          updatedOn: new Date(written).toISOString(),
        };
      },
    },
    social: createSimulatedSocialFeed(market, clock),
  };
}
