import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type Actor, type AuditedFields, writeAudit } from "../../lib/audit.ts";
import { unitAuditSelect } from "./unit-record.ts";

type Rows = { rows: (AuditedFields & { unit_id: number })[] };

/**
 * A building moved to another property takes its units along, so each unit's building stays its
 * property's; a unit's floor plan of the old property is cleared (a unit's floor plan is its
 * property's). Each moved unit gets an update entry in its history.
 */
export async function moveBuildingUnits(tx: Tx, actor: Actor, buildingId: number, propertyId: string) {
  const which = sql`organization_id = ${actor.orgId} and building_id = ${buildingId} and property_id <> ${propertyId}`;
  const before = (await tx.execute(
    sql`select ${unitAuditSelect} from units where ${which} order by unit_id for update`,
  )) as unknown as Rows;
  if (before.rows.length === 0) return;
  const after = (await tx.execute(sql`
    update units u set property_id = ${propertyId},
      floor_plan_id = (select fp.id from floor_plans fp
                        where fp.organization_id = u.organization_id and fp.id = u.floor_plan_id
                          and fp.property_id = ${propertyId}),
      last_modified_by = ${actor.userId}, last_modified_date = now()
     where ${which}
    returning ${unitAuditSelect}`)) as unknown as Rows;
  const was = new Map(before.rows.map(({ unit_id, ...fields }) => [unit_id, fields]));
  await writeAudit(
    tx,
    actor,
    "unit",
    after.rows.map(({ unit_id, ...fields }) => ({
      action: "update",
      entityId: unit_id,
      before: was.get(unit_id) ?? {},
      after: fields,
    })),
  );
}
