import type { Clock } from "../../deps";
import { isoDate } from "../../market/civil-date";
import { nyDayOf } from "../../market/company-data";
import type { ReadThroughCache } from "../../store/read-through-cache";
import { COVERED_COMPANIES, coveredCompany, FDA_COMPANIES } from "../companies";
import type { FdaEvent, FdaSource } from "../ports";
import { advisoryMeetings } from "./federal-register";
import type { SourceHttp } from "./http";
import { drugsFdaApprovals } from "./openfda";
import { createRequestBudget, type RequestBudget } from "./request-budget";

/**
 * The real FDA source (FDA_PROVIDER=openfda): approvals from openFDA's Drugs@FDA
 * (./openfda.ts) and advisory-committee meetings from the Federal Register (./federal-register.ts),
 * each within its request budget and through the read-through cache when one is given.
 * What it cannot supply is stated in OPENFDA_LIMITATIONS and served with every answer.
 */

export const OPENFDA_LIMITATIONS = [
  "The FDA does not publish PDUFA goal dates; sponsors disclose them in 8-Ks and press releases, which this source does not read: there are no PDUFA rows.",
  "Drugs@FDA lists approvals only: no complete response letters and no pending applications; its JSON has no indication (null).",
  "Drugs@FDA covers CDER's drugs and biologics: vaccines, blood products and cell and gene therapies (CBER) are not in it.",
  "Advisory-committee meetings come from the FDA's Federal Register notices of the last 150 days; the Register carries no votes, so AdComm rows have no outcome.",
];

/** openFDA without an API key: 240 requests a minute, 1,000 a day. */
export const OPENFDA_LIMITS = { perMinute: 240, perDay: 1000 } as const;
/** The Federal Register publishes no limit; this keeps a polite pace. */
export const FEDERAL_REGISTER_LIMITS = { perMinute: 60, perDay: 2000 } as const;
/** Meeting notices are read from this many days back (notices precede meetings by 15+ days). */
const NOTICE_DAYS_BACK = 150;

export interface OpenFdaOptions {
  /** The market clock: nothing after it is asked for. */
  clock: Clock;
  fetch?: typeof globalThis.fetch;
  cache?: ReadThroughCache | undefined;
  timeoutMs?: number;
  /** Budgets per source (tests pass small ones with a fake clock). */
  openFdaBudget?: RequestBudget;
  registerBudget?: RequestBudget;
}

const USER_AGENT = "market-data-api FDA catalysts (+https://github.com/)";

export function createOpenFdaSource(options: OpenFdaOptions): FdaSource {
  const { clock, fetch = globalThis.fetch, cache, timeoutMs = 15_000 } = options;
  const openFda: SourceHttp = {
    provider: "openFDA",
    fetch,
    cache,
    timeoutMs,
    userAgent: USER_AGENT,
    budget:
      options.openFdaBudget ?? createRequestBudget({ provider: "openFDA", ...OPENFDA_LIMITS }),
  };
  const register: SourceHttp = {
    provider: "Federal Register",
    fetch,
    cache,
    timeoutMs,
    userAgent: USER_AGENT,
    budget:
      options.registerBudget ??
      createRequestBudget({ provider: "Federal Register", ...FEDERAL_REGISTER_LIMITS }),
  };

  return {
    name: "openfda",
    companies: FDA_COMPANIES,
    limitations: OPENFDA_LIMITATIONS,
    async events({ from, to, symbol }) {
      const today = nyDayOf(clock.now().getTime());
      const todayIso = isoDate(today);
      const companies =
        symbol === undefined
          ? COVERED_COMPANIES
          : [coveredCompany(symbol)].filter((c) => c !== undefined);
      if (companies.length === 0) return [];
      const events: FdaEvent[] = [];
      const pastTo = to < todayIso ? to : todayIso;
      if (from <= pastTo) {
        for (const company of companies) {
          events.push(...(await drugsFdaApprovals(openFda, company, from, pastTo)));
        }
      }
      const since = isoDate(today - NOTICE_DAYS_BACK);
      const meetingsFrom = from > since ? from : since;
      if (meetingsFrom <= to) {
        const wanted = new Set(companies.map((c) => c.symbol));
        const meetings = await advisoryMeetings(register, since, meetingsFrom, to);
        events.push(...meetings.filter((m) => wanted.has(m.symbol)));
      }
      return events;
    },
  };
}
