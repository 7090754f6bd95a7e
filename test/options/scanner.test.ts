import { describe, expect, it } from "vitest";
import { OPTIONS_SCANNER_EXAMPLES } from "../../lib/api/examples/options-scanner";
import { optionsChainsRoutes } from "../../lib/api/groups/options/routes/chains";
import { optionsScannerRoutes as routes } from "../../lib/api/groups/options/routes/scanner";
import { EXAMPLE_TIME } from "../../lib/api/openapi-examples";
import { pinnedClock } from "../../lib/deps";
import type { OptionQuote } from "../../lib/market/ports";
import { createSimulatedMarket } from "../../lib/market/sim/simulated-market";
import { normCdf } from "../../lib/quant";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";
import { refusal } from "../setup/refusals";

/**
 * The premium scanner on the simulated market at a pinned instant: the qualifying contracts,
 * every figure of each candidate and the ranking are rebuilt here from the chains the port
 * serves and the definitions the route states, not from the implementation's helpers.
 */

const SIM_NOW = "2026-11-24T16:00:00.000Z"; // Tuesday 11:00 New York, regular session
const TODAY_UTC_MS = Date.UTC(2026, 10, 24); // the New York date of SIM_NOW
const AAPL = "AAPL_NASDAQ";

const clock = pinnedClock(new Date(SIM_NOW));
const market = createSimulatedMarket(clock);
const deps = testDeps({ market, marketClock: clock });

const round = (value: number, decimals: number) => {
  const scale = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * scale)) / scale;
};

const scan = (query: Record<string, string> = {}, code = AAPL) =>
  callRoute(routes.premiumScanner, { params: { code }, query }, deps);
type Answer = Awaited<ReturnType<typeof scan>>;
type Candidate = Answer["candidates"][number];

interface Filters {
  right: "C" | "P";
  minDte: number;
  maxDte: number;
  maxDelta: number;
}

const daysUntil = (iso: string) =>
  Math.round((Date.parse(`${iso}T00:00:00Z`) - TODAY_UTC_MS) / 86_400_000);

/** Every figure of a candidate from its contract, by the route's stated definitions. */
function expectedCandidate(contract: OptionQuote, days: number, answer: Answer): Candidate {
  const spot = answer.underlyingLivePrice;
  const rate = answer.riskFreeRate / 100;
  const isPut = contract.right === "P";
  const volPercent = round((contract.impliedVolatility as number) * 100, 4);
  const premium = contract.bid;
  const capitalAtRisk = isPut ? contract.strike - premium : spot;
  const returnPercent = (premium / capitalAtRisk) * 100;
  const annualized = (returnPercent * 365) / days;
  const sigmaRootT = (volPercent / 100) * Math.sqrt(days / 365);
  const d2 =
    (Math.log(spot / contract.strike) + (rate - (volPercent / 100) ** 2 / 2) * (days / 365)) /
    sigmaRootT;
  const probability = (isPut ? normCdf(d2) : normCdf(-d2)) * 100;
  return {
    contract: contract.contract,
    strike: contract.strike,
    expiration: contract.expiration,
    daysToExpiration: days,
    delta: round(contract.delta as number, 6),
    impliedVolatility: volPercent,
    bid: contract.bid,
    mid: round((contract.bid + contract.ask) / 2, 4),
    premium,
    strikeAwayPercent: round(((contract.strike - spot) / spot) * 100, 4),
    breakEven: round(isPut ? contract.strike - premium : contract.strike + premium, 4),
    capitalAtRisk: round(capitalAtRisk, 4),
    returnPercent: round(returnPercent, 4),
    annualizedReturnPercent: round(annualized, 4),
    probabilityOtmPercent: round(probability, 4),
    score: round((annualized * probability) / 100, 4),
  };
}

/** Every contract the filters admit, straight from the port's expirations and chains. */
async function qualifyingFromPort(filters: Filters, answer: Answer): Promise<Candidate[]> {
  const expirations = (await market.optionExpirations.expirations(AAPL)) ?? [];
  const inRange = expirations.filter((iso) => {
    const days = daysUntil(iso);
    return days >= filters.minDte && days <= filters.maxDte;
  });
  expect(answer.expirationsScanned).toEqual(inRange);
  const spot = answer.underlyingLivePrice;
  const found: Candidate[] = [];
  for (const expiration of inRange) {
    const chain = (await market.optionChain(AAPL, expiration, filters.right)) ?? [];
    for (const contract of chain) {
      const outOfTheMoney = filters.right === "P" ? contract.strike < spot : contract.strike > spot;
      const delta = round(contract.delta as number, 6);
      if (outOfTheMoney && contract.bid > 0 && Math.abs(delta) <= filters.maxDelta) {
        found.push(expectedCandidate(contract, daysUntil(expiration), answer));
      }
    }
  }
  return found;
}

/** The stated ranking: annualised return, then probability OTM, then sooner, then symbol. */
const ranked = (candidates: Candidate[]) =>
  [...candidates].sort(
    (a, b) =>
      b.annualizedReturnPercent - a.annualizedReturnPercent ||
      b.probabilityOtmPercent - a.probabilityOtmPercent ||
      a.expiration.localeCompare(b.expiration) ||
      a.contract.localeCompare(b.contract),
  );

async function expectScanAgreesWithPort(query: Record<string, string>, filters: Filters) {
  const answer = await scan(query);
  const qualifying = await qualifyingFromPort(filters, answer);
  expect(answer.right).toBe(filters.right);
  expect(answer.filters).toMatchObject({
    minDte: filters.minDte,
    maxDte: filters.maxDte,
    maxDelta: filters.maxDelta,
  });
  expect(answer.qualifyingCount).toBe(qualifying.length);
  expect(answer.candidates.length).toBe(Math.min(20, qualifying.length));

  for (const candidate of answer.candidates) {
    // Each candidate satisfies every filter, and its figures are the recomputed ones.
    expect(candidate.daysToExpiration).toBeGreaterThanOrEqual(filters.minDte);
    expect(candidate.daysToExpiration).toBeLessThanOrEqual(filters.maxDte);
    expect(Math.abs(candidate.delta)).toBeLessThanOrEqual(filters.maxDelta);
    expect(candidate.bid).toBeGreaterThan(0);
    expect(candidate.premium).toBe(candidate.bid);
    if (filters.right === "P") expect(candidate.strike).toBeLessThan(answer.underlyingLivePrice);
    else expect(candidate.strike).toBeGreaterThan(answer.underlyingLivePrice);
    const expected = qualifying.find((c) => c.contract === candidate.contract);
    expect(candidate).toEqual(expected);
  }

  // Ranked highest annualised return first, and nothing left out outranks the last one kept.
  const returns = answer.candidates.map((c) => c.annualizedReturnPercent);
  expect(returns).toEqual([...returns].sort((a, b) => b - a));
  const kept = new Set(answer.candidates.map((c) => c.contract));
  const last = answer.candidates.at(-1);
  for (const left of qualifying.filter((c) => !kept.has(c.contract))) {
    expect(left.annualizedReturnPercent).toBeLessThanOrEqual(last?.annualizedReturnPercent ?? -1);
  }
  expect(answer.candidates).toEqual(ranked(qualifying).slice(0, 20));
  return answer;
}

async function expectInvalid(query: Record<string, string>, field: string) {
  const error = await refusal(() => scan(query));
  expect(error).toMatchObject({ status: 400, code: "INVALID_PARAMETER" });
  expect(`${error.message} ${JSON.stringify(error.details)}`).toContain(field);
  for (const other of ["strategy", "minDte", "maxDte", "maxDelta"].filter((f) => f !== field)) {
    expect(JSON.stringify(error.details)).not.toContain(`"${other}"`);
  }
}

describe("GET /options/{code}/premium-scanner", () => {
  it("short puts over the default range: every qualifying put, recomputed and ranked", async () => {
    const answer = await expectScanAgreesWithPort(
      {},
      { right: "P", minDte: 20, maxDte: 60, maxDelta: 0.3 },
    );
    expect(answer.strategy).toBe("short-put");
    expect(answer.premiumBasis).toBe("bid");
    // The scan covers more than 20 contracts, so the cut to 20 is exercised.
    expect(answer.qualifyingCount).toBeGreaterThan(20);
    expect(answer.expirationsScanned.length).toBeGreaterThan(1);
  });

  it("short calls with explicit filters", async () => {
    const answer = await expectScanAgreesWithPort(
      { strategy: " Short-Call ", minDte: "5", maxDte: "120", maxDelta: "0.15" },
      { right: "C", minDte: 5, maxDte: 120, maxDelta: 0.15 },
    );
    expect(answer.strategy).toBe("short-call");
    expect(answer.candidates.length).toBeGreaterThan(0);
  });

  it("a narrow delta and a one-day window", async () => {
    const expirations = (await market.optionExpirations.expirations(AAPL)) ?? [];
    const days = daysUntil(expirations.find((iso) => daysUntil(iso) >= 1) as string);
    await expectScanAgreesWithPort(
      { minDte: String(days), maxDte: String(days), maxDelta: "0.05" },
      { right: "P", minDte: days, maxDte: days, maxDelta: 0.05 },
    );
  });

  it("states the pricing inputs the chains are quoted against", async () => {
    const answer = await scan();
    const first = answer.candidates[0] as Candidate;
    const quote = await callRoute(
      optionsChainsRoutes.quote,
      {
        params: { code: AAPL },
        query: { expiry: first.expiration, strike: String(first.strike), right: "P" },
      },
      deps,
    );
    expect(answer).toMatchObject({
      model: quote.model,
      riskFreeRate: quote.riskFreeRate,
      underlyingPrice: quote.underlyingPrice,
      underlyingLivePrice: quote.underlyingLivePrice,
      asOf: SIM_NOW,
    });
    expect(first).toMatchObject({
      contract: quote.contract,
      bid: quote.bid,
      mid: quote.midPrice,
      strikeAwayPercent: quote.strikeAwayPercent,
      delta: quote.delta,
      impliedVolatility: quote.impliedVolatility,
    });
  });

  it("an expiration-free window is an empty list, not an error", async () => {
    const listed = new Set(
      ((await market.optionExpirations.expirations(AAPL)) ?? []).map(daysUntil),
    );
    const gap = Array.from({ length: 365 }, (_, i) => i + 1).find((days) => !listed.has(days));
    expect(gap).toBeDefined();
    const answer = await scan({ minDte: String(gap), maxDte: String(gap) });
    expect(answer.expirationsScanned).toEqual([]);
    expect(answer.candidates).toEqual([]);
    expect(answer.qualifyingCount).toBe(0);
  });
});

describe("GET /options/{code}/premium-scanner: refusals", () => {
  it("400 naming strategy for anything but short-put or short-call", async () => {
    for (const strategy of ["long-put", "put", ""]) await expectInvalid({ strategy }, "strategy");
  });

  it("400 naming minDte or maxDte outside 1-365 or not an integer", async () => {
    for (const field of ["minDte", "maxDte"]) {
      for (const value of ["0", "366", "-5", "20.5", "abc"]) {
        // The other bound is set wide so only the field under test is wrong.
        const other: Record<string, string> =
          field === "minDte" ? { maxDte: "365" } : { minDte: "1" };
        await expectInvalid({ ...other, [field]: value }, field);
      }
    }
  });

  it("400 naming maxDelta outside 0.05-0.50 or not a number", async () => {
    for (const maxDelta of ["0.04", "0.51", "0", "-0.2", "x"]) {
      await expectInvalid({ maxDelta }, "maxDelta");
    }
  });

  it("400 naming minDte when it exceeds maxDte, also against a default", async () => {
    await expectInvalid({ minDte: "45", maxDte: "30" }, "minDte");
    await expectInvalid({ maxDte: "10" }, "minDte");
  });

  it("the range bounds themselves are accepted", async () => {
    await expect(scan({ minDte: "1", maxDte: "365", maxDelta: "0.05" })).resolves.toBeDefined();
    await expect(scan({ minDte: "365", maxDte: "365", maxDelta: "0.5" })).resolves.toBeDefined();
  });

  it("404 NO_CHAIN_DATA for an unknown or a non-optionable code", async () => {
    for (const code of ["AAPX_NASDAQ", "BTC_COINBASE"]) {
      expect(await refusal(() => scan({}, code))).toMatchObject({
        status: 404,
        code: "NO_CHAIN_DATA",
      });
    }
  });
});

describe("OpenAPI example of the premium scanner", () => {
  it("is what the route answers at EXAMPLE_TIME (candidates shortened to the first few)", async () => {
    const exampleClock = pinnedClock(new Date(EXAMPLE_TIME));
    const exampleDeps = testDeps({
      market: createSimulatedMarket(exampleClock),
      marketClock: exampleClock,
    });
    expect(Object.keys(OPTIONS_SCANNER_EXAMPLES)).toEqual([routes.premiumScanner.id]);
    const example = OPTIONS_SCANNER_EXAMPLES[routes.premiumScanner.id];
    const data = example?.data as { candidates: unknown[] };
    const answer = JSON.parse(
      JSON.stringify(
        await callRoute(routes.premiumScanner, example?.request as never, exampleDeps),
      ),
    );
    answer.candidates = answer.candidates.slice(0, data.candidates.length);
    expect(answer).toEqual(data);
  });
});
