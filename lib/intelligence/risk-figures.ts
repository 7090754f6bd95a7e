import { fromCompanySource } from "../api/company-source";
import { apiError } from "../api/errors";
import { fromProvider, type ServedQuote, servedQuoteOf } from "../api/market-data";
import { AVERAGE_VOLUME_SESSIONS, averageDailyVolume } from "../api/market-figures";
import { bothSides } from "../api/option-analytics/put-call-ratio";
import { reportedOpenInterest, todayOf, yyMMddOf } from "../api/option-data";
import { chartDailyBars, lastBarInProgress } from "../api/technical-figures";
import type { Deps } from "../deps";
import { graphSnapshot } from "../graph/snapshot";
import { isoDate } from "../market/civil-date";
import { nyWallClock } from "../market/ny-time";
import type { Bar, Instrument, OptionQuote } from "../market/ports";
import { roundBar, roundDecimals, roundMoney, roundPercent } from "../market/precision";
import { excessKurtosis, historicalTail, simpleReturns, skewness } from "../quant/tail-risk";
import {
  type EvidenceDeps,
  eventEvidence,
  type Gathered,
  gather,
  targetExpiration,
  volatilityEvidence,
} from "./evidence";
import {
  type AtmOptionFigures,
  type ConcentrationFigures,
  customerFigures,
  type EventFigures,
  herfindahl,
  type LiquidityFigures,
  MIN_TAIL_RETURNS,
  type OwnershipFigures,
  type RiskName,
  TAIL_PERCENT,
  type TailFigures,
  type VolatilityFigures,
} from "./risk-assessment";

/**
 * The figures GET /intelligence/{code}/risk-assessment scores, each read with the code of the
 * endpoint it cites (so it equals what that endpoint serves at the same clock). A risk whose
 * figures the data cannot give (a 404 of its endpoint, the company-data or news source down) is
 * missing with the reason; the market-data source down fails the whole answer (503).
 */

export type RiskDeps = EvidenceDeps & Pick<Deps, "graph">;

/** Days to the option expiration whose ATM quote measures the options' liquidity. */
export const ATM_OPTION_TARGET_DAYS = 30;

export interface RiskFigures {
  event: Gathered<EventFigures>;
  volatility: Gathered<VolatilityFigures>;
  liquidity: Gathered<LiquidityFigures>;
  concentration: Gathered<ConcentrationFigures>;
  tail: Gathered<TailFigures>;
}

/** The endpoints each risk's figures come from (with /v1), for a client to check them. */
export function riskSources(code: string, atmExpiration?: string): Record<RiskName, string[]> {
  const chart = `/v1/market/stocks/${code}/chart?period=5`;
  const chain = atmExpiration
    ? (["C", "P"] as const).map(
        (right) => `/v1/options/${code}/chain?expiry=${yyMMddOf(atmExpiration)}&right=${right}`,
      )
    : [];
  return {
    event: [`/v1/company/${code}/events`],
    volatility: [`/v1/volatility/${code}/hv-iv`],
    liquidity: [`/v1/market/stocks/${code}/extended`, chart, ...chain],
    concentration: [`/v1/graph/${code}/customers`, `/v1/graph/${code}/institutions`],
    tail: [chart],
  };
}

const MS_PER_DAY = 86_400_000;
const dayOfIso = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / MS_PER_DAY);

export async function eventFigures(
  deps: RiskDeps,
  instrument: Instrument,
  windowDays: number,
): Promise<EventFigures> {
  const today = todayOf(deps);
  const events = await eventEvidence(deps, instrument, isoDate(today + windowDays), windowDays);
  return {
    windowFrom: events.windowFrom,
    windowTo: events.windowTo,
    windowDays,
    earningsDate: events.earningsDate,
    earningsHour: events.earningsHour,
    daysToEarnings: events.earningsDate === null ? null : dayOfIso(events.earningsDate) - today,
    exDividendDates: events.exDividendDates,
    dividendPerPaymentUsd:
      events.dividendPerPaymentUsd === null ? null : roundDecimals(events.dividendPerPaymentUsd, 4),
  };
}

/** The daily bars GET /market/stocks/{code}/chart?period=5 serves; 404 NO_DATA without any. */
async function chartBars(deps: RiskDeps, instrument: Instrument): Promise<Bar[]> {
  const bars = await chartDailyBars(deps, instrument);
  if (bars.length === 0) {
    throw apiError("NO_DATA", {
      what: "price history",
      code: instrument.code,
      reason: "the market-data source has no daily bars for it",
    });
  }
  return bars;
}

/** The strike nearest the price listed on both sides, with its quotes; null without one. */
function atmPair(calls: readonly OptionQuote[], puts: readonly OptionQuote[], price: number) {
  const putByStrike = new Map(puts.map((put) => [put.strike, put]));
  let best: { call: OptionQuote; put: OptionQuote } | null = null;
  for (const call of calls) {
    const put = putByStrike.get(call.strike);
    if (!put) continue;
    if (!best || Math.abs(call.strike - price) < Math.abs(best.call.strike - price)) {
      best = { call, put };
    }
  }
  return best;
}

/** (ask − bid) / mid × 100; null without a positive mid. */
function spreadPercent(quote: OptionQuote): number | null {
  const mid = (quote.bid + quote.ask) / 2;
  return mid > 0 ? ((quote.ask - quote.bid) / mid) * 100 : null;
}

async function atmOptionFigures(
  deps: RiskDeps,
  instrument: Instrument,
  quote: ServedQuote,
): Promise<AtmOptionFigures | null> {
  const target = await targetExpiration(deps, instrument.code, ATM_OPTION_TARGET_DAYS);
  const { calls, puts } = await bothSides(deps, instrument.code, target.expiration);
  const pair = atmPair(calls, puts, quote.livePrice);
  if (!pair) return null;
  const spreads = [spreadPercent(pair.call), spreadPercent(pair.put)].filter(
    (spread): spread is number => spread !== null,
  );
  if (spreads.length === 0) return null;
  const [callOpen, putOpen] = reportedOpenInterest([pair.call, pair.put]) as [number, number];
  return {
    expiration: target.expiration,
    daysToExpiration: target.daysToExpiration,
    strike: pair.call.strike,
    callBid: pair.call.bid,
    callAsk: pair.call.ask,
    putBid: pair.put.bid,
    putAsk: pair.put.ask,
    spreadPercent: roundPercent(spreads.reduce((sum, s) => sum + s, 0) / spreads.length),
    openInterest: callOpen + putOpen,
  };
}

/**
 * Average daily share volume as GET /market/stocks/{code}/extended serves it (63 completed
 * sessions), the mean of close × volume over the same sessions, and the ATM option's spread at
 * the first expiration at least 30 days out (null without listed options or without a quote).
 */
export async function liquidityFigures(
  deps: RiskDeps,
  instrument: Instrument,
): Promise<LiquidityFigures> {
  const [bars, quote] = await Promise.all([
    chartBars(deps, instrument),
    servedQuoteOf(deps, instrument),
  ]);
  const completed = quote.marketSession === "Regular" ? bars.slice(0, -1) : bars;
  const recent = completed.slice(-AVERAGE_VOLUME_SESSIONS).map((bar) => roundBar(bar, instrument));
  const dollars = recent.reduce((sum, bar) => sum + bar.close * bar.volume, 0);
  const option = instrument.hasOptions
    ? await gather(() => atmOptionFigures(deps, instrument, quote))
    : { evidence: null };
  return {
    sessions: recent.length,
    averageDailyVolume: averageDailyVolume(bars, quote),
    averageDailyDollarVolumeUsd: recent.length === 0 ? 0 : roundMoney(dollars / recent.length),
    atmOption: "evidence" in option ? option.evidence : null,
  };
}

/** Each listed customer's share of the company's revenue (0-1), as GET /graph/{code}/customers. */
async function customerShares(deps: RiskDeps, symbol: string) {
  const snapshot = await fromCompanySource(() => fromProvider(() => graphSnapshot(deps)));
  if (!snapshot.supply) return null;
  const nameOf = (id: string) =>
    snapshot.companies.get(id)?.name ?? snapshot.unlisted.get(id)?.name ?? id;
  return snapshot.supply
    .filter((relation) => relation.supplierId === symbol && relation.supplierRevenueShare !== null)
    .map((relation) => ({
      customer: nameOf(relation.customerId),
      share: relation.supplierRevenueShare as number,
    }));
}

/** Current 13F holders (as GET /graph/{code}/institutions lists them) against the shares. */
async function ownershipFigures(
  deps: RiskDeps,
  instrument: Instrument,
): Promise<OwnershipFigures | null> {
  const [positions, reference] = await Promise.all([
    fromCompanySource(() => deps.graph.institutions.positionsIn(instrument.symbol)),
    fromProvider(() => deps.market.reference(instrument)),
  ]);
  const sharesOutstanding =
    reference?.kind === "equity"
      ? reference.sharesOutstanding
      : (instrument.sharesOutstanding ?? null);
  const held = (positions ?? [])
    .filter((position) => (position.current?.shares ?? 0) > 0)
    .map((position) => ({
      name: position.institution.name,
      shares: position.current?.shares ?? 0,
      quarterEnd: position.current?.quarterEnd ?? "",
    }))
    .sort((a, b) => b.shares - a.shares);
  if (held.length === 0 || !sharesOutstanding) return null;
  const percents = held.map((holder) => (holder.shares / sharesOutstanding) * 100);
  const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
  const quarterEnd = held.reduce(
    (latest, h) => (h.quarterEnd > latest ? h.quarterEnd : latest),
    "",
  );
  return {
    holders: held.length,
    institutionalPercent: roundPercent(
      (sum(held.map((holder) => holder.shares)) / sharesOutstanding) * 100,
    ),
    largestHolder: held[0]?.name ?? null,
    largestHolderPercent: roundPercent(percents[0] ?? 0),
    top5Percent: roundPercent(sum(percents.slice(0, 5))),
    hhi: roundDecimals(herfindahl(percents), 4),
    quarterEnd: quarterEnd === "" ? null : quarterEnd,
  };
}

export async function concentrationFigures(
  deps: RiskDeps,
  instrument: Instrument,
): Promise<ConcentrationFigures> {
  const [shares, ownership] = await Promise.all([
    customerShares(deps, instrument.symbol),
    ownershipFigures(deps, instrument),
  ]);
  return { customers: shares === null ? null : customerFigures(shares), ownership };
}

const sessionOf = (bar: Bar) => isoDate(nyWallClock(bar.timestamp).day);

/** Tail statistics of the daily returns of the chart's completed sessions (about a year). */
export async function tailFigures(deps: RiskDeps, instrument: Instrument): Promise<TailFigures> {
  const all = await chartBars(deps, instrument);
  const bars = (lastBarInProgress(deps, all) ? all.slice(0, -1) : all).map((bar) =>
    roundBar(bar, instrument),
  );
  const returns = simpleReturns(bars.map((bar) => bar.close));
  if (returns.length < MIN_TAIL_RETURNS) {
    throw apiError("NO_DATA", {
      what: "tail risk",
      code: instrument.code,
      reason: `${returns.length} daily returns, ${MIN_TAIL_RETURNS} needed`,
    });
  }
  const worst = returns.reduce(
    (at, value, index) => (value < (returns[at] as number) ? index : at),
    0,
  );
  const tail = historicalTail(returns, TAIL_PERCENT);
  return {
    from: sessionOf(bars[1] as Bar),
    to: sessionOf(bars.at(-1) as Bar),
    returns: returns.length,
    worstDailyReturnPercent: roundPercent((returns[worst] as number) * 100),
    worstDay: sessionOf(bars[worst + 1] as Bar),
    valueAtRisk95Percent: roundPercent(tail.valueAtRisk * 100),
    expectedShortfall95Percent: roundPercent(tail.expectedShortfall * 100),
    tailObservations: tail.observations,
    skewness: roundDecimals(skewness(returns), 4),
    excessKurtosis: roundDecimals(excessKurtosis(returns), 4),
  };
}

/** Every risk's figures for a company's stock at the market clock. */
export async function gatherRiskFigures(
  deps: RiskDeps,
  instrument: Instrument,
  eventWindowDays: number,
): Promise<RiskFigures> {
  const [event, volatility, liquidity, concentration, tail] = await Promise.all([
    gather(() => eventFigures(deps, instrument, eventWindowDays)),
    gather(() => volatilityEvidence(deps, instrument.code)),
    gather(() => liquidityFigures(deps, instrument)),
    gather(() => concentrationFigures(deps, instrument)),
    gather(() => tailFigures(deps, instrument)),
  ]);
  return { event, volatility, liquidity, concentration, tail };
}
