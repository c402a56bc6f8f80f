import type { HistoryEntry } from "@keyholder/contracts/history";
import { userMessages } from "@keyholder/contracts/users";
import type { Tx } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { recordHistory } from "../history/record-history.ts";

/** Who changed a user's role, standing or properties, when and how. */
export const userHistory = (tx: Tx, orgId: string, id: number): Promise<{ history: HistoryEntry[] }> =>
  recordHistory(
    tx,
    { orgId, entity: "user", entityId: id },
    { table: users, id: users.id, notFound: userMessages.notFound },
  );
