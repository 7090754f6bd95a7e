import { describe, expect, it } from "vitest";
import { expectRefusals, localApiWithKey } from "../setup/keyed-api";

/** Reference data through the local server (HTTP, its Lambda's handler) at a pinned clock. */

process.env.SIM_NOW = "2026-11-23T15:00:00Z"; // Monday 10:00 New York, 16:00 CET

const { get } = localApiWithKey();

describe("reference data over HTTP", () => {
  it("answers every route", async () => {
    const ok = async (path: string) => {
      const answer = await get(path);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body.error)}`).toBe(200);
      return answer.body.data;
    };
    expect((await ok("/reference/currencies")).count).toBeGreaterThan(150);
    expect((await ok("/reference/countries?continent=EU")).count).toBeGreaterThan(40);
    expect((await ok("/reference/timezones?zone=Europe/Berlin")).timezones[0].utcOffset).toBe(
      "+01:00",
    );
    expect((await ok("/reference/exchanges?quoted=true")).count).toBe(9);
    expect((await ok("/reference/markets")).markets.length).toBe(5);
    const holidays = await ok("/reference/holidays?exchange=XNYS&year=2026");
    expect(holidays.earlyCloses.map((e: { date: string }) => e.date)).toEqual([
      "2026-11-27",
      "2026-12-24",
    ]);
    const rates = await ok("/reference/fx-rates?base=EUR");
    expect(rates.date).toBe("2026-11-23");
    expect(rates.source.provider).toBe("sim");
    const pair = await ok("/reference/fx-rates/eur/usd");
    expect(pair.rate).toBe(rates.rates.USD);
    const convert = await ok("/reference/fx-rates/convert?from=EUR&to=USD&amount=250");
    expect(convert.result).toBe(250 * pair.rate);
    const history = await ok("/reference/fx-rates/EUR/USD/history?from=2026-11-16&to=2026-11-23");
    expect(history.points.at(-1)).toEqual({ date: "2026-11-23", rate: pair.rate });
  });

  it("refuses in the error envelope, naming the field or the exchange", async () => {
    await expectRefusals(get, [
      ["/reference/holidays?exchange=XLON", 404, "HOLIDAY_CALENDAR_NOT_FOUND", "XLON"],
      ["/reference/holidays?year=3000", 400, "INVALID_PARAMETER", "year"],
      ["/reference/fx-rates?base=ABC", 400, "INVALID_PARAMETER", "base"],
      ["/reference/fx-rates/USD/XYZ", 400, "INVALID_PARAMETER", "to"],
      ["/reference/fx-rates/QQQ/USD/history", 400, "INVALID_PARAMETER", "from"],
      ["/reference/fx-rates/convert?from=USD&to=EUR&amount=0", 400, "INVALID_PARAMETER", "amount"],
      ["/reference/timezones?zone=Nowhere/City", 400, "INVALID_PARAMETER", "zone"],
      ["/reference/exchanges?country=USA", 400, "INVALID_PARAMETER", "country"],
    ]);
  });
});
