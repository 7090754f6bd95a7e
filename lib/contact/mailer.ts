import { randomUUID } from "node:crypto";
import type { DocumentStore } from "../store/document-store";

/** A contact-form message on its way to the operator. */
export interface ContactMessage {
  source: "api" | "corporate";
  name: string;
  email: string;
  message: string;
  company?: string | undefined;
  role?: string | undefined;
  subject?: string | undefined;
  inquiryType?: string | undefined;
  /** Where the corporate site's form was (e.g. a page name). */
  origin?: string | undefined;
  receivedAt: string;
}

/** Hands a message over for delivery; rejects when the hand-off fails (→ SEND_FAILED). */
export interface Mailer {
  send(message: ContactMessage): Promise<void>;
}

export function plainText(message: ContactMessage): string {
  const lines = [
    `From: ${message.name} <${message.email}>`,
    ...(["company", "role", "subject", "inquiryType", "origin"] as const)
      .filter((field) => message[field])
      .map((field) => `${field}: ${message[field]}`),
    `Received: ${message.receivedAt} via ${message.source}`,
    "",
    message.message,
  ];
  return lines.join("\n");
}

/** Locally: an outbox in the local database (`npm run outbox` prints it). */
export const OUTBOX_PK = "OUTBOX";

export function outboxMailer(db: DocumentStore, tableName: string): Mailer {
  return {
    async send(message) {
      await db.put(
        {
          TableName: tableName,
          Item: {
            pk: OUTBOX_PK,
            sk: `${message.receivedAt}#${randomUUID()}`,
            ...message,
            text: plainText(message),
          },
        },
        { repeatable: true },
      );
    },
  };
}
