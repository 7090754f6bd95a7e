import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import { createRouter } from "../lib/api/router";
import { ROUTES } from "../lib/api/routes";

/**
 * `npm run invoke -- <route id | event file>`: calls the route's Lambda handler in this
 * process with an API Gateway v2 sample event from events/, like `sam local invoke` without
 * Docker. Prints the handler's response.
 */
const ROOT = join(import.meta.dirname, "..");
const arg = process.argv[2];
if (!arg) {
  console.error("usage: npm run invoke -- <route id, e.g. market.status | path/to/event.json>");
  process.exit(2);
}
const eventFile = arg.endsWith(".json") ? arg : join(ROOT, "events", `${arg}.json`);
const event = JSON.parse(readFileSync(eventFile, "utf8")) as APIGatewayProxyEventV2;
const router = createRouter(ROUTES);
const found = router.match(event.requestContext.http.method, event.rawPath);
const group =
  router.byRouteKey(event.routeKey)?.group ??
  (found.kind === "route" ? found.route.group : "fallback");
const { handler } = (await import(`../functions/${group}.ts`)) as {
  handler: (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>;
};
const context = { getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
console.log(JSON.stringify(await handler(event, context), null, 2));
