import { createEdgarClient, createEdgarCompanyData } from "../company/adapters/edgar";
import { edgarCache } from "../company/adapters/edgar-cache";
import type { CompanyDataProvider } from "../company/ports";
import { createSimulatedCompanyData, createWorldFilings } from "../company/sim";
import { type Clock, jsonLogger, systemClock } from "../deps";
import { createEdgarFundamentals } from "../fundamentals/adapters/edgar-xbrl";
import type { FundamentalsSource } from "../fundamentals/ports";
import { createSimulatedFundamentals } from "../fundamentals/sim";
import { createEdgarGraphSources, filersFromSetting } from "../graph/adapters/edgar-graph";
import type { GraphSources } from "../graph/ports";
import { createSimulatedGraphSources } from "../graph/sim";
import type { MarketDataProvider } from "../market/ports";
import { STOCKS } from "../market/sim/universe";
import { companyProvider } from "./company";
import type { Wiring } from "./core";

export interface GraphWiring {
  company: CompanyDataProvider;
  graph: GraphSources;
  fundamentals: FundamentalsSource;
}

/**
 * The company data, the graph's sources and the financial statements. With COMPANY_PROVIDER=sim the graph reads the
 * simulated world, sharing one set of filings with the company data (so Form 4 accession
 * numbers are the ones /company/{code}/filings lists, built once). With COMPANY_PROVIDER=edgar
 * it reads SEC EDGAR (people from Forms 3/4, institutions from 13Fs, statements from XBRL
 * company facts; no supply chain: that answers 503 naming it).
 */
export function graphWiring(
  wiring: Wiring,
  market: MarketDataProvider,
  marketClock: Clock,
): GraphWiring {
  if (wiring.config.companyProvider === "sim") {
    const filings = createWorldFilings(market, marketClock);
    return {
      company: createSimulatedCompanyData(market, marketClock, filings),
      graph: createSimulatedGraphSources(market, marketClock, filings),
      fundamentals: createSimulatedFundamentals({ clock: marketClock, filings }),
    };
  }
  if (wiring.config.companyProvider === "edgar") return edgarGraph(wiring, marketClock);
  // Unknown providers fail here with companyProvider's message.
  companyProvider(wiring, market, marketClock);
  throw new Error(
    `COMPANY_PROVIDER '${wiring.config.companyProvider}' is unknown; use sim or edgar`,
  );
}

/**
 * SEC EDGAR for both: one client (one User-Agent, one 10-a-second limiter) and one cache shared
 * by the company data, the graph and the statements; people over the universe's stocks;
 * institutions from the 13F filers of GRAPH_13F_FILERS (none by default: then every known
 * symbol has no holders).
 */
function edgarGraph({ config, db }: Wiring, marketClock: Clock): GraphWiring {
  if (!config.edgarUserAgent) {
    throw new Error("COMPANY_PROVIDER=edgar needs EDGAR_USER_AGENT (a name and a contact address)");
  }
  const filers = filersFromSetting(config.graph13fFilers);
  const client = createEdgarClient({ userAgent: config.edgarUserAgent });
  const cache = config.marketCache
    ? edgarCache({ db, tableName: config.tableName, clock: systemClock(), log: jsonLogger })
    : undefined;
  const now = () => marketClock.now().getTime();
  const company = createEdgarCompanyData({ userAgent: config.edgarUserAgent, now, cache, client });
  const graph = createEdgarGraphSources({
    company,
    client,
    cache,
    symbols: STOCKS.map((stock) => stock.symbol),
    filers,
    now,
  });
  const fundamentals = createEdgarFundamentals({
    client,
    cache,
    directory: company.directory,
    now,
  });
  return { company, graph, fundamentals };
}
