/** Quant engine: pure maths for prices, greeks, implied volatility, P&L and indicators. */

export {
  blackScholes,
  blackScholesInto,
  blackScholesPrice,
  createGreeks,
  DAYS_PER_YEAR,
  type OptionGreeks,
  yearsFromDays,
} from "./black-scholes";
export {
  type ImpliedVolRefusal,
  type ImpliedVolResult,
  IV_ABOVE_MAXIMUM,
  IV_BELOW_INTRINSIC,
  IV_INVALID_INPUT,
  impliedVolatility,
  impliedVolatilityRaw,
} from "./implied-vol";
export {
  atr,
  type BollingerBands,
  bollinger,
  computeIndicators,
  ema,
  INDICATOR_NAMES,
  INDICATOR_SERIES,
  type IndicatorName,
  type IndicatorSeriesName,
  type Macd,
  macd,
  rollingStdDev,
  rsi,
  type Series,
  sma,
} from "./indicators";
export {
  lastImpliedVolatilityIterations,
  normalisedBlackCall,
  normalisedImpliedVolatilityOtmCall,
  normalisedVega,
} from "./lets-be-rational";
export { erf, erfc, erfcx, inverseNormCdf, normCdf, normPdf } from "./normal";
export {
  DEFAULT_MULTIPLIER,
  GRID_POINTS,
  netPremium,
  type OptionRight,
  optionPayoff,
  type PnlPoint,
  pnlAtExpiry,
  priceGrid,
  type StrategyLeg,
  type StrategyPnl,
  strategyPnlAtExpiry,
} from "./pnl";
