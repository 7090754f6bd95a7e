import type { CompanyFilings, FilingRecord } from "../../company/ports";
import type { Clock } from "../../deps";
import { stockBySymbol } from "../../market/sim/universe";
import type { FundamentalsSource, QuarterStatement } from "../ports";
import { simulatedQuarters } from "./statements";

/**
 * The simulated world's FundamentalsSource ("sim"): the statements of statements.ts up to the
 * clock, each with its 10-Q or 10-K as the world's company filings list it (`filings`: the
 * same instance /company/{code}/filings reads, lib/company/sim/index.ts createWorldFilings), so
 * the filing date and accession number are the ones served there. A quarter is out from its
 * earnings release (as earningsReports' actuals); its filing fields stay null until the form is
 * accepted, days to weeks later.
 *
 * Cost: the figures are built once per symbol; each call cuts them at the clock and reads the
 * issuer's 10-Qs and 10-Ks from `filings` (whose first call per issuer builds its filing history).
 */
export function createSimulatedFundamentals(deps: {
  clock: Clock;
  filings: CompanyFilings;
}): FundamentalsSource {
  return {
    name: "sim",
    async quarterStatements(symbol, fromYear, toYear) {
      const stock = stockBySymbol(symbol);
      if (!stock) return undefined;
      const nowMs = deps.clock.now().getTime();
      const out = simulatedQuarters(stock).filter(
        ({ releaseMs, statement }) =>
          releaseMs <= nowMs && statement.fiscalYear >= fromYear && statement.fiscalYear <= toYear,
      );
      if (out.length === 0) return [];
      const filed = await periodicFilings(deps.filings, symbol);
      return out.map(({ statement }): QuarterStatement => {
        const filing = filed.get(`${statement.form} ${statement.periodEnd}`);
        return {
          ...statement,
          filingDate: filing?.filingDate ?? null,
          accessionNumber: filing?.accessionNumber ?? null,
        };
      });
    },
  };
}

/** More than the record holds of either form (four a year since 2015). */
const ALL_PERIODIC = 1_000;

/** The issuer's 10-Qs and 10-Ks filed by the clock, by "form periodEnd". */
async function periodicFilings(
  filings: CompanyFilings,
  symbol: string,
): Promise<Map<string, FilingRecord>> {
  const [tenQs, tenKs] = await Promise.all(
    ["10-Q", "10-K"].map((form) => filings.filings(symbol, { form, limit: ALL_PERIODIC })),
  );
  const byPeriod = new Map<string, FilingRecord>();
  for (const record of [...(tenQs ?? []), ...(tenKs ?? [])]) {
    byPeriod.set(`${record.form} ${record.reportDate}`, record);
  }
  return byPeriod;
}
