import { type PropertyForm, type PropertyRow, propertyMessages } from "@keyholder/contracts/properties";
import { listingProblem } from "@keyholder/contracts/property-listing";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { addresses, properties } from "../../db/schema/index.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { badRequest, notFound } from "../../lib/http-error.ts";
import { getProperty } from "./get-property.ts";
import { addressValues, propertyAuditFields, propertyValues, resolvePropertyForm, slugFor } from "./property-values.ts";
import { withUniqueSlug } from "./unique-slug.ts";

/**
 * Saves a property and its address (spec records 7: PUT /properties/{id}); the changed fields of
 * both go into the property's history. A property that had no address gets one. Turning its
 * listing on needs an available unit.
 */
export async function updateProperty(tx: Tx, actor: Actor, id: string, form: PropertyForm): Promise<PropertyRow> {
  // Locked first, so two saves of the same property take turns and each records its own changes.
  const locked = await tx.execute(sql`select 1 from properties where id = ${id} for update`);
  const before = (locked as unknown as { rows: unknown[] }).rows.length ? await getProperty(tx, id) : null;
  if (!before) throw notFound(propertyMessages.notFound);
  const address = await resolvePropertyForm(tx, form);
  // Listing asks for an available unit (decision 021); a listed property whose last unit is let
  // stays listed. The counters are exact, and the lock above holds off the units' triggers.
  const problem = form.show_property_online && !before.show_property_online ? listingProblem(before) : null;
  if (problem) throw badRequest(problem, { show_property_online: [problem] });
  const slug = await slugFor(tx, form, { id, slug: before.property_slug });
  const stamp = { lastModifiedBy: actor.userId, lastModifiedDate: sql`now()` };
  let addressId = before.address_id;
  if (addressId === null) {
    const [made] = await tx
      .insert(addresses)
      .values({
        ...addressValues(address),
        organizationId: actor.orgId,
        createdBy: actor.userId,
        lastModifiedBy: actor.userId,
      })
      .returning({ id: addresses.id });
    addressId = made?.id ?? null;
  } else {
    await tx
      .update(addresses)
      .set({ ...addressValues(address), ...stamp })
      .where(and(eq(addresses.organizationId, actor.orgId), eq(addresses.id, addressId)));
  }
  await withUniqueSlug(() =>
    tx
      .update(properties)
      .set({ ...propertyValues(form, slug), addressId, ...stamp })
      .where(and(eq(properties.organizationId, actor.orgId), eq(properties.id, id))),
  );
  const after = await getProperty(tx, id);
  if (!after) throw notFound(propertyMessages.notFound);
  await writeAudit(tx, actor, "property", [
    { action: "update", entityId: id, before: propertyAuditFields(before), after: propertyAuditFields(after) },
  ]);
  return after;
}
