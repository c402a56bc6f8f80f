import type { ZoneForm, ZoneRecord } from "@keyholder/contracts/zones";
import type { Tx } from "../../db/client.ts";
import { zones } from "../../db/schema/index.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { checkZoneProperty, toZoneRecord, zoneAuditFields, zoneRecordColumns, zoneValues } from "./zone-record.ts";

/** Adds a zone to one of the organization's properties and records its creation. */
export async function createZone(tx: Tx, actor: Actor, form: ZoneForm): Promise<ZoneRecord> {
  await checkZoneProperty(tx, actor.orgId, form);
  const [row] = await tx
    .insert(zones)
    .values({ organizationId: actor.orgId, ...zoneValues(form), createdBy: actor.userId, lastModifiedBy: actor.userId })
    .returning(zoneRecordColumns);
  if (!row) throw new Error("insert into zones returned no row");
  const zone = toZoneRecord(row);
  await writeAudit(tx, actor, "zone", [{ action: "create", entityId: zone.id, after: zoneAuditFields(zone) }]);
  return zone;
}
