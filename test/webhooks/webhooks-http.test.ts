import { describe, expect, it } from "vitest";
import { localApiWithKey } from "../setup/keyed-api";

/**
 * The webhook subscription endpoints through the local server: the catalogue without a key,
 * create / list / delete with one, and no in-place update (405, empty body). The URL is a
 * public IP literal: the tests have no DNS.
 */

const { get, post, raw } = localApiWithKey();
const URL_OK = "https://93.184.215.14/market-data";

describe("the webhooks endpoints over HTTP", () => {
  it("serve the event catalogue without a key", async () => {
    const response = await raw("GET", "/webhooks/events", undefined, false);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { events: { type: string }[] } };
    expect(body.data.events.map((event) => event.type)).toContain("alert.price");
  });

  it("create, list and delete a subscription; PUT and PATCH answer 405 with an empty body", async () => {
    const created = await post("/webhooks", { url: URL_OK, events: ["alert.price"] });
    expect(created.status).toBe(200);
    const { id, secret } = created.body.data;
    expect(secret).toMatch(/^whsec_/);
    const listed = await get("/webhooks");
    expect(listed.body.data.webhooks.map((w: { id: string }) => w.id)).toEqual([id]);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    for (const method of ["PUT", "PATCH"]) {
      const response = await raw(method, `/webhooks/${id}`, { url: URL_OK });
      expect(response.status, method).toBe(405);
      expect(await response.text(), method).toBe("");
    }
    const deleted = await raw("DELETE", `/webhooks/${id}`);
    expect(deleted.status).toBe(200);
    expect((await get("/webhooks")).body.data.webhooks).toEqual([]);
    const again = await raw("DELETE", `/webhooks/${id}`);
    expect(again.status).toBe(404);
  });

  it("refuses a URL into our network with 400 naming url", async () => {
    const refused = await post("/webhooks", {
      url: "https://[::ffff:169.254.169.254]/latest",
      events: ["alert.price"],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain("'url'");
  });

  it("subscribe, list and delete an alert delivered to a subscription", async () => {
    const webhook = await post("/webhooks", { url: URL_OK, events: ["alert.volume"] });
    const created = await post("/alerts/subscribe", {
      code: "NVDA_NASDAQ",
      type: "volume_above_average",
      threshold: 2,
      webhookId: webhook.body.data.id,
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ eventType: "alert.volume", status: "armed" });
    const listed = await get("/alerts");
    expect(listed.body.data.alerts.map((a: { id: string }) => a.id)).toEqual([
      created.body.data.id,
    ]);
    expect((await raw("DELETE", `/alerts/${created.body.data.id}`)).status).toBe(200);
    expect((await get("/alerts")).body.data.alerts).toEqual([]);
    const unknown = await post("/alerts/subscribe", {
      code: "AAPX_NASDAQ",
      type: "price_above",
      threshold: 1,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("SYMBOL_NOT_FOUND");
  });
});
