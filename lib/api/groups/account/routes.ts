import { array, boolean, coerce, int, iso, nullable, number, object, string } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../account/passwords";
import { groupRoutes } from "../../route";
import { contactBodySchema, headerSafe, normalisedEmail } from "../../schemas/contact";

export const tierSchema = object({
  id: int(),
  name: string(),
  perMinuteLimit: nullable(int()).meta({ description: "Requests per minute; null: by contract" }),
  dailyLimit: nullable(int()).meta({ description: "Requests per UTC day; null: no daily limit" }),
  monthlyPrice: nullable(number()).meta({ description: "USD per month; null: contact sales" }),
  description: string(),
});

const credentials = object({
  email: normalisedEmail,
  password: string()
    .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`),
});

export const keyEntrySchema = object({
  id: int(),
  keyPrefix: string().meta({ description: "The key's first 12 characters" }),
  name: string(),
  isActive: boolean(),
  created: iso.datetime(),
  lastUsedAt: nullable(iso.datetime()),
});

const acknowledgement = object({ message: string() });

export const accountRoutes = groupRoutes("account", {
  register: {
    method: "POST",
    path: "/account/register",
    auth: "none",
    errors: ["EMAIL_ALREADY_REGISTERED", "DATABASE_UNAVAILABLE"],
    summary: "Create an account (Free tier) and its first API key",
    description:
      "The key is returned once, here; only its prefix is shown later. Emails are " +
      "case-insensitive and unique (409 EMAIL_ALREADY_REGISTERED). Fields other than email " +
      "and password are ignored.",
    body: credentials,
    response: object({
      userId: int(),
      email: string(),
      apiKey: string().meta({ description: "Secret. Shown once." }),
      tier: string(),
      message: string(),
    }),
  },
  login: {
    method: "POST",
    path: "/account/login",
    auth: "none",
    errors: ["INVALID_CREDENTIALS", "DATABASE_UNAVAILABLE"],
    summary: "Get an account token for first-party applications",
    description:
      "The token is valid for 24 hours. No endpoint of this API accepts it: API calls need " +
      "X-Api-Key. Wrong email or password: 401 INVALID_CREDENTIALS.",
    body: credentials.extend({ password: string().min(1).max(PASSWORD_MAX_LENGTH) }),
    response: object({
      token: string().meta({ description: "Secret, opaque" }),
      userId: int(),
      email: string(),
      expiresAt: iso.datetime(),
    }),
  },
  listKeys: {
    method: "GET",
    path: "/account/keys",
    auth: "key",
    errors: ["DATABASE_UNAVAILABLE"],
    summary: "The account's API keys (prefixes only)",
    response: array(keyEntrySchema),
  },
  createKey: {
    method: "POST",
    path: "/account/keys",
    auth: "key",
    errors: ["KEY_NAME_TAKEN", "DATABASE_UNAVAILABLE"],
    summary: "Create another API key for the account",
    description: "Names are unique among the account's live keys (409 KEY_NAME_TAKEN).",
    body: object({ name: headerSafe(64) }),
    response: object({
      apiKey: string().meta({ description: "Secret. Shown once." }),
      id: int(),
      keyPrefix: string(),
      name: string(),
      message: string(),
    }),
  },
  revokeKey: {
    method: "DELETE",
    path: "/account/keys/{keyId}",
    auth: "key",
    errors: ["KEY_NOT_FOUND", "KEY_IN_USE", "DATABASE_UNAVAILABLE"],
    summary: "Revoke one of the account's keys, permanently",
    description:
      "data is null on success, also for a key already revoked. 404 KEY_NOT_FOUND for an " +
      "absent key or another account's; 409 KEY_IN_USE when the key sent in X-Api-Key is the " +
      "one being revoked (use another key of the account).",
    params: object({ keyId: coerce.number().int().positive() }),
    response: nullable(object({})),
  },
  usage: {
    method: "GET",
    path: "/account/usage",
    auth: "key",
    summary: "The calling key's effective limits",
    response: object({
      tier: string(),
      rateLimit: int().meta({ description: "Requests per minute" }),
      dailyLimit: nullable(int()).meta({ description: "Requests per UTC day; null: unlimited" }),
      isActive: boolean(),
    }),
  },
  tiers: {
    method: "GET",
    path: "/account/tiers",
    auth: "none",
    summary: "Subscription tiers and their limits",
    response: array(tierSchema),
  },
  contact: {
    method: "POST",
    path: "/account/contact",
    auth: "none",
    errors: ["SEND_FAILED"],
    summary: "Send a message to the operator",
    description: "At most 10 messages per client IP per UTC day.",
    body: contactBodySchema,
    response: acknowledgement,
  },
});
