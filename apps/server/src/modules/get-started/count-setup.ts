import type { GetStarted } from "@keyholder/contracts/get-started";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

/**
 * How much of the organization is set up, in one round trip. No organization filter here on purpose:
 * the caller's transaction (request.withOrg) confines every table to its organization by row-level security.
 */
export async function countSetup(tx: Tx): Promise<GetStarted> {
  const result = (await tx.execute(sql`
    select
      (select count(*)::int from properties) as properties,
      (select count(*)::int from buildings) as buildings,
      (select count(*)::int from units) as units,
      (select count(*)::int from staff) as staff,
      (select count(*)::int from properties where show_property_online and is_active) as properties_online`)) as unknown as {
    rows: Record<keyof GetStarted, unknown>[];
  };
  const r = result.rows[0];
  return {
    properties: Number(r?.properties ?? 0),
    buildings: Number(r?.buildings ?? 0),
    units: Number(r?.units ?? 0),
    staff: Number(r?.staff ?? 0),
    properties_online: Number(r?.properties_online ?? 0),
  };
}
