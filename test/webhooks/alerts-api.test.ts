import { describe, expect, it } from "vitest";
import { alertsRoutes as routes } from "../../lib/api/groups/alerts/routes";
import { webhooksRoutes } from "../../lib/api/groups/webhooks/routes";
import { MAX_ALERTS_PER_ACCOUNT } from "../../lib/store/alerts";
import type { KeyRecord } from "../../lib/store/rate-limiter";
import { newCallerKey } from "../setup/accounts";
import { callRoute } from "../setup/call-route";
import { testDeps } from "../setup/deps";
import { answeredError, expectInvalid, refusal } from "../setup/refusals";

/**
 * The alert subscription endpoints against DynamoDB Local and the simulated market: validated
 * against the market and the account's webhooks, scoped to their account, capped.
 */

const deps = testDeps();

const newCaller = () => newCallerKey(deps.accounts, "alerts");

const as = (caller: KeyRecord) => ({ context: { apiKey: caller } });
const subscribe = (caller: KeyRecord, body: object) =>
  callRoute(routes.subscribe, { body: body as never, ...as(caller) }, deps);
const list = async (caller: KeyRecord) => (await callRoute(routes.list, as(caller), deps)).alerts;

describe("POST /alerts/subscribe, GET /alerts, DELETE /alerts/{id}", () => {
  it("stores an armed alert with its event and condition, lists it and deletes it", async () => {
    const caller = await newCaller();
    const alert = await subscribe(caller, {
      code: "aapl_nasdaq",
      type: "price_above",
      threshold: 200,
    });
    expect(alert).toMatchObject({
      code: "AAPL_NASDAQ",
      symbol: "AAPL",
      type: "price_above",
      eventType: "alert.price",
      threshold: 200,
      unit: "USD",
      webhookId: null,
      status: "armed",
      lastTriggeredAt: null,
    });
    expect(alert.id).toMatch(/^al_[a-z2-7]{20}$/);
    expect(await list(caller)).toEqual([alert]);
    await callRoute(routes.delete, { params: { id: alert.id }, ...as(caller) }, deps);
    expect(await list(caller)).toEqual([]);
  });

  it("scopes ids to their account: another account's id is 404 and the alert stays", async () => {
    const owner = await newCaller();
    const stranger = await newCaller();
    const { id } = await subscribe(owner, {
      code: "MSFT_NASDAQ",
      type: "percent_change",
      threshold: -5,
    });
    const error = await answeredError(() =>
      callRoute(routes.delete, { params: { id }, ...as(stranger) }, deps),
    );
    expect(error).toMatchObject({ status: 404, code: "ALERT_NOT_FOUND" });
    expect((await list(owner)).map((a) => a.id)).toEqual([id]);
  });

  it("validates against the market: 404 for an unknown code, 400 for IV on a contract without options", async () => {
    const caller = await newCaller();
    const unknown = await refusal(() =>
      subscribe(caller, { code: "AAPX_NASDAQ", type: "price_above", threshold: 10 }),
    );
    expect(unknown).toMatchObject({ status: 404, code: "SYMBOL_NOT_FOUND" });
    await expectInvalid(
      () => subscribe(caller, { code: "BTC_COINBASE", type: "iv_above", threshold: 50 }),
      "type",
    );
    const iv = await subscribe(caller, { code: "SPY_ARCA", type: "iv_below", threshold: 12 });
    expect(iv.eventType).toBe("alert.iv");
  });

  it("refuses thresholds outside their type's range with 400 naming threshold", async () => {
    const caller = await newCaller();
    const cases = [
      ["price_above", 0],
      ["price_below", -1],
      ["percent_change", 0],
      ["iv_above", 0.5],
      ["iv_below", 501],
      ["volume_above_average", 0],
    ] as const;
    for (const [type, threshold] of cases) {
      await expectInvalid(
        () => subscribe(caller, { code: "AAPL_NASDAQ", type, threshold }),
        "threshold",
      );
    }
    expect(await list(caller)).toEqual([]);
  });

  // Found by the 200,000-request fuzz run: DynamoDB refused 5e-324 and the answer was 500.
  it("refuses a threshold no stored number can hold with 400 naming threshold", async () => {
    const caller = await newCaller();
    for (const threshold of [5e-324, 1e-200, -1e-131]) {
      const error = await answeredError(() =>
        subscribe(caller, { code: "AAPL_NASDAQ", type: "percent_change", threshold }),
      );
      expect(error).toMatchObject({ status: 400, code: "INVALID_PARAMETER" });
      expect(`${error.message} ${error.details}`).toContain("threshold");
    }
    expect(await list(caller)).toEqual([]);
  });

  it("checks webhookId: one of the account's, subscribed to the alert's event", async () => {
    const caller = await newCaller();
    const webhook = await callRoute(
      webhooksRoutes.create,
      { body: { url: "https://hooks.example.com/a", events: ["alert.iv"] }, ...as(caller) },
      deps,
    );
    const missing = await answeredError(() =>
      subscribe(caller, {
        code: "AAPL_NASDAQ",
        type: "price_above",
        threshold: 1,
        webhookId: "wh_aaaaaaaaaaaaaaaaaaaa",
      }),
    );
    expect(missing).toMatchObject({ status: 404, code: "WEBHOOK_NOT_FOUND" });
    await expectInvalid(
      () =>
        subscribe(caller, {
          code: "AAPL_NASDAQ",
          type: "price_above",
          threshold: 1,
          webhookId: webhook.id,
        }),
      "webhookId",
    );
    const alert = await subscribe(caller, {
      code: "AAPL_NASDAQ",
      type: "iv_above",
      threshold: 40,
      webhookId: webhook.id,
    });
    expect(alert.webhookId).toBe(webhook.id);
  });

  it(`holds at most ${MAX_ALERTS_PER_ACCOUNT} per account (409 ALERT_LIMIT_REACHED)`, async () => {
    const caller = await newCaller();
    for (let i = 0; i < MAX_ALERTS_PER_ACCOUNT; i++) {
      await subscribe(caller, { code: "KO_NYSE", type: "price_above", threshold: 100 + i });
    }
    const over = await answeredError(() =>
      subscribe(caller, { code: "KO_NYSE", type: "price_below", threshold: 1 }),
    );
    expect(over).toMatchObject({ status: 409, code: "ALERT_LIMIT_REACHED" });
    expect((await list(caller)).length).toBe(MAX_ALERTS_PER_ACCOUNT);
  }, 120_000);
});
