import {
  atmCallGreeks,
  dividendFigures,
  earningsText,
  formatCompact,
  formatPercent,
  latestRsi,
  NO_DIVIDEND,
  nextEarnings,
  rsiStatus,
  shortFigures,
} from "../../../../market/company-data";
import type {
  Bar,
  EquityReference,
  Instrument,
  InstrumentReference,
} from "../../../../market/ports";
import {
  roundDividend,
  roundMoney,
  roundPercent,
  roundRatio,
  roundVolume,
} from "../../../../market/precision";
import { calendarDaysHolding } from "../../../../market/trading-days";
import { type ApiError, apiError } from "../../../errors";
import {
  atmIvPercent,
  averageDailyVolume,
  dailyBarsOf,
  utcDayStartBefore,
} from "../../../market-figures";
import { benchmarkBarsOf, completedBeforeMs, realisedBeta } from "../../../realised-beta";
import type { Implementations } from "../../../route";
import type { marketCompanyRoutes } from "../routes/details";
import { fromProvider, instrumentOf, type MarketDeps, servedQuoteOf } from "./shared";

/**
 * Extended data, short interest, dividends and technicals, all from the market-data ports:
 * prices, the 52-week range, volumes and daily closes from quotes and bars; beta from the daily
 * closes of the instrument and of SPY; the 30-day at-the-money implied volatility from the
 * volatility surface, when the source has one; the reference figures (shares outstanding or
 * supply, dividend schedule, earnings months, short interest, borrow fee) from reference data.
 * An instrument the source has no reference figures for answers 404 NO_DATA. Every number is
 * rounded by lib/market/precision.ts.
 */

/** Calendar days of daily closes the RSIs are computed over (about 80 sessions). */
const CLOSES_LOOKBACK_DAYS = 120;
/** Completed sessions (closes) beta is taken over: one year, so up to 251 daily returns. */
const BETA_SESSIONS = 252;
/** Calendar days of daily bars a stock or ETF needs: the beta's sessions and today's, or the RSIs'. */
const EQUITY_LOOKBACK_DAYS = Math.max(CLOSES_LOOKBACK_DAYS, calendarDaysHolding(BETA_SESSIONS + 1));

const NO_DATA_REASON: Record<Instrument["contractType"], string> = {
  Stock: "no reference data for this stock",
  ETF: "no reference data for this fund",
  Future: "futures have none",
  Crypto: "crypto assets have none",
  Index: "indices have none",
};

function noData(instrument: Instrument, what: string): ApiError {
  const reason = NO_DATA_REASON[instrument.contractType];
  return apiError("NO_DATA", { what, code: instrument.code, reason });
}

/** A stock or ETF and its reference figures; 404 NO_DATA for any other contract. */
async function stockOf(
  deps: MarketDeps,
  code: string,
  what: string,
): Promise<{ instrument: Instrument; stock: EquityReference }> {
  const { instrument, reference } = await referenceOf(deps, code, what);
  if (reference.kind !== "equity") throw noData(instrument, what);
  return { instrument, stock: reference };
}

/** A stock, ETF or crypto asset and its reference figures; 404 NO_DATA for indices and futures. */
async function referenceOf(
  deps: MarketDeps,
  code: string,
  what: string,
): Promise<{ instrument: Instrument; reference: InstrumentReference }> {
  const instrument = await instrumentOf(deps, code);
  const reference = await fromProvider(() => deps.market.reference(instrument));
  if (!reference) throw noData(instrument, what);
  return { instrument, reference };
}

/** The closes the RSIs are documented over: since 00:00 UTC 120 days before now. */
function rsiClosesOf(bars: readonly Bar[], nowMs: number): number[] {
  const from = utcDayStartBefore(nowMs, CLOSES_LOOKBACK_DAYS);
  return bars.filter((bar) => bar.timestamp >= from).map((bar) => bar.close);
}

/** The figures /technicals and /extended share, rounded. */
async function technicalFigures(
  deps: MarketDeps,
  instrument: Instrument,
  reference: InstrumentReference,
) {
  const isEquity = reference.kind === "equity";
  const barsPromise = dailyBarsOf(
    deps,
    instrument.code,
    isEquity ? EQUITY_LOOKBACK_DAYS : CLOSES_LOOKBACK_DAYS,
  );
  // Crypto has no beta: no benchmark fetched.
  const benchmarkBarsPromise = isEquity
    ? benchmarkBarsOf(deps, instrument, barsPromise, EQUITY_LOOKBACK_DAYS)
    : Promise.resolve([]);
  const [quote, bars, benchmarkBars, ivPercent] = await Promise.all([
    servedQuoteOf(deps, instrument),
    barsPromise,
    benchmarkBarsPromise,
    atmIvPercent(deps, instrument.code),
  ]);
  const nowMs = deps.marketClock.now().getTime();
  const closes = rsiClosesOf(bars, nowMs);
  const rsi14 = latestRsi(closes, 14);
  const rsi5 = latestRsi(closes, 5);
  const shares =
    reference.kind === "equity" ? reference.sharesOutstanding : reference.circulatingSupply;
  return {
    quote,
    livePrice: quote.livePrice,
    rsi14: rsi14 === undefined ? undefined : roundPercent(rsi14),
    rsi5: rsi5 === undefined ? undefined : roundPercent(rsi5),
    ivPercent,
    beta: isEquity
      ? roundRatio(
          realisedBeta(bars, benchmarkBars, completedBeforeMs(quote, nowMs), BETA_SESSIONS),
        )
      : 0,
    marketCap: roundMoney(shares * quote.livePrice),
    averageDailyVolume: averageDailyVolume(bars, quote),
    impliedVolatility: ivPercent === undefined ? "" : formatPercent(ivPercent),
  };
}

/** Greeks of the 30-day ATM call at the IV shown (0 without one), as the calculator gives them. */
function greeksAt(livePrice: number, ivPercent: number | undefined, ratePercent: number) {
  if (ivPercent === undefined) return { theta: 0, gamma: 0, vega: 0 };
  const greeks = atmCallGreeks(livePrice, ivPercent / 100, ratePercent);
  return {
    theta: roundRatio(greeks.theta),
    gamma: roundRatio(greeks.gamma),
    vega: roundRatio(greeks.vega),
  };
}

/** Dividend figures of the served live price, rounded. */
function roundedDividend(stock: EquityReference | undefined, livePrice: number, nowMs: number) {
  const dividend = stock ? dividendFigures(stock.dividend, livePrice, nowMs) : NO_DIVIDEND;
  return {
    ...dividend,
    dividendAmount: roundDividend(dividend.dividendAmount),
    dividendYieldPercent: roundPercent(dividend.dividendYieldPercent),
    dividendsTTM: roundDividend(dividend.dividendsTTM),
  };
}

export const marketCompanyImplementations: Implementations<typeof marketCompanyRoutes, MarketDeps> =
  {
    "market.extended": async ({ params }, deps) => {
      const { instrument, reference } = await referenceOf(deps, params.code, "extended data");
      const figures = await technicalFigures(deps, instrument, reference);
      const { quote, livePrice } = figures;
      const nowMs = deps.marketClock.now().getTime();
      const stock = reference.kind === "equity" ? reference : undefined;
      const dividend = roundedDividend(stock, livePrice, nowMs);
      const short = stock && shortFigures(stock);
      const earnings =
        stock && nextEarnings(instrument.symbol, stock.earningsMonths, stock.earningsHour, nowMs);
      // The nearer event; an earnings report wins a tie with an ex-dividend date.
      const exDividendFirst =
        dividend.nextExDividendDate !== "" &&
        (earnings === undefined || dividend.nextExDividendDate < earnings.date);
      const upcoming = exDividendFirst
        ? { upcomingEvent: "Ex-Dividend" as const, upcomingEventDate: dividend.nextExDividendDate }
        : earnings
          ? { upcomingEvent: "Earnings" as const, upcomingEventDate: earnings.date }
          : { upcomingEvent: "" as const, upcomingEventDate: "" };
      const greeks = greeksAt(livePrice, figures.ivPercent, deps.defaultRiskFreeRatePercent);
      return {
        symbol: instrument.symbol,
        yearHigh: quote.yearHigh,
        yearLow: quote.yearLow,
        marketCap: figures.marketCap,
        averageDailyVolume: figures.averageDailyVolume,
        volume: quote.volume,
        beta: figures.beta,
        rsi14: figures.rsi14 ?? 0,
        rsi5: figures.rsi5 ?? 0,
        theta: greeks.theta,
        gamma: greeks.gamma,
        vega: greeks.vega,
        dividendAmount: dividend.dividendAmount,
        dividendYieldPercent: dividend.dividendYieldPercent,
        dividendsTTM: dividend.dividendsTTM,
        marketCapFormatted: formatCompact(figures.marketCap),
        averageDailyVolumeFormatted: formatCompact(figures.averageDailyVolume),
        volumeFormatted: formatCompact(quote.volume),
        impliedVolatility: figures.impliedVolatility,
        rsiStatus: rsiStatus(figures.rsi14),
        shortableShares: short ? formatCompact(short.shortableShares) : "",
        feeRate: short ? formatPercent(short.feeRatePercent) : "",
        shortable: short?.shortable ?? false,
        exDividendDate: dividend.exDividendDate,
        nextExDividendDate: dividend.nextExDividendDate,
        ...upcoming,
        upcomingEarnings: earningsText(earnings),
        updatedOn: new Date(quote.lastUpdated).toISOString(),
      };
    },

    "market.shortInterest": async ({ params }, deps) => {
      const { instrument, stock } = await stockOf(deps, params.code, "short interest");
      const short = shortFigures(stock);
      return {
        symbol: instrument.symbol,
        shortable: short.shortable,
        shortableShares: roundVolume(short.shortableShares),
        feeRate: roundPercent(short.feeRatePercent),
      };
    },

    "market.dividends": async ({ params }, deps) => {
      const { instrument, stock } = await stockOf(deps, params.code, "dividends");
      const { livePrice } = await servedQuoteOf(deps, instrument);
      const dividend = roundedDividend(stock, livePrice, deps.marketClock.now().getTime());
      return {
        symbol: instrument.symbol,
        dividendAmount: dividend.dividendAmount,
        dividendYield: dividend.dividendYieldPercent,
        dividendTTM: dividend.dividendsTTM,
        exDividendDate: dividend.exDividendDate,
        nextExDividendDate: dividend.nextExDividendDate,
      };
    },

    "market.technicals": async ({ params }, deps) => {
      const { instrument, reference } = await referenceOf(deps, params.code, "technicals");
      const figures = await technicalFigures(deps, instrument, reference);
      return {
        symbol: instrument.symbol,
        rsi: figures.rsi14 ?? 0,
        rsi5: figures.rsi5 ?? 0,
        beta: figures.beta,
        yearHigh: figures.quote.yearHigh,
        yearLow: figures.quote.yearLow,
        averageDailyVolume: figures.averageDailyVolume,
        marketCap: figures.marketCap,
        impliedVolatility: figures.impliedVolatility,
      };
    },
  };
