import { isOpenMarketPurchase } from "../../../../graph/insiders/clusters";
import type { InsiderTrade, PeopleSource } from "../../../../graph/ports";
import type { Instrument } from "../../../../market/ports";
import { fromProvider } from "../../../market-data";
import { MARKET_SCAN_DAYS } from "../routes/people";
import { clockOf, daysBefore, type GraphClock } from "./people-rows";
import { fromCompanySource, type GraphDeps, notSupplied } from "./shared";

/**
 * The market-wide scan the cross-company cluster routes read: every stock's open-market
 * purchases of the last MARKET_SCAN_DAYS days. Reading every issuer's Form 4s is the costly
 * part, so the scan is made once per people source and clock minute (a Form 4 accepted during
 * the minute shows from the next one) and shared by concurrent calls; detecting clusters in
 * the few hundred purchases it holds takes well under a millisecond. A provider whose people
 * are read one issuer at a time (EDGAR: `peopleInGraph` false, minutes for the whole market)
 * answers 503 COMPANY_DATA_UNAVAILABLE naming what it does not supply.
 */

export interface MarketPurchases {
  clock: GraphClock;
  scanFrom: string;
  /** Every stock's purchases, by issuer, oldest first within each. */
  purchases: InsiderTrade[];
  /** The market's stocks by ticker. */
  stocks: Map<string, Instrument>;
}

const MS_PER_MINUTE = 60_000;
const scans = new WeakMap<PeopleSource, { minute: number; scan: Promise<MarketPurchases> }>();

/** The scan at the market clock's minute (made now or shared). */
export async function marketPurchases(deps: GraphDeps): Promise<MarketPurchases> {
  if (!deps.graph.peopleInGraph) throw notSupplied("every issuer's insider trades at once");
  // Listed first, so a market outage answers 503 even while a scan is memoised.
  const instruments = await fromProvider(() => deps.market.instruments());
  const people = deps.graph.people;
  const clock = clockOf(deps);
  const minute = Math.floor(clock.nowMs / MS_PER_MINUTE);
  const memo = scans.get(people);
  if (memo?.minute === minute) return memo.scan;
  const stocks = new Map(
    instruments
      .filter((instrument) => instrument.contractType === "Stock")
      .map((instrument) => [instrument.symbol, instrument]),
  );
  const scan = scanMarket(people, stocks, clock);
  scans.set(people, { minute, scan });
  scan.catch(() => {
    if (scans.get(people)?.scan === scan) scans.delete(people);
  });
  return scan;
}

async function scanMarket(
  people: PeopleSource,
  stocks: Map<string, Instrument>,
  clock: GraphClock,
): Promise<MarketPurchases> {
  const scanFrom = daysBefore(clock.today, MARKET_SCAN_DAYS);
  const purchases: InsiderTrade[] = [];
  // One issuer at a time: a real source is rate-limited, the simulated one is CPU-bound.
  for (const symbol of stocks.keys()) {
    const trades = await fromCompanySource(() =>
      people.insiderTrades(symbol, scanFrom, clock.today),
    );
    for (const trade of trades ?? []) if (isOpenMarketPurchase(trade)) purchases.push(trade);
  }
  return { clock, scanFrom, purchases, stocks };
}
