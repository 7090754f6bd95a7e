import type { ApiGroup } from "../group";
import type { RouteSpec } from "../route";
import { account } from "./account";
import { alerts } from "./alerts";
import { calendar } from "./calendar";
import { company } from "./company";
import { companyExtra } from "./companyExtra";
import { congressional } from "./congressional";
import { content } from "./content";
import { corporate } from "./corporate";
import { docs } from "./docs";
import { fda } from "./fda";
import { fundamentals } from "./fundamentals";
import { graph } from "./graph";
import { hedge } from "./hedge";
import { intelligence } from "./intelligence";
import { market } from "./market";
import { marketAnalysis } from "./marketAnalysis";
import { meta } from "./meta";
import { news } from "./news";
import { options } from "./options";
import { optionsExtra } from "./optionsExtra";
import { portfolio } from "./portfolio";
import { reference } from "./reference";
import { screener } from "./screener";
import { volatility } from "./volatility";
import { webhooks } from "./webhooks";

/**
 * Every group, in the order the descriptor and the OpenAPI document list them. Only build
 * tools, tests and local tooling import this; a function imports its own group only.
 */
export const API_GROUPS: readonly ApiGroup[] = [
  meta,
  docs,
  account,
  corporate,
  market,
  options,
  optionsExtra,
  volatility,
  hedge,
  portfolio,
  company,
  companyExtra,
  news,
  calendar,
  graph,
  fundamentals,
  marketAnalysis,
  screener,
  intelligence,
  congressional,
  fda,
  reference,
  content,
  webhooks,
  alerts,
];

/** The route table: every endpoint of the service, declared once in its group. */
export const ROUTES: readonly RouteSpec[] = API_GROUPS.flatMap((group) => group.routes);
