/**
 * Competitors and peers among listed companies, from their classification and size alone (no
 * source supplies them): explainable, the same with every provider.
 *
 * - Size bands by market capitalisation (shares outstanding × last price): mega ≥ $200 bn,
 *   large $10-200 bn, mid $2-10 bn, small < $2 bn (the usual index-provider cut-offs).
 * - Size closeness = max(0, 1 − |log10(capA / capB)| / 2): 1 for equal size, 0.5 for one ten
 *   times the other, 0 from a hundred times.
 * - Peers: same industry and same size band; similarity = 0.5 + 0.5 × size closeness.
 * - Competitors: same industry (any size), strength = 0.6 + 0.4 × size closeness; or the same
 *   arena (a market several industries fight over, e.g. cloud computing between software,
 *   internet and retail companies), strength 0.5 unless the industry already matched.
 */

export type SizeBand = "mega" | "large" | "mid" | "small";

/** A listed company as competitors and peers need it. */
export interface ListedCompany {
  symbol: string;
  /** Contract code, e.g. AAPL_NASDAQ. */
  code: string;
  name: string;
  sector: string;
  industry: string;
  marketCapUsd: number;
}

/** Lower bounds of the bands, USD, largest first. */
export const SIZE_BANDS: readonly { band: SizeBand; minUsd: number }[] = [
  { band: "mega", minUsd: 200e9 },
  { band: "large", minUsd: 10e9 },
  { band: "mid", minUsd: 2e9 },
  { band: "small", minUsd: 0 },
];

/**
 * Markets fought over across industries: members by ticker. Hand-kept, small: only rivalries a
 * reader would name at once.
 */
export const ARENAS: Readonly<Record<string, readonly string[]>> = {
  "cloud computing": ["MSFT", "AMZN", "GOOGL", "ORCL", "IBM"],
  "general retail": ["AMZN", "WMT", "COST", "TGT"],
  "card payments": ["V", "MA", "PYPL", "AXP"],
  "video streaming": ["NFLX", "DIS", "ROKU", "CMCSA"],
  "retail brokerage": ["SCHW", "HOOD", "COIN", "SOFI"],
  "digital advertising": ["GOOGL", "META", "AMZN"],
  "data-centre accelerators": ["NVDA", "AMD", "AVGO", "INTC"],
  "servers and storage": ["DELL", "SMCI", "IBM", "CSCO"],
  "travel booking": ["BKNG", "ABNB"],
};

export function sizeBandOf(marketCapUsd: number): SizeBand {
  return (SIZE_BANDS.find((band) => marketCapUsd >= band.minUsd) ?? { band: "small" }).band;
}

export function sizeCloseness(capA: number, capB: number): number {
  if (capA <= 0 || capB <= 0) return 0;
  return Math.max(0, 1 - Math.abs(Math.log10(capA / capB)) / 2);
}

export interface PeerMatch {
  peer: ListedCompany;
  similarity: number;
  sizeCloseness: number;
}

/** Same industry and size band, most similar first (then by symbol). */
export function peersOf(company: ListedCompany, all: readonly ListedCompany[]): PeerMatch[] {
  const band = sizeBandOf(company.marketCapUsd);
  return all
    .filter(
      (other) =>
        other.symbol !== company.symbol &&
        other.industry === company.industry &&
        sizeBandOf(other.marketCapUsd) === band,
    )
    .map((peer) => {
      const closeness = sizeCloseness(company.marketCapUsd, peer.marketCapUsd);
      return { peer, sizeCloseness: closeness, similarity: 0.5 + 0.5 * closeness };
    })
    .sort((a, b) => b.similarity - a.similarity || a.peer.symbol.localeCompare(b.peer.symbol));
}

export interface CompetitorMatch {
  competitor: ListedCompany;
  strength: number;
  sameIndustry: boolean;
  /** Arenas both are in (may be empty when the industry matches). */
  arenas: string[];
}

/** Same industry or a shared arena, strongest first (then by symbol). */
export function competitorsOf(
  company: ListedCompany,
  all: readonly ListedCompany[],
): CompetitorMatch[] {
  const matches: CompetitorMatch[] = [];
  for (const other of all) {
    if (other.symbol === company.symbol) continue;
    const sameIndustry = other.industry === company.industry;
    const arenas = sharedArenas(company.symbol, other.symbol);
    if (!sameIndustry && arenas.length === 0) continue;
    const strength = sameIndustry
      ? 0.6 + 0.4 * sizeCloseness(company.marketCapUsd, other.marketCapUsd)
      : 0.5;
    matches.push({ competitor: other, strength, sameIndustry, arenas });
  }
  return matches.sort(
    (a, b) => b.strength - a.strength || a.competitor.symbol.localeCompare(b.competitor.symbol),
  );
}

function sharedArenas(a: string, b: string): string[] {
  return Object.entries(ARENAS)
    .filter(([, members]) => members.includes(a) && members.includes(b))
    .map(([arena]) => arena);
}
