import {
  blackScholes,
  impliedVolatility,
  type OptionRight,
  strategyPnlAtExpiry,
  yearsFromDays,
} from "../../../../quant";
import { invalidParameter } from "../../../errors";
import type { Implementations } from "../../../route";
import type { optionsCalculatorRoutes } from "../routes/calculators";
import type { OptionsDeps } from "./shared";

/** "C" → "Call", as responses spell the side. */
const rightName = (right: OptionRight) => (right === "C" ? "Call" : "Put");

export const optionsCalculatorImplementations: Implementations<
  typeof optionsCalculatorRoutes,
  OptionsDeps
> = {
  "options.calculator": ({ body }, deps) => {
    const ratePercent = body.riskFreeRate ?? deps.defaultRiskFreeRatePercent;
    const isCall = body.right === "C";
    const years = yearsFromDays(body.daysToExpiration);
    const sigma = body.impliedVolatility / 100;
    const greeks = blackScholes(
      body.underlyingPrice,
      body.strike,
      years,
      sigma,
      ratePercent / 100,
      isCall,
    );
    const intrinsic = Math.max(
      0,
      isCall ? body.underlyingPrice - body.strike : body.strike - body.underlyingPrice,
    );
    return {
      theoreticalPrice: greeks.price,
      delta: greeks.delta,
      gamma: greeks.gamma,
      theta: greeks.thetaPerDay,
      vega: greeks.vegaPerVolPoint,
      rho: greeks.rhoPerRatePoint,
      underlyingPrice: body.underlyingPrice,
      strike: body.strike,
      daysToExpiration: body.daysToExpiration,
      impliedVolatility: body.impliedVolatility,
      riskFreeRate: ratePercent,
      expectedMove: body.underlyingPrice * sigma * Math.sqrt(years),
      intrinsic,
      extrinsic: greeks.price - intrinsic,
      right: rightName(body.right),
    };
  },

  "options.impliedVolatility": ({ body }, deps) => {
    const ratePercent = body.riskFreeRate ?? deps.defaultRiskFreeRatePercent;
    const isCall = body.right === "C";
    const years = yearsFromDays(body.daysToExpiration);
    const rate = ratePercent / 100;
    const { marketPrice, underlyingPrice: spot, strike } = body;
    const solved = impliedVolatility(marketPrice, spot, strike, years, rate, isCall);
    if (!solved.ok) {
      const discountedStrike = strike * Math.exp(-rate * years);
      const lower = Math.max(0, isCall ? spot - discountedStrike : discountedStrike - spot);
      const upper = isCall ? spot : discountedStrike;
      throw invalidParameter(
        "marketPrice",
        solved.reason === "BELOW_INTRINSIC"
          ? `no volatility reproduces it: below the discounted intrinsic value ${lower}`
          : `no volatility reproduces it: at or above the no-arbitrage maximum ${upper}`,
      );
    }
    return {
      impliedVolatility: solved.sigma * 100,
      marketPrice,
      theoreticalPrice: blackScholes(spot, strike, years, solved.sigma, rate, isCall).price,
      underlyingPrice: spot,
      strike,
      daysToExpiration: body.daysToExpiration,
      riskFreeRate: ratePercent,
      right: rightName(body.right),
    };
  },

  "options.pnlProfile": ({ body }) => {
    const legs = body.legs.map((leg) => ({
      quantity: leg.quantity,
      premiumPerShare: leg.premium,
      strike: leg.strike,
      right: leg.right,
      multiplier: leg.multiplier,
    }));
    return {
      underlyingPrice: body.underlyingPrice,
      ...strategyPnlAtExpiry(legs, body.underlyingPrice),
      legCount: legs.length,
    };
  },
};
