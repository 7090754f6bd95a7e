import { createEdgarCompanyData } from "../company/adapters/edgar";
import { edgarCache } from "../company/adapters/edgar-cache";
import type { CompanyDataProvider } from "../company/ports";
import { createSimulatedCompanyData } from "../company/sim";
import { type Clock, jsonLogger, systemClock } from "../deps";
import type { MarketDataProvider } from "../market/ports";
import type { Wiring } from "./core";

/**
 * The company-data source COMPANY_PROVIDER names: the simulated world (over `market`, the
 * simulated market its prices come from) or SEC EDGAR. Only the company group imports this.
 *
 * EDGAR's answers go through the DynamoDB read-through cache when MARKET_CACHE is on (by
 * default with a vendor, so with EDGAR too): submissions for 10 minutes, Form 4s and 10-K
 * summaries for 30 days (lib/company/adapters/edgar-cache.ts). The cache runs on real time,
 * never the market clock, so a pinned SIM_NOW does not keep entries fresh forever.
 */
export function companyProvider(
  { config, db }: Wiring,
  market: MarketDataProvider,
  marketClock: Clock,
): CompanyDataProvider {
  if (config.companyProvider === "sim") return createSimulatedCompanyData(market, marketClock);
  if (config.companyProvider === "edgar") {
    if (!config.edgarUserAgent) {
      throw new Error(
        "COMPANY_PROVIDER=edgar needs EDGAR_USER_AGENT (a name and a contact address)",
      );
    }
    return createEdgarCompanyData({
      userAgent: config.edgarUserAgent,
      now: () => marketClock.now().getTime(),
      cache: config.marketCache
        ? edgarCache({ db, tableName: config.tableName, clock: systemClock(), log: jsonLogger })
        : undefined,
    });
  }
  throw new Error(`COMPANY_PROVIDER '${config.companyProvider}' is unknown; use sim or edgar`);
}
