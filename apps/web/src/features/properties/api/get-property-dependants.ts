import { dependantsText, propertyDependantsSchema } from "@keyholder/contracts/properties";
import { api } from "../../../lib/api-client.ts";

/** "It also deletes 3 buildings, 120 units and 4 floor plans.", or null when the properties have nothing in them. */
export async function describePropertyDelete(ids: string[]) {
  const each = await Promise.all(
    ids.map((id) => api(`/properties/${id}/dependants`, { schema: propertyDependantsSchema })),
  );
  const total = each.reduce(
    (sum, d) => ({
      buildings: sum.buildings + d.buildings,
      units: sum.units + d.units,
      floor_plans: sum.floor_plans + d.floor_plans,
      zones: sum.zones + d.zones,
    }),
    { buildings: 0, units: 0, floor_plans: 0, zones: 0 },
  );
  const what = dependantsText(total);
  return what ? `It also deletes ${what}.` : null;
}
