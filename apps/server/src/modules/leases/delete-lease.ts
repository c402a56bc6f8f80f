import { errorCodes } from "@keyholder/contracts/errors";
import { leaseMessages } from "@keyholder/contracts/leases";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { HttpError } from "../../lib/http-error.ts";
import { leaseAuditFields } from "./lease-audit.ts";
import { rowsOf } from "./lease-sql.ts";
import { refreshTenantStatus } from "./tenant-status.ts";
import { lockLease } from "./update-lease.ts";

/**
 * Deletes a lease that has nothing on the ledger (a lease entered by mistake): its units, parties,
 * pets and charges go with it. A lease with postings is kept (409): it is canceled or ended instead.
 * False when it is not the caller's.
 */
export async function deleteLease(tx: Tx, actor: Actor, id: string): Promise<boolean> {
  const lease = await lockLease(tx, id);
  if (!lease) return false;
  const [posted] = await rowsOf<{ found: boolean }>(
    tx,
    sql`select exists (select 1 from journal_lines where lease_id = ${id}) as found`,
  );
  if (posted?.found) throw new HttpError(409, errorCodes.hasPostings, leaseMessages.hasPostings);
  const parties = await rowsOf<{ tenant_id: string }>(
    tx,
    sql`select tenant_id from lease_parties where lease_id = ${id}`,
  );
  const before = await leaseAuditFields(tx, id);
  if (before) await writeAudit(tx, actor, "lease", [{ action: "delete", entityId: id, before }]);
  await tx.execute(sql`delete from recurring_charges where lease_id = ${id}`);
  await tx.execute(sql`delete from leases where id = ${id}`);
  await refreshTenantStatus(
    tx,
    parties.map((p) => p.tenant_id),
  );
  return true;
}
