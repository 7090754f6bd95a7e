import { Agent, request } from "node:http";
import { TIERS } from "../../lib/account/tiers";

/**
 * The limiter's check, in the same run as the load: a Free key at its normal limits sent well
 * past its per-minute limit (runProbe), and the most of its requests admitted within any 60 s
 * as seen from the client alone (maxWithinSpan).
 */

/** The limiter probe's tier: a key at its normal limits. */
export const PROBE_TIER = TIERS[0] as (typeof TIERS)[number];
const PROBE_CONNECTIONS = 2;
/** More requests than the tier's per-minute limit, whatever the load's length. */
const PROBE_MIN_REQUESTS = (PROBE_TIER.perMinuteLimit as number) + 20;

/** The probe's rate: enough to pass the per-minute limit three times over, at least 10/s. */
export function probeRate(seconds: number): number {
  return Math.max(10, Math.ceil((3 * (PROBE_TIER.perMinuteLimit as number)) / seconds));
}

export interface ProbeAnswer {
  sentMs: number;
  answeredMs: number;
  status: number;
}

/**
 * The Free key at its normal limits, in the same run: PROBE_CONNECTIONS keep-alive
 * connections sending at a steady rate well past its per-minute limit, for the load's duration
 * and at least PROBE_MIN_REQUESTS requests (so a short run passes the limit too). Each answer
 * keeps when its request left and when it came back, so the check below needs no server clock.
 * Each request times out after `timeoutS` (the load's own per-request timeout).
 */
export async function runProbe(apiUrl: string, apiKey: string, seconds: number, timeoutS: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: PROBE_CONNECTIONS });
  const rate = probeRate(seconds);
  const url = new URL(`${apiUrl}/market/stocks/AAPL_NASDAQ/quote`);
  const answers: ProbeAnswer[] = [];
  let errors = 0;
  const started = Date.now();
  const end = started + seconds * 1000;
  const send = () =>
    new Promise<void>((resolve) => {
      const sentMs = Date.now();
      const outgoing = request(
        url,
        { agent, headers: { "x-api-key": apiKey }, timeout: timeoutS * 1000 },
        (incoming) => {
          incoming.resume();
          incoming.on("end", () => {
            answers.push({ sentMs, answeredMs: Date.now(), status: incoming.statusCode ?? 0 });
            resolve();
          });
          incoming.on("error", () => {
            errors++;
            resolve();
          });
        },
      );
      outgoing.on("timeout", () => outgoing.destroy(new Error("timeout")));
      outgoing.on("error", () => {
        errors++;
        resolve();
      });
      outgoing.end();
    });
  const worker = async (index: number) => {
    const intervalMs = (1000 * PROBE_CONNECTIONS) / rate;
    let next = started + index * (intervalMs / PROBE_CONNECTIONS);
    while (next < end || answers.length + errors < PROBE_MIN_REQUESTS) {
      const wait = next - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await send();
      next += intervalMs;
    }
  };
  try {
    await Promise.all(Array.from({ length: PROBE_CONNECTIONS }, (_, i) => worker(i)));
  } finally {
    agent.destroy();
  }
  const statuses: Record<string, number> = {};
  for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  const admitted = answers.filter((answer) => answer.status >= 200 && answer.status < 300);
  return {
    sent: answers.length + errors,
    statuses,
    errors,
    admitted: admitted.length,
    maxAdmittedIn60s: maxWithinSpan(admitted, 60_000),
    seconds: (Date.now() - started) / 1000,
  };
}

/**
 * The most answers whose request left and answer came back within one span of `spanMs`: each
 * was admitted inside that span, so the limiter's promise (no rolling 60 s holds more than the
 * per-minute limit) bounds this count from the client's side alone.
 */
export function maxWithinSpan(answers: readonly ProbeAnswer[], spanMs: number): number {
  const sorted = [...answers].sort((a, b) => a.sentMs - b.sentMs);
  let best = 0;
  for (let i = 0; i < sorted.length; i++) {
    const start = (sorted[i] as ProbeAnswer).sentMs;
    let count = 0;
    for (let j = i; j < sorted.length; j++) {
      const answer = sorted[j] as ProbeAnswer;
      if (answer.sentMs - start > spanMs) break;
      if (answer.answeredMs - start <= spanMs) count++;
    }
    best = Math.max(best, count);
  }
  return best;
}
