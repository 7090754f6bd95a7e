import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corporateImplementations } from "../../lib/api/groups/corporate/implementations";
import type { corporateRoutes } from "../../lib/api/groups/corporate/routes";
import type { RouteInput } from "../../lib/api/route";
import { OUTBOX_PK } from "../../lib/contact/mailer";
import { createDocumentClient, createDynamoClient } from "../../lib/store/client";
import type { LocalRuntime } from "../../local/runtime";
import { testDeps } from "../setup/deps";
import { fetchFrom, randomLoopback } from "../setup/http";
import { startTestApi } from "../setup/local-api";

/** POST /account/contact and the corporate intake POST /corporate/contact, with the local outbox. */

let api: LocalRuntime;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.stop());

const ALLOWED_ORIGIN = "https://www.example.com";

function post(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  from = randomLoopback(),
) {
  return fetchFrom(
    `${api.apiUrl}${path}`,
    {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    },
    from,
  );
}

async function outbox(): Promise<Record<string, unknown>[]> {
  const db = createDocumentClient(
    createDynamoClient({ region: "us-east-1", endpoint: api.dynamoEndpoint }),
  );
  const result = await db.send(
    new QueryCommand({
      TableName: process.env.TABLE_NAME,
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": OUTBOX_PK },
    }),
  );
  return result.Items ?? [];
}

const valid = { name: "Ada Lovelace", email: "ada@example.com", message: "Hello there." };

describe("POST /account/contact", () => {
  it("writes the message to the local outbox", async () => {
    const marker = `marker-${Date.now()}`;
    const response = await post("/account/contact", {
      ...valid,
      message: marker,
      inquiryType: "sales",
    });
    expect(response.status).toBe(200);
    const sent = (await outbox()).find((item) => item.message === marker);
    expect(sent).toMatchObject({
      source: "api",
      name: "Ada Lovelace",
      email: "ada@example.com",
      inquiryType: "sales",
    });
  });

  it.each([
    ["name", { ...valid, name: "Eve\r\nBcc: all@example.com" }],
    ["email", { ...valid, email: "ada@example.com\nBcc: x@y.z" }],
    ["subject", { ...valid, subject: "Hi\nthere" }],
    ["company", { ...valid, company: "ACME\r" }],
    ["name", { email: "a@b.co", message: "x" }],
    ["message", { name: "A", email: "a@b.co" }],
    ["email", { ...valid, email: "nope" }],
  ])("refuses a bad %s with 400 INVALID_PARAMETER", async (field, body) => {
    const response = await post("/account/contact", body);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe("INVALID_PARAMETER");
    expect(error.message).toContain(`'${field}'`);
  });

  it("accepts at most 10 messages per client IP per UTC day", async () => {
    const from = randomLoopback();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await post("/account/contact", valid, {}, from)).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await post("/account/contact", valid)).status).toBe(200);
  });
});

describe("POST /corporate/contact", () => {
  it("accepts an allowed origin and answers with CORS headers", async () => {
    const response = await post(
      "/corporate/contact",
      { ...valid, source: "pricing" },
      { origin: ALLOWED_ORIGIN },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe(ALLOWED_ORIGIN);
    expect(response.headers.get("vary")).toBe("Origin");
  });

  it("refuses other browser origins with 403 and no CORS headers", async () => {
    const response = await post("/corporate/contact", valid, {
      origin: "https://evil.example.net",
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      "ORIGIN_NOT_ALLOWED",
    );
  });

  it("answers the CORS preflight for allowed origins only", async () => {
    const preflight = (origin: string) =>
      fetchFrom(`${api.apiUrl}/corporate/contact`, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "POST" },
      });
    const allowed = await preflight(ALLOWED_ORIGIN);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-methods")).toContain("POST");
    expect(allowed.headers.get("access-control-allow-headers")).toContain("content-type");
    expect((await preflight("https://evil.example.net")).status).toBe(403);
  });

  it.each([
    ["INVALID_NAME", { ...valid, name: "" }],
    ["INVALID_NAME", { ...valid, name: "A\r\nB" }],
    ["INVALID_EMAIL", { ...valid, email: "not an email" }],
    ["INVALID_MESSAGE", { ...valid, message: "   " }],
    ["INVALID_MESSAGE", { name: "A", email: "a@b.co" }],
  ])("answers 400 %s", async (code, body) => {
    const response = await post("/corporate/contact", body, { origin: ALLOWED_ORIGIN });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(code);
  });

  it("answers 502 SEND_FAILED when the mail hand-off is rejected", async () => {
    const deps = testDeps({
      mailer: {
        send: async () => {
          throw new Error("MessageRejected: Email address is not verified.");
        },
      },
    });
    const input: RouteInput<typeof corporateRoutes.contact> = {
      params: undefined,
      query: undefined,
      body: {
        ...valid,
        source: undefined,
        company: undefined,
        role: undefined,
        inquiryType: undefined,
      },
      context: {
        requestId: "r",
        sourceIp: randomLoopback(),
        baseUrl: "http://localhost",
        apiKey: undefined,
        origin: ALLOWED_ORIGIN,
      },
    };
    await expect(corporateImplementations["corporate.contact"](input, deps)).rejects.toMatchObject({
      status: 502,
      code: "SEND_FAILED",
    });
  });
});
