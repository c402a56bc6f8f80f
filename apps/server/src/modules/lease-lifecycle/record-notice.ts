import { addDays } from "@keyholder/contracts/civil-date";
import { lifecycleMessages, type Notice } from "@keyholder/contracts/lease-lifecycle";
import type { Lease } from "@keyholder/contracts/leases";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { badRequest } from "../../lib/http-error.ts";
import { holdRangeOf } from "../leases/lease-holdings.ts";
import {
  audited,
  conflict,
  leaseNow,
  lockLifecycleLease,
  refreshPartiesStatus,
  setHoldRange,
  setUnitsAvailable,
} from "./lifecycle-lease.ts";
import { stopChargesOn } from "./notice-charges.ts";
import { resumeFromNotice } from "./withdraw-notice.ts";

/**
 * A notice to vacate (decision 032): the lease goes on notice with its move-out day, holds its units
 * through that day, its charges stop then, its tenants' status follows, and its units show leasing
 * (and the public listing) the day after as their available date. The unit stays occupied until then
 * (decision 031). A second notice on a lease on notice changes the dates.
 */
export async function recordNotice(tx: Tx, actor: Actor, id: string, input: Notice): Promise<Lease> {
  const lease = await lockLifecycleLease(tx, id);
  if (lease.status !== "active" && lease.status !== "notice")
    throw conflict(lifecycleMessages.noticeNotActive(lease.status));
  if (input.move_out_date < lease.start_date)
    throw badRequest(lifecycleMessages.moveOutBeforeStart, { move_out_date: [lifecycleMessages.moveOutBeforeStart] });
  await audited(tx, actor, id, async () => {
    if (lease.move_out_date) {
      await resumeFromNotice(tx, lease);
    }
    await tx.execute(sql`update leases set status = 'notice', notice_given_on = ${input.notice_given_on}::date,
      move_out_date = ${input.move_out_date}::date where id = ${id}`);
    await setHoldRange(tx, id, holdRangeOf({ ...lease, status: "notice", move_out_date: input.move_out_date }));
    await stopChargesOn(tx, id, input.move_out_date);
    await setUnitsAvailable(tx, id, addDays(input.move_out_date, 1));
  });
  await refreshPartiesStatus(tx, id);
  return leaseNow(tx, id);
}
