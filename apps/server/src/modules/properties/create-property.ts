import { randomUUID } from "node:crypto";
import type { PropertyForm, PropertyRow } from "@keyholder/contracts/properties";
import { listingMessages } from "@keyholder/contracts/property-listing";
import type { Tx } from "../../db/client.ts";
import { addresses, properties } from "../../db/schema/index.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { badRequest } from "../../lib/http-error.ts";
import { getProperty } from "./get-property.ts";
import { insertInScope } from "./property-scope.ts";
import { addressValues, propertyAuditFields, propertyValues, resolvePropertyForm, slugFor } from "./property-values.ts";
import { withUniqueSlug } from "./unique-slug.ts";

/**
 * Adds a property with its address (spec records 7: POST /properties/with-address) and records it.
 * It starts unlisted: a new property has no unit a visitor could take (decision 021).
 */
export async function createProperty(tx: Tx, actor: Actor, form: PropertyForm): Promise<PropertyRow> {
  const address = await resolvePropertyForm(tx, form);
  if (form.show_property_online) {
    throw badRequest(listingMessages.newProperty, { show_property_online: [listingMessages.newProperty] });
  }
  const slug = await slugFor(tx, form, null);
  const stamp = { organizationId: actor.orgId, createdBy: actor.userId, lastModifiedBy: actor.userId };
  const id = randomUUID();
  const [storedAddress] = await tx
    .insert(addresses)
    .values({ ...addressValues(address), ...stamp })
    .returning({ id: addresses.id });
  const [stored] = await insertInScope(tx, actor, id, () =>
    withUniqueSlug(() =>
      tx
        .insert(properties)
        .values({ id, ...propertyValues(form, slug), addressId: storedAddress?.id, ...stamp })
        .returning({ id: properties.id }),
    ),
  );
  const property = stored ? await getProperty(tx, stored.id) : null;
  if (!property) throw new Error("insert into properties returned no row");
  await writeAudit(tx, actor, "property", [
    { action: "create", entityId: property.id, after: propertyAuditFields(property) },
  ]);
  return property;
}
