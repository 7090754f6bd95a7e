import { describe, expect, it } from "vitest";
import { expectRefusals, localApiWithKey } from "../setup/keyed-api";

/** The intelligence reports through the local server (HTTP, its Lambda's handler) at a pinned clock. */

process.env.SIM_NOW = "2026-11-23T15:00:00Z"; // Monday 10:00 New York

const { get } = localApiWithKey();

describe("the intelligence reports over HTTP", () => {
  it("serves the risk assessment, the catalyst timeline and the sentiment board", async () => {
    const risk = await get("/intelligence/AAPL_NASDAQ/risk-assessment?days=90");
    expect(risk.status, JSON.stringify(risk.body.error)).toBe(200);
    expect(risk.body.data.asOf).toBe("2026-11-23T15:00:00.000Z");
    expect(risk.body.data.risks.event.inputs.windowDays).toBe(90);
    expect(risk.body.data.overall.label).toMatch(/^(low|moderate|high)$/);

    const timeline = await get(
      "/intelligence/AAPL_NASDAQ/catalyst-timeline?daysBack=7&daysAhead=30",
    );
    expect(timeline.status, JSON.stringify(timeline.body.error)).toBe(200);
    expect(timeline.body.data.window).toMatchObject({ from: "2026-11-16", to: "2026-12-23" });
    expect(timeline.body.data.sourcesNotCovered[0].type).toBe("fda");

    const sentiment = await get("/intelligence/AAPL_NASDAQ/sentiment");
    expect(sentiment.status, JSON.stringify(sentiment.body.error)).toBe(200);
    expect(sentiment.body.data.composite.scored).toBe(4);
    expect(sentiment.body.data.summary).toContain("Apple Inc. (AAPL)");
  });

  it("refuses in the error envelope, naming what it refuses", async () => {
    await expectRefusals(get, [
      ["/intelligence/ARKK_BATS/risk-assessment", 404, "NO_DATA", "ARKK_BATS"],
      ["/intelligence/AAPX_NASDAQ/sentiment", 404, "SYMBOL_NOT_FOUND", "AAPX_NASDAQ"],
      [
        "/intelligence/AAPL_NASDAQ/catalyst-timeline?daysAhead=0",
        400,
        "INVALID_PARAMETER",
        "daysAhead",
      ],
    ]);
  });
});
