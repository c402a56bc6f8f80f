import { addDays } from "@keyholder/contracts/civil-date";
import { type Ownership, ownerMessages, type SetOwnership } from "@keyholder/contracts/owners";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { badRequest } from "../../lib/http-error.ts";
import { uuidArray } from "../../lib/sql-arrays.ts";
import { refuseScoped, rowsOf } from "./owner-rows.ts";

/** A property's owners on a day, with their shares. */
export async function readOwnership(tx: Tx, orgId: string, propertyId: string, day: string): Promise<Ownership | null> {
  const [property] = rowsOf<{ id: string; name: string }>(
    await tx.execute(sql`select id, name from properties where organization_id = ${orgId} and id = ${propertyId}`),
  );
  if (!property) return null;
  const rows = rowsOf<{ owner_id: string; name: string; share_bp: number; starts_on: string }>(
    await tx.execute(sql`
      select s.owner_id, o.name, s.share_bp, s.starts_on::text as starts_on
      from property_ownerships s join owners o on o.organization_id = s.organization_id and o.id = s.owner_id
      where s.organization_id = ${orgId} and s.property_id = ${propertyId}
        and s.starts_on <= ${day} and (s.ends_on is null or s.ends_on >= ${day})
      order by s.share_bp desc, o.name`),
  );
  return {
    property,
    starts_on: rows[0]?.starts_on ?? "",
    owners: rows.map((r) => ({ owner: { id: r.owner_id, name: r.name }, share_bp: Number(r.share_bp) })),
  };
}

/**
 * PUT /properties/{id}/owners: the property's owners from a day, replacing those before it whole
 * (they end the day before), so on every day its shares add up to exactly 100% (the contract checks
 * the new ones; the old ones did). A new set starts after the last one did: history is not
 * rewritten. The property row is locked, so two changes take turns.
 */
export async function setOwnership(tx: Tx, orgId: string, propertyId: string, input: SetOwnership) {
  refuseScoped(tx);
  const [property] = rowsOf<unknown>(
    await tx.execute(sql`select 1 from properties where organization_id = ${orgId} and id = ${propertyId} for update`),
  );
  if (!property) throw badRequest(ownerMessages.property, { property_id: [ownerMessages.property] });
  const ownerIds = input.owners.map((o) => o.owner_id);
  const known = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from owners where organization_id = ${orgId} and id = any(${uuidArray(ownerIds)})`),
  );
  if (known.length !== ownerIds.length) throw badRequest(ownerMessages.owner, { owners: [ownerMessages.owner] });
  const [started] = rowsOf<{ first: string | null }>(
    await tx.execute(sql`
      select min(starts_on)::text as first from property_ownerships
      where organization_id = ${orgId} and property_id = ${propertyId} and starts_on >= ${input.starts_on}`),
  );
  if (started?.first) {
    const message = ownerMessages.startsBefore(started.first);
    throw badRequest(message, { starts_on: [message] });
  }
  await tx.execute(sql`
    update property_ownerships set ends_on = ${addDays(input.starts_on, -1)}
    where organization_id = ${orgId} and property_id = ${propertyId} and (ends_on is null or ends_on >= ${input.starts_on})`);
  await tx.execute(sql`
    insert into property_ownerships (organization_id, property_id, owner_id, share_bp, starts_on)
    select ${orgId}, ${propertyId}, o.owner_id, o.share_bp, ${input.starts_on}
    from jsonb_to_recordset(${JSON.stringify(input.owners)}::jsonb) as o(owner_id uuid, share_bp integer)`);
}
