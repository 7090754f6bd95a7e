import type { Clock } from "../../deps";
import { type DayNumber, isoDate } from "../../market/civil-date";
import { nyDayOf } from "../../market/company-data";
import { datedCloses } from "../../market/dated-closes";
import { nyInstant } from "../../market/ny-time";
import type { Instrument, MarketDataProvider } from "../../market/ports";
import { roundPrice } from "../../market/precision";
import { regularCloseMinute } from "../../market/sessions";
import { COVERED_COMPANIES, FDA_COMPANIES } from "../companies";
import type { FdaEvent, FdaSource } from "../ports";
import { type DatedClose, isAmongLowestMoves, LOOKBACK_SESSIONS } from "../reaction";
import { applicationsAround, type SimApplication } from "./pipeline";

/**
 * FDA catalysts of the simulated world (FDA_PROVIDER=sim) at the market clock, over the
 * simulated pipeline (./pipeline.ts) and the simulated market's closes:
 *
 * - an application is unknown until its acceptance 8-K (07:00 New York on the acceptance
 *   day); from then it is a PDUFA row (source SEC-8K) dated on its goal date;
 * - at the regular close of its decision day it becomes an approval (source openFDA: Drugs@FDA
 *   lists it) or a complete response letter (source SEC-8K: the FDA does not publish CRLs,
 *   sponsors disclose them), by the outcome rule of ../reaction.ts on that day's move;
 * - an advisory-committee meeting is known from its Federal Register notice (08:45 New York,
 *   when the Register publishes) and is an AdComm row (source FDA-AdComm); from the close of
 *   the meeting day it carries the vote (favourable or unfavourable, by the same rule).
 *
 * Rows exist only in the simulation (sourceUrl null); the drugs and numbers are fictional.
 */

const ACCEPTANCE_MINUTE = 7 * 60;
const NOTICE_MINUTE = 8 * 60 + 45;
/** Calendar days back holding the lookback's sessions and one more. */
const LOOKBACK_CALENDAR_DAYS = Math.ceil(((LOOKBACK_SESSIONS + 2) * 7) / 5) + 20;

export const SIM_LIMITATIONS = [
  "The simulated world's drug makers are the universe's ten large pharmaceutical and biotechnology companies; their drugs, indications and application numbers are fictional (numbers 9xxxxx, outside the FDA's ranges).",
  "The simulated market has no FDA shocks: each outcome is read off the market's own move that day (a complete response letter or an unfavourable vote when the move is among the stock's lowest 13 % of the year).",
];

const closeOf = (day: DayNumber) => nyInstant(day, regularCloseMinute(day));

export function createSimulatedFda(market: MarketDataProvider, clock: Clock): FdaSource {
  let stocks: Promise<Map<string, Instrument>> | undefined;
  /** Outcomes are fixed once known: `<id>#<kind>` → the move was among the lowest. */
  const outcomes = new Map<string, Promise<boolean>>();

  function stockBySymbol(): Promise<Map<string, Instrument>> {
    if (stocks) return stocks;
    const loading = market.instruments().then((all) => {
      const wanted = new Set(COVERED_COMPANIES.map((c) => c.symbol));
      return new Map(
        all
          .filter((i) => i.contractType === "Stock" && wanted.has(i.symbol))
          .map((i) => [i.symbol, i]),
      );
    });
    stocks = loading;
    loading.catch(() => {
      if (stocks === loading) stocks = undefined;
    });
    return loading;
  }

  /** The served closes of the lookback ending on `day`. */
  async function closesTo(instrument: Instrument, day: DayNumber): Promise<DatedClose[]> {
    const closes = await datedCloses(
      market,
      instrument.code,
      isoDate(day - LOOKBACK_CALENDAR_DAYS),
      isoDate(day),
    );
    return (closes ?? []).map(({ date, close }) => ({
      date,
      close: roundPrice(close, instrument),
    }));
  }

  function badMove(instrument: Instrument, key: string, day: DayNumber): Promise<boolean> {
    let kept = outcomes.get(key);
    if (!kept) {
      kept = closesTo(instrument, day).then(
        (closes) => isAmongLowestMoves(closes, isoDate(day)) === true,
      );
      outcomes.set(key, kept);
      kept.catch(() => outcomes.delete(key));
    }
    return kept;
  }

  async function rowsOf(
    application: SimApplication,
    instrument: Instrument,
    nowMs: number,
  ): Promise<FdaEvent[]> {
    const rows: FdaEvent[] = [];
    const base = {
      symbol: application.symbol,
      sponsor: application.sponsor,
      brandName: null,
      activeIngredient: application.activeIngredient,
      indication: application.indication,
      applicationNumber: application.applicationNumber,
      reviewType: application.reviewType,
      sourceUrl: null,
    };
    const drug = application.activeIngredient;
    const what = `${drug} (${application.applicationNumber}) in ${application.indication}`;
    const { adComm } = application;
    if (adComm && nowMs >= nyInstant(adComm.noticeDay, NOTICE_MINUTE)) {
      const held = nowMs >= closeOf(adComm.meetingDay);
      const bad = held
        ? await badMove(instrument, `${application.id}#adcomm`, adComm.meetingDay)
        : undefined;
      rows.push({
        ...base,
        id: `${application.id}-adcomm`,
        eventType: "AdComm",
        date: isoDate(adComm.meetingDay),
        dateCertainty: "confirmed",
        committee: adComm.committee,
        outcome: bad === undefined ? null : bad ? "unfavourable-vote" : "favourable-vote",
        title:
          bad === undefined
            ? `${adComm.committee} meets on ${what}`
            : `${adComm.committee} votes ${bad ? "against" : "in favour of"} ${what}`,
        source: "FDA-AdComm",
        publishedOn: isoDate(adComm.noticeDay),
      });
    }
    if (nowMs < nyInstant(application.acceptedDay, ACCEPTANCE_MINUTE)) return rows;
    if (nowMs < closeOf(application.decisionDay)) {
      rows.push({
        ...base,
        id: `${application.id}-pdufa`,
        eventType: "PDUFA",
        date: isoDate(application.goalDay),
        dateCertainty: application.dateCertainty,
        committee: null,
        outcome: null,
        title: `PDUFA ${application.dateCertainty === "confirmed" ? "date" : "date (estimated)"} for ${what}`,
        source: "SEC-8K",
        publishedOn: isoDate(application.acceptedDay),
      });
      return rows;
    }
    const crl = await badMove(instrument, `${application.id}#decision`, application.decisionDay);
    rows.push({
      ...base,
      id: `${application.id}-decision`,
      eventType: crl ? "CRL" : "approval",
      date: isoDate(application.decisionDay),
      dateCertainty: "confirmed",
      committee: null,
      outcome: crl ? "complete-response" : "approved",
      title: crl
        ? `Complete response letter for ${what}`
        : `FDA approves ${drug} (${application.applicationNumber}) for ${application.indication}`,
      source: crl ? "SEC-8K" : "openFDA",
      publishedOn: isoDate(application.decisionDay),
    });
    return rows;
  }

  return {
    name: "sim",
    companies: FDA_COMPANIES,
    limitations: SIM_LIMITATIONS,
    async events({ from, to, symbol }) {
      const nowMs = clock.now().getTime();
      const today = nyDayOf(nowMs);
      const fromDay = Date.parse(`${from}T00:00:00Z`) / 86_400_000;
      const toDay = Math.min(Date.parse(`${to}T00:00:00Z`) / 86_400_000, today + 800);
      const bySymbol = await stockBySymbol();
      const symbols = symbol === undefined ? [...bySymbol.keys()] : [symbol];
      const rows = await Promise.all(
        symbols.flatMap((s) => {
          const instrument = bySymbol.get(s);
          if (!instrument) return [];
          return applicationsAround(s, fromDay, toDay)
            .filter((application) => touches(application, fromDay, toDay))
            .map((application) => rowsOf(application, instrument, nowMs));
        }),
      );
      return rows.flat().filter((row) => row.date >= from && row.date <= to);
    },
  };
}

/** Whether any of the application's dates can fall in the window. */
function touches(application: SimApplication, fromDay: DayNumber, toDay: DayNumber): boolean {
  const first = application.adComm?.meetingDay ?? application.decisionDay;
  const last = application.goalDay;
  return first <= toDay && last >= fromDay;
}
