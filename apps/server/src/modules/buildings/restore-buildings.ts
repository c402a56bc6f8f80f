import type { Tx } from "../../db/client.ts";
import { buildings } from "../../db/schema/index.ts";
import type { Actor } from "../../lib/audit.ts";
import { restoreWithHistory } from "../../lib/trash.ts";
import { buildingAuditFields, buildingRecordColumns, toBuildingRecord } from "./building-record.ts";

/** Undo of a building delete: the buildings come back with their ids, values and units. */
export const restoreBuildings = (tx: Tx, actor: Actor, ids: number[]) =>
  restoreWithHistory(tx, actor, "building", ids, {
    table: buildings,
    columns: buildingRecordColumns,
    toRecord: toBuildingRecord,
    auditFields: buildingAuditFields,
  });
