import type { FactorLoading } from "./factors";
import {
  CRYPTO,
  INDICES,
  STOCKS,
  type UniverseCrypto,
  type UniverseFuture,
  type UniverseStock,
} from "./universe";

/**
 * Who moves with whom: each instrument's loadings on the common factors (factors.ts) and the
 * volatility of its own, idiosyncratic part, all set from the universe's figures.
 *
 * - Stocks: the market (the S&P 500's volatility × the stock's beta), their GICS sector (35 %
 *   of the variance the market leaves; energy's sector factor is the oil factor), small caps
 *   (under $50 B) a size factor (25 % of it), and the rest their own, less the variance of four
 *   earnings moves a year, so the total stays the universe's volatility.
 * - Indices and baskets hold members: the loadings are the members' weighted loadings (by market
 *   capitalisation, price for the Dow, equally for small caps and thematic funds), the members'
 *   own moves diversify into a basket factor of the index (Σ w²·own²), and the whole is scaled
 *   to the index's volatility (a sector fund keeps its beta's market loading and scales the
 *   rest). The S&P 500 is the market factor itself.
 * - ETFs and index futures track what they hold: an index's loadings plus a small tracking
 *   error, so SPX ≈ SPY × a stable ratio and ES follows SPX. Factor funds (bonds, gold, oil,
 *   international) load on the market by their beta and on their asset's factor.
 * - Crypto: a common crypto factor, a weak market link (correlation 0.2), and coins' own moves;
 *   Bitcoin is the crypto factor and the link alone.
 */

export interface Exposure {
  loadings: FactorLoading[];
  /** Annualised volatility of the instrument's own moves, decimal. */
  ownVolatility: number;
}

const SECTOR_SHARE = 0.35;
const SIZE_SHARE = 0.25;
const SMALL_CAP_USD = 50e9;
/** Never less than this share of a stock's variance is its own. */
const MIN_OWN_SHARE = 0.05;
/**
 * Variance four earnings moves a year add, as a share of the annual variance: each is about
 * 2.5 daily standard deviations at the surface's level (options.ts), 1.12 × the regime's.
 */
const EARNINGS_VARIANCE_SHARE = (4 * (2.5 * 1.12) ** 2) / 252;
/** Annualised tracking error of ETFs against their index, and of futures against it (basis). */
const TRACKING_ERROR = 0.003;
const FUTURES_BASIS_NOISE = 0.01;
const CRYPTO_MARKET_CORRELATION = 0.2;
const CRYPTO_FACTOR_SHARE = 0.6;

const MARKET_VOLATILITY = (INDICES.find((index) => index.symbol === "SPX") ?? { volatility: 0.16 })
  .volatility;

/** The sector factor of a GICS sector: energy stocks move with oil. */
function sectorFactor(sector: string): string {
  return sector === "Energy" ? "oil" : `sector:${sector}`;
}

function isSmallCap(stock: UniverseStock): boolean {
  return stock.sharesOutstanding * stock.price < SMALL_CAP_USD;
}

export function stockExposure(stock: UniverseStock): Exposure {
  const total = stock.volatility ** 2;
  const market = stock.beta * MARKET_VOLATILITY;
  const residual = Math.max(total - market * market, MIN_OWN_SHARE * total);
  const loadings: FactorLoading[] = [
    { factor: "market", volatility: market },
    { factor: sectorFactor(stock.sector), volatility: Math.sqrt(SECTOR_SHARE * residual) },
  ];
  let own = residual * (1 - SECTOR_SHARE);
  if (isSmallCap(stock)) {
    loadings.push({ factor: "size", volatility: Math.sqrt(SIZE_SHARE * residual) });
    own -= SIZE_SHARE * residual;
  }
  if (stock.earningsMonths) own -= EARNINGS_VARIANCE_SHARE * total;
  return { loadings, ownVolatility: Math.sqrt(Math.max(own, MIN_OWN_SHARE * total)) };
}

/** A fund or future on one asset factor: the market by its beta, the factor by a share of the rest. */
function factorExposure(
  volatility: number,
  marketBeta: number,
  factor: string,
  factorShare: number,
): Exposure {
  const market = marketBeta * MARKET_VOLATILITY;
  const residual = Math.max(0, volatility ** 2 - market * market);
  const loadings: FactorLoading[] = [{ factor, volatility: Math.sqrt(factorShare * residual) }];
  if (market !== 0) loadings.unshift({ factor: "market", volatility: market });
  return { loadings, ownVolatility: Math.sqrt((1 - factorShare) * residual) };
}

type Weighting = "cap" | "price" | "equal";

interface BasketRule {
  members: (stock: UniverseStock) => boolean;
  weighting: Weighting;
}

const isStock = (stock: UniverseStock) => stock.type === "Stock";
const inSector = (sector: string) => (stock: UniverseStock) =>
  isStock(stock) && stock.sector === sector;
const inIndustry = (industry: string) => (stock: UniverseStock) =>
  isStock(stock) && stock.industry === industry;
const among = (symbols: readonly string[]) => (stock: UniverseStock) =>
  isStock(stock) && symbols.includes(stock.symbol);

/** The Dow Jones Industrial Average's members (since November 2024), price-weighted. */
const DOW_MEMBERS = [
  "AAPL",
  "AMGN",
  "AMZN",
  "AXP",
  "BA",
  "CAT",
  "CRM",
  "CSCO",
  "CVX",
  "DIS",
  "GS",
  "HD",
  "HON",
  "IBM",
  "JNJ",
  "JPM",
  "KO",
  "MCD",
  "MMM",
  "MRK",
  "MSFT",
  "NKE",
  "NVDA",
  "PG",
  "SHW",
  "TRV",
  "UNH",
  "V",
  "VZ",
  "WMT",
];
/** A disruptive-innovation fund's kind of holdings. */
const THEMATIC_MEMBERS = ["TSLA", "COIN", "ROKU", "PLTR", "HOOD", "CRWD", "SHOP", "RBLX", "MSTR"];

/** Indices and sector funds that hold members of the universe. */
const BASKETS: Record<string, BasketRule> = {
  NDX: {
    members: (s) => isStock(s) && s.exchange === "NASDAQ" && s.sector !== "Financials",
    weighting: "cap",
  },
  COMP: { members: (s) => isStock(s) && s.exchange === "NASDAQ", weighting: "cap" },
  DJI: { members: among(DOW_MEMBERS), weighting: "price" },
  RUT: { members: (s) => isStock(s) && isSmallCap(s), weighting: "equal" },
  SOX: {
    members: inIndustry("Semiconductors & Semiconductor Equipment"),
    weighting: "cap",
  },
  XLK: { members: inSector("Information Technology"), weighting: "cap" },
  XLF: { members: inSector("Financials"), weighting: "cap" },
  XLE: { members: inSector("Energy"), weighting: "cap" },
  XLV: { members: inSector("Health Care"), weighting: "cap" },
  XBI: { members: inIndustry("Biotechnology"), weighting: "equal" },
  KRE: { members: inIndustry("Banks"), weighting: "equal" },
  ARKK: { members: among(THEMATIC_MEMBERS), weighting: "equal" },
};

/** ETFs that track an index of the universe. */
const TRACKERS: Record<string, string> = {
  SPY: "SPX",
  VOO: "SPX",
  VTI: "SPX",
  QQQ: "NDX",
  DIA: "DJI",
  IWM: "RUT",
  SMH: "SOX",
};

/** Funds on one asset factor: [factor, its share of the variance the market leaves]. */
const FACTOR_FUNDS: Record<string, [string, number]> = {
  EEM: ["international", 0.8],
  EFA: ["international", 0.8],
  TLT: ["rates", 0.95],
  IEF: ["rates", 0.95],
  LQD: ["rates", 0.7],
  HYG: ["rates", 0.3],
  GLD: ["metals", 0.95],
  SLV: ["metals", 0.7],
  GDX: ["metals", 0.6],
  USO: ["oil", 0.95],
};

/** Futures roots: the index they follow, or [factor, share]. */
const FUTURES_FACTORS: Record<string, string | [string, number]> = {
  ES: "SPX",
  NQ: "NDX",
  YM: "DJI",
  RTY: "RUT",
  CL: ["oil", 0.95],
  NG: ["gas", 0.9],
  GC: ["metals", 0.95],
  SI: ["metals", 0.7],
  ZN: ["rates", 0.95],
  ZB: ["rates", 0.95],
  "6E": ["fx", 0.95],
};

/** The VIX moves against the market (correlation about −0.75), the rest its own. */
const VIX_MARKET_CORRELATION = -0.75;

function weightOf(stock: UniverseStock, weighting: Weighting): number {
  if (weighting === "equal") return 1;
  if (weighting === "price") return stock.price;
  return stock.sharesOutstanding * stock.price;
}

/**
 * Members' weighted loadings, their diversified own moves as the basket's factor, scaled to
 * `volatility`; a fund's market loading is its beta's (`marketBeta`), the rest scaled to fill.
 */
function basketExposure(
  symbol: string,
  rule: BasketRule,
  volatility: number,
  marketBeta?: number,
): Exposure {
  const members = STOCKS.filter(rule.members);
  const totalWeight = members.reduce((sum, stock) => sum + weightOf(stock, rule.weighting), 0);
  const byFactor = new Map<string, number>();
  let ownVariance = 0;
  for (const stock of members) {
    const weight = weightOf(stock, rule.weighting) / totalWeight;
    const exposure = stockExposure(stock);
    for (const { factor, volatility: loading } of exposure.loadings) {
      byFactor.set(factor, (byFactor.get(factor) ?? 0) + weight * loading);
    }
    ownVariance += (weight * exposure.ownVolatility) ** 2;
  }
  byFactor.set(`basket:${symbol}`, Math.sqrt(ownVariance));
  if (marketBeta !== undefined) byFactor.set("market", marketBeta * MARKET_VOLATILITY);
  const loadings = [...byFactor].map(([factor, loading]) => ({ factor, volatility: loading }));
  const fixed = marketBeta === undefined ? 0 : (marketBeta * MARKET_VOLATILITY) ** 2;
  const scaled = loadings.filter((l) => marketBeta === undefined || l.factor !== "market");
  const scale = Math.sqrt(
    Math.max(0, volatility ** 2 - fixed) / scaled.reduce((sum, l) => sum + l.volatility ** 2, 0),
  );
  return {
    loadings: loadings.map((l) => ({
      factor: l.factor,
      volatility: scaled.includes(l) ? l.volatility * scale : l.volatility,
    })),
    ownVolatility: 0,
  };
}

function indexExposure(symbol: string): Exposure | undefined {
  const index = INDICES.find((candidate) => candidate.symbol === symbol);
  if (!index) return undefined;
  if (symbol === "SPX")
    return { loadings: [{ factor: "market", volatility: index.volatility }], ownVolatility: 0 };
  if (symbol === "VIX") {
    const market = VIX_MARKET_CORRELATION * index.volatility;
    return {
      loadings: [{ factor: "market", volatility: market }],
      ownVolatility: Math.sqrt(index.volatility ** 2 - market * market),
    };
  }
  const rule = BASKETS[symbol];
  return rule ? basketExposure(symbol, rule, index.volatility) : undefined;
}

/** An index's loadings plus independent noise of `noise` (annualised). */
function tracking(index: string, noise: number): Exposure | undefined {
  const exposure = indexExposureOf(index);
  return exposure && { loadings: exposure.loadings, ownVolatility: noise };
}

function fundExposure(stock: UniverseStock): Exposure {
  const tracked = TRACKERS[stock.symbol];
  if (tracked) return tracking(tracked, TRACKING_ERROR) ?? stockExposure(stock);
  const basket = BASKETS[stock.symbol];
  if (basket) return basketExposure(stock.symbol, basket, stock.volatility, stock.beta);
  const fund = FACTOR_FUNDS[stock.symbol];
  if (fund) return factorExposure(stock.volatility, stock.beta, fund[0], fund[1]);
  if (stock.symbol === "IBIT") {
    const bitcoin = CRYPTO.find((coin) => coin.symbol === "BTC");
    if (bitcoin) return { loadings: cryptoExposure(bitcoin).loadings, ownVolatility: 0.02 };
  }
  return stockExposure(stock);
}

function futureExposure(root: UniverseFuture): Exposure {
  const rule = FUTURES_FACTORS[root.root];
  if (typeof rule === "string") {
    const followed = tracking(rule, FUTURES_BASIS_NOISE);
    if (followed) return followed;
  }
  const [factor, share] = Array.isArray(rule) ? rule : ["market", 1];
  return factorExposure(root.volatility, 0, factor, share);
}

function cryptoExposure(coin: UniverseCrypto): Exposure {
  const market = CRYPTO_MARKET_CORRELATION * coin.volatility;
  const residual = coin.volatility ** 2 - market * market;
  const share = coin.symbol === "BTC" ? 1 : CRYPTO_FACTOR_SHARE;
  return {
    loadings: [
      { factor: "market", volatility: market },
      { factor: "crypto", volatility: Math.sqrt(share * residual) },
    ],
    ownVolatility: Math.sqrt((1 - share) * residual),
  };
}

const exposures = new Map<string, Exposure | undefined>();

function memoised(key: string, build: () => Exposure | undefined): Exposure | undefined {
  if (!exposures.has(key)) exposures.set(key, build());
  return exposures.get(key);
}

/** A stock's or ETF's exposure. */
export function equityExposure(stock: UniverseStock): Exposure {
  return memoised(stock.symbol, () =>
    stock.type === "ETF" ? fundExposure(stock) : stockExposure(stock),
  ) as Exposure;
}

/** An index's exposure (undefined for an index the universe does not list). */
export function indexExposureOf(symbol: string): Exposure | undefined {
  return memoised(`index:${symbol}`, () => indexExposure(symbol));
}

/** A futures root's exposure, shared by its contracts. */
export function futuresExposure(root: UniverseFuture): Exposure {
  return memoised(`future:${root.root}`, () => futureExposure(root)) as Exposure;
}

export function coinExposure(coin: UniverseCrypto): Exposure {
  return memoised(`crypto:${coin.symbol}`, () => cryptoExposure(coin)) as Exposure;
}

/** Total annualised volatility of an exposure (loadings and own moves). */
export function totalVolatility(exposure: Exposure): number {
  return Math.sqrt(
    exposure.loadings.reduce((sum, l) => sum + l.volatility ** 2, exposure.ownVolatility ** 2),
  );
}
