import { userAdminMessages, userMessages } from "@keyholder/contracts/users";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";

/**
 * Checks that an administrator may view the workspace as a user (issue 13, item 6): someone else of
 * the organization who can sign in. Recorded in that user's history.
 */
export async function startViewingAs(tx: Tx, actor: Actor, userId: number) {
  if (userId === actor.userId) throw new HttpError(409, "OWN_ACCOUNT", userAdminMessages.viewAsSelf);
  const { rows } = (await tx.execute(sql`select enabled and not locked and not banned as usable
    from users where id = ${userId}`)) as unknown as { rows: { usable: boolean }[] };
  if (!rows[0]) throw notFound(userMessages.notFound);
  if (!rows[0].usable) throw new HttpError(409, "ACCOUNT_UNUSABLE", userAdminMessages.viewAsUnusable);
  await writeAudit(tx, actor, "user", [
    { action: "update", entityId: userId, before: { preview: null }, after: { preview: "started" } },
  ]);
}

/** Records the end of a preview in the viewed user's history. */
export const stopViewingAs = (tx: Tx, actor: Actor, userId: number) =>
  writeAudit(tx, actor, "user", [
    { action: "update", entityId: userId, before: { preview: "started" }, after: { preview: null } },
  ]);
