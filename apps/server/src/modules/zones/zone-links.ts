import type { Tx } from "../../db/client.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";

/** A building taken out of a zone (to null) or put in one (from null) by a change to the zone. */
export interface ZoneLinkChange {
  buildingId: number;
  from: number | null;
  to: number | null;
}

/**
 * Records in each building's history that a change made to its zone (a delete, an Undo, a move to
 * another property) took it out of the zone or put it back: its zone field changed though nobody
 * edited the building.
 */
export async function auditZoneLinks(tx: Tx, actor: Actor, changes: ZoneLinkChange[]): Promise<void> {
  await writeAudit(
    tx,
    actor,
    "building",
    changes.map((c) => ({
      action: "update",
      entityId: c.buildingId,
      before: { zone_id: c.from },
      after: { zone_id: c.to },
    })),
  );
}
