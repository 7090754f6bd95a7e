import type { QuoteSession } from "./ports";
import { marketStatus } from "./sessions";

const QUOTE_SESSION: Record<string, QuoteSession> = {
  "Pre-Market": "Pre-Market",
  Market: "Regular",
  "After-Hours": "After-Hours",
  Overnight: "Overnight",
  Closed: "Closed",
};

/** The quote's `marketSession` for US equities at an instant (the status clock's names, as quotes spell them). */
export function equitySessionAt(now: Date): QuoteSession {
  return QUOTE_SESSION[marketStatus(now).currentSession] ?? "Closed";
}
