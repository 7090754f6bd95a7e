import type { Implementations } from "../../../route";
import type { companyRoutes } from "../routes";
import { companyEventImplementations } from "./events";
import { companyFilingImplementations } from "./filings";
import { companyProfileImplementations } from "./profile";
import { companySectorImplementations } from "./sector";
import type { CompanyDeps } from "./shared";

export type { CompanyDeps };

export const companyImplementations: Implementations<typeof companyRoutes, CompanyDeps> = {
  ...companyProfileImplementations,
  ...companyEventImplementations,
  ...companyFilingImplementations,
  ...companySectorImplementations,
};
