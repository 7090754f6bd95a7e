import { describe, expect, it } from "vitest";
import { marketImplementations } from "../../lib/api/groups/market/implementations";
import { optionsImplementations } from "../../lib/api/groups/options/implementations";
import { type Deps, pinnedClock } from "../../lib/deps";
import { dayNumber } from "../../lib/market/civil-date";
import { nyWallClock } from "../../lib/market/ny-time";
import { DEFAULT_RISK_FREE_RATE_PERCENT } from "../../lib/market/rates";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { impliedVolatility } from "../../lib/quant";

/**
 * The 30-day at-the-money implied volatility: the port function of the simulated market against
 * the option chains it serves at the same clock, and its use by /extended and /technicals.
 */

const context = { requestId: "r", sourceIp: "", baseUrl: "", apiKey: undefined, origin: undefined };
const RATE = DEFAULT_RISK_FREE_RATE_PERCENT / 100;
const round = (x: number, decimals: number) => Math.round(x * 10 ** decimals) / 10 ** decimals;

function marketAt(iso: string) {
  const clock = pinnedClock(new Date(iso));
  const market = createSimulatedMarket(clock);
  const deps = {
    marketClock: clock,
    market,
    defaultRiskFreeRatePercent: DEFAULT_RISK_FREE_RATE_PERCENT,
  } as unknown as Deps;
  return { market, deps, today: nyWallClock(clock.now().getTime()).day };
}

const daysTo = (today: number, date: string) => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return dayNumber(y, m, d) - today;
};

/**
 * The at-the-forward volatility of one expiration read off the served call chain: the contracts'
 * implied volatilities interpolated linearly in log-moneyness at the forward. Each of those two
 * contracts' volatility is checked against the one solved from its quoted mid.
 */
async function chainAtmVol(
  market: ReturnType<typeof marketAt>["market"],
  code: string,
  expiration: string,
  days: number,
  spot: number,
) {
  const chain = (await market.optionChain(code, expiration, "C")) ?? [];
  const years = Math.max(1, days) / 365;
  const forward = spot * Math.exp(RATE * years);
  const above = chain.findIndex((o) => o.strike > forward);
  const [low, high] = [chain[above - 1], chain[above]];
  if (!low || !high) throw new Error(`no strikes around the forward of ${code} ${expiration}`);
  for (const option of [low, high]) {
    const solved = impliedVolatility(
      (option.bid + option.ask) / 2,
      spot,
      option.strike,
      years,
      RATE,
      true,
    );
    // Bids and asks are on a $0.05 grid, so the mid carries a few cents of noise.
    expect(solved.ok && Math.abs(solved.sigma - (option.impliedVolatility ?? 0))).toBeLessThan(
      0.01,
    );
  }
  const [x0, x1] = [Math.log(low.strike / forward), Math.log(high.strike / forward)];
  const [v0, v1] = [low.impliedVolatility ?? 0, high.impliedVolatility ?? 0];
  return { vol: v0 + ((v1 - v0) * (0 - x0)) / (x1 - x0), years };
}

describe("30-day ATM implied volatility of the simulated market", () => {
  it.each([
    ["AAPL_NASDAQ", "2026-11-24T16:00:00Z"],
    ["PLTR_NASDAQ", "2026-11-24T16:00:00Z"],
    ["JPM_NYSE", "2026-11-20T23:00:00Z"],
    ["SPY_ARCA", "2026-11-28T17:00:00Z"],
    ["NVDA_NASDAQ", "2026-07-15T14:00:00Z"],
  ])(
    "%s at %s equals the ATM volatility of the served chains, in total variance",
    async (code, at) => {
      const { market, today } = marketAt(at);
      const quote = await market.quote(code);
      const spot = quote?.markPrice ?? quote?.lastPrice ?? Number.NaN;
      const expirations = (await market.optionExpirations.expirations(code)) ?? [];
      const below = expirations.filter((e) => daysTo(today, e) <= 30).at(-1) as string;
      const above = expirations.find((e) => daysTo(today, e) >= 30) as string;
      const near = await chainAtmVol(market, code, below, daysTo(today, below), spot);
      const far = await chainAtmVol(market, code, above, daysTo(today, above), spot);
      const target = 30 / 365;
      // An expiration exactly 30 days out is the answer itself (weight 0).
      const weight = below === above ? 0 : (target - near.years) / (far.years - near.years);
      const variance =
        near.vol ** 2 * near.years +
        weight * (far.vol ** 2 * far.years - near.vol ** 2 * near.years);
      const fromChains = Math.sqrt(variance / target);
      const iv = (await market.volatilitySurface.atmImpliedVolatility30(code)) as number;
      expect(Math.abs(iv - fromChains)).toBeLessThan(1e-4);
    },
  );

  it("is the latest entry of the daily ATM IV history (IV rank's series) on a trading day", async () => {
    const { market } = marketAt("2026-11-24T16:00:00Z");
    const history = (await market.atmIvHistory("MSFT_NASDAQ", 5)) ?? [];
    expect(history.at(-1)?.impliedVolatility).toBe(
      await market.volatilitySurface.atmImpliedVolatility30("MSFT_NASDAQ"),
    );
  });

  it("has none for a contract without listed options", async () => {
    const { market } = marketAt("2026-11-24T16:00:00Z");
    expect(await market.volatilitySurface.atmImpliedVolatility30("BTC_COINBASE")).toBeUndefined();
    expect(await market.volatilitySurface.atmImpliedVolatility30("ESZ26_CME")).toBeUndefined();
  });
});

describe("impliedVolatility on /extended and /technicals", () => {
  const call = async (id: "market.extended" | "market.technicals", code: string, deps: Deps) =>
    marketImplementations[id](
      { params: { code }, query: undefined, body: undefined, context },
      deps,
    ) as Promise<Record<string, any>>;

  it("moves with the surface from date to date for one symbol, and both endpoints agree", async () => {
    const dates = ["2026-03-10", "2026-05-12", "2026-07-14", "2026-09-15", "2026-11-24"];
    const texts = new Set<string>();
    for (const date of dates) {
      const { market, deps } = marketAt(`${date}T16:00:00Z`);
      const iv = (await market.volatilitySurface.atmImpliedVolatility30("PLTR_NASDAQ")) as number;
      const extended = await call("market.extended", "PLTR_NASDAQ", deps);
      const technicals = await call("market.technicals", "PLTR_NASDAQ", deps);
      expect(extended.impliedVolatility).toBe(`${(iv * 100).toFixed(2)}%`);
      expect(technicals.impliedVolatility).toBe(extended.impliedVolatility);
      texts.add(extended.impliedVolatility);
    }
    expect(texts.size).toBe(dates.length);
  });

  it("gives the 30-day ATM call's greeks that the calculator gives for the inputs shown", async () => {
    const { deps } = marketAt("2026-11-24T16:00:00Z");
    const [extended, quote] = await Promise.all([
      call("market.extended", "AAPL_NASDAQ", deps),
      marketImplementations["market.quote"](
        { params: { code: "AAPL_NASDAQ" }, query: undefined, body: undefined, context },
        deps,
      ),
    ]);
    const calculated = await optionsImplementations["options.calculator"](
      {
        params: undefined,
        query: undefined,
        body: {
          underlyingPrice: quote.livePrice,
          strike: quote.livePrice,
          daysToExpiration: 30,
          impliedVolatility: Number.parseFloat(extended.impliedVolatility),
          right: "C",
        },
        context,
      } as never,
      deps,
    );
    expect(extended.theta).toBe(round(calculated.theta, 6));
    expect(extended.gamma).toBe(round(calculated.gamma, 6));
    expect(extended.vega).toBe(round(calculated.vega, 6));
  });
});
