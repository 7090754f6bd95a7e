import { inject } from "vitest";
import { createDocumentStore, httpTransport, type Transport } from "../../lib/store/document-store";

/** Fault injection for the document store: DynamoDB's failure answers, and a store that gets them. */

/** DynamoDB's answer to a throttled request, with the given error type. */
export function throttledTransport(type = "ThrottlingException"): Transport {
  return async () => ({
    status: 400,
    body: JSON.stringify({
      __type: `com.amazonaws.dynamodb.v20120810#${type}`,
      message: "Rate of requests exceeds the allowed throughput.",
    }),
  });
}

/** DynamoDB failing with an internal server error. */
export const serverErrorTransport: Transport = async () => ({ status: 500, body: "{}" });

/**
 * Reaches DynamoDB, which applies every request, but the answers to the first `lost` are lost
 * (a timeout after sending): the case where a write's outcome is unknown. `calls()` counts sends.
 */
export function answersLost(lost: number): { transport: Transport; calls: () => number } {
  let calls = 0;
  const transport: Transport = async (request, timeoutMs) => {
    calls++;
    const response = await httpTransport(request, timeoutMs);
    if (calls > lost) return response;
    throw Object.assign(new Error("DynamoDB did not answer within 2000 ms"), {
      name: "TimeoutError",
    });
  };
  return { transport, calls: () => calls };
}

/** A store addressed to the run's DynamoDB Local whose every call goes to `transport`. */
export function storeWith(transport: Transport, maxAttempts = 1) {
  return createDocumentStore({
    region: "us-east-1",
    endpoint: inject("dynamoEndpoint"),
    maxAttempts,
    transport,
  });
}
