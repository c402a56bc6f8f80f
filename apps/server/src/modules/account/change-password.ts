import { accountMessages, changePasswordProblems } from "@keyholder/contracts/account";
import { errorMessages } from "@keyholder/contracts/errors";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { badRequest } from "../../lib/http-error.ts";
import { hashPassword, verifyPassword } from "../../lib/passwords.ts";
import { deleteOtherSessions } from "../../lib/sessions.ts";
import { endResetLinks } from "../password-reset/reset-password.ts";

/** Needs the current password; the new one follows the sign-up rules; every other session and reset link ends. */
export async function changePassword(
  tx: Tx,
  user: { orgId: string; userId: number; tokenHash: string },
  input: { current_password: string; new_password: string },
) {
  const fields: Record<string, string[]> = changePasswordProblems(input);
  const [row] = await tx
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.organizationId, user.orgId), eq(users.id, user.userId)));
  if (!row || !(await verifyPassword(row.passwordHash, input.current_password))) {
    fields.current_password = [accountMessages.wrongCurrentPassword];
  }
  if (Object.keys(fields).length) throw badRequest(errorMessages.validation, fields);
  await tx
    .update(users)
    .set({
      passwordHash: await hashPassword(input.new_password),
      lastModifiedBy: user.userId,
      lastModifiedDate: sql`now()`,
    })
    .where(and(eq(users.organizationId, user.orgId), eq(users.id, user.userId)));
  await deleteOtherSessions(tx, { organizationId: user.orgId, id: user.userId }, user.tokenHash);
  await endResetLinks(tx, { organizationId: user.orgId, id: user.userId });
}
