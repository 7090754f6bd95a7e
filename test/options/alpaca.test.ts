import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { optionsCalculatorRoutes } from "../../lib/api/groups/options/routes/calculators";
import { optionsChainsRoutes } from "../../lib/api/groups/options/routes/chains";
import { optionsFlowRoutes } from "../../lib/api/groups/options/routes/flow";
import { optionsPositioningRoutes } from "../../lib/api/groups/options/routes/positioning";
import { optionsScannerRoutes } from "../../lib/api/groups/options/routes/scanner";
import { optionsVolatilityRoutes } from "../../lib/api/groups/options/routes/volatility";
import { optionsVolumeRoutes } from "../../lib/api/groups/options/routes/volume";
import type { RouteSpec } from "../../lib/api/route";
import { pinnedClock } from "../../lib/deps";
import { createAlpacaProvider } from "../../lib/market/adapters/alpaca";
import { withUniverseReference } from "../../lib/wiring/market";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";
import { refusal } from "../setup/refusals";

/**
 * The options endpoints with MARKET_PROVIDER=alpaca, wired as lib/wiring/market.ts wires it (the
 * adapter plus the universe file's reference figures), over the recorded responses in
 * test/fixtures/alpaca served by a fake fetch (no network). What Alpaca supplies (the 2026-12-18
 * call chain with per-contract IV and delta, the AAPL snapshot) is served and every number is
 * traced to the fixture; what it does not (an expiration list, open interest, IV history, the
 * tape, earnings history) is 503 MARKET_DATA_UNAVAILABLE naming it, never a made-up number.
 */

const DATA = "https://data.alpaca.markets";
const TRADING = "https://paper-api.alpaca.markets";
/** Wednesday 2026-03-18, 10:34:30 New York time (EDT), as in test/market/alpaca.test.ts. */
const NOW = "2026-03-18T14:34:30Z";
const DAY_PAGE_TOKEN = "QUFQTHxEfDIwMjUtMDYtMjdUMDQ6MDA6MDAuMDAwMDAwMDAwWg==";
const CHAIN_PAGE_TOKEN = "QUFQTDI2MTIxOEMwMDIxMDAwMA==";
const AAPL = "AAPL_NASDAQ";
/** The expiration of the recorded option chain (calls only). */
const EXPIRATION = "2026-12-18";
const DAY_MS = 86_400_000;
/** Calendar days from 2026-03-18 to the recorded expiration. */
const DAYS = (Date.parse(`${EXPIRATION}T00:00:00Z`) - Date.parse("2026-03-18T00:00:00Z")) / DAY_MS;

function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/alpaca/${name}`, import.meta.url), "utf8");
}

function respond(body: string | object, status = 200): Response {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return new Response(text, { status, headers: { "Content-Type": "application/json" } });
}

/** Alpaca's answer for an expiration or right without contracts (its documented empty page). */
const NO_CONTRACTS = { snapshots: {}, next_page_token: null };

/** Every request the fake fetch received. */
const requests: URL[] = [];

/** Alpaca as recorded: AAPL's snapshot, daily bars, asset and 2026-12-18 calls; else a 404. */
function recorded(url: URL): Response {
  const path = url.pathname;
  const query = url.searchParams;
  const token = query.get("page_token");
  if (url.origin === DATA && path === "/v2/stocks/AAPL/snapshot") {
    return respond(fixture("snapshot-aapl.json"));
  }
  if (url.origin === DATA && path === "/v2/stocks/AAPL/bars") {
    if (query.get("timeframe") === "1Min") return respond(fixture("bars-minute.json"));
    if (query.get("timeframe") !== "1Day") return respond({ bars: null, next_page_token: null });
    if (token === null) return respond(fixture("bars-day-page1.json"));
    if (token === DAY_PAGE_TOKEN) return respond(fixture("bars-day-page2.json"));
    return respond({ message: "invalid page token" }, 400);
  }
  if (url.origin === DATA && path === "/v1beta1/options/snapshots/AAPL") {
    // The recording holds the calls of one expiration; Alpaca filters by both parameters.
    if (query.get("expiration_date") !== EXPIRATION || query.get("type") !== "call") {
      return respond(NO_CONTRACTS);
    }
    if (token === null) return respond(fixture("option-chain-aapl-page1.json"));
    if (token === CHAIN_PAGE_TOKEN) return respond(fixture("option-chain-aapl-page2.json"));
    return respond({ message: "invalid page token" }, 400);
  }
  if (url.origin === TRADING && path === "/v2/assets/AAPL") {
    return respond(fixture("asset-aapl.json"));
  }
  return respond(fixture("error-not-found.json"), 404);
}

const fetch = async (input: string | URL | Request) => {
  const url = new URL(input instanceof Request ? input.url : input);
  requests.push(url);
  return recorded(url);
};

const clock = pinnedClock(new Date(NOW));
const alpaca = createAlpacaProvider({
  keyId: "AKFIXTUREKEY",
  secretKey: "fixture-secret",
  fetch,
  now: () => clock.now().getTime(),
});
const deps = testDeps({ market: withUniverseReference(alpaca), marketClock: clock });

/** The recorded calls of 2026-12-18, by strike: the fixture's figures, unrounded. */
const RECORDED = [
  { strike: 195, bid: 36, ask: 36.6, last: 35.1, volume: 0, iv: 0.2847112058866057 },
  { strike: 200, bid: 32.75, ask: 33.3, last: 33.05, volume: 11, iv: 0.2801533311260939 },
  { strike: 202.5, bid: 31.2, ask: 31.85, last: 0, volume: 0, iv: undefined },
  { strike: 210, bid: 27.15, ask: 27.6, last: 27.4, volume: 57, iv: 0.2718634408218384 },
];
const DELTAS = [0.6893104217762019, 0.6535117711834523, undefined, 0.5712409318723451];
/** The snapshot's last trade, its quote's mid rounded to the cent, and the previous close. */
const LAST = 214.87;
const LIVE = 214.88;
const PREVIOUS_CLOSE = 212.2;

const round = (value: number, decimals: number) => {
  const scale = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * scale)) / scale;
};
const occ = (strike: number, right = "C") =>
  `AAPL261218${right}${String(strike * 1000).padStart(8, "0")}`;

/**
 * 503 MARKET_DATA_UNAVAILABLE whose answer says the source does not supply it (no Retry-After:
 * retrying will not help) and whose logged cause names what it lacks.
 */
async function expectUnavailable(call: () => Promise<unknown>, lacking: RegExp) {
  const error = await refusal(call);
  expect(error).toMatchObject({ status: 503, code: "MARKET_DATA_UNAVAILABLE" });
  expect(error.message).toMatch(/^The configured market-data source does not supply /);
  expect(error.headers["retry-after"]).toBeUndefined();
  expect(String((error.cause as Error | undefined)?.message)).toMatch(lacking);
}

const calculator = (body: Record<string, number | string>) =>
  callRoute(optionsCalculatorRoutes.calculator, { body }, deps);

const routes = {
  ...optionsChainsRoutes,
  ...optionsPositioningRoutes,
  ...optionsVolatilityRoutes,
  ...optionsVolumeRoutes,
  ...optionsFlowRoutes,
  ...optionsScannerRoutes,
};

describe("what Alpaca supplies: the chain, contract quotes and greeks of a recorded expiration", () => {
  it("GET /chain serves every recorded call, figures as recorded, no IV or delta where none", async () => {
    const answer = await callRoute(
      optionsChainsRoutes.chain,
      { params: { code: AAPL }, query: { expiry: "261218", right: "C" } },
      deps,
    );
    expect(answer).toMatchObject({
      symbol: "AAPL",
      expiry: "261218",
      expiration: EXPIRATION,
      right: "C",
      daysToExpiration: DAYS,
      underlyingPrice: LAST,
      underlyingLivePrice: LIVE,
      underlyingPreviousClose: PREVIOUS_CLOSE,
      riskFreeRate: deps.defaultRiskFreeRatePercent,
      asOf: new Date(NOW).toISOString(),
    });
    expect(answer.items.map((item) => item.strike)).toEqual(RECORDED.map((c) => c.strike));
    for (const [index, item] of answer.items.entries()) {
      const recordedCall = RECORDED[index] as (typeof RECORDED)[number];
      const delta = DELTAS[index];
      expect(item).toMatchObject({
        contract: occ(recordedCall.strike),
        bid: recordedCall.bid,
        ask: recordedCall.ask,
        last: recordedCall.last,
        mid: round((recordedCall.bid + recordedCall.ask) / 2, 4),
        volume: recordedCall.volume,
        openInterest: null,
        impliedVolatility: recordedCall.iv === undefined ? null : round(recordedCall.iv * 100, 4),
        delta: delta === undefined ? null : round(delta, 6),
        inTheMoney: recordedCall.strike < LIVE,
      });
      // change: against the calculator's value at the previous close with the contract's IV;
      // without an IV there is no reference and change is 0 against the mid itself.
      if (recordedCall.iv === undefined) {
        expect(item).toMatchObject({ change: 0, changePercent: 0, referencePrice: item.mid });
        continue;
      }
      const reference = await calculator({
        underlyingPrice: PREVIOUS_CLOSE,
        strike: recordedCall.strike,
        daysToExpiration: DAYS,
        impliedVolatility: item.impliedVolatility as number,
        right: "C",
        riskFreeRate: answer.riskFreeRate,
      });
      expect(item.referencePrice).toBe(round(reference.theoreticalPrice, 4));
      expect(item.change).toBe(round(item.mid - item.referencePrice, 4));
    }
  });

  it("GET /chain asks Alpaca for the expiration and right, following the page token", async () => {
    requests.length = 0;
    await callRoute(
      optionsChainsRoutes.chain,
      { params: { code: AAPL }, query: { expiry: "261218", right: "C" } },
      deps,
    );
    const chainRequests = requests.filter((url) => url.pathname.startsWith("/v1beta1/options"));
    expect(chainRequests.map((url) => url.searchParams.get("page_token"))).toEqual([
      null,
      CHAIN_PAGE_TOKEN,
    ]);
    for (const url of chainRequests) {
      expect(url.searchParams.get("expiration_date")).toBe(EXPIRATION);
      expect(url.searchParams.get("type")).toBe("call");
    }
  });

  it("GET /quote of a recorded call: the chain's figures, mark, break-even and seller return", async () => {
    const answer = await callRoute(
      optionsChainsRoutes.quote,
      { params: { code: AAPL }, query: { expiry: EXPIRATION, strike: "200", right: "C" } },
      deps,
    );
    const mid = (32.75 + 33.3) / 2;
    expect(answer).toMatchObject({
      symbol: "AAPL",
      contract: "AAPL261218C00200000",
      expiration: EXPIRATION,
      daysToExpiration: DAYS,
      strike: 200,
      right: "Call",
      lastPrice: 33.05,
      bid: 32.75,
      ask: 33.3,
      midPrice: round(mid, 4),
      markPrice: round(mid, 4),
      breakEven: round(200 + mid, 4),
      strikeAwayPercent: round(((200 - LIVE) / LIVE) * 100, 4),
      returnPercent: round((round(mid, 4) / LIVE) * 100, 4),
      inTheMoney: true,
      volume: 11,
      impliedVolatility: round(0.2801533311260939 * 100, 4),
      delta: round(0.6535117711834523, 6),
      underlyingPrice: LAST,
      underlyingLivePrice: LIVE,
    });
    const chain = await callRoute(
      optionsChainsRoutes.chain,
      { params: { code: AAPL }, query: { expiry: "261218", right: "C" } },
      deps,
    );
    const listed = chain.items.find((item) => item.strike === 200);
    expect(answer.midPrice).toBe(listed?.mid);
    expect(answer.change).toBe(listed?.change);
  });

  it("GET /greeks: each row is /options/calculator at the row's IV (the recorded one, else the mid's)", async () => {
    const answer = await callRoute(
      optionsChainsRoutes.greeks,
      { params: { code: AAPL }, query: { expiry: EXPIRATION, right: "C" } },
      deps,
    );
    expect(answer).toMatchObject({ right: "Call", daysToExpiration: DAYS, underlyingPrice: LAST });
    expect(answer.items.map((row) => row.contract)).toEqual(RECORDED.map((c) => occ(c.strike)));
    for (const [index, row] of answer.items.entries()) {
      const recordedCall = RECORDED[index] as (typeof RECORDED)[number];
      const mid = round((recordedCall.bid + recordedCall.ask) / 2, 4);
      expect(row.mid).toBe(mid);
      const model = await calculator({
        underlyingPrice: answer.underlyingLivePrice,
        strike: row.strike,
        daysToExpiration: answer.daysToExpiration,
        impliedVolatility: row.impliedVolatility,
        right: "C",
        riskFreeRate: answer.riskFreeRate,
      });
      expect(row).toMatchObject({
        theoreticalPrice: round(model.theoreticalPrice, 4),
        delta: round(model.delta, 6),
        gamma: round(model.gamma, 6),
        theta: round(model.theta, 6),
        vega: round(model.vega, 6),
        rho: round(model.rho, 6),
      });
      if (recordedCall.iv === undefined) {
        // No IV recorded (202.5): the volatility repricing the recorded mid, not a made-up one.
        expect(Math.abs(model.theoreticalPrice - mid)).toBeLessThan(0.01);
      } else {
        expect(row.impliedVolatility).toBe(round(recordedCall.iv * 100, 4));
      }
    }
  });

  it("answers 404 NO_CHAIN_DATA for a strike, right or expiration Alpaca does not list", async () => {
    const unlisted = [
      () =>
        callRoute(
          optionsChainsRoutes.quote,
          { params: { code: AAPL }, query: { expiry: EXPIRATION, strike: "205", right: "C" } },
          deps,
        ),
      // The recording has no puts: Alpaca answers an empty page for them.
      () =>
        callRoute(
          optionsChainsRoutes.quote,
          { params: { code: AAPL }, query: { expiry: EXPIRATION, strike: "200" } },
          deps,
        ),
      () =>
        callRoute(
          optionsChainsRoutes.chain,
          { params: { code: AAPL }, query: { expiry: "261217" } },
          deps,
        ),
      () =>
        callRoute(
          optionsChainsRoutes.greeks,
          { params: { code: AAPL }, query: { expiry: EXPIRATION, right: "P" } },
          deps,
        ),
      // Unknown to Alpaca's assets endpoint (its 404).
      () =>
        callRoute(
          optionsChainsRoutes.chain,
          { params: { code: "ZZZZ_NASDAQ" }, query: { expiry: "261218" } },
          deps,
        ),
    ];
    for (const call of unlisted) {
      expect(await refusal(call)).toMatchObject({ status: 404, code: "NO_CHAIN_DATA" });
    }
  });

  it("refuses a past expiry with 400 before asking Alpaca", async () => {
    requests.length = 0;
    const error = await refusal(() =>
      callRoute(
        optionsChainsRoutes.chain,
        { params: { code: AAPL }, query: { expiry: "260317" } },
        deps,
      ),
    );
    expect(error).toMatchObject({ status: 400, code: "INVALID_PARAMETER" });
    expect(`${error.message} ${error.details}`).toContain("expiry");
    expect(requests).toEqual([]);
  });
});

describe("what Alpaca does not supply: 503 MARKET_DATA_UNAVAILABLE, never invented figures", () => {
  const code = { code: AAPL };
  const lackingExpirations = /option expirations/;
  const cases: [string, () => Promise<unknown>, RegExp][] = [
    [
      "expirations",
      () => callRoute(routes.expirations, { params: code }, deps),
      lackingExpirations,
    ],
    [
      "put-call-ratio",
      () => callRoute(routes.putCallRatio, { params: code }, deps),
      lackingExpirations,
    ],
    [
      "expected-move",
      () => callRoute(routes.expectedMove, { params: code }, deps),
      lackingExpirations,
    ],
    [
      "earnings-straddle",
      () => callRoute(routes.earningsStraddle, { params: code }, deps),
      lackingExpirations,
    ],
    [
      "volume",
      () => callRoute(routes.volume, { params: code }, deps),
      /no record of past option activity/,
    ],
    [
      "premium-scanner",
      () => callRoute(routes.premiumScanner, { params: code }, deps),
      lackingExpirations,
    ],
    [
      "iv-rank",
      () => callRoute(routes.ivRank, { params: code }, deps),
      /implied-volatility history/,
    ],
    [
      "earnings-move-history",
      () => callRoute(routes.earningsMoveHistory, { params: code }, deps),
      /earnings history/,
    ],
    ["flow", () => callRoute(routes.flow, { params: code }, deps), /no options trade tape/],
  ];

  it.each(cases)("GET /options/{code}/%s", async (_name, call, lacking) => {
    await expectUnavailable(call, lacking);
  });

  it.each([
    ["max-pain", routes.maxPain],
    ["oi-distribution", routes.oiDistribution],
  ] as [string, RouteSpec][])(
    "GET /options/{code}/%s: no figures from a recording without puts or open interest",
    async (_name, spec) => {
      // Alpaca reports no open interest (the adapter leaves it unknown on every contract), and
      // the recording holds no puts: the put side is Alpaca's empty page, "not listed" (404),
      // which is checked before the open interest (503 when a contract's is unknown: tested on
      // the simulated chains without it in positioning.test.ts).
      const chain = await alpaca.optionChain(AAPL, EXPIRATION, "C");
      expect(chain?.map((contract) => contract.openInterest)).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      const error = await refusal(() =>
        callRoute(spec, { params: code, query: { expiry: EXPIRATION } } as never, deps),
      );
      expect(error).toMatchObject({ status: 404, code: "NO_CHAIN_DATA" });
    },
  );
});
