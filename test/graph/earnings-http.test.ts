import { describe, expect, it } from "vitest";
import { expectRefusals, localApiWithKey } from "../setup/keyed-api";

/**
 * GET /graph/{code}/earnings-history through the local server (HTTP, the graph Lambda's
 * handler, the envelope) on the simulated world at a pinned clock: it answers, its moves are
 * the options endpoint's over HTTP too, and refusals arrive in the error envelope.
 */

process.env.SIM_NOW = "2026-11-23T15:00:00Z"; // Monday 10:00 New York

const { get } = localApiWithKey();

describe("GET /graph/{code}/earnings-history over HTTP", () => {
  it("answers, with the moves /options/{code}/earnings-move-history shows", async () => {
    const history = await get("/graph/AAPL_NASDAQ/earnings-history?limit=3");
    expect(history.status, JSON.stringify(history.body.error)).toBe(200);
    expect(history.body.data.count).toBe(3);
    const options = await get("/options/AAPL_NASDAQ/earnings-move-history");
    expect(options.status, JSON.stringify(options.body.error)).toBe(200);
    const moves = history.body.data.reports.map(
      (row: { move: { movePercent: number } }) => row.move.movePercent,
    );
    expect(moves).toEqual(
      options.body.data.quarters
        .slice(0, 3)
        .map((quarter: { movePercent: number }) => quarter.movePercent),
    );
  });

  it("refuses a bad limit with 400 naming it, unknown codes and funds with 404", async () => {
    await expectRefusals(get, [
      ["/graph/AAPL_NASDAQ/earnings-history?limit=41", 400, "INVALID_PARAMETER", "'limit'"],
      ["/graph/AAPX_NASDAQ/earnings-history", 404, "SYMBOL_NOT_FOUND", "AAPX_NASDAQ"],
      ["/graph/SPY_ARCA/earnings-history", 404, "NO_DATA", "SPY_ARCA"],
    ]);
  });
});
