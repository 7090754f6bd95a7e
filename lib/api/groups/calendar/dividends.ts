import { declarationDay, payDay, recordDay } from "../../../calendar/dividend-dates";
import { civilDate, type DayNumber, isoDate } from "../../../market/civil-date";
import { exDividendDays, PAYMENTS_PER_YEAR } from "../../../market/company-data";
import type { Instrument } from "../../../market/ports";
import { roundDividend, roundPercent } from "../../../market/precision";
import { apiError } from "../../errors";
import { fromProvider, servedQuote } from "../../market-data";
import type { DividendRow } from "./routes";
import { type CalendarDeps, type DayWindow, equityListings } from "./shared";

/** One ex-dividend date of the calendar with its page key. */
export interface DividendEntry {
  row: DividendRow;
  day: DayNumber;
  /** Page order: ex-date soonest first, then yield highest first (4 decimals, below 10⁴ %). */
  rank: number;
  id: string;
}

/** The served live price (/market/stocks/{code}/extended's); 503 when the source has no quote. */
async function livePriceOf(deps: CalendarDeps, instrument: Instrument): Promise<number> {
  const quote = await fromProvider(() => deps.market.quote(instrument.code));
  if (!quote) {
    throw apiError("MARKET_DATA_UNAVAILABLE", {
      lacking: "a quote",
      cause: new Error(`the market-data source has no quote for ${instrument.code}`),
    });
  }
  return servedQuote(quote, instrument).livePrice;
}

/**
 * The ex-dividend dates of the universe within the window, from today on (spec fact 3), each
 * with its dates, amount and the forward yield at the live price (unordered).
 */
export async function dividendEntries(
  deps: CalendarDeps,
  window: DayWindow,
  today: DayNumber,
): Promise<DividendEntry[]> {
  const fromDay = Math.max(window.fromDay, today);
  const listings = await equityListings(deps);
  const perCompany = await Promise.all(
    listings.map(async ({ instrument, reference }) => {
      const dividend = reference.dividend;
      if (!dividend || dividend.exDividendMonthDay.length === 0) return [];
      const exDays = exDividendDays(
        dividend,
        civilDate(fromDay).year,
        civilDate(window.toDay).year,
      ).filter((day) => day >= fromDay && day <= window.toDay);
      if (exDays.length === 0) return [];
      const price = await livePriceOf(deps, instrument);
      const amount = roundDividend(dividend.annualAmount / PAYMENTS_PER_YEAR[dividend.frequency]);
      const yieldPercent = roundPercent((dividend.annualAmount / price) * 100);
      return exDays.map((day) => {
        const declared = declarationDay(instrument.symbol, day);
        return {
          row: {
            code: instrument.code,
            symbol: instrument.symbol,
            name: instrument.name,
            exDate: isoDate(day),
            recordDate: isoDate(recordDay(day)),
            payDate: isoDate(payDay(instrument.symbol, day)),
            declarationDate: isoDate(declared),
            declared: declared <= today,
            amount,
            annualAmount: dividend.annualAmount,
            frequency: dividend.frequency,
            price,
            yieldPercent,
            daysToExDate: day - today,
          },
          day,
          rank: -day * 10_000 + yieldPercent,
          id: instrument.code,
        };
      });
    }),
  );
  return perCompany.flat();
}
