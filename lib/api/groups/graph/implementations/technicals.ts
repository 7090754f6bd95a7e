import { ApiError } from "../../../errors";
import { ivRankReport } from "../../../iv-rank";
import {
  DEFAULT_MIN_PREMIUM_USD,
  DEFAULT_MIN_SIZE_CONTRACTS,
  flowReport,
} from "../../../option-analytics/flow";
import { gex } from "../../../option-analytics/gex";
import { putCallRatioReport } from "../../../option-analytics/put-call-ratio";
import { skew } from "../../../option-analytics/skew";
import { termStructure } from "../../../option-analytics/term-structure";
import { daysTo, listedExpirations, noChainData } from "../../../option-data";
import type { Implementations } from "../../../route";
import { DAILY_PERIOD, technicalsOf } from "../../../technical-figures";
import {
  ANALYTICS_SECTIONS,
  type AnalyticsSection,
  FLOW_PRINTS_LISTED,
  SKEW_TARGET_DAYS,
} from "../routes/options-analytics";
import type { graphTechnicalRoutes } from "../routes/technicals";
import { type GraphDeps, graphCompany } from "./shared";

/** The listed expiration nearest SKEW_TARGET_DAYS calendar days (the earlier on a tie). */
async function skewExpiration(deps: GraphDeps, code: string): Promise<string> {
  const listed = await listedExpirations(deps, code);
  let best = listed[0] as string;
  for (const expiration of listed) {
    const gap = Math.abs(daysTo(deps, expiration) - SKEW_TARGET_DAYS);
    if (gap < Math.abs(daysTo(deps, best) - SKEW_TARGET_DAYS)) best = expiration;
  }
  return best;
}

/** Codes a cited endpoint answers 404 with when its part of the option data is too thin. */
const SECTION_GAPS = ["INSUFFICIENT_OPTION_DATA", "NO_CHAIN_DATA"] as const;
type SectionGap = (typeof SECTION_GAPS)[number];

interface Unavailable {
  section: AnalyticsSection;
  code: SectionGap;
  reason: string;
}

/** One section's figures, or null with the reason when its endpoint would answer such a 404. */
async function section<T>(
  name: AnalyticsSection,
  unavailable: Unavailable[],
  compute: () => Promise<T>,
): Promise<T | null> {
  try {
    return await compute();
  } catch (error) {
    const gap = SECTION_GAPS.find((code) => error instanceof ApiError && error.code === code);
    if (!gap) throw error;
    unavailable.push({ section: name, code: gap, reason: (error as ApiError).message });
    return null;
  }
}

/** Every section null: the company has no listed options (each cited endpoint's 404). */
function withoutOptions(code: string) {
  const reason = noChainData(code, "the contract has no listed options").message;
  return {
    ivRank: null,
    skew: null,
    termStructure: null,
    putCallRatio: null,
    gex: null,
    flow: null,
    unavailable: ANALYTICS_SECTIONS.map((section) => ({
      section,
      code: "NO_CHAIN_DATA" as const,
      reason,
    })),
  };
}

export const graphTechnicalImplementations: Implementations<
  typeof graphTechnicalRoutes,
  GraphDeps
> = {
  "graph.technicals": async ({ params }, deps) => {
    const instrument = await graphCompany(deps, params.code, "technicals");
    const figures = await technicalsOf(deps, instrument);
    return {
      symbol: instrument.symbol,
      code: instrument.code,
      name: instrument.name,
      asOf: deps.marketClock.now().toISOString(),
      ...figures,
      bars: {
        source: `/v1/market/stocks/${instrument.code}/chart?period=${DAILY_PERIOD}`,
        ...figures.bars,
      },
    };
  },

  "graph.optionsAnalytics": async ({ params }, deps) => {
    const instrument = await graphCompany(deps, params.code, "options analytics");
    const code = instrument.code;
    const asOf = deps.marketClock.now().toISOString();
    const heading = { symbol: instrument.symbol, code, name: instrument.name, asOf };
    if (!instrument.hasOptions) return { ...heading, ...withoutOptions(code) };
    const unavailable: Unavailable[] = [];
    const cite = (path: string) => ({ source: `/v1${path}`, asOf });
    const [ivRank, skewSection, termSection, putCall, gexSection, flow] = await Promise.all([
      section("ivRank", unavailable, async () => {
        const report = await ivRankReport(deps, instrument);
        return {
          ...cite(`/options/${code}/iv-rank`),
          currentImpliedVolatility: report.currentImpliedVolatility,
          ivRank: report.ivRank,
          ivPercentile: report.ivPercentile,
          yearHigh: report.yearHigh,
          yearHighDate: report.yearHighDate,
          yearLow: report.yearLow,
          yearLowDate: report.yearLowDate,
          historyLength: report.historyLength,
        };
      }),
      section("skew", unavailable, async () => {
        const expiry = await skewExpiration(deps, code);
        const report = await skew(code, expiry, deps);
        return {
          ...cite(`/volatility/${code}/skew?expiry=${expiry}`),
          expiration: report.expiration,
          daysToExpiration: report.daysToExpiration,
          put25Iv: report.put25Iv,
          atmIv: report.atmIv,
          call25Iv: report.call25Iv,
          riskReversal25: report.riskReversal25,
          butterfly25: report.butterfly25,
          putSkewRatio: report.putSkewRatio,
        };
      }),
      section("termStructure", unavailable, async () => {
        const report = await termStructure(code, deps);
        return {
          ...cite(`/volatility/${code}/term-structure`),
          iv30: report.iv30,
          iv60: report.iv60,
          iv90: report.iv90,
          slope: report.slope,
          shape: report.shape,
        };
      }),
      section("putCallRatio", unavailable, async () => {
        const { total } = await putCallRatioReport(deps, instrument);
        return {
          ...cite(`/options/${code}/put-call-ratio`),
          volumeRatio: total.volumeRatio,
          openInterestRatio: total.openInterestRatio,
          premiumRatio: total.premiumRatio,
          callVolume: total.callVolume,
          putVolume: total.putVolume,
          callOpenInterest: total.callOpenInterest,
          putOpenInterest: total.putOpenInterest,
        };
      }),
      section("gex", unavailable, async () => {
        const report = await gex(code, { dealerConvention: "long-calls-short-puts" }, deps);
        return {
          ...cite(`/volatility/${code}/gex`),
          dealerConvention: "long-calls-short-puts" as const,
          totalGammaExposure: report.totalGammaExposure,
          gammaRegime: report.gammaRegime,
          zeroGammaLevel: report.zeroGammaLevel,
          zeroGammaDistancePercent: report.zeroGammaDistancePercent,
          callWall: report.callWall,
          putWall: report.putWall,
          underlyingLivePrice: report.underlyingLivePrice,
        };
      }),
      section("flow", unavailable, async () => {
        const report = await flowReport(deps, instrument, {
          minPremium: DEFAULT_MIN_PREMIUM_USD,
          minSize: DEFAULT_MIN_SIZE_CONTRACTS,
          limit: FLOW_PRINTS_LISTED,
        });
        return {
          ...cite(`/options/${code}/flow?limit=${FLOW_PRINTS_LISTED}`),
          tapePrintCount: report.tapePrintCount,
          unusualPrintCount: report.unusualPrintCount,
          totalPremium: report.totals.totalPremium,
          callPremium: report.totals.callPremium,
          putPremium: report.totals.putPremium,
          bullishPremium: report.totals.bullishPremium,
          bearishPremium: report.totals.bearishPremium,
          unclassifiedPremium: report.totals.unclassifiedPremium,
          latest: report.items.map((print) => ({
            time: print.time,
            contract: print.contract,
            right: print.right,
            strike: print.strike,
            expiration: print.expiration,
            size: print.size,
            premium: print.premium,
            aggressor: print.aggressor,
            tradeType: print.tradeType,
          })),
        };
      }),
    ]);
    return {
      ...heading,
      ivRank,
      skew: skewSection,
      termStructure: termSection,
      putCallRatio: putCall,
      gex: gexSection,
      flow,
      unavailable,
    };
  },
};
