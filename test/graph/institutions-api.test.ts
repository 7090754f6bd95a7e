import { describe, expect, it } from "vitest";
import { GRAPH_INSTITUTIONS_EXAMPLES } from "../../lib/api/examples/graph-institutions";
import { graphInstitutionRoutes } from "../../lib/api/groups/graph/routes/institutions";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import { pinnedClock } from "../../lib/deps";
import { createSimulatedInstitutions } from "../../lib/graph/sim/institutions";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";
import { expectRefusals, localApiWithKey } from "../setup/keyed-api";
import { expectInvalid, refusal } from "../setup/refusals";

/**
 * GET /graph/{code}/institutions at EXAMPLE_TIME on the simulated world: totals and statuses
 * recomputed here from the holders (all of them, limit 100) with the formulas the route states,
 * the orderings, the example, the refusals, and one call through the local server.
 */

process.env.SIM_NOW = EXAMPLE_TIME;

const route = graphInstitutionRoutes.institutions;
const clock = pinnedClock(new Date(EXAMPLE_TIME));
const market = createSimulatedMarket(clock);
const base = testDeps({ market, marketClock: clock });
const deps = {
  ...base,
  graph: { ...base.graph, institutions: createSimulatedInstitutions(market, clock) },
};

const institutionsOf = (code: string, query: Record<string, string> = {}) =>
  callRoute(route, { params: { code }, query }, deps);

type Answer = Awaited<ReturnType<typeof institutionsOf>>;
type Holder = Answer["holders"][number];

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

function expectedStatus(holder: Holder): Holder["status"] {
  if (holder.previousShares === 0) return "new";
  if (holder.shares === 0) return "soldOut";
  if (holder.shares === holder.previousShares) return "unchanged";
  return holder.shares > holder.previousShares ? "added" : "reduced";
}

describe("GET /graph/{code}/institutions", () => {
  it("is the OpenAPI example at EXAMPLE_TIME", async () => {
    const example = GRAPH_INSTITUTIONS_EXAMPLES["graph.institutions"];
    const answer = await callRoute(route, example?.request as never, deps);
    expect(JSON.parse(JSON.stringify(answer))).toEqual(example?.data);
  });

  it.each(["AAPL_NASDAQ", "TSLA_NASDAQ", "GME_NYSE", "BRK.B_NYSE"])(
    "%s: totals, percents, changes and statuses follow the stated formulas",
    async (code) => {
      const answer = await institutionsOf(code, { limit: "100" });
      const reference = await market.reference((await market.instrument(code)) as never);
      const sharesOutstanding = reference?.kind === "equity" ? reference.sharesOutstanding : 0;
      expect(answer.sharesOutstanding).toBe(sharesOutstanding);
      const { holders, totals } = answer;
      const held = holders.filter((h) => h.shares > 0);
      const totalShares = held.reduce((sum, h) => sum + h.shares, 0);
      const previousTotal = holders.reduce((sum, h) => sum + h.previousShares, 0);
      expect(totals.holders).toBe(held.length);
      expect(totals.totalShares).toBe(totalShares);
      expect(totals.totalShares).toBeLessThanOrEqual(sharesOutstanding);
      expect(totals.totalValueUsd).toBe(held.reduce((sum, h) => sum + h.valueUsd, 0));
      expect(totals.percentOfSharesOutstanding).toBe(
        round4((100 * totalShares) / sharesOutstanding),
      );
      expect(totals.previousTotalShares).toBe(previousTotal);
      expect(totals.netChangeShares).toBe(totalShares - previousTotal);
      const count = (status: string) => holders.filter((h) => h.status === status).length;
      expect([
        totals.newPositions,
        totals.addedPositions,
        totals.reducedPositions,
        totals.soldOutPositions,
        totals.unchangedPositions,
      ]).toEqual([
        count("new"),
        count("added"),
        count("reduced"),
        count("soldOut"),
        count("unchanged"),
      ]);
      expect(answer.quarterEnd).toBe("2026-09-30");
      expect(totals.filedForQuarterEnd).toBe(holders.length);

      for (const h of holders) {
        expect(h.status, h.institution.name).toBe(expectedStatus(h));
        expect(h.changeShares).toBe(h.shares - h.previousShares);
        expect(h.changePercent).toBe(
          h.previousShares === 0 ? null : round4((100 * h.changeShares) / h.previousShares),
        );
        expect(h.percentOfSharesOutstanding).toBe(round4((100 * h.shares) / sharesOutstanding));
        expect(h.previousQuarterEnd).toBe("2026-06-30");
        if (h.status === "soldOut") {
          expect([h.valueUsd, h.filingDate, h.accessionNumber]).toEqual([0, null, null]);
        } else {
          expect(h.accessionNumber).toMatch(new RegExp(`^${h.institution.cik}-\\d{2}-\\d{6}$`));
          expect(h.filingDate && h.filingDate <= "2026-11-23").toBe(true);
        }
        if (h.status === "new") expect(h.previousValueUsd).toBe(0);
      }
    },
  );

  it("shows new and sold-out positions with their previous or current side empty", async () => {
    const tesla = await institutionsOf("TSLA_NASDAQ", { limit: "100" });
    const berkshire = await institutionsOf("BRK.B_NYSE", { limit: "100" });
    const fresh = tesla.holders.filter((h) => h.status === "new");
    const gone = berkshire.holders.filter((h) => h.status === "soldOut");
    expect(fresh.length).toBeGreaterThan(0);
    expect(gone.length).toBeGreaterThan(0);
    for (const h of fresh) expect([h.previousShares, h.previousValueUsd]).toEqual([0, 0]);
    for (const h of gone) expect(h.shares).toBe(0);
  });

  it("lists the largest positions first by default, the largest changes with sort=change", async () => {
    const byValue = await institutionsOf("AAPL_NASDAQ", { limit: "100" });
    const values = byValue.holders.map((h) => h.valueUsd);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const byChange = await institutionsOf("AAPL_NASDAQ", { limit: "100", sort: "change" });
    const changes = byChange.holders.map((h) => Math.abs(h.changeShares));
    expect(changes).toEqual([...changes].sort((a, b) => b - a));
    expect(byChange.sort).toBe("change");
    expect(byChange.totals).toEqual(byValue.totals);
    expect(new Set(byChange.holders.map((h) => h.institution.cik))).toEqual(
      new Set(byValue.holders.map((h) => h.institution.cik)),
    );
  });

  it("shows 25 holders by default and `limit` of them, totals over all", async () => {
    const all = await institutionsOf("MSFT_NASDAQ", { limit: "100" });
    const shown = await institutionsOf("MSFT_NASDAQ");
    expect(shown.holders).toEqual(all.holders.slice(0, 25));
    expect(shown.totals).toEqual(all.totals);
    const three = await institutionsOf("MSFT_NASDAQ", { limit: "3" });
    expect(three.holders).toEqual(all.holders.slice(0, 3));
  });

  it("404 SYMBOL_NOT_FOUND for an unknown code, NO_DATA for a fund or an index", async () => {
    expect(await refusal(() => institutionsOf("AAPX_NASDAQ"))).toMatchObject({
      status: 404,
      code: "SYMBOL_NOT_FOUND",
    });
    for (const code of ["SPY_ARCA", "SPX_INDEX"]) {
      const error = await refusal(() => institutionsOf(code));
      expect(error, code).toMatchObject({ status: 404, code: "NO_DATA" });
      expect(error.message).toContain("institutional holdings");
    }
  });

  it("400 naming the parameter for a bad limit or sort", async () => {
    for (const limit of ["0", "101", "2.5", "many"]) {
      await expectInvalid(() => institutionsOf("AAPL_NASDAQ", { limit }), "limit");
    }
    await expectInvalid(() => institutionsOf("AAPL_NASDAQ", { sort: "size" }), "sort");
  });
});

describe("GET /graph/{code}/institutions over HTTP", () => {
  const { get } = localApiWithKey();

  it("answers the example through the local server and refuses in the envelope", async () => {
    const { status, body } = await get("/graph/AAPL_NASDAQ/institutions?limit=3");
    expect(status, JSON.stringify(body.error)).toBe(200);
    expect(body.data).toEqual(GRAPH_INSTITUTIONS_EXAMPLES["graph.institutions"]?.data);
    await expectRefusals(get, [
      ["/graph/AAPX_NASDAQ/institutions", 404, "SYMBOL_NOT_FOUND", "AAPX_NASDAQ"],
      ["/graph/SPY_ARCA/institutions", 404, "NO_DATA", "SPY_ARCA"],
      ["/graph/AAPL_NASDAQ/institutions?limit=101", 400, "INVALID_PARAMETER", "'limit'"],
    ]);
  });
});
