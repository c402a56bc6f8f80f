import type { HistoryEntry } from "@keyholder/contracts/history";
import { staffMessages } from "@keyholder/contracts/staff";
import type { Tx } from "../../db/client.ts";
import { staff } from "../../db/schema/index.ts";
import { recordHistory } from "../history/record-history.ts";

/** A staff member's history, still readable after they are removed. */
export const staffHistory = (tx: Tx, orgId: string, id: string): Promise<{ history: HistoryEntry[] }> =>
  recordHistory(
    tx,
    { orgId, entity: "staff", entityId: id },
    { table: staff, id: staff.id, notFound: staffMessages.notFound },
  );
