import { INDICES, STOCKS, type UniverseStock } from "../../market/sim/universe";
import { shortCompanyName } from "../company-names";

/**
 * What the newsroom knows of the simulated universe: who is who (the names articles call
 * companies by), sectors and the funds that track them, and the instruments it follows.
 */

/** Stocks that report, move and pay (ETFs excluded). */
export const COMPANIES: readonly UniverseStock[] = STOCKS.filter((stock) => stock.type === "Stock");

/** Indices a market wrap quotes or the newsroom watches (VIX). */
const HEADLINE_INDICES: readonly string[] = ["SPX", "COMP", "DJI", "VIX"];
/** Funds the stories quote: sector and industry funds, long Treasuries. */
const QUOTED_FUNDS: readonly string[] = [
  "XLK",
  "XLF",
  "XLE",
  "XLV",
  "SMH",
  "KRE",
  "XBI",
  "GDX",
  "TLT",
];

/** Everything whose daily bars the newsroom reads: companies, quoted funds, headline indices. */
export const TRACKED: readonly { symbol: string; code: string }[] = [
  ...STOCKS.filter((stock) => stock.type === "Stock" || QUOTED_FUNDS.includes(stock.symbol)).map(
    (stock) => ({ symbol: stock.symbol, code: `${stock.symbol}_${stock.exchange}` }),
  ),
  ...INDICES.filter((index) => HEADLINE_INDICES.includes(index.symbol)).map((index) => ({
    symbol: index.symbol,
    code: `${index.symbol}_${index.exchange}`,
  })),
];

/** What a market wrap quotes. */
export const MARKET_INDICES = [
  { symbol: "SPX", name: "S&P 500", short: "the S&P 500" },
  { symbol: "COMP", name: "Nasdaq Composite", short: "the Nasdaq Composite" },
  { symbol: "DJI", name: "Dow Jones Industrial Average", short: "the Dow" },
] as const;

/** The name an article calls a company by after its first mention: "Apple", "Home Depot". */
export function shortName(stock: UniverseStock): string {
  return shortCompanyName(stock.symbol, stock.name);
}

/** "Apple (AAPL)", or just "SLB" when the name is the ticker. */
export function nameWithTicker(stock: UniverseStock): string {
  const name = shortName(stock);
  return name === stock.symbol ? name : `${name} (${stock.symbol})`;
}

/** The first mention: "Apple Inc. (AAPL)". */
export function firstMention(stock: UniverseStock): string {
  return `${stock.name} (${stock.symbol})`;
}

export interface SectorInfo {
  /** GICS sector as the universe names it. */
  gics: string;
  /** Topic slug, e.g. "technology". */
  slug: string;
  /** As an adjective: "technology stocks", "financial shares". */
  adjective: string;
  /** As a noun: "the technology sector". */
  noun: string;
  /** The universe's fund tracking the sector, when it has one. */
  etf: string | undefined;
}

export const SECTORS: readonly SectorInfo[] = [
  sector("Information Technology", "technology", "technology", "XLK"),
  sector("Financials", "financials", "financial", "XLF"),
  sector("Energy", "energy", "energy", "XLE"),
  sector("Health Care", "health-care", "health care", "XLV"),
  sector("Consumer Discretionary", "consumer-discretionary", "consumer discretionary", undefined),
  sector("Communication Services", "communication-services", "communication services", undefined),
  sector("Consumer Staples", "consumer-staples", "consumer staples", undefined),
  sector("Industrials", "industrials", "industrial", undefined),
  sector("Utilities", "utilities", "utility", undefined),
  sector("Real Estate", "real-estate", "real estate", undefined),
  sector("Materials", "materials", "materials", undefined),
];

function sector(gics: string, slug: string, adjective: string, etf: string | undefined) {
  return { gics, slug, adjective, noun: `the ${adjective} sector`, etf };
}

const SECTOR_BY_GICS = new Map(SECTORS.map((info) => [info.gics, info]));

export function sectorOf(stock: UniverseStock): SectorInfo {
  const info = SECTOR_BY_GICS.get(stock.sector);
  if (!info) throw new Error(`no sector for ${stock.symbol}`);
  return info;
}

/** Industry funds the newsroom writes about, with the universe's members of the industry. */
export interface IndustryFund {
  etf: string;
  /** Topic slug. */
  slug: string;
  /** "chip stocks" */
  adjective: string;
  includes: (stock: UniverseStock) => boolean;
}

export const INDUSTRY_FUNDS: readonly IndustryFund[] = [
  {
    etf: "SMH",
    slug: "semiconductors",
    adjective: "chip",
    includes: (s) => s.industry.startsWith("Semiconductors"),
  },
  { etf: "KRE", slug: "banks", adjective: "bank", includes: (s) => s.industry === "Banks" },
  {
    etf: "XBI",
    slug: "biotech",
    adjective: "biotech",
    includes: (s) => s.industry === "Biotechnology",
  },
  {
    etf: "GDX",
    slug: "mining",
    adjective: "mining",
    includes: (s) => s.industry === "Metals & Mining",
  },
];

/** A finer topic for a few industries a reader follows ("semiconductors", "banks", ...). */
export function industryTopic(stock: UniverseStock): string | undefined {
  if (stock.industry.startsWith("Semiconductors")) return "semiconductors";
  if (stock.industry === "Banks") return "banks";
  if (stock.industry === "Biotechnology" || stock.industry === "Pharmaceuticals") return "biotech";
  if (stock.industry === "Software") return "software";
  return undefined;
}

/** The topics every article about a company carries besides its event's: sector, industry. */
export function companyTopics(stock: UniverseStock): string[] {
  const industry = industryTopic(stock);
  return industry ? [sectorOf(stock).slug, industry] : [sectorOf(stock).slug];
}

/** Market capitalisation at the universe's reference price, USD. */
export function referenceMarketCap(stock: UniverseStock): number {
  return stock.sharesOutstanding * stock.price;
}

/** 0 for the largest company, 1 for the smallest: how much attention a company draws. */
const SIZE_RANK = new Map(
  [...COMPANIES]
    .sort((a, b) => referenceMarketCap(b) - referenceMarketCap(a))
    .map((stock, i, all) => [stock.symbol, i / Math.max(1, all.length - 1)]),
);

export function sizeRank(stock: UniverseStock): number {
  return SIZE_RANK.get(stock.symbol) ?? 1;
}

/** The stock's daily standard deviation of returns at the universe's volatility (decimal). */
export function dailySigma(stock: UniverseStock): number {
  return stock.volatility / Math.sqrt(252);
}
