import { CompanyDataUnavailable } from "../company/ports";
import { apiError } from "./errors";

/**
 * Company-data outages (company profiles, filings, the graph's sources) answer 503
 * COMPANY_DATA_UNAVAILABLE, never 500 and never invented data. Shared by the company, company
 * news and graph groups.
 */
export async function fromCompanySource<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CompanyDataUnavailable) {
      throw apiError("COMPANY_DATA_UNAVAILABLE", { cause: error });
    }
    throw error;
  }
}

/** 503 for what the configured source never supplies (no Retry-After: retrying will not help). */
export function notSupplied(lacking: string) {
  return apiError("COMPANY_DATA_UNAVAILABLE", {
    lacking,
    cause: new Error(`the company-data source does not supply ${lacking}`),
  });
}
