import { createEdgarCompanyData } from "../company/adapters/edgar";
import type { CompanyDataProvider } from "../company/ports";
import { createSimulatedCompanyData } from "../company/sim";
import type { Clock } from "../deps";
import type { MarketDataProvider } from "../market/ports";
import type { Wiring } from "./core";

/**
 * The company-data source COMPANY_PROVIDER names: the simulated world (over `market`, the
 * simulated market its prices come from) or SEC EDGAR. Only the company group imports this.
 */
export function companyProvider(
  { config }: Wiring,
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
    });
  }
  throw new Error(`COMPANY_PROVIDER '${config.companyProvider}' is unknown; use sim or edgar`);
}
