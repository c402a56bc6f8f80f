import { zoneMessages } from "@keyholder/contracts/zones";
import type { Tx } from "../../db/client.ts";
import { zones } from "../../db/schema/index.ts";
import { recordHistory } from "../history/record-history.ts";

/** A zone's history, still readable after the zone is deleted. */
export const zoneHistory = (tx: Tx, orgId: string, id: number) =>
  recordHistory(
    tx,
    { orgId, entity: "zone", entityId: id },
    { table: zones, id: zones.id, notFound: zoneMessages.notFound },
  );
