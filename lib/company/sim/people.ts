import { type DayNumber, isoDate } from "../../market/civil-date";
import { STOCKS, stockBySymbol, type UniverseStock } from "../../market/sim/universe";
import type { InsiderRelationship } from "../ports";
import { draw, onOrAfterBusinessDay, RECORD_START_DAY } from "./filings-calendar";
import { NameRegistry } from "./people-names";
import { BoardRegistry, directorTerms, officerTerms, type Term, YEAR_DAYS } from "./people-terms";

/**
 * The simulated world's cast of insiders: per stock of the universe, 4-6 officers (the CEO also
 * sits on the board) and 6-9 outside directors, some founder-led companies with a founder who
 * is a director and 10 % owner. ETFs have none. Every person is fictional: names are drawn from
 * common first names and surnames (people-names.ts), never a well-known business person's, and
 * each has a fictional 10-digit owner CIK starting 0009 (real CIKs are below 0003000000).
 *
 * Officers serve tenures of a few years and are succeeded the next business day; directors
 * join and leave at annual meetings. Outside directors come from one world-wide pool, so one
 * person may sit on up to three boards at once (the company graph's interlocks). Deterministic:
 * the whole world's cast is generated once, in universe order, up to HORIZON_END_DAY.
 */

export type InsiderRole = "officer" | "director" | "ten-percent-owner";

/** Shares held when the record starts: at `since`, or on 2015-01-01 for those in office then. */
export interface InsiderHoldings {
  asOf: string;
  commonShares: number;
  restrictedStockUnits: number;
}

export interface SimulatedInsider {
  /** The issuer's ticker. */
  symbol: string;
  name: string;
  /** Fictional, 10 digits, starting 0009; the same person has the same CIK on every board. */
  ownerCik: string;
  /** The main role: an officer (the CEO is also a director), a director, or a 10 % owner. */
  role: InsiderRole;
  /** As filed: the officer title, "Director", or "Director, 10% Owner". */
  title: string;
  relationship: InsiderRelationship;
  /** yyyy-MM-dd, first day in the role. */
  since: string;
  /** yyyy-MM-dd, last day in the role; null while serving. */
  until: string | null;
  startingHoldings: InsiderHoldings;
}

/** Officer seats, by the weight of their pay. */
type Seat = "ceo" | "president" | "cfo" | "cto" | "counsel" | "cao" | "other" | "director";

/** A cast member with what the trade simulation needs (insider-trades.ts). */
export interface CastMember {
  insider: SimulatedInsider;
  seat: Seat | "founder";
  sinceDay: DayNumber;
  /** Last day in the role; null beyond the horizon. */
  untilDay: DayNumber | null;
  /** Annual equity grant (officers) or award (directors), USD at the grant's price. */
  annualAwardUsd: number;
  /** Sells under a Rule 10b5-1 plan every window (else now and then, at its discretion). */
  planSeller: boolean;
  /** Share of vesting units withheld for tax (code F). */
  taxWithholding: number;
  /** This member's index in its company's cast: the key of its random draws. */
  key: number;
}

/** Annual equity grant of an officer of a $100 bn company, USD. */
const GRANT_AT_100BN: Record<Exclude<Seat, "director">, number> = {
  ceo: 15e6,
  president: 6e6,
  cfo: 5e6,
  cto: 4e6,
  counsel: 3e6,
  cao: 1e6,
  other: 2.5e6,
};
const DIRECTOR_AWARD_USD = 250e3;
const POOL_SIZE = 1500;

interface World {
  bySymbol: Map<string, CastMember[]>;
}

let world: World | undefined;

/** The stock's cast over the whole horizon (undefined: not in the universe; []: an ETF). */
export function castOf(symbol: string): readonly CastMember[] | undefined {
  const stock = stockBySymbol(symbol);
  if (!stock) return undefined;
  world ??= buildWorld();
  return world.bySymbol.get(symbol) ?? [];
}

/**
 * The company's insiders, officers first. With `asOf` (yyyy-MM-dd), only those appointed by
 * then, with `until` hidden when it is later (the world knows only its past); without it, the
 * whole generated cast up to the horizon, future appointments included. Undefined for a symbol
 * the universe does not know; [] for an ETF.
 */
export function insidersOf(symbol: string, asOf?: string): SimulatedInsider[] | undefined {
  const cast = castOf(symbol);
  if (!cast) return undefined;
  const insiders = cast.map((member) => member.insider);
  if (asOf === undefined) return insiders;
  return insiders
    .filter((insider) => insider.since <= asOf)
    .map((insider) =>
      insider.until !== null && insider.until > asOf ? { ...insider, until: null } : insider,
    );
}

/** Whether the member holds its role on `day`. */
export function inOffice(member: CastMember, day: DayNumber): boolean {
  return member.sinceDay <= day && (member.untilDay === null || day <= member.untilDay);
}

function buildWorld(): World {
  const names = new NameRegistry();
  const pool = Array.from({ length: POOL_SIZE }, (_, i) => names.next(`pool:${i}`));
  const boards = new BoardRegistry();
  const bySymbol = new Map<string, CastMember[]>();
  let officerSerial = 0;
  STOCKS.forEach((stock, companyIndex) => {
    if (stock.type !== "Stock") return;
    const members: CastMember[] = [];
    const add = (member: Omit<CastMember, "key">) =>
      members.push({ ...member, insider: frozen(member.insider), key: members.length });
    for (const seat of officerSeats(stock)) {
      for (const term of officerTerms(stock.symbol, seat.seat)) {
        const cik = `${9_200_000 + officerSerial++}`.padStart(10, "0");
        add(officerOf(stock, seat, term, names.next(`${stock.symbol}:${cik}`), cik));
      }
    }
    const founderLed = isFounderLed(stock);
    if (founderLed) add(founderOf(stock, names.next(`${stock.symbol}:founder`), officerSerial++));
    const seats = 6 + Math.floor(draw(stock.symbol, "board", 0) * 4) - (founderLed ? 1 : 0);
    for (let seat = 0; seat < seats; seat++) {
      for (const term of directorTerms(stock, seat)) {
        const person = boards.seat(companyIndex, term, (attempt) =>
          Math.floor(
            draw(stock.symbol, "director", seat * 1000 + term.generation, attempt) * POOL_SIZE,
          ),
        );
        const cik = `${9_100_000 + person}`.padStart(10, "0");
        add(directorOf(stock, term, pool[person] as string, cik));
      }
    }
    bySymbol.set(stock.symbol, members);
  });
  return { bySymbol };
}

/** The insider as shared with every caller: read-only. */
function frozen(insider: SimulatedInsider): SimulatedInsider {
  Object.freeze(insider.relationship);
  Object.freeze(insider.startingHoldings);
  return Object.freeze(insider);
}

/** CEO, CFO, COO or President, General Counsel; often a CTO or CAO; sometimes one more. */
function officerSeats(stock: UniverseStock): { seat: Exclude<Seat, "director">; title: string }[] {
  const u = (lane: number) => draw(stock.symbol, "officers", 0, lane);
  const tech = ["Information Technology", "Communication Services"].includes(stock.sector);
  const seats: { seat: Exclude<Seat, "director">; title: string }[] = [
    { seat: "ceo", title: "Chief Executive Officer" },
    { seat: "cfo", title: "Chief Financial Officer" },
    { seat: "president", title: u(0) < 0.5 ? "Chief Operating Officer" : "President" },
    { seat: "counsel", title: "General Counsel and Secretary" },
  ];
  if (u(1) < 0.8) {
    seats.push(
      tech
        ? { seat: "cto", title: "Chief Technology Officer" }
        : { seat: "cao", title: "Chief Accounting Officer" },
    );
  }
  if (u(2) < 0.35) {
    const title =
      stock.sector === "Health Care" ? "Chief Scientific Officer" : "Chief Human Resources Officer";
    seats.push({ seat: "other", title });
  }
  return seats;
}

/** Companies under $150 bn, one in five, have a founder on the board owning 10-18 %. */
function isFounderLed(stock: UniverseStock): boolean {
  return marketCapUsd(stock) < 150e9 && draw(stock.symbol, "founder", 0) < 0.2;
}

function marketCapUsd(stock: UniverseStock): number {
  return stock.price * stock.sharesOutstanding;
}

/** How pay and holdings scale with the company's size: 1 at $100 bn, about 4.4 at $4 tn. */
function sizeFactor(stock: UniverseStock): number {
  return (marketCapUsd(stock) / 100e9) ** 0.4;
}

const relationship = (
  officerTitle: string | null,
  isDirector: boolean,
  isTenPercentOwner = false,
): InsiderRelationship => ({
  isDirector,
  isOfficer: officerTitle !== null,
  officerTitle,
  isTenPercentOwner,
  otherText: null,
});

/** Holdings at the start: those in office before the record hold years of grants. */
function startingHoldings(
  stock: UniverseStock,
  term: Term,
  commonUsd: number,
  unitsUsd: number,
): InsiderHoldings {
  const asOf = Math.max(term.sinceDay, RECORD_START_DAY);
  const shares = (usd: number) => Math.round(usd / stock.price);
  return {
    asOf: isoDate(asOf),
    commonShares: shares(commonUsd),
    restrictedStockUnits: shares(unitsUsd),
  };
}

function officerOf(
  stock: UniverseStock,
  { seat, title }: { seat: Exclude<Seat, "director">; title: string },
  term: Term,
  name: string,
  ownerCik: string,
): Omit<CastMember, "key"> {
  const u = (lane: number) => draw(stock.symbol, "officer", Number(ownerCik) % 1_000_000, lane);
  const annualAwardUsd = GRANT_AT_100BN[seat] * sizeFactor(stock) * (0.8 + 0.4 * u(0));
  const incumbent = term.sinceDay < RECORD_START_DAY;
  const holdings = incumbent
    ? startingHoldings(stock, term, annualAwardUsd * (1.5 + 6 * u(1)), annualAwardUsd * 3)
    : startingHoldings(stock, term, annualAwardUsd * 0.3 * u(1), 0);
  return {
    insider: {
      symbol: stock.symbol,
      name,
      ownerCik,
      role: "officer",
      title,
      relationship: relationship(title, seat === "ceo"),
      since: isoDate(term.sinceDay),
      until: term.untilDay === null ? null : isoDate(term.untilDay),
      startingHoldings: holdings,
    },
    seat,
    sinceDay: term.sinceDay,
    untilDay: term.untilDay,
    annualAwardUsd,
    planSeller: u(2) < 0.65,
    taxWithholding: 0.37 + 0.08 * u(3),
  };
}

function directorOf(
  stock: UniverseStock,
  term: Term,
  name: string,
  ownerCik: string,
): Omit<CastMember, "key"> {
  const u = (lane: number) => draw(stock.symbol, `board:${ownerCik}`, term.generation, lane);
  const annualAwardUsd = DIRECTOR_AWARD_USD * sizeFactor(stock) ** 0.25 * (0.9 + 0.2 * u(0));
  // Directors hold years of awards, and often shares bought before joining.
  const years = term.sinceDay < RECORD_START_DAY ? 2 + 10 * u(1) : 0.5 + 3 * u(1);
  return {
    insider: {
      symbol: stock.symbol,
      name,
      ownerCik,
      role: "director",
      title: "Director",
      relationship: relationship(null, true),
      since: isoDate(term.sinceDay),
      until: term.untilDay === null ? null : isoDate(term.untilDay),
      startingHoldings: startingHoldings(stock, term, annualAwardUsd * years, 0),
    },
    seat: "director",
    sinceDay: term.sinceDay,
    untilDay: term.untilDay,
    annualAwardUsd,
    planSeller: false,
    taxWithholding: 0,
  };
}

function founderOf(stock: UniverseStock, name: string, serial: number): Omit<CastMember, "key"> {
  const u = (lane: number) => draw(stock.symbol, "founder", 1, lane);
  const sinceDay = onOrAfterBusinessDay(
    RECORD_START_DAY - Math.round((10 + 10 * u(0)) * YEAR_DAYS),
  );
  const shares = Math.round((stock.sharesOutstanding * (0.1 + 0.08 * u(1))) / 1000) * 1000;
  return {
    insider: {
      symbol: stock.symbol,
      name,
      ownerCik: `${9_200_000 + serial}`.padStart(10, "0"),
      role: "ten-percent-owner",
      title: "Director, 10% Owner",
      relationship: relationship(null, true, true),
      since: isoDate(sinceDay),
      until: null,
      startingHoldings: {
        asOf: isoDate(RECORD_START_DAY),
        commonShares: shares,
        restrictedStockUnits: 0,
      },
    },
    seat: "founder",
    sinceDay,
    untilDay: null,
    annualAwardUsd: DIRECTOR_AWARD_USD * sizeFactor(stock) ** 0.25,
    planSeller: true,
    taxWithholding: 0,
  };
}
