import { type ZoneForm, type ZoneRecord, zoneMessages } from "@keyholder/contracts/zones";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { buildings, zones } from "../../db/schema/index.ts";
import { type Actor, auditChanges, writeAudit } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { auditZoneLinks } from "./zone-links.ts";
import { checkZoneProperty, toZoneRecord, zoneAuditFields, zoneRecordColumns, zoneValues } from "./zone-record.ts";

/**
 * Replaces a zone's form fields and records what changed. A save that changes nothing leaves the
 * row, its last-modified stamp and the history as they were. A zone moved to another property
 * leaves its buildings behind: a zone only holds buildings of its own property.
 */
export async function updateZone(tx: Tx, actor: Actor, id: number, form: ZoneForm): Promise<ZoneRecord> {
  const where = and(eq(zones.organizationId, actor.orgId), eq(zones.id, id));
  // Locked so two concurrent saves each diff against the row the other left.
  const [current] = await tx.select(zoneRecordColumns).from(zones).where(where).for("update");
  if (!current) throw notFound(zoneMessages.notFound);
  await checkZoneProperty(tx, actor.orgId, form);
  const before = toZoneRecord(current);
  const event = {
    action: "update" as const,
    entityId: id,
    before: zoneAuditFields(before),
    after: zoneAuditFields({ id: before.id, ...form }),
  };
  if (Object.keys(auditChanges(event)).length === 0) return before;
  if (form.property_id !== before.property_id) {
    const left = await tx
      .update(buildings)
      .set({ zoneId: null })
      .where(and(eq(buildings.organizationId, actor.orgId), eq(buildings.zoneId, id)))
      .returning({ id: buildings.id });
    await auditZoneLinks(
      tx,
      actor,
      left.map((b) => ({ buildingId: Number(b.id), from: id, to: null })),
    );
  }
  const [row] = await tx
    .update(zones)
    .set({ ...zoneValues(form), lastModifiedBy: actor.userId, lastModifiedDate: sql`now()` })
    .where(where)
    .returning(zoneRecordColumns);
  if (!row) throw notFound(zoneMessages.notFound);
  await writeAudit(tx, actor, "zone", [event]);
  return toZoneRecord(row);
}
