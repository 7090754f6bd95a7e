import type { APIGatewayProxyEventV2 } from "aws-lambda";

/** An API Gateway HTTP API (payload 2.0) event for in-process handler tests. */
export function gatewayEvent(options: {
  method: string;
  path: string;
  routeKey?: string;
  body?: string;
  sourceIp?: string;
}): APIGatewayProxyEventV2 {
  const routeKey = options.routeKey ?? `${options.method} ${options.path}`;
  return {
    version: "2.0",
    routeKey,
    rawPath: options.path,
    rawQueryString: "",
    headers: { host: "api.example.com" },
    requestContext: {
      accountId: "1",
      apiId: "a",
      domainName: "api.example.com",
      domainPrefix: "api",
      http: {
        method: options.method,
        path: options.path,
        protocol: "HTTP/1.1",
        sourceIp: options.sourceIp ?? "198.51.100.7",
        userAgent: "test",
      },
      requestId: "req-1",
      routeKey,
      stage: "$default",
      time: "",
      timeEpoch: 0,
    },
    ...(options.body === undefined ? {} : { body: options.body }),
    isBase64Encoded: false,
  };
}
