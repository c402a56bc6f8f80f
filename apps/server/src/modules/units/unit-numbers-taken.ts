import { errorCodes } from "@keyholder/contracts/errors";
import { unitRangeMessages } from "@keyholder/contracts/unit-range";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { HttpError } from "../../lib/http-error.ts";

/** Where units are numbered: one building of a property, or the property outside its buildings. */
export interface UnitPlace {
  property_id: string;
  building_id: number | null;
}

/**
 * Refuses (409, under Unit Number) unit numbers already used where the units would go, naming
 * them: two units "101" in one building are one unit typed twice. The building's (or property's)
 * row is locked before the numbers are looked up, so two saves racing for one number add it once.
 * `except` is the unit being edited, which may keep its own number.
 */
export async function refuseTakenUnitNumbers(
  tx: Tx,
  orgId: string,
  place: UnitPlace,
  numbers: string[],
  except: number | null = null,
) {
  const lock =
    place.building_id === null
      ? sql`select name from properties where organization_id = ${orgId} and id = ${place.property_id} for no key update`
      : sql`select coalesce(name, 'Building ' || building_number, 'this building') as name from buildings
          where organization_id = ${orgId} and id = ${place.building_id} for no key update`;
  const { rows: placeRows } = (await tx.execute(lock)) as unknown as { rows: { name: string }[] };
  const { rows: taken } = (await tx.execute(sql`
    select unit_number from units
    where organization_id = ${orgId} and property_id = ${place.property_id}
      and building_id is not distinct from ${place.building_id}::bigint
      and unit_number in ${numbers}
      and unit_id is distinct from ${except}::bigint`)) as unknown as { rows: { unit_number: string }[] };
  if (taken.length === 0) return;
  const found = new Set(taken.map((r) => r.unit_number));
  const message = unitRangeMessages.taken(
    numbers.filter((n) => found.has(n)),
    placeRows[0]?.name ?? "this place",
  );
  throw new HttpError(409, errorCodes.conflict, message, { unit_number: [message] });
}
