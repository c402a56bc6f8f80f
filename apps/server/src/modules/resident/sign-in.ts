import { residentMessages } from "@keyholder/contracts/resident";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { residentAccounts } from "../../db/schema/index.ts";
import { HttpError } from "../../lib/http-error.ts";
import { dummyPasswordHash, verifyPassword } from "../../lib/passwords.ts";

export const residentInvalidCredentials = () =>
  new HttpError(401, "INVALID_CREDENTIALS", residentMessages.signInInvalid);

/**
 * The resident account of an email and password (system context): the same answer for an unknown
 * address, a wrong password and an account whose invitation is not accepted yet.
 */
export async function checkResidentPassword(tx: Tx, email: string, password: string) {
  const [row] = await tx
    .select({
      organizationId: residentAccounts.organizationId,
      id: residentAccounts.id,
      hash: residentAccounts.passwordHash,
    })
    .from(residentAccounts)
    .where(sql`lower(${residentAccounts.email}) = lower(${email.trim()})`)
    .limit(1);
  const ok = await verifyPassword(row?.hash ?? (await dummyPasswordHash()), password);
  if (!row?.hash || !ok) throw residentInvalidCredentials();
  return { organizationId: row.organizationId, id: row.id };
}
