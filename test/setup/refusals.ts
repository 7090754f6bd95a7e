import { expect } from "vitest";
import { ApiError } from "../../lib/api/errors";
import { apiErrorOfStore } from "../../lib/api/store-errors";

/** The ApiError a call rejects with (fails the test when it resolves or throws anything else). */
export async function refusal(call: () => Promise<unknown>): Promise<ApiError> {
  const error = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** 400 INVALID_PARAMETER whose message or details name `field`. */
export async function expectInvalid(call: () => Promise<unknown>, field: string): Promise<void> {
  const error = await refusal(call);
  expect(error).toMatchObject({ status: 400, code: "INVALID_PARAMETER" });
  expect(`${error.message} ${error.details}`).toContain(field);
}

/** 404 NO_CHAIN_DATA (an unknown or non-optionable code, an unlisted expiry or contract). */
export async function expectNoChain(call: () => Promise<unknown>): Promise<void> {
  expect(await refusal(call)).toMatchObject({ status: 404, code: "NO_CHAIN_DATA" });
}

/**
 * The API error a call ends with, storage refusals (StoreRefusal) answered as the envelope
 * answers them: callRoute calls the implementation, which leaves that mapping to the handler.
 */
export async function answeredError(call: () => Promise<unknown>): Promise<ApiError> {
  return refusal(() =>
    call().catch((thrown: unknown) => {
      throw apiErrorOfStore(thrown) ?? thrown;
    }),
  );
}
