import type { Clock } from "../deps";
import type { MarketDataProvider } from "../market/ports";
import { createSimulatedMarket } from "../market/sim/simulated-market";
import { combineNewsSources } from "../news/adapters/combined";
import { createEdgarCurrentReports } from "../news/adapters/edgar-8k";
import { createEdgarTickerOfCik } from "../news/adapters/edgar-tickers";
import { createFeedNews, feedsFromSetting } from "../news/adapters/feed";
import { companyNamesOf } from "../news/company-names";
import { createNewsDesk, type NewsDesk } from "../news/desk";
import type { NewsSource } from "../news/ports";
import { createSimulatedNewsroom } from "../news/sim";
import type { Wiring } from "./core";

/**
 * The news desk over the source NEWS_PROVIDER names: the simulated newsroom (over `market`, the
 * simulated market its stories come from), SEC EDGAR's current 8-K feed, the RSS/Atom feeds of
 * NEWS_FEED_URLS, or both real ones (the simulated newsroom writes the simulated world's news
 * whatever MARKET_PROVIDER says). Company names for ticker sentiment come from the market's
 * instruments. Only the news groups import this.
 */
export function newsDesk(wiring: Wiring, market: MarketDataProvider, marketClock: Clock): NewsDesk {
  return createNewsDesk({
    source: newsSource(wiring, market, marketClock),
    clock: marketClock,
    namesByTicker: async () => {
      const instruments = await market.instruments();
      return new Map(
        instruments.map((instrument) => [instrument.symbol, companyNamesOf(instrument)]),
      );
    },
  });
}

function newsSource(
  { config }: Wiring,
  market: MarketDataProvider,
  marketClock: Clock,
): NewsSource {
  const now = () => marketClock.now().getTime();
  const parts = config.newsProvider.split("+");
  if (parts.length === 1 && parts[0] === "sim") {
    // The newsroom writes the simulated world's news from the simulated market itself, never
    // through the DynamoDB cache or from a vendor's prices (its stories must match the world).
    const simulated =
      config.marketProvider === "sim" && !config.marketCache
        ? market
        : createSimulatedMarket(marketClock);
    return createSimulatedNewsroom(simulated, marketClock);
  }
  const sources = parts.map((part): NewsSource => {
    if (part === "edgar") {
      const userAgent = config.edgarUserAgent;
      if (!userAgent) {
        throw new Error(
          "NEWS_PROVIDER=edgar needs EDGAR_USER_AGENT (a name and a contact address)",
        );
      }
      return createEdgarCurrentReports({
        userAgent,
        tickerOfCik: createEdgarTickerOfCik({ userAgent }),
        now,
      });
    }
    if (part === "feeds") {
      const feeds = feedsFromSetting(config.newsFeedUrls);
      if (feeds.length === 0) throw new Error("NEWS_PROVIDER=feeds needs NEWS_FEED_URLS");
      return createFeedNews({ feeds, now });
    }
    throw new Error(
      `NEWS_PROVIDER '${config.newsProvider}' is unknown; use sim, edgar, feeds or edgar+feeds`,
    );
  });
  return sources.length === 1 && sources[0] ? sources[0] : combineNewsSources(sources);
}
