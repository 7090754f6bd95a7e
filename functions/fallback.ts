import middy from "@middy/core";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { fallbackResponse } from "../lib/api/dispatch";
import type { HttpResult } from "../lib/api/envelope";
import { ROUTE_MANIFEST } from "../lib/api/generated/manifest";
import { createRouter } from "../lib/api/router";
import { errorEnvelope } from "./shared/http-handler";

/**
 * API Gateway's `$default` route: 404 for unknown paths, 405 (with `Allow`) for known paths
 * with another method, from the zod-free route manifest. It wires nothing and meters nothing.
 */
const router = createRouter(ROUTE_MANIFEST);

export const handler = middy<APIGatewayProxyEventV2, HttpResult>()
  .use(errorEnvelope())
  .handler(async (event) => {
    const requestId = event.requestContext?.requestId || crypto.randomUUID();
    return fallbackResponse(router, event, requestId);
  });
