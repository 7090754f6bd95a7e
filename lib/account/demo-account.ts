import type { AccountStore } from "../store/accounts";

/**
 * The demo account (spec fact 12: GET /options/premium-sell/opportunities is restricted to it):
 * the operator names it by email (DEMO_ACCOUNT_EMAIL, lib/config.ts); every key of that account
 * reads the premium-selling feed, every other key is refused.
 */
export interface DemoAccount {
  /** The configured email, lower-case; undefined when none is: no account is the demo account. */
  readonly email: string | undefined;
  /** Whether account `userId` is the demo account. */
  isDemoAccount(userId: number): Promise<boolean>;
}

/**
 * Looks the account up by its email on first need and keeps its id for the function's life
 * (an account's email never changes and accounts are never deleted); until the account exists,
 * each check looks again.
 */
export function demoAccountOf(
  accounts: Pick<AccountStore, "findAccountByEmail">,
  email: string | undefined,
): DemoAccount {
  let demoUserId: number | undefined;
  return {
    email,
    async isDemoAccount(userId) {
      if (email === undefined) return false;
      demoUserId ??= (await accounts.findAccountByEmail(email))?.userId;
      return demoUserId === userId;
    },
  };
}
