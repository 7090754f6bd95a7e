import type { DemoAccount } from "./account/demo-account";
import type { DocsAssets } from "./api/docs";
import type { CompanyDataProvider } from "./company/ports";
import type { CongressionalSource } from "./congressional/ports";
import type { Mailer } from "./contact/mailer";
import type { IpCountryDatabase } from "./content/geo/ports";
import type { FdaSource } from "./fda/ports";
import type { FundamentalsSource } from "./fundamentals/ports";
import type { GraphSources } from "./graph/ports";
import type { MarketDataProvider } from "./market/ports";
import type { NarrativeWriter } from "./narrative/ports";
import type { NewsDesk } from "./news/desk";
import type { FxRateSource } from "./reference/fx/ports";
import type { ShortVolumeSource } from "./short-volume/ports";
import type { AccountStore } from "./store/accounts";
import type { AlertStore } from "./store/alerts";
import type { DeliveryLog } from "./store/delivery-log";
import type { RateLimiter } from "./store/rate-limiter";
import type { ResponseCache } from "./store/response-cache";
import type { VerdictStore } from "./store/verdicts";
import type { WebhookStore } from "./store/webhooks";
import type { EventQueue } from "./webhooks/event-queue";

/** A source of the current instant; the market clock is pinned by SIM_NOW. */
export interface Clock {
  now(): Date;
}

export interface Logger {
  info(message: string, fields?: object): void;
  error(message: string, fields?: object): void;
}

/**
 * Everything implementations may use. Each group's function wires only the part its
 * implementations name (`CoreDeps` plus its own, see lib/api/groups/<group>/index.ts), once
 * per cold start; `createDeps` (lib/wiring/all.ts) wires the whole set for tests and tools.
 */
export interface Deps {
  /** Real time: rate limits, timestamps of accounts and keys. */
  clock: Clock;
  /** The market's clock: real time, or the instant pinned by SIM_NOW. */
  marketClock: Clock;
  docs: DocsAssets;
  log: Logger;
  accounts: AccountStore;
  limiter: RateLimiter;
  mailer: Mailer;
  /** Whole responses cached in DynamoDB (Nova's suggestions). */
  responses: ResponseCache;
  /** Browser origins allowed to call CORS routes (the corporate contact form). */
  corsOrigins: readonly string[];
  /** Quotes, bars and instruments: the simulated market or a vendor (MARKET_PROVIDER). */
  market: MarketDataProvider;
  /** Risk-free rate (percent, continuously compounded) when a request gives none. */
  defaultRiskFreeRatePercent: number;
  /** Writes rationales and summaries from computed facts (NARRATIVE_BACKEND; lib/narrative). */
  narrative: NarrativeWriter;
  /** Company profiles, filings, descriptions and social feed (COMPANY_PROVIDER). */
  company: CompanyDataProvider;
  /** The company graph's sources: supply chains, people, institutions (GRAPH_PROVIDER; lib/graph). */
  graph: GraphSources;
  /** Financial statements (the simulated world's, or a 503 for a provider without them; lib/fundamentals). */
  fundamentals: FundamentalsSource;
  /** Daily off-exchange short-sale volume (SHORT_VOLUME_PROVIDER; lib/short-volume). */
  shortVolume: ShortVolumeSource;
  /** FDA catalysts: PDUFA dates, advisory committees, decisions (FDA_PROVIDER; lib/fda). */
  fda: FdaSource;
  /** Disclosed congressional trades (CONGRESSIONAL_PROVIDER; lib/congressional). */
  congressional: CongressionalSource;
  /** News articles with sentiment and story clusters (NEWS_PROVIDER; lib/news). */
  news: NewsDesk;
  /** Euro foreign exchange reference rates (FX_PROVIDER; lib/reference/fx). */
  fx: FxRateSource;
  /** Webhook subscriptions (with their signing secrets). */
  webhooks: WebhookStore;
  /** Alert subscriptions. */
  alerts: AlertStore;
  /** The intelligence committee's latest verdict per stock (written by runs, read by /conviction). */
  verdicts: VerdictStore;
  /** The webhook delivery queue (POST /webhooks/{id}/test enqueues there). */
  eventQueue: EventQueue;
  /** Webhook delivery attempts (written by the delivery consumer). */
  deliveryLog: DeliveryLog;
  /**
   * How webhook URLs are checked: the local-development loopback setting, and the resolver
   * (the system's DNS when absent; tests inject one, having no network).
   */
  webhookUrls: { allowHttpLoopback: boolean; resolve?: (host: string) => Promise<string[]> };
  /** Which account is the demo account (DEMO_ACCOUNT_EMAIL): the premium-selling feed's reader. */
  demoAccount: DemoAccount;
  /** The IP-to-country database /geo reads (lib/content/geo), loaded on first use. */
  geo: IpCountryDatabase;
}

/** What every function wires: the shared handler's authentication and metering need these. */
export type CoreDeps = Pick<Deps, "clock" | "marketClock" | "log" | "limiter" | "corsOrigins">;

export function systemClock(): Clock {
  return { now: () => new Date() };
}

/** A clock stopped at one instant (SIM_NOW, tests). */
export function pinnedClock(instant: Date): Clock {
  return { now: () => new Date(instant.getTime()) };
}

/** One JSON line per entry, so CloudWatch Logs Insights can query the fields. */
export const jsonLogger: Logger = {
  info: (message, fields) => console.log(JSON.stringify({ level: "info", message, ...fields })),
  error: (message, fields) => console.error(JSON.stringify({ level: "error", message, ...fields })),
};
