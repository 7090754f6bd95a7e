import type { AddressInfo } from "node:net";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GROUPS } from "../../lib/api/generated/manifest";
import { createLocalServer, type HandlerTable } from "../../local/server";

/** The local server builds the API Gateway v2 event AWS would send; an echo handler shows it. */

let origin: string;
let close: () => void;
const seen: { target: string; event: APIGatewayProxyEventV2 }[] = [];

beforeAll(async () => {
  const table = Object.fromEntries(
    [...GROUPS, "fallback"].map((target) => [
      target,
      async (event: APIGatewayProxyEventV2) => {
        seen.push({ target, event });
        return { statusCode: 200, headers: {}, body: "ok" };
      },
    ]),
  ) as unknown as HandlerTable;
  const server = createLocalServer(table);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close?.());

async function lastEventFor(path: string, init?: RequestInit) {
  await fetch(`${origin}${path}`, init);
  const last = seen.at(-1);
  if (!last) throw new Error("no event");
  return last;
}

describe("local server event", () => {
  it("routes a known path to its group with the route key", async () => {
    const { target, event } = await lastEventFor("/v1/market/status?b=2&a=1&a=3", {
      headers: { "X-Api-Key": "abc", "X-Custom": "Value" },
    });
    expect(target).toBe("market");
    expect(event.version).toBe("2.0");
    expect(event.routeKey).toBe("GET /v1/market/status");
    expect(event.rawPath).toBe("/v1/market/status");
    expect(event.rawQueryString).toBe("b=2&a=1&a=3");
    expect(event.queryStringParameters).toEqual({ a: "1,3", b: "2" });
    expect(event.headers["x-api-key"]).toBe("abc");
    expect(event.headers["x-custom"]).toBe("Value");
    expect(Object.keys(event.headers).every((name) => name === name.toLowerCase())).toBe(true);
    expect(event.requestContext.http.sourceIp).toBe("127.0.0.1");
    expect(event.requestContext.http.method).toBe("GET");
    expect(event.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sets X-Forwarded-Proto from the connection, not from the client", async () => {
    const { event } = await lastEventFor("/v1", {
      headers: { "X-Forwarded-Proto": "javascript" },
    });
    expect(event.headers["x-forwarded-proto"]).toBe("http");
  });

  it("fills path parameters", async () => {
    const { target, event } = await lastEventFor("/docs/swagger-ui.css");
    expect(target).toBe("docs");
    expect(event.pathParameters).toEqual({ file: "swagger-ui.css" });
  });

  it("sends unknown paths and methods to the $default fallback", async () => {
    expect((await lastEventFor("/v1/unknown")).target).toBe("fallback");
    const { target, event } = await lastEventFor("/v1/market/status", { method: "DELETE" });
    expect(target).toBe("fallback");
    expect(event.routeKey).toBe("$default");
  });

  it("passes JSON bodies as text and binary bodies as base64", async () => {
    const json = await lastEventFor("/v1/x", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"a":"é"}',
    });
    expect(json.event.isBase64Encoded).toBe(false);
    expect(json.event.body).toBe('{"a":"é"}');
    const bytes = new Uint8Array([0, 255, 10, 13]);
    const binary = await lastEventFor("/v1/x", {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: bytes,
    });
    expect(binary.event.isBase64Encoded).toBe(true);
    expect(Buffer.from(binary.event.body ?? "", "base64")).toEqual(Buffer.from(bytes));
  });
});
