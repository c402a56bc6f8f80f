import { type SQL, sql } from "drizzle-orm";

/**
 * Who a reset link is for (decision 036): a staff user (`users`, the workspace's /reset-password)
 * or a resident (`resident_accounts`, the portal's /resident/reset-password). One table of links,
 * one expiry, one single-use claim and one per-address mail cap for both.
 */
export type ResetAudience = "staff" | "resident";

/** The account an address may reset: organization_id, user_id or resident_account_id, email. */
export function resetAccountOf(audience: ResetAudience, address: string): SQL {
  return audience === "staff"
    ? sql`select organization_id, id as user_id, null::uuid as resident_account_id, username as email from users
        where lower(username) = ${address} and enabled and not banned`
    : // A resident's account once its invitation was accepted (before, the invitation is the way in).
      sql`select organization_id, null::integer as user_id, id as resident_account_id, email from resident_accounts
        where lower(email) = ${address} and password_hash is not null`;
}

/** The page the mailed link opens. */
export const resetPagePath = (audience: ResetAudience) =>
  audience === "staff" ? "/reset-password" : "/resident/reset-password";
