import type { Clock } from "../../deps";
import type { DayNumber } from "../../market/civil-date";
import { isoDate } from "../../market/civil-date";
import { nyInstant, nyWallClock } from "../../market/ny-time";
import type { MarketDataProvider } from "../../market/ports";
import { roundPrice } from "../../market/precision";
import { contractCode, stockBySymbol, type UniverseStock } from "../../market/sim/universe";
import { keptPromise } from "../../promise-cache";
import type {
  Institution,
  InstitutionalHolding,
  InstitutionalPosition,
  InstitutionSource,
} from "../ports";
import { INSTITUTIONS, publicInstitution } from "./institutions-cast";
import {
  FIRST_RECORD_QUARTER,
  filingOf,
  lastQuarterBefore,
  quarterEndDay,
  quarterEndTradingDay,
} from "./institutions-filings";
import { CompanyHoldings } from "./institutions-holdings";

/**
 * The simulated world's 13F filers (institutions-cast.ts) and their quarterly holdings in the
 * universe's stocks (institutions-holdings.ts), filed 20-45 days after each quarter end
 * (institutions-filings.ts) and valued at the quarter's last close on the simulated market.
 *
 * At the clock, each filer's latest 13F is the one for the last quarter if it has been accepted
 * by then, else the one for the quarter before. `positionsIn` pairs that 13F's line with the
 * previous quarter's.
 *
 * Cost: a company's holdings chain is built once and extended as quarters pass (microseconds per
 * quarter); quarter-end closes are one daily bar each, read once. Answers are memoised per
 * symbol and filing state (the last quarter and how many filers have filed it), so a repeated
 * call at the same clock, or at any clock until the next 13F is accepted, costs a map lookup.
 */
export function createSimulatedInstitutions(
  market: MarketDataProvider,
  clock: Clock,
): InstitutionSource {
  const companies = new Map<string, CompanyHoldings>();
  const closes = new Map<string, Promise<number>>();
  const answers = new Map<string, { state: string; positions: Promise<InstitutionalPosition[]> }>();
  const filingState = filingStateReader();

  const companyOf = (stock: UniverseStock) => {
    let company = companies.get(stock.symbol);
    if (!company) {
      company = new CompanyHoldings(stock);
      companies.set(stock.symbol, company);
    }
    return company;
  };

  /** The quarter's last close, rounded to the tick as the market endpoints serve it. */
  const closeOf = (stock: UniverseStock, quarter: number): Promise<number> => {
    return keptPromise(closes, `${stock.symbol}:${quarter}`, () =>
      quarterEndClose(market, stock, quarter),
    );
  };

  async function positionsOf(stock: UniverseStock, latest: readonly number[]) {
    const company = companyOf(stock);
    const quarters = [...new Set(latest.flatMap((q) => [q, q - 1]))].filter(
      (q) => q >= FIRST_RECORD_QUARTER,
    );
    const closeByQuarter = new Map(
      await Promise.all(quarters.map(async (q) => [q, await closeOf(stock, q)] as const)),
    );
    const holding = (i: number, quarter: number): InstitutionalHolding | null => {
      const close = closeByQuarter.get(quarter);
      const shares = close === undefined ? 0 : (company.sharesAt(quarter)[i] as number);
      if (shares === 0 || close === undefined) return null;
      const filing = filingOf(INSTITUTIONS[i] as (typeof INSTITUTIONS)[number], quarter);
      return Object.freeze({
        institutionCik: (INSTITUTIONS[i] as Institution).cik,
        symbol: stock.symbol,
        quarterEnd: isoDate(quarterEndDay(quarter)),
        shares,
        valueUsd: Math.round(shares * close),
        accessionNumber: filing.accessionNumber,
        filingDate: filing.filingDate,
      });
    };
    const positions: InstitutionalPosition[] = [];
    latest.forEach((quarter, i) => {
      const current = holding(i, quarter);
      const previous = holding(i, quarter - 1);
      if (current || previous) {
        positions.push(Object.freeze({ institution: PUBLIC[i] as Institution, current, previous }));
      }
    });
    return positions;
  }

  return {
    async institutions() {
      return PUBLIC;
    },

    async positionsIn(symbol) {
      const stock = stockBySymbol(symbol);
      if (!stock) return undefined;
      if (stock.type !== "Stock") return [];
      const { state, latest } = filingState(clock.now().getTime());
      let answer = answers.get(stock.symbol);
      if (answer?.state !== state) {
        const positions = positionsOf(stock, latest);
        answer = { state, positions };
        answers.set(stock.symbol, answer);
        positions.catch(() => {
          if (answers.get(stock.symbol)?.positions === positions) answers.delete(stock.symbol);
        });
      }
      return [...(await answer.positions)];
    },
  };
}

const PUBLIC: readonly Institution[] = Object.freeze(INSTITUTIONS.map(publicInstitution));

/**
 * Which 13F is each filer's latest at an instant: `latest[i]` is INSTITUTIONS[i]'s quarter;
 * `state` names the situation (the last quarter and how many have filed it).
 */
function filingStateReader() {
  const acceptances = new Map<number, number[]>();
  let last: { ms: number; state: string; latest: number[] } | undefined;

  const acceptedOf = (quarter: number) => {
    let accepted = acceptances.get(quarter);
    if (!accepted) {
      accepted = INSTITUTIONS.map((institution) => filingOf(institution, quarter).acceptedMs);
      acceptances.set(quarter, accepted);
    }
    return accepted;
  };

  return (nowMs: number): { state: string; latest: number[] } => {
    if (last?.ms === nowMs) return last;
    const quarter = lastQuarterBefore(nyDayOf(nowMs));
    const accepted = acceptedOf(quarter);
    const latest = accepted.map((ms) => (ms <= nowMs ? quarter : quarter - 1));
    const filed = latest.filter((q) => q === quarter).length;
    last = { ms: nowMs, state: `${quarter}:${filed}`, latest };
    return last;
  };
}

function nyDayOf(nowMs: number): DayNumber {
  return nyWallClock(nowMs).day;
}

/** The close of the quarter's last trading day on the simulated market's daily bars. */
async function quarterEndClose(
  market: MarketDataProvider,
  stock: UniverseStock,
  quarter: number,
): Promise<number> {
  const day = quarterEndTradingDay(quarter);
  const bars = await market.bars(contractCode(stock.symbol, stock.exchange), {
    period: 5,
    from: nyInstant(day, 0),
    to: nyInstant(day + 1, 0),
    extended: false,
  });
  const bar = bars?.at(-1);
  if (!bar) throw new Error(`${stock.symbol}: no daily bar on ${isoDate(day)}`);
  return roundPrice(bar.close, { contractType: "Stock" });
}
