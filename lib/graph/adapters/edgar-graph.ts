import { array, object, string } from "zod";
import type { EdgarFetchText } from "../../company/adapters/edgar";
import { submissionsUrl } from "../../company/adapters/edgar";
import type { CompanyDataProvider, FilingRecord } from "../../company/ports";
import { CompanyDataUnavailable } from "../../company/ports";
import { isoDate } from "../../market/civil-date";
import { nyWallClock } from "../../market/ny-time";
import { parseVendorJson } from "../../vendor-json";
import type {
  GraphSources,
  InsiderTrade,
  Institution,
  InstitutionalHolding,
  InstitutionalPosition,
  InstitutionKind,
  InstitutionSource,
  PeopleSource,
  PersonRole,
  Position,
} from "../ports";
import { isShareHolding, parseThirteenFSubmission } from "./edgar-13f";

/**
 * SEC EDGAR as the graph's source of people and institutions (no supply chain: `supplyChain`
 * is undefined and the API answers 503 naming it).
 *
 * People: the Form 4s (and 4/A) the EDGAR company adapter lists and parses for an issuer, the
 * latest FORM4_LIMIT of each. A position is a reporting owner with the relationship of their
 * latest form; `since` is the filing date of the first form seen (not the day they took office,
 * which EDGAR does not give); `until` is null (EDGAR does not say who left); age null. Owners
 * whose only relationship is "other" hold no position. Trades are the forms' lines, with
 * `tradingPlan` from the aff10b5One box; a 4/A replaces the lines of the same owner's Form 4s
 * filed on its dateOfOriginalSubmission when it restates lines.
 *
 * Institutions: the 13F filers configured (GRAPH_13F_FILERS). For each, its submissions file
 * lists its 13F-HR filings; the latest two filed by the clock are read from their full
 * submission text (cover and information table in one GET; amendments 13F-HR/A and notices are
 * not read). A holding is matched to a symbol by the issuer's name against the name EDGAR's
 * company tickers file gives that symbol (see `issuerKey`): no CUSIP-to-ticker file is free, so
 * names are the link. A name shared by several tickers (share classes: GOOG/GOOGL, BRK.A/BRK.B)
 * matches none; abbreviated or reordered names ("BK OF AMERICA CORP") are missed. Lines of one
 * issuer are summed; only share lines without Put/Call count. EDGAR does not classify filers:
 * the kind comes from the setting ("asset-manager" by default).
 *
 * Every request goes through the shared EDGAR client (User-Agent, 10 requests a second) and its
 * cache; failures are CompanyDataUnavailable (503 COMPANY_DATA_UNAVAILABLE).
 */

/** How many of an issuer's latest Form 4s (and, separately, 4/As) are read. */
export const FORM4_LIMIT = 100;
/** For `allPositions` over every configured symbol, fewer per issuer (a cold start GETs each). */
export const ALL_POSITIONS_FORM4_LIMIT = 20;

const PROVIDER = "edgar";
const ARCHIVES_BASE = "https://www.sec.gov/Archives/edgar/data";

export interface ThirteenFFiler {
  /** 10 digits. */
  cik: string;
  kind: InstitutionKind;
}

const KINDS: ReadonlySet<string> = new Set([
  "index-fund",
  "asset-manager",
  "hedge-fund",
  "pension",
  "bank",
  "insurer",
]);

/**
 * GRAPH_13F_FILERS: CIKs separated by commas, each optionally `cik|kind` (e.g.
 * "102909|index-fund,1067983"); "" → none. Throws on a malformed entry (a cold start fails).
 */
export function filersFromSetting(setting: string): ThirteenFFiler[] {
  return setting
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [cik = "", kind = "asset-manager"] = entry.split("|").map((part) => part.trim());
      if (!/^\d{1,10}$/.test(cik) || !KINDS.has(kind)) {
        throw new Error(
          `GRAPH_13F_FILERS: '${entry}' is not a CIK or cik|kind (kinds: ${[...KINDS].join(", ")})`,
        );
      }
      return { cik: cik.padStart(10, "0"), kind: kind as InstitutionKind };
    });
}

export interface EdgarGraphOptions {
  /** The EDGAR company data: Form 4s with their XML parsed, and the tickers file's names. */
  company: CompanyDataProvider;
  /** The shared EDGAR client (createEdgarClient). */
  client: EdgarFetchText;
  /** The same read-through cache the company data uses, if any. */
  cache?: (fetchText: EdgarFetchText) => EdgarFetchText;
  /** The issuers `allPositions` covers (the universe's stocks). */
  symbols: readonly string[];
  filers: readonly ThirteenFFiler[];
  /** The market clock, ms: nothing filed after its New York date is read. */
  now: () => number;
}

export function createEdgarGraphSources(options: EdgarGraphOptions): GraphSources {
  return {
    provider: PROVIDER,
    // Every issuer's Form 4s take minutes cold: people stay in the per-company endpoints.
    peopleInGraph: false,
    supplyChain: undefined,
    people: createEdgarPeople(options.company, options.symbols),
    institutions: createEdgarInstitutions(options),
  };
}

// People ------------------------------------------------------------------------------------

type Form4Filing = FilingRecord & { insider: NonNullable<FilingRecord["insider"]> };

function roleOf(filing: Form4Filing): PersonRole | undefined {
  const { relationship } = filing.insider;
  if (relationship.isOfficer) return "officer";
  if (relationship.isDirector) return "director";
  if (relationship.isTenPercentOwner) return "ten-percent-owner";
  return undefined;
}

function titleOf(filing: Form4Filing): string {
  const { relationship } = filing.insider;
  if (relationship.isOfficer) return relationship.officerTitle ?? "Officer";
  const parts = [
    relationship.isDirector ? "Director" : undefined,
    relationship.isTenPercentOwner ? "10% Owner" : undefined,
  ];
  return parts.filter(Boolean).join(", ");
}

const ROLE_ORDER: Record<PersonRole, number> = {
  officer: 0,
  director: 1,
  "ten-percent-owner": 2,
};

/** One position per owner: the latest form's relationship, the first form's filing date. */
function positionsFrom(symbol: string, filings: Form4Filing[]): Position[] {
  const byOwner = new Map<string, { first: Form4Filing; latest: Form4Filing }>();
  for (const filing of filings) {
    const cik = filing.insider.ownerCik;
    if (!cik) continue;
    const seen = byOwner.get(cik);
    if (!seen) byOwner.set(cik, { first: filing, latest: filing });
    else {
      if (filing.filingDate < seen.first.filingDate) seen.first = filing;
      if (filing.filingDate > seen.latest.filingDate) seen.latest = filing;
    }
  }
  return [...byOwner.entries()]
    .flatMap(([personCik, { first, latest }]) => {
      const role = roleOf(latest);
      if (!role) return [];
      const position: Position = {
        symbol,
        personCik,
        name: latest.insider.ownerName,
        role,
        title: titleOf(latest),
        relationship: latest.insider.relationship,
        since: first.filingDate,
        until: null,
        age: null,
      };
      return [position];
    })
    .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.name.localeCompare(b.name));
}

/** Original Form 4s a 4/A restates: same owner, filed on its date of original submission. */
function amendedAway(filings: Form4Filing[]): Set<string> {
  const replaced = new Set<string>();
  for (const amendment of filings) {
    const originalDate = amendment.insider.originalFilingDate;
    if (amendment.form !== "4/A" || !originalDate || amendment.insider.transactions.length === 0) {
      continue;
    }
    for (const original of filings) {
      if (
        original.form === "4" &&
        original.filingDate === originalDate &&
        original.insider.ownerCik === amendment.insider.ownerCik
      ) {
        replaced.add(original.accessionNumber);
      }
    }
  }
  return replaced;
}

function tradesOf(symbol: string, filing: Form4Filing): InsiderTrade[] {
  const { insider } = filing;
  if (!insider.ownerCik) return [];
  return insider.transactions.map((line) => ({
    ...line,
    symbol,
    personCik: insider.ownerCik as string,
    personName: insider.ownerName,
    relationship: insider.relationship,
    tradingPlan: insider.tradingPlan ?? null,
    accessionNumber: filing.accessionNumber,
    filingDate: filing.filingDate,
    form: filing.form,
  }));
}

export function createEdgarPeople(
  company: CompanyDataProvider,
  symbols: readonly string[],
): PeopleSource {
  /** The issuer's parsed Form 4s and 4/As (filed by the clock); undefined for an unknown symbol. */
  async function form4s(symbol: string, limit: number): Promise<Form4Filing[] | undefined> {
    const [originals, amendments] = await Promise.all([
      company.filings.filings(symbol, { form: "4", limit }),
      company.filings.filings(symbol, { form: "4/A", limit }),
    ]);
    if (!originals || !amendments) return undefined;
    return [...originals, ...amendments].filter(
      (filing): filing is Form4Filing => filing.insider !== undefined,
    );
  }

  return {
    async positionsOf(symbol) {
      const filings = await form4s(symbol, FORM4_LIMIT);
      return filings && positionsFrom(symbol, filings);
    },

    async allPositions() {
      const perSymbol = await Promise.all(
        symbols.map(async (symbol) => {
          const filings = await form4s(symbol, ALL_POSITIONS_FORM4_LIMIT);
          return filings ? positionsFrom(symbol, filings) : [];
        }),
      );
      return perSymbol.flat();
    },

    async insiderTrades(symbol, from, to) {
      const filings = await form4s(symbol, FORM4_LIMIT);
      if (!filings) return undefined;
      const replaced = amendedAway(filings);
      return filings
        .filter((filing) => !replaced.has(filing.accessionNumber))
        .flatMap((filing) => tradesOf(symbol, filing))
        .filter((trade) => trade.transactionDate >= from && trade.transactionDate <= to)
        .sort(
          (a, b) =>
            a.transactionDate.localeCompare(b.transactionDate) ||
            a.filingDate.localeCompare(b.filingDate) ||
            a.accessionNumber.localeCompare(b.accessionNumber),
        );
    },
  };
}

// Institutions ------------------------------------------------------------------------------

/** What the cache keeps of a 13F's full submission text: its share lines, compactly. */
interface StoredThirteenF {
  accessionNumber: string;
  filingDate: string;
  periodOfReport: string | null;
  managerName: string | null;
  managerCity: string | null;
  /** [nameOfIssuer, shares, valueUsd] of share lines without Put/Call. */
  lines: [string, number, number][];
}

/** Reads a 13F below the cache, so the cache keeps kilobytes of JSON, not the filing. */
export function withThirteenFLines(fetchText: EdgarFetchText): EdgarFetchText {
  return async (url, kind) => {
    const text = await fetchText(url, kind);
    if (kind !== "thirteenF" || text === undefined) return text;
    const filing = parseThirteenFSubmission(text);
    const stored: StoredThirteenF | null = filing
      ? {
          accessionNumber: filing.accessionNumber,
          filingDate: filing.filingDate,
          periodOfReport: filing.cover.periodOfReport,
          managerName: filing.cover.managerName,
          managerCity: filing.cover.managerCity,
          lines: filing.lines
            .filter(isShareHolding)
            .map((line) => [line.nameOfIssuer, line.amount, line.valueUsd]),
        }
      : null;
    return JSON.stringify(stored);
  };
}

const LEGAL_WORDS = new Set(
  "INC INCORPORATED CORP CORPORATION CO COMPANY LTD LIMITED PLC NV SA AG LLC LP THE NEW DEL".split(
    " ",
  ),
);

/**
 * An issuer's name reduced for matching: upper-case, "/DE/"-style suffixes and punctuation
 * dropped, trailing legal words (Inc, Corp, Co, New, Del, ...) dropped, spaces removed:
 * "AMAZON.COM INC" and "AMAZON COM INC" are both "AMAZONCOM".
 */
export function issuerKey(name: string): string {
  const words = name
    .toUpperCase()
    .replace(/\/[A-Z]{1,4}\/?/g, " ")
    .replace(/[^A-Z0-9&]+/g, " ")
    .trim()
    .split(/\s+/);
  while (words.length > 1 && LEGAL_WORDS.has(words[words.length - 1] as string)) words.pop();
  return words.join("");
}

/** Equal keys, or a 13F name cut short (CUSIP descriptions stop at 28 characters). */
function sameIssuer(tableKey: string, listedKey: string): boolean {
  if (tableKey === listedKey) return true;
  const [shorter, longer] =
    tableKey.length < listedKey.length ? [tableKey, listedKey] : [listedKey, tableKey];
  return shorter.length >= 10 && longer.startsWith(shorter) && longer.length - shorter.length <= 3;
}

const filerSubmissionsSchema = object({
  cik: string(),
  name: string(),
  filings: object({
    recent: object({
      accessionNumber: array(string()),
      form: array(string()),
      filingDate: array(string()),
      reportDate: array(string()),
    }),
  }),
});

function unavailable(message: string): CompanyDataUnavailable {
  return new CompanyDataUnavailable(PROVIDER, message);
}

export function thirteenFUrl(cik: string, accessionNumber: string): string {
  return `${ARCHIVES_BASE}/${Number(cik)}/${accessionNumber.replace(/-/g, "")}/${accessionNumber}.txt`;
}

interface FilerQuarters {
  institution: Institution;
  /** Newest first: the latest 13F-HR filed by the clock and the one before (if any). */
  filings: StoredThirteenF[];
  /** Their reportDate per accession (the submissions file's, when the cover lacks it). */
  reportDates: Map<string, string>;
}

export function createEdgarInstitutions({
  company,
  client,
  cache,
  filers,
  now,
}: Pick<EdgarGraphOptions, "company" | "client" | "cache" | "filers" | "now">): InstitutionSource {
  const reading = withThirteenFLines(client);
  const fetchText = cache ? cache(reading) : reading;
  const today = () => isoDate(nyWallClock(now()).day);

  async function submissionsOf(cik: string) {
    const url = submissionsUrl(cik);
    const text = await fetchText(url, "submissions");
    if (text === undefined) return undefined;
    const checked = parseVendorJson(text, filerSubmissionsSchema);
    if ("problem" in checked) throw unavailable(`GET ${new URL(url).pathname}: ${checked.problem}`);
    return checked.data;
  }

  async function storedFiling(cik: string, accessionNumber: string) {
    const text = await fetchText(thirteenFUrl(cik, accessionNumber), "thirteenF");
    if (text === undefined) return undefined;
    const parsed = JSON.parse(text) as StoredThirteenF | null;
    return parsed ?? undefined;
  }

  /** A filer's latest two 13F-HRs filed by the clock; undefined for a CIK EDGAR does not know. */
  async function quartersOf(filer: ThirteenFFiler): Promise<FilerQuarters | undefined> {
    const submissions = await submissionsOf(filer.cik);
    if (!submissions) return undefined;
    const recent = submissions.filings.recent;
    const day = today();
    const latestTwo = recent.accessionNumber
      .map((accessionNumber, i) => ({
        accessionNumber,
        form: recent.form[i] ?? "",
        filingDate: recent.filingDate[i] ?? "",
        reportDate: recent.reportDate[i] ?? "",
      }))
      .filter((filing) => filing.form === "13F-HR" && filing.filingDate <= day)
      .sort((a, b) => b.filingDate.localeCompare(a.filingDate))
      .slice(0, 2);
    const filings = await Promise.all(
      latestTwo.map((filing) => storedFiling(filer.cik, filing.accessionNumber)),
    );
    const read = filings.filter((filing): filing is StoredThirteenF => filing !== undefined);
    const latest = read[0];
    return {
      institution: {
        cik: filer.cik,
        name: latest?.managerName ?? submissions.name,
        kind: filer.kind,
        city: latest?.managerCity ?? "",
      },
      filings: read,
      reportDates: new Map(latestTwo.map((filing) => [filing.accessionNumber, filing.reportDate])),
    };
  }

  /** The filer's line for the issuer in one 13F (lines of the issuer summed), or null. */
  function holdingIn(
    quarters: FilerQuarters,
    filing: StoredThirteenF | undefined,
    key: string,
    symbol: string,
  ): InstitutionalHolding | null {
    if (!filing) return null;
    const lines = filing.lines.filter(([name]) => sameIssuer(issuerKey(name), key));
    if (lines.length === 0) return null;
    return {
      institutionCik: quarters.institution.cik,
      symbol,
      quarterEnd: filing.periodOfReport ?? quarters.reportDates.get(filing.accessionNumber) ?? "",
      shares: lines.reduce((sum, [, shares]) => sum + shares, 0),
      valueUsd: lines.reduce((sum, [, , valueUsd]) => sum + valueUsd, 0),
      accessionNumber: filing.accessionNumber,
      filingDate: filing.filingDate,
    };
  }

  /** The symbol's name key; null when its name is shared with another ticker (share classes). */
  async function keyOf(symbol: string): Promise<string | null | undefined> {
    const wanted = symbol.trim().toUpperCase();
    const listings = await company.directory.listings();
    const own = listings.find((listing) => listing.symbol.toUpperCase() === wanted);
    if (!own) return undefined;
    const key = issuerKey(own.name);
    const shared = listings.some(
      (listing) => listing.symbol.toUpperCase() !== wanted && issuerKey(listing.name) === key,
    );
    return shared ? null : key;
  }

  async function allQuarters(): Promise<FilerQuarters[]> {
    const all = await Promise.all(filers.map(quartersOf));
    return all.filter((quarters): quarters is FilerQuarters => quarters !== undefined);
  }

  return {
    async institutions() {
      return (await allQuarters()).map((quarters) => quarters.institution);
    },

    async positionsIn(symbol) {
      const key = await keyOf(symbol);
      if (key === undefined) return undefined;
      if (key === null || filers.length === 0) return [];
      return (await allQuarters()).flatMap((quarters): InstitutionalPosition[] => {
        const current = holdingIn(quarters, quarters.filings[0], key, symbol);
        const previous = holdingIn(quarters, quarters.filings[1], key, symbol);
        return current || previous
          ? [{ institution: quarters.institution, current, previous }]
          : [];
      });
    },
  };
}
