import type { VendorForm, VendorRow } from "@keyholder/contracts/vendors";
import type { Tx } from "../../db/client.ts";
import { vendors } from "../../db/schema/index.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import { readVendor, vendorAuditFields } from "./vendor-row.ts";
import { expenseAccountName, last4Of, sealTaxpayerId, vendorValues } from "./vendor-values.ts";

/** Adds a vendor, its taxpayer id sealed, and records its creation (the id by its last four digits). */
export async function createVendor(tx: Tx, actor: Actor, box: SecretBox, form: VendorForm): Promise<VendorRow> {
  const accountName = await expenseAccountName(tx, actor.orgId, form.default_expense_account_id);
  const taxpayerId = form.clear_taxpayer_id ? null : form.taxpayer_id;
  const [row] = await tx
    .insert(vendors)
    .values({
      organizationId: actor.orgId,
      ...vendorValues(form),
      taxpayerIdSealed: taxpayerId === null ? null : sealTaxpayerId(box, taxpayerId),
      taxpayerIdLast4: taxpayerId === null ? null : last4Of(taxpayerId),
      createdBy: actor.userId,
      lastModifiedBy: actor.userId,
    })
    .returning({ id: vendors.id, last4: vendors.taxpayerIdLast4 });
  if (!row) throw new Error("insert into vendors returned no row");
  await writeAudit(tx, actor, "vendor", [
    {
      action: "create",
      entityId: row.id,
      after: vendorAuditFields({ ...form, taxpayer_id_last4: row.last4, default_expense_account_name: accountName }),
    },
  ]);
  const vendor = await readVendor(tx, row.id);
  if (!vendor) throw new Error("the vendor just added cannot be read");
  return vendor;
}
