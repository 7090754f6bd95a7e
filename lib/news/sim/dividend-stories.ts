import { declarationDay, payDay, recordDay } from "../../calendar/dividend-dates";
import { type DayNumber, dayNumber, isoDate } from "../../market/civil-date";
import { exDividendDays, PAYMENTS_PER_YEAR } from "../../market/company-data";
import { nyInstant } from "../../market/ny-time";
import type { DividendFrequency } from "../../market/ports";
import { roundDividend } from "../../market/precision";
import { seedOf } from "../../market/random";
import type { UniverseStock } from "../../market/sim/universe";
import { previousTradingDay } from "../../market/trading-days";
import { type DayContext, dayEndMs } from "./context";
import { compose, type Pen, type Story } from "./story";
import { monthDay, pct, usd, usdDividend, weekdayName } from "./text";
import {
  COMPANIES,
  companyTopics,
  firstMention,
  nameWithTicker,
  shortName,
  sizeRank,
} from "./world";

/**
 * Dividend declarations of the simulated world. Each ex-dividend date of a stock's schedule
 * (lib/market/company-data.ts exDividendDays) is declared, recorded and paid on the days
 * lib/calendar/dividend-dates.ts gives (the dividend calendar's), for the schedule's amount per
 * payment, as /company/{code}/events serves it. Boards keep a habit for the hour of the
 * announcement (most after the close, some before the open: a hash of the symbol).
 */

export interface DividendDates {
  /** Day the board declares it (a trading day). */
  declared: DayNumber;
  exDate: DayNumber;
  record: DayNumber;
  /** Payment day (a trading day). */
  pay: DayNumber;
  /** New York minute of the declared day the announcement comes out. */
  announcedMinute: number;
}

export interface DividendDeclaration extends DividendDates {
  stock: UniverseStock;
  /** USD per share, 4 decimals (roundDividend). */
  amount: number;
  frequency: DividendFrequency;
}

/** The declaration, record and payment dates of the dividend that goes ex on `exDate`. */
export function dividendDates(symbol: string, exDate: DayNumber): DividendDates {
  const habit = seedOf(`dividend-hour:${symbol}`);
  const announcedMinute =
    habit % 10 < 6 ? 16 * 60 + 10 + ((habit >>> 8) % 35) : 8 * 60 + ((habit >>> 8) % 40);
  return {
    declared: declarationDay(symbol, exDate),
    exDate,
    record: recordDay(exDate),
    pay: payDay(symbol, exDate),
    announcedMinute,
  };
}

const declarationMemo = new Map<number, Map<DayNumber, DividendDeclaration[]>>();

/** Declarations made on `day`, by any company of the universe. */
export function declarationsOn(day: DayNumber): DividendDeclaration[] {
  const year = new Date(day * 86_400_000).getUTCFullYear();
  return declarationsOfYear(year).get(day) ?? [];
}

/** A year's declarations by day (of dividends going ex that year or early the next). */
function declarationsOfYear(year: number): Map<DayNumber, DividendDeclaration[]> {
  let byDay = declarationMemo.get(year);
  if (byDay) return byDay;
  byDay = new Map();
  for (const declaration of exDatesBetween(dayNumber(year, 1, 1), dayNumber(year + 1, 3, 31))) {
    if (new Date(declaration.declared * 86_400_000).getUTCFullYear() !== year) continue;
    const list = byDay.get(declaration.declared);
    if (list) list.push(declaration);
    else byDay.set(declaration.declared, [declaration]);
  }
  if (declarationMemo.size >= 8)
    declarationMemo.delete(declarationMemo.keys().next().value as number);
  declarationMemo.set(year, byDay);
  return byDay;
}

export function dividendStories(context: DayContext): Story[] {
  const stories: Story[] = [];
  for (const declaration of declarationsOn(context.day)) {
    const { stock } = declaration;
    const previousClose = context.book.previousClose(stock.symbol, context.day);
    stories.push({
      eventId: `dividend:${stock.symbol}:${isoDate(declaration.exDate)}`,
      kind: "dividend",
      eventAtMs: nyInstant(context.day, declaration.announcedMinute),
      deadlineMs: dayEndMs(context.day),
      category: "dividends",
      tickers: [stock.symbol],
      topics: ["dividends", ...companyTopics(stock)],
      coverage: sizeRank(stock) < 0.3 ? 2 : 1,
      delayMinutes: [3, 90],
      write: (pen) => writeDividend(pen, declaration, context.day, previousClose),
    });
  }
  return stories;
}

const FREQUENCY_WORDS: Record<DividendFrequency, string> = {
  monthly: "monthly",
  quarterly: "quarterly",
  semiannual: "semiannual",
  annual: "annual",
};

function writeDividend(
  pen: Pen,
  d: DividendDeclaration,
  day: DayNumber,
  previousClose: number | undefined,
) {
  const n = shortName(d.stock);
  const t = d.stock.symbol;
  const nt = nameWithTicker(d.stock);
  const amount = usdDividend(d.amount);
  const freq = FREQUENCY_WORDS[d.frequency];
  const [ex, record, pay] = [monthDay(d.exDate), monthDay(d.record), monthDay(d.pay)];
  const perYear = PAYMENTS_PER_YEAR[d.frequency];
  const details = [
    d.record === d.exDate
      ? `${ex} is both the ex-dividend date and the record date; the payment follows on ${pay}`
      : `The stock will trade ex-dividend on ${ex}, and shareholders of record on ${record} will receive the payment on ${pay}`,
    `The payout is unchanged from the previous ${freq} dividend`,
    `${n} pays ${perYear === 1 ? "one dividend" : `${perYear} dividends`} a year, ${usdDividend(d.amount * perYear)} per share in all`,
  ];
  if (previousClose !== undefined) {
    const previous = previousTradingDay("equity", day);
    details.push(
      `At ${weekdayName(previous)}'s close of ${usd(previousClose)}, that is an annualized yield of about ${pct((d.amount * perYear) / previousClose, 2)}`,
    );
  }
  return compose(pen, {
    headlines: [
      ["w", `${n} declares ${freq} dividend of ${amount} per share`],
      ["w", `${nt} sets ${freq} dividend at ${amount}`],
      ["p", `${n} keeps its ${freq} payout at ${amount} a share`],
      ["o", `${t} dividend: ${n} declares ${amount} per share, payable ${pay}`],
      ["o", `${n} stock goes ex-dividend on ${ex}: what shareholders need to know`],
      `${n} board declares ${freq} cash dividend of ${amount}`,
    ],
    ledes: [
      `${firstMention(d.stock)} declared a ${freq} cash dividend of ${amount} per share, payable on ${pay} to shareholders of record as of ${record}`,
      `The board of ${firstMention(d.stock)} approved a ${freq} dividend of ${amount} a share, the company said on ${weekdayName(day)}`,
      [
        "o",
        `${firstMention(d.stock)} will pay ${amount} per share on ${pay}; the stock goes ex-dividend on ${ex}`,
      ],
    ],
    details,
    maxDetails: 3,
  });
}

/** The payments going ex in [fromDay, toDay], soonest first. */
export function exDatesBetween(fromDay: DayNumber, toDay: DayNumber): DividendDeclaration[] {
  const fromYear = new Date(fromDay * 86_400_000).getUTCFullYear();
  const toYear = new Date(toDay * 86_400_000).getUTCFullYear();
  const out: DividendDeclaration[] = [];
  for (let year = fromYear; year <= toYear; year++) {
    for (const payment of paymentsOfYear(year)) {
      if (payment.exDate >= fromDay && payment.exDate <= toDay) out.push(payment);
    }
  }
  return out;
}

const paymentsMemo = new Map<number, DividendDeclaration[]>();

/** Every company's payments going ex in a year, soonest first (memoised). */
function paymentsOfYear(year: number): DividendDeclaration[] {
  let payments = paymentsMemo.get(year);
  if (payments) return payments;
  payments = [];
  for (const stock of COMPANIES) {
    const dividend = stock.dividend;
    if (!dividend) continue;
    for (const exDate of exDividendDays(dividend, year, year)) {
      payments.push({
        stock,
        ...dividendDates(stock.symbol, exDate),
        amount: roundDividend(dividend.annualAmount / PAYMENTS_PER_YEAR[dividend.frequency]),
        frequency: dividend.frequency,
      });
    }
  }
  payments.sort((a, b) => a.exDate - b.exDate);
  if (paymentsMemo.size >= 8) paymentsMemo.delete(paymentsMemo.keys().next().value as number);
  paymentsMemo.set(year, payments);
  return payments;
}
