import { demoAccountOf } from "../account/demo-account";
import { fileDocsAssets } from "../api/docs";
import type { Config } from "../config";
import type { Deps } from "../deps";
import { GRAPH_BRIEF_TEMPLATES } from "../graph/brief/templates";
import { HEDGE_TEMPLATES } from "../hedge/rationale";
import { INTELLIGENCE_REPORT_TEMPLATES } from "../intelligence/report-templates";
import { INTELLIGENCE_VERDICT_TEMPLATES } from "../intelligence/templates";
import { NEWS_SUMMARY_TEMPLATES } from "../news/summary";
import { congressionalSource } from "./congressional";
import { coreDeps, wiringOf } from "./core";
import { fdaSource } from "./fda";
import { fxSource } from "./fx";
import { geoDatabase } from "./geo";
import { graphWiring } from "./graph";
import { marketProvider } from "./market";
import { narrativeWriter } from "./narrative";
import { newsDesk } from "./news";
import { eventQueue } from "./queue";
import { shortVolumeSource } from "./short-volume";
import {
  accountStore,
  alertStore,
  deliveryLog,
  mailer,
  responseCache,
  verdictStore,
  webhookStore,
} from "./stores";

/**
 * Every dependency at once, for tests, scripts and tools that call implementations of several
 * groups. A Lambda function wires only its group's part (lib/api/groups/<group>/index.ts).
 */
export function createDeps(config: Config): Deps {
  const wiring = wiringOf(config);
  const core = coreDeps(wiring);
  const market = marketProvider(wiring, core.marketClock);
  return {
    ...core,
    docs: fileDocsAssets(config.docsAssetDir, config.openApiPath),
    accounts: accountStore(wiring),
    mailer: mailer(wiring),
    responses: responseCache(wiring),
    market,
    ...graphWiring(wiring, market, core.marketClock),
    news: newsDesk(wiring, market, core.marketClock),
    shortVolume: shortVolumeSource(wiring, market, core.marketClock),
    fda: fdaSource(wiring, market, core.marketClock),
    congressional: congressionalSource(wiring, market, core.marketClock),
    fx: fxSource(wiring, core.marketClock),
    defaultRiskFreeRatePercent: config.defaultRiskFreeRatePercent,
    narrative: narrativeWriter(config, {
      ...HEDGE_TEMPLATES,
      ...NEWS_SUMMARY_TEMPLATES,
      ...GRAPH_BRIEF_TEMPLATES,
      ...INTELLIGENCE_VERDICT_TEMPLATES,
      ...INTELLIGENCE_REPORT_TEMPLATES,
    }),
    webhooks: webhookStore(wiring),
    alerts: alertStore(wiring),
    verdicts: verdictStore(wiring),
    deliveryLog: deliveryLog(wiring),
    eventQueue: eventQueue(wiring),
    webhookUrls: { allowHttpLoopback: config.webhookAllowHttpLoopback },
    demoAccount: demoAccountOf(accountStore(wiring), config.demoAccountEmail),
    geo: geoDatabase(),
  };
}
