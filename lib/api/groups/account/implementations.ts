import { hashPassword, verifyPassword } from "../../../account/passwords";
import { TIERS } from "../../../account/tiers";
import { generateLoginToken, LOGIN_TOKEN_LIFETIME_SECONDS } from "../../../account/tokens";
import { type ContactMessage, sendContactMessage } from "../../../contact/contact";
import type { CoreDeps, Deps } from "../../../deps";
import { callerKey } from "../../caller";
import { type ApiError, apiError } from "../../errors";
import type { Implementations } from "../../route";
import type { accountRoutes } from "./routes";

/** A hash to verify against when the email is unknown, so both failures take the same time. */
let decoyHash: Promise<string> | undefined;

function invalidCredentials(): ApiError {
  return apiError("INVALID_CREDENTIALS");
}

/** What the account group's implementations use (wired in ./index.ts). */
export type AccountDeps = CoreDeps & Pick<Deps, "accounts" | "mailer">;

export const accountImplementations: Implementations<typeof accountRoutes, AccountDeps> = {
  "account.register": async ({ body }, deps) => {
    const passwordHash = await hashPassword(body.password);
    const created = await deps.accounts.register(
      body.email,
      passwordHash,
      deps.clock.now().toISOString(),
    );
    return {
      userId: created.record.userId,
      email: body.email,
      apiKey: created.apiKey,
      tier: created.record.tier,
      message: "Account created. Store this API key now: it is not shown again.",
    };
  },

  "account.login": async ({ body }, deps) => {
    const account = await deps.accounts.findAccountByEmail(body.email);
    decoyHash ??= hashPassword("decoy password, never matches");
    const valid = await verifyPassword(body.password, account?.passwordHash ?? (await decoyHash));
    if (!account || !valid) throw invalidCredentials();
    const { token, tokenHash } = generateLoginToken();
    const expiresAtSeconds =
      Math.floor(deps.clock.now().getTime() / 1000) + LOGIN_TOKEN_LIFETIME_SECONDS;
    await deps.accounts.saveLoginToken(tokenHash, account.userId, expiresAtSeconds);
    return {
      token,
      userId: account.userId,
      email: account.email,
      expiresAt: new Date(expiresAtSeconds * 1000).toISOString(),
    };
  },

  "account.listKeys": async ({ context }, deps) => {
    const keys = await deps.accounts.listKeys(callerKey(context).userId);
    return keys.map((key) => ({
      id: key.keyId,
      keyPrefix: key.keyPrefix,
      name: key.name,
      isActive: key.isActive,
      created: key.created,
      lastUsedAt: key.lastUsedAt,
    }));
  },

  "account.createKey": async ({ body, context }, deps) => {
    const created = await deps.accounts.createKey(
      callerKey(context).userId,
      body.name,
      deps.clock.now().toISOString(),
    );
    return {
      apiKey: created.apiKey,
      id: created.record.keyId,
      keyPrefix: created.record.keyPrefix,
      name: created.record.name,
      message: "Key created. Store it now: it is not shown again.",
    };
  },

  "account.revokeKey": async ({ params, context }, deps) => {
    const caller = callerKey(context);
    await deps.accounts.revokeKey(
      caller.userId,
      params.keyId,
      caller.keyHash,
      deps.clock.now().toISOString(),
    );
    return null;
  },

  "account.usage": ({ context }) => {
    const key = callerKey(context);
    return {
      tier: key.tier,
      rateLimit: key.limits.perMinute,
      dailyLimit: key.limits.daily,
      isActive: key.isActive,
    };
  },

  "account.tiers": () => TIERS.map((tier) => ({ ...tier })),

  "account.contact": async ({ body, context }, deps) => {
    const message: ContactMessage = {
      source: "api",
      ...body,
      receivedAt: deps.clock.now().toISOString(),
    };
    await sendContactMessage(message, context, deps);
    return { message: "Thank you. Your message has been forwarded." };
  },
};
