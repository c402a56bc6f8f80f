import { permissionsOf } from "@keyholder/contracts/permissions";
import { twoFactorMessages } from "@keyholder/contracts/two-factor";
import { type SQL, sql } from "drizzle-orm";
import type { AuthContext } from "../../lib/auth-context.ts";
import { forbidden, unauthenticated } from "../../lib/http-error.ts";

/** The reader of notices: the user, and the role that decides which permission-addressed ones are theirs. */
export interface Reader {
  orgId: string;
  userId: number;
  roleName: string;
}

/**
 * The reader of a request: the session's user (in a preview, the user being viewed). Notices tell
 * of the organization's records, so an administrator who must first turn on two-factor sign-in
 * reads none yet, as with the records themselves.
 */
export function readerOf(auth: AuthContext | null): Reader {
  if (!auth) throw unauthenticated();
  if (auth.twoFactorSetupRequired) throw forbidden(twoFactorMessages.setupRequired, "TWO_FACTOR_SETUP_REQUIRED");
  return { orgId: auth.orgId, userId: auth.userId, roleName: auth.roleName };
}

/**
 * The open notices addressed to the reader, as a condition on `n` (notices): theirs by name, or
 * addressed to a permission their role holds now (a role changed since counts at once).
 */
export function addressedTo(reader: Reader): SQL {
  const permissions = permissionsOf(reader.roleName);
  const byPermission = permissions.length
    ? sql`n.permission in (${sql.join(
        permissions.map((p) => sql`${p}`),
        sql`, `,
      )})`
    : sql`false`;
  return sql`(n.resolved_at is null and (n.user_id = ${reader.userId} or ${byPermission}))`;
}
