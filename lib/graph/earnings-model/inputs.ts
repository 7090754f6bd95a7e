import { earningsReportsAndCloses } from "../../api/earnings-moves";
import { fromProvider } from "../../api/market-data";
import type { OptionDataDeps } from "../../api/option-data";
import type { DayNumber } from "../../market/civil-date";
import type { Instrument } from "../../market/ports";
import type { EarningsInputs } from "./features";

/** Calendar days back the inputs reach before the anchor session: 8 quarters and a session. */
export const INPUT_LOOKBACK_DAYS = 8 * 92 + 40;

/**
 * The company's reports dated `fromDay` to `toDay` (future ones without actuals), its closes from
 * `fromDay` to the clock and its 30-day ATM IV history of the last `ivSessions` sessions. 503 as
 * earningsReportsAndCloses when the source keeps no earnings history or bars; an empty IV history
 * when it keeps no surface.
 */
export async function loadEarningsInputs(
  deps: Pick<OptionDataDeps, "market" | "marketClock">,
  instrument: Instrument,
  fromDay: DayNumber,
  toDay: DayNumber,
  ivSessions: number,
): Promise<EarningsInputs> {
  const surface = deps.market.volatilitySurface;
  const [past, ivHistory] = await Promise.all([
    earningsReportsAndCloses(deps, instrument, fromDay, toDay),
    fromProvider(async () => surface?.atmIvHistory?.(instrument.code, ivSessions)),
  ]);
  return { reports: past.reports ?? [], closes: past.closes, ivHistory: ivHistory ?? [] };
}
