import { unitMessages } from "@keyholder/contracts/units";
import type { Tx } from "../../db/client.ts";
import { units } from "../../db/schema/index.ts";
import { recordHistory } from "../history/record-history.ts";

/** A unit's history, newest first; empty for a unit that predates auditing, kept after its delete. */
export const unitHistory = (tx: Tx, orgId: string, id: number) =>
  recordHistory(
    tx,
    { orgId, entity: "unit", entityId: id },
    { table: units, id: units.unitId, notFound: unitMessages.notFound },
  );
