import { randomUUID } from "node:crypto";
import { fetchFrom } from "./http";

/** Registers a fresh account through the API and returns its first key. */
export async function registerAccount(apiUrl: string, email = `u-${randomUUID()}@example.com`) {
  const response = await fetchFrom(`${apiUrl}/account/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "correct horse battery" }),
  });
  const body = (await response.json()) as { data: { apiKey: string; userId: number } };
  if (response.status !== 200) throw new Error(`register failed: ${JSON.stringify(body)}`);
  return { email, password: "correct horse battery", ...body.data };
}
