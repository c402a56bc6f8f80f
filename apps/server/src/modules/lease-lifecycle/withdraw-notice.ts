import { addDays } from "@keyholder/contracts/civil-date";
import { lifecycleMessages } from "@keyholder/contracts/lease-lifecycle";
import type { Lease } from "@keyholder/contracts/leases";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { holdRangeOf } from "../leases/lease-holdings.ts";
import {
  audited,
  conflict,
  type LockedLease,
  leaseNow,
  lockLifecycleLease,
  refreshPartiesStatus,
  setHoldRange,
  setUnitsAvailable,
} from "./lifecycle-lease.ts";
import { resumeChargesAfter } from "./notice-charges.ts";

/** Undoes what a notice changed of the charges and units (the lease's own row is the caller's). */
export async function resumeFromNotice(tx: Tx, lease: LockedLease) {
  if (!lease.move_out_date) return;
  await resumeChargesAfter(tx, lease.id, lease.move_out_date, lease.end_date);
  await setUnitsAvailable(tx, lease.id, null, addDays(lease.move_out_date, 1));
}

/** DELETE /leases/{id}/notice: the notice is withdrawn, the lease is active again as it was. */
export async function withdrawNotice(tx: Tx, actor: Actor, id: string): Promise<Lease> {
  const lease = await lockLifecycleLease(tx, id);
  if (lease.status !== "notice") throw conflict(lifecycleMessages.noNotice);
  await audited(tx, actor, id, async () => {
    await resumeFromNotice(tx, lease);
    await tx.execute(
      sql`update leases set status = 'active', notice_given_on = null, move_out_date = null where id = ${id}`,
    );
    await setHoldRange(tx, id, holdRangeOf({ ...lease, status: "active", move_out_date: null }));
  });
  await refreshPartiesStatus(tx, id);
  return leaseNow(tx, id);
}
