import type { CompanyRecord } from "../../../../company/ports";
import type { CoreDeps, Deps } from "../../../../deps";
import type { EquityReference, Instrument } from "../../../../market/ports";
import { fromCompanySource } from "../../../company-source";
import { apiError } from "../../../errors";
import { fromProvider, instrumentOf } from "../../../market-data";

export { fromCompanySource, notSupplied } from "../../../company-source";

/** What the company group's implementations use (wired in ../index.ts). */
export type CompanyDeps = CoreDeps & Pick<Deps, "market" | "company">;

export function noData(code: string, what: string, reason: string) {
  return apiError("NO_DATA", { what, code, reason });
}

const REASON_BY_TYPE: Record<Instrument["contractType"], string | undefined> = {
  Stock: undefined,
  ETF: undefined,
  Index: "indices are no company",
  Future: "futures are no company",
  Crypto: "crypto assets are no company",
};

/** A listed stock or ETF: 404 SYMBOL_NOT_FOUND for an unknown code, NO_DATA for other kinds. */
export async function listedCompany(
  deps: CompanyDeps,
  code: string,
  what: string,
): Promise<Instrument> {
  const instrument = await instrumentOf(deps, code);
  const reason = REASON_BY_TYPE[instrument.contractType];
  if (reason) throw noData(instrument.code, what, reason);
  return instrument;
}

/** The instrument and the company-data source's record of it; NO_DATA when it has none. */
export async function companyRecordOf(
  deps: CompanyDeps,
  code: string,
  what: string,
): Promise<{ instrument: Instrument; record: CompanyRecord }> {
  const instrument = await listedCompany(deps, code, what);
  const record = await fromCompanySource(() => deps.company.directory.company(instrument.symbol));
  if (!record) {
    throw noData(instrument.code, what, "the company-data source does not know the company");
  }
  return { instrument, record };
}

/** The stock's or fund's reference figures (shares, dividends, earnings schedule); NO_DATA without. */
export async function equityReferenceOf(
  deps: CompanyDeps,
  instrument: Instrument,
  what: string,
): Promise<EquityReference> {
  const reference = await fromProvider(() => deps.market.reference(instrument));
  if (reference?.kind !== "equity") {
    throw noData(instrument.code, what, "the market-data source has no reference figures for it");
  }
  return reference;
}
