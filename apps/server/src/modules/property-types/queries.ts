import type { PropertyType } from "@keyholder/contracts/property-types";
import { asc, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { propertyTypes } from "../../db/schema/index.ts";

export async function listPropertyTypes(tx: Tx): Promise<PropertyType[]> {
  const rows = await tx
    .select({
      id: propertyTypes.id,
      code: propertyTypes.code,
      name: propertyTypes.name,
      description: propertyTypes.description,
      category: propertyTypes.category,
    })
    .from(propertyTypes)
    .where(eq(propertyTypes.isActive, true))
    .orderBy(asc(propertyTypes.category), asc(propertyTypes.name));
  return rows as PropertyType[];
}
