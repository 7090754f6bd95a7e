import type { Clock } from "../../deps";
import { type DayNumber, isoDate } from "../../market/civil-date";
import { nyWallClock } from "../../market/ny-time";
import {
  type Instrument,
  type MarketDataProvider,
  MarketDataUnavailable,
} from "../../market/ports";
import { roundPrice } from "../../market/precision";
import { AMOUNT_BANDS } from "../bands";
import {
  CongressionalDataUnavailable,
  type CongressionalSource,
  type CongressionalTrade,
  DISCLOSURE_DEADLINE_DAYS,
  MAX_WINDOW_DAYS,
} from "../ports";
import { SIMULATED_MEMBERS } from "./roster";
import { type DrawnTrade, drawTrades, MAX_DELAY_DAYS, profilesOf } from "./trades";

/**
 * The simulated world's congressional trades (CONGRESSIONAL_PROVIDER=sim): the fictional roster
 * (./roster.ts) trading the market's listed stocks and funds (./trades.ts), each transaction
 * valued at its session's regular close as the market serves it (to the tick, as its daily bars). Only what was disclosed by
 * the clock is answered. The transactions of the sessions before the clock's New York day are
 * drawn and priced once per day, over the longest window served (SIMULATED_HISTORY_DAYS); the
 * prices now (for returns) are read once per minute of the clock, as the quotes move.
 *
 * Filing links are fictional and clearly so: https://disclosures.example.com/simulated/ptr/
 * {filingId}.pdf (example.com is reserved for documentation, RFC 2606); no real disclosure
 * document is pointed at for a fictional member.
 */

/** Sessions drawn before the clock: any window, plus the latest a report can come. */
export const SIMULATED_HISTORY_DAYS = MAX_WINDOW_DAYS + MAX_DELAY_DAYS;

export const SIMULATED_FILING_BASE_URL = "https://disclosures.example.com/simulated/ptr";

const PROVIDER = "sim";

/** Company shares are "Common Stock" on a report; a fund is named as it lists. */
function assetDescription(instrument: Instrument): string {
  return instrument.contractType === "Stock"
    ? `${instrument.name} - Common Stock`
    : instrument.name;
}

export function createSimulatedCongress(
  market: MarketDataProvider,
  clock: Clock,
): CongressionalSource {
  let built: { today: DayNumber; trades: Promise<CongressionalTrade[]> } | undefined;
  /** The last prices read in the clock's current minute (the quote moves minute by minute). */
  let lastPrices: { minute: number; byCode: Map<string, Promise<number | undefined>> } | undefined;

  async function build(today: DayNumber): Promise<CongressionalTrade[]> {
    const history = market.closeHistory;
    if (!history) {
      throw new CongressionalDataUnavailable(
        PROVIDER,
        "the market has no session closes",
        "session closes to value the simulated trades at",
      );
    }
    const tradable = (await market.instruments())
      .filter((i) => i.contractType === "Stock" || i.contractType === "ETF")
      .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    const fromDay = today - SIMULATED_HISTORY_DAYS;
    // Sessions before today only: a report is filed a day or more after its session.
    const drawn = drawTrades(profilesOf(SIMULATED_MEMBERS, tradable), tradable, fromDay, today - 1);
    const codes = [...new Set(drawn.map((t) => t.instrument.code))];
    const closes = new Map<string, Map<string, number>>();
    await Promise.all(
      codes.map(async (code) => {
        const sessions = await history.sessionCloses(code, isoDate(fromDay), isoDate(today - 1));
        closes.set(code, new Map((sessions ?? []).map((s) => [s.date, s.close])));
      }),
    );
    const trades: CongressionalTrade[] = [];
    for (const t of drawn) {
      const price = closes.get(t.instrument.code)?.get(isoDate(t.transactionDay));
      // A session the market has no close for (not yet listed) has no trade in it.
      if (price !== undefined) trades.push(priced(t, price));
    }
    return trades.sort(
      (a, b) => b.disclosedAtMs - a.disclosedAtMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
  }

  /** The quote's last price, to the tick (as the quote serves it). */
  async function lastPriceOf(code: string): Promise<number | undefined> {
    const [instrument, quote] = await Promise.all([market.instrument(code), market.quote(code)]);
    return instrument && quote ? roundPrice(quote.lastPrice, instrument) : undefined;
  }

  function tradesOf(today: DayNumber): Promise<CongressionalTrade[]> {
    if (built?.today === today) return built.trades;
    const trades = build(today);
    built = { today, trades };
    trades.catch(() => {
      if (built?.trades === trades) built = undefined;
    });
    return trades;
  }

  return {
    name: PROVIDER,
    async disclosedTrades(from) {
      const nowMs = clock.now().getTime();
      const trades = await fromMarket(() => tradesOf(nyWallClock(nowMs).day));
      return trades.filter((t) => t.disclosedAtMs <= nowMs && t.transactionDate >= from);
    },
    async pricesNow(codes) {
      const minute = Math.floor(clock.now().getTime() / 60_000);
      if (lastPrices?.minute !== minute) lastPrices = { minute, byCode: new Map() };
      const { byCode } = lastPrices;
      const prices = new Map<string, number>();
      await fromMarket(() =>
        Promise.all(
          codes.map(async (code) => {
            let price = byCode.get(code);
            if (!price) {
              price = lastPriceOf(code);
              byCode.set(code, price);
              price.catch(() => byCode.delete(code));
            }
            const value = await price;
            if (value !== undefined) prices.set(code, value);
          }),
        ),
      );
      return prices;
    },
  };
}

/** The world's market failing is this source's outage (the routes' 503 names congress). */
async function fromMarket<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof MarketDataUnavailable) {
      throw new CongressionalDataUnavailable(PROVIDER, `the simulated market: ${error.message}`);
    }
    throw error;
  }
}

function priced(t: DrawnTrade, price: number): CongressionalTrade {
  const delayDays = t.disclosureDay - t.transactionDay;
  return {
    id: t.id,
    filingId: t.filingId,
    filingUrl: `${SIMULATED_FILING_BASE_URL}/${t.filingId}.pdf`,
    member: t.member,
    owner: t.owner,
    ticker: t.instrument.symbol,
    code: t.instrument.code,
    assetDescription: assetDescription(t.instrument),
    assetType: t.instrument.contractType === "Stock" ? "Stock" : "ETF",
    transactionType: t.transactionType,
    transactionDate: isoDate(t.transactionDay),
    disclosureDate: isoDate(t.disclosureDay),
    disclosedAtMs: t.disclosedAtMs,
    delayDays,
    late: delayDays > DISCLOSURE_DEADLINE_DAYS,
    amount: AMOUNT_BANDS[t.bandIndex] as (typeof AMOUNT_BANDS)[number],
    priceAtTransaction: roundPrice(price, t.instrument),
  };
}
