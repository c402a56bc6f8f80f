import { asc, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { buildingTypes } from "../../db/schema/index.ts";

/** The building types a building can be given, for the form's list, by name. */
export async function listBuildingTypes(tx: Tx) {
  const rows = await tx
    .select({ id: buildingTypes.id, name: buildingTypes.name })
    .from(buildingTypes)
    .where(eq(buildingTypes.isActive, true))
    .orderBy(asc(buildingTypes.name));
  return { building_types: rows };
}
