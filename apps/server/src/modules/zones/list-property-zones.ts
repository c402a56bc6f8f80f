import { PROPERTY_ZONES_MAX } from "@keyholder/contracts/zones";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

/**
 * The zones of one of the organization's properties by name, for the building form's Zone choice;
 * null when the organization has no such property.
 */
export async function listPropertyZones(tx: Tx, propertyId: string) {
  const found = (await tx.execute(sql`
    select exists (select 1 from properties where id = ${propertyId}) as known,
      coalesce((select json_agg(json_build_object('id', z.id, 'name', z.name) order by z.name, z.id)
                  from (select id, name from zones where property_id = ${propertyId}
                         order by name, id limit ${PROPERTY_ZONES_MAX}) z), '[]'::json) as zones`)) as unknown as {
    rows: { known: boolean; zones: { id: number | string; name: string }[] | string }[];
  };
  const row = found.rows[0];
  if (!row?.known) return null;
  const zones = typeof row.zones === "string" ? JSON.parse(row.zones) : row.zones;
  return { zones: (zones as { id: number | string; name: string }[]).map((z) => ({ id: Number(z.id), name: z.name })) };
}
