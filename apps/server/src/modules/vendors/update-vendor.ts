import { type VendorForm, type VendorRow, vendorMessages } from "@keyholder/contracts/vendors";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { vendors } from "../../db/schema/index.ts";
import { type Actor, auditChanges, writeAudit } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import { readVendor, vendorAuditFields } from "./vendor-row.ts";
import { expenseAccountName, last4Of, openTaxpayerId, sealTaxpayerId, vendorValues } from "./vendor-values.ts";

/**
 * Replaces a vendor's form fields and records what changed. The taxpayer id changes only when a new
 * one is given (or `clear_taxpayer_id`): an empty field keeps the stored one. A save that changes
 * nothing leaves the row, its last-modified stamp and the history as they were.
 */
export async function updateVendor(
  tx: Tx,
  actor: Actor,
  box: SecretBox,
  id: string,
  form: VendorForm,
): Promise<VendorRow> {
  const where = and(eq(vendors.organizationId, actor.orgId), eq(vendors.id, id));
  // Locked so two concurrent saves each diff against the row the other left.
  const [locked] = await tx.select({ sealed: vendors.taxpayerIdSealed }).from(vendors).where(where).for("update");
  const before = locked ? await readVendor(tx, id) : null;
  if (!locked || !before) throw notFound(vendorMessages.notFound);
  const accountName = await expenseAccountName(tx, actor.orgId, form.default_expense_account_id);

  // A new taxpayer id replaces the stored one only when it differs (sealing twice gives two texts).
  let taxpayer: { sealed: string | null; last4: string | null } | null = null;
  let replaced = false;
  if (form.clear_taxpayer_id) {
    if (locked.sealed !== null) taxpayer = { sealed: null, last4: null };
  } else if (form.taxpayer_id !== null) {
    const stored = locked.sealed === null ? null : openTaxpayerId(box, locked.sealed);
    if (stored !== form.taxpayer_id) {
      taxpayer = { sealed: sealTaxpayerId(box, form.taxpayer_id), last4: last4Of(form.taxpayer_id) };
      replaced = stored !== null && last4Of(stored) === taxpayer.last4;
    }
  }
  const last4 = taxpayer ? taxpayer.last4 : before.taxpayer_id_last4;
  const beforeFields = vendorAuditFields(before);
  const afterFields = vendorAuditFields({
    ...form,
    taxpayer_id_last4: last4,
    default_expense_account_name: accountName,
  });
  // Another id with the same last four digits is still a change the history shows.
  if (replaced) afterFields.taxpayer_id_last4 = `${last4} (replaced)`;
  const event = { action: "update" as const, entityId: id, before: beforeFields, after: afterFields };
  if (Object.keys(auditChanges(event)).length === 0 && !taxpayer) return before;
  await tx
    .update(vendors)
    .set({
      ...vendorValues(form),
      ...(taxpayer ? { taxpayerIdSealed: taxpayer.sealed, taxpayerIdLast4: taxpayer.last4 } : {}),
      lastModifiedBy: actor.userId,
      lastModifiedDate: sql`now()`,
    })
    .where(where);
  await writeAudit(tx, actor, "vendor", [event]);
  const after = await readVendor(tx, id);
  if (!after) throw notFound(vendorMessages.notFound);
  return after;
}
