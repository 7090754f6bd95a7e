import type { Mailer } from "../contact/mailer";
import { outboxMailer } from "../contact/mailer";
import { sesMailer } from "../contact/ses-mailer";
import { jsonLogger, systemClock } from "../deps";
import { type AccountStore, createAccountStore } from "../store/accounts";
import { type AlertStore, createAlertStore } from "../store/alerts";
import { createDeliveryLog, type DeliveryLog } from "../store/delivery-log";
import { createResponseCache, type ResponseCache } from "../store/response-cache";
import { createVerdictStore, type VerdictStore } from "../store/verdicts";
import { createWebhookStore, type WebhookStore } from "../store/webhooks";
import type { Wiring } from "./core";

/** Accounts and API keys in the table. */
export function accountStore({ config, db }: Wiring): AccountStore {
  return createAccountStore(db, config.tableName);
}

/** Alert subscriptions in the table. */
export function alertStore({ config, db }: Wiring): AlertStore {
  return createAlertStore(db, config.tableName);
}

/** Webhook delivery attempts in the table. */
export function deliveryLog({ config, db }: Wiring): DeliveryLog {
  return createDeliveryLog(db, config.tableName);
}

/** Webhook subscriptions in the table. */
export function webhookStore({ config, db }: Wiring): WebhookStore {
  return createWebhookStore(db, config.tableName);
}

/** The intelligence committee's verdicts in the table. */
export function verdictStore({ config, db }: Wiring): VerdictStore {
  return createVerdictStore(db, config.tableName);
}

/** Whole responses cached in the table (Nova's suggestions). */
export function responseCache({ config, db }: Wiring): ResponseCache {
  return createResponseCache(db, config.tableName, systemClock(), jsonLogger);
}

/**
 * The contact forms' mailer: the table's outbox locally, SES in AWS, built on first use so a
 * missing mail setting fails only the contact forms (SEND_FAILED).
 */
export function mailer({ config, db }: Wiring): Mailer {
  if (config.mailer === "outbox") return outboxMailer(db, config.tableName);
  let ses: Mailer | undefined;
  return {
    async send(message) {
      if (!config.contactFrom || !config.contactTo) {
        throw new Error("CONTACT_FROM and CONTACT_TO must be set when MAILER is ses");
      }
      ses ??= sesMailer(config.region, config.contactFrom, config.contactTo);
      return ses.send(message);
    },
  };
}
