/**
 * A first session with the typed client, against `npm start` (or any deployment):
 *
 *   npm start                                   # in one terminal, at the project root
 *   npx tsx packages/client/examples/quickstart.ts
 *
 * MDAPI_URL picks the API (default http://127.0.0.1:3000/v1); MDAPI_KEY a key to use, else the
 * script registers a fresh account and prints its key (shown once; keep it).
 */
import { randomUUID } from "node:crypto";
import { createMarketDataClient, isMarketDataApiError, unwrap, unwrapAnswer } from "../src/index";

const baseUrl = process.env.MDAPI_URL ?? "http://127.0.0.1:3000/v1";

async function apiKey(): Promise<string> {
  if (process.env.MDAPI_KEY) return process.env.MDAPI_KEY;
  const anonymous = createMarketDataClient({ baseUrl });
  const account = await unwrap(
    anonymous.POST("/account/register", {
      body: { email: `quickstart-${randomUUID()}@example.com`, password: "a long passphrase" },
    }),
  );
  console.log(`registered ${account.email}; export MDAPI_KEY=${account.apiKey} to reuse the key`);
  return account.apiKey;
}

async function main(): Promise<void> {
  const api = createMarketDataClient({ baseUrl, apiKey: await apiKey() });

  // A quote: the payload is typed (quote.lastPrice is a number), the rate-limit headers parsed.
  const quote = await unwrapAnswer(
    api.GET("/market/stocks/{code}/quote", { params: { path: { code: "AAPL_NASDAQ" } } }),
  );
  console.log(
    `${quote.data.symbol} ${quote.data.lastPrice} (${quote.data.changePercent.toFixed(2)} %), ` +
      `session ${quote.data.marketSession}; ${quote.rateLimit?.minuteRemaining} calls left this minute`,
  );

  // A year of daily bars (period 5) with RSI and MACD.
  const chart = await unwrap(
    api.GET("/market/stocks/{code}/chart", {
      params: { path: { code: "AAPL_NASDAQ" }, query: { period: 5, indicators: "rsi,macd" } },
    }),
  );
  const last = chart.bars.at(-1);
  const lastAt = last ? new Date(last.timestamp).toISOString() : "-";
  console.log(`chart: ${chart.bars.length} bars, last close ${last?.close} at ${lastAt}`);
  console.log(`indicators: ${Object.keys(chart.indicators ?? {}).join(", ")}`);

  // The option chain of the nearest listed expiration, calls only.
  const expirations = await unwrap(
    api.GET("/options/{code}/expirations", { params: { path: { code: "AAPL_NASDAQ" } } }),
  );
  // The chain takes the expiration as yyMMdd; the list gives yyyy-MM-dd.
  const expiry = expirations.expirations[0]?.expirationDate.slice(2).replaceAll("-", "");
  if (expiry) {
    const chain = await unwrap(
      api.GET("/options/{code}/chain", {
        params: { path: { code: "AAPL_NASDAQ" }, query: { expiry, right: "C" } },
      }),
    );
    const atm = chain.items.reduce((best, item) =>
      Math.abs(item.strike - chain.underlyingPrice) < Math.abs(best.strike - chain.underlyingPrice)
        ? item
        : best,
    );
    console.log(
      `chain ${chain.expiration}: ${chain.items.length} calls; at the money ${atm.contract} ` +
        `bid ${atm.bid} ask ${atm.ask}`,
    );
  }

  // Black-Scholes: a 30-day 235 call on 230 at 28 % volatility.
  const priced = await unwrap(
    api.POST("/options/calculator", {
      body: {
        underlyingPrice: 230,
        strike: 235,
        daysToExpiration: 30,
        impliedVolatility: 28,
        right: "C",
      },
    }),
  );
  console.log(`calculator: ${priced.theoreticalPrice} (delta ${priced.delta})`);

  // Errors are thrown as MarketDataApiError, with the API's code, message and request id.
  try {
    await unwrap(
      api.GET("/market/stocks/{code}/quote", { params: { path: { code: "NOPE_NASDAQ" } } }),
    );
  } catch (error) {
    if (!isMarketDataApiError(error)) throw error;
    console.log(
      `as expected: ${error.status} ${error.code}: ${error.message} (${error.requestId})`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
