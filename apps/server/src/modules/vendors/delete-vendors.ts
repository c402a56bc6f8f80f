import { vendorMessages } from "@keyholder/contracts/vendors";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { keepDeletedRows, putBackRows, takeDeletedRows, uuidList } from "../../lib/uuid-trash.ts";
import { toVendorRow, vendorAuditFields, vendorSelect, vendorsFrom } from "./vendor-row.ts";

type Rows<T> = { rows: T[] };

/**
 * Deletes the organization's vendors among `ids` as tenants are deleted (decision 010): each is kept
 * whole in deleted_records (its sealed taxpayer id included, still sealed), so Undo puts it back
 * with the same id. Unknown ids and other organizations' are skipped; the answer counts those
 * really deleted. Nothing refers to a vendor by a foreign key, so a later table (work orders, bills)
 * that names one keeps its history when the vendor goes.
 */
export async function deleteVendors(tx: Tx, actor: Actor, ids: string[]): Promise<{ deleted: number }> {
  const unique = [...new Set(ids)];
  // Read as the grid shows them (for the history), locked so a concurrent save waits.
  const found = (await tx.execute(
    sql`select ${vendorSelect} from ${vendorsFrom(
      sql`(select * from vendors where id = any(${uuidList(unique)}::uuid[]) for update)`,
    )}`,
  )) as unknown as Rows<Record<string, unknown>>;
  const present = found.rows.map(toVendorRow);
  if (present.length === 0) return { deleted: 0 };
  const presentIds = uuidList(present.map((v) => v.id));
  await keepDeletedRows(
    tx,
    actor,
    "vendor",
    "vendors",
    present.map((v) => v.id),
  );
  const deleted = (await tx.execute(sql`
    delete from vendors v where v.organization_id = ${actor.orgId} and v.id = any(${presentIds}::uuid[])
    returning v.id`)) as unknown as Rows<{ id: string }>;
  const gone = new Set(deleted.rows.map((r) => String(r.id)));
  await writeAudit(
    tx,
    actor,
    "vendor",
    present
      .filter((v) => gone.has(v.id))
      .map((v) => ({ action: "delete", entityId: v.id, before: vendorAuditFields(v) })),
  );
  return { deleted: gone.size };
}

/** DELETE /vendors/{id}: one vendor, 404 when the organization has none by that id. */
export async function deleteVendor(tx: Tx, actor: Actor, id: string) {
  const result = await deleteVendors(tx, actor, [id]);
  if (result.deleted === 0) throw notFound(vendorMessages.notFound);
  return result;
}

/**
 * Undo of a delete: the most recent kept copy of each of `ids` comes back with its id and values,
 * and a "restore" entry in its history. Others (unknown, already back) are left alone. An expense
 * account is never deleted, so the copy's account is still there.
 */
export async function restoreVendors(tx: Tx, actor: Actor, ids: string[]) {
  const taken = await takeDeletedRows(tx, actor, "vendor", ids);
  if (taken.length === 0) return { restored: 0, ids: [] as string[] };
  const restored = await putBackRows(tx, actor, "vendors", taken);
  const restoredIds = restored.map((r) => String(r.id));
  const rows = (await tx.execute(
    sql`select ${vendorSelect} from ${vendorsFrom(
      sql`(select * from vendors where id = any(${uuidList(restoredIds)}::uuid[]))`,
    )}`,
  )) as unknown as Rows<Record<string, unknown>>;
  const vendorsBack = rows.rows.map(toVendorRow);
  await writeAudit(
    tx,
    actor,
    "vendor",
    vendorsBack.map((v) => ({ action: "restore", entityId: v.id, after: vendorAuditFields(v) })),
  );
  return { restored: vendorsBack.length, ids: vendorsBack.map((v) => v.id) };
}
