import { createHash, randomBytes } from "node:crypto";

/** Account tokens from login: opaque, 256 random bits, valid 24 hours, stored only as a hash. */
export const LOGIN_TOKEN_LIFETIME_SECONDS = 24 * 3600;

export function generateLoginToken(): { token: string; tokenHash: string } {
  const token = `mdt_${randomBytes(32).toString("base64url")}`;
  return { token, tokenHash: createHash("sha256").update(token).digest("hex") };
}
