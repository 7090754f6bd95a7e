import type { CoreDeps, Deps } from "../../../deps";
import type { AlertRecord } from "../../../store/alerts";
import { callerKey } from "../../caller";
import { invalidParameter } from "../../errors";
import { fromProvider, instrumentOf } from "../../market-data";
import type { Implementations } from "../../route";
import { ALERT_RULES, type alertsRoutes } from "./routes";

/** What the alerts group's implementations use (wired in ./index.ts). */
export type AlertsDeps = CoreDeps & Pick<Deps, "alerts" | "webhooks" | "market">;

function served(alert: AlertRecord) {
  const rule = ALERT_RULES[alert.type];
  return {
    id: alert.id,
    code: alert.code,
    symbol: alert.symbol,
    type: alert.type,
    eventType: rule.event,
    threshold: alert.threshold,
    unit: rule.unit,
    condition: rule.words,
    webhookId: alert.webhookId,
    status: alert.status,
    createdAt: alert.createdAt,
    lastTriggeredAt: alert.lastTriggeredAt,
  };
}

/** 400 naming threshold outside its type's range (percent_change: not 0 either). */
function checkThreshold(type: AlertRecord["type"], threshold: number) {
  const { min, max, unit } = ALERT_RULES[type];
  if (!Number.isFinite(threshold) || threshold < min || threshold > max) {
    throw invalidParameter("threshold", `must be ${min} to ${max} (${unit}) for ${type}`);
  }
  if (type === "percent_change" && threshold === 0) {
    throw invalidParameter("threshold", "must not be 0 for percent_change");
  }
}

export const alertsImplementations: Implementations<typeof alertsRoutes, AlertsDeps> = {
  "alerts.subscribe": async ({ body, context }, deps) => {
    const caller = callerKey(context);
    checkThreshold(body.type, body.threshold);
    const instrument = await instrumentOf(deps, body.code);
    const rule = ALERT_RULES[body.type];
    if (rule.event === "alert.iv") {
      const surface = deps.market.volatilitySurface;
      const iv =
        surface && (await fromProvider(() => surface.atmImpliedVolatility30(instrument.code)));
      if (iv === undefined) {
        throw invalidParameter(
          "type",
          `needs a contract with listed options; ${instrument.code} has none`,
        );
      }
    }
    if (body.webhookId !== undefined) {
      const webhook = await deps.webhooks.get(caller.userId, body.webhookId);
      if (!webhook.events.includes(rule.event)) {
        throw invalidParameter("webhookId", `is not subscribed to ${rule.event}`);
      }
    }
    const alert = await deps.alerts.create(
      caller.userId,
      {
        code: instrument.code,
        symbol: instrument.symbol,
        type: body.type,
        threshold: body.threshold,
        webhookId: body.webhookId ?? null,
      },
      deps.clock.now().toISOString(),
    );
    return served(alert);
  },

  "alerts.list": async ({ context }, deps) => ({
    alerts: (await deps.alerts.list(callerKey(context).userId)).map(served),
  }),

  "alerts.delete": async ({ params, context }, deps) => {
    await deps.alerts.delete(callerKey(context).userId, params.id);
    return { id: params.id, message: "Deleted. It will not fire again." };
  },
};
