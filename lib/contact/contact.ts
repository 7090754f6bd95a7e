import { apiError } from "../api/errors";
import type { RequestContext } from "../api/route";
import type { Deps } from "../deps";
import { ipBucket } from "../ratelimit/ip-bucket";
import type { ContactMessage } from "./mailer";

export type { ContactMessage } from "./mailer";

/** Messages one client IP (IPv6: /64) may send per UTC day. */
export const CONTACT_DAILY_LIMIT = 10;

/** Counts the submission against the sender's IP, then hands the message to the mailer. */
export async function sendContactMessage(
  message: ContactMessage,
  context: RequestContext,
  deps: Pick<Deps, "limiter" | "clock" | "mailer" | "log">,
) {
  await deps.limiter.consumeDailyQuota(
    `contact#${ipBucket(context.sourceIp)}`,
    CONTACT_DAILY_LIMIT,
    "Contact form",
    deps.clock.now().getTime(),
  );
  try {
    await deps.mailer.send(message);
  } catch (error) {
    deps.log.error("Contact hand-off failed", {
      requestId: context.requestId,
      error: String(error),
    });
    throw apiError("SEND_FAILED");
  }
}
