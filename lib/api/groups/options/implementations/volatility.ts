import { roundPercent } from "../../../../market/precision";
import { yearsFromDays } from "../../../../quant";
import {
  atmStraddle,
  earningsMoveHistoryOf,
  earningsStraddleOf,
  round4,
} from "../../../earnings-moves";
import { ivRankReport } from "../../../iv-rank";
import { listedExpirations, optionableInstrument, pricingInputsOf } from "../../../option-data";
import type { Implementations } from "../../../route";
import { EXPECTED_MOVE_EXPIRATIONS, type optionsVolatilityRoutes } from "../routes/volatility";
import type { OptionsDeps } from "./shared";

/**
 * The straddle and the earnings analytics live in lib/api/earnings-moves.ts, shared with
 * /calendar/earnings/enhanced so both serve the same numbers.
 */

/** One row of the expected-move table. */
async function expectedMoveAt(deps: OptionsDeps, code: string, expiration: string, spot: number) {
  const straddle = await atmStraddle(deps, code, expiration, spot);
  const oneSigma = spot * straddle.sigma * Math.sqrt(yearsFromDays(straddle.days));
  return {
    expirationDate: expiration,
    daysToExpiration: straddle.days,
    atmImpliedVolatility: roundPercent(straddle.sigma * 100),
    oneSigmaMove: round4(oneSigma),
    oneSigmaMovePercent: roundPercent((oneSigma / spot) * 100),
    twoSigmaMove: round4(2 * oneSigma),
    twoSigmaMovePercent: roundPercent(((2 * oneSigma) / spot) * 100),
    upperBound: round4(spot + oneSigma),
    lowerBound: round4(spot - oneSigma),
    ...straddle.fields,
  };
}

export const optionsVolatilityImplementations: Implementations<
  typeof optionsVolatilityRoutes,
  OptionsDeps
> = {
  "options.ivRank": async ({ params }, deps) =>
    ivRankReport(deps, await optionableInstrument(deps, params.code)),

  "options.expectedMove": async ({ params }, deps) => {
    const instrument = await optionableInstrument(deps, params.code);
    const [inputs, expirations] = await Promise.all([
      pricingInputsOf(deps, instrument),
      listedExpirations(deps, instrument.code),
    ]);
    const spot = inputs.underlyingLivePrice;
    const items = await Promise.all(
      expirations
        .slice(0, EXPECTED_MOVE_EXPIRATIONS)
        .map((expiration) => expectedMoveAt(deps, instrument.code, expiration, spot)),
    );
    return { ...inputs, symbol: instrument.symbol, items };
  },

  "options.earningsStraddle": async ({ params }, deps) =>
    earningsStraddleOf(deps, await optionableInstrument(deps, params.code)),

  "options.earningsMoveHistory": async ({ params }, deps) =>
    earningsMoveHistoryOf(deps, await optionableInstrument(deps, params.code)),
};
