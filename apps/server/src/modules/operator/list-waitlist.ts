import type { WaitlistEntry } from "@keyholder/contracts/operator";
import { asSystem, type Database } from "../../db/client.ts";
import { selectWaitlist } from "./waitlist-queries.ts";

/** The operator's review list (system context: it spans organizations). */
export function listWaitlist(db: Database, status: WaitlistEntry["waitlist_status"]) {
  return asSystem(db, (tx) => selectWaitlist(tx, status));
}
