import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALERT_TYPES, type AlertType } from "../../lib/store/alerts";
import {
  conditionHolds,
  evaluateAlert,
  type Observation,
  watchedValue,
} from "../../lib/webhooks/alert-evaluation";

/** The alert rules on their own: the watched value, the condition, fire once per crossing. */

const QUIET: Observation = {
  livePrice: 199.5,
  changePercent: 1.2,
  ivPercent: 28,
  volume: 30_000_000,
  averageDailyVolume: 50_000_000,
};

describe("the watched value", () => {
  it("is the live price, the day's change, the IV, or volume over its average", () => {
    expect(watchedValue("price_above", QUIET)).toBe(199.5);
    expect(watchedValue("price_below", QUIET)).toBe(199.5);
    expect(watchedValue("percent_change", QUIET)).toBe(1.2);
    expect(watchedValue("iv_above", QUIET)).toBe(28);
    expect(watchedValue("volume_above_average", QUIET)).toBeCloseTo(0.6, 12);
  });

  it("is missing without an option surface or a volume history", () => {
    expect(watchedValue("iv_below", { ...QUIET, ivPercent: undefined })).toBeUndefined();
    expect(
      watchedValue("volume_above_average", { ...QUIET, averageDailyVolume: 0 }),
    ).toBeUndefined();
  });
});

describe("the condition", () => {
  it("holds at the threshold itself and on its side of it", () => {
    expect(conditionHolds("price_above", 200, 200)).toBe(true);
    expect(conditionHolds("price_above", 200, 199.99)).toBe(false);
    expect(conditionHolds("price_below", 200, 200)).toBe(true);
    expect(conditionHolds("price_below", 200, 200.01)).toBe(false);
    expect(conditionHolds("volume_above_average", 1.5, 1.5)).toBe(true);
  });

  it("reads percent_change by the threshold's sign", () => {
    expect(conditionHolds("percent_change", 5, 5.1)).toBe(true);
    expect(conditionHolds("percent_change", 5, -7)).toBe(false);
    expect(conditionHolds("percent_change", -5, -5.1)).toBe(true);
    expect(conditionHolds("percent_change", -5, 7)).toBe(false);
  });
});

describe("firing", () => {
  const priceAbove = { type: "price_above" as const, threshold: 200 };
  const at = (livePrice: number) => ({ ...QUIET, livePrice });

  it("fires once when the condition starts to hold, not again while it holds, re-arms when it clears", () => {
    let status: "armed" | "fired" = "armed";
    const fired: number[] = [];
    const path = [199, 199.9, 200.2, 201, 205, 199.8, 199, 200.5, 202];
    path.forEach((price, minute) => {
      const decision = evaluateAlert({ ...priceAbove, status }, at(price));
      if (decision.fire) fired.push(minute);
      status = decision.status;
    });
    expect(fired).toEqual([2, 7]);
    expect(status).toBe("fired");
  });

  it("changes nothing when the value is missing", () => {
    const decision = evaluateAlert(
      { type: "iv_above", threshold: 30, status: "fired" },
      { ...QUIET, ivPercent: undefined },
    );
    expect(decision).toEqual({ status: "fired", fire: false, value: undefined });
  });

  it("fires exactly once per crossing on any path (property)", () => {
    const type = fc.constantFrom<AlertType>(...ALERT_TYPES.filter((t) => t !== "percent_change"));
    fc.assert(
      fc.property(
        type,
        fc.array(fc.double({ min: 0.5, max: 2, noNaN: true }), { maxLength: 60 }),
        (t, values) => {
          const threshold = 1;
          let status: "armed" | "fired" = "armed";
          let fires = 0;
          let crossings = 0;
          let held = false;
          for (const value of values) {
            const observation = {
              livePrice: value,
              changePercent: value,
              ivPercent: value,
              volume: value,
              averageDailyVolume: 1,
            };
            const decision = evaluateAlert({ type: t, threshold, status }, observation);
            const holds = conditionHolds(t, threshold, value);
            if (holds && !held) crossings += 1;
            held = holds;
            if (decision.fire) fires += 1;
            status = decision.status;
          }
          expect(fires).toBe(crossings);
        },
      ),
    );
  });
});
