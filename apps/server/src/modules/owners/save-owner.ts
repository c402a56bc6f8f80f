import { type Owner, type OwnerForm, ownerMessages } from "@keyholder/contracts/owners";
import { normalizeTaxpayerId } from "@keyholder/contracts/vendors";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { badRequest, notFound } from "../../lib/http-error.ts";
import { organizationToday } from "../../lib/organization-today.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import { violatesUnique } from "../../lib/violates.ts";
import { readOwners, refuseScoped, rowsOf } from "./owner-rows.ts";

/** Bound into every sealed owner taxpayer id, as vendors' are bound to theirs. */
const PURPOSE = "keyholder:owner_taxpayer_id";

/**
 * POST /owners and PATCH /owners/{id}: an owner's name, contact and W-9 details; the taxpayer id is
 * sealed and only its last four digits kept plain (sent again to change it, left out to keep it).
 */
export async function saveOwner(tx: Tx, actor: Actor, box: SecretBox, form: OwnerForm, id?: string): Promise<Owner> {
  refuseScoped(tx);
  const orgId = actor.orgId;
  const taxpayerId = form.taxpayer_id ? normalizeTaxpayerId(form.taxpayer_id, form.tax_classification ?? null) : null;
  const sealed = taxpayerId ? box.seal(taxpayerId, PURPOSE) : null;
  const last4 = taxpayerId ? taxpayerId.replace(/\D/g, "").slice(-4) : null;
  let ownerId = id;
  try {
    if (id) {
      const changed = rowsOf<{ id: string }>(
        await tx.execute(sql`
          update owners set kind = ${form.kind}, name = ${form.name}, email = ${form.email}, phone = ${form.phone},
            legal_name = ${form.legal_name}, tax_classification = ${form.tax_classification ?? null},
            eligible_1099 = ${form.eligible_1099}
            ${sealed ? sql`, taxpayer_id_sealed = ${sealed}, taxpayer_id_last4 = ${last4}` : sql``}
          where organization_id = ${orgId} and id = ${id}
          returning id`),
      );
      if (!changed.length) throw notFound(ownerMessages.notFound);
    } else {
      const [row] = rowsOf<{ id: string }>(
        await tx.execute(sql`
          insert into owners (organization_id, kind, name, email, phone, legal_name, tax_classification, taxpayer_id_sealed,
            taxpayer_id_last4, eligible_1099, created_by)
          values (${orgId}, ${form.kind}, ${form.name}, ${form.email}, ${form.phone}, ${form.legal_name},
            ${form.tax_classification ?? null}, ${sealed}, ${last4}, ${form.eligible_1099}, ${actor.userId})
          returning id`),
      );
      ownerId = row?.id;
    }
  } catch (err) {
    if (violatesUnique(err, "owners_org_name_key"))
      throw badRequest(ownerMessages.nameTaken, { name: [ownerMessages.nameTaken] });
    throw err;
  }
  const [owner] = await readOwners(tx, orgId, await organizationToday(tx, orgId), sql`o.id = ${ownerId}`);
  if (!owner) throw notFound(ownerMessages.notFound);
  return owner;
}
