import { errorCodes } from "@keyholder/contracts/errors";
import { canMoveTo, isClosedStatus } from "@keyholder/contracts/maintenance";
import { costMessages } from "@keyholder/contracts/maintenance-costs";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { HttpError } from "../../lib/http-error.ts";
import { changeStatus } from "../maintenance/change-status.ts";
import { type CostRequest, linesTotal } from "./read-costs.ts";

const over = (total: number, limit: number | null) => limit !== null && total > limit;

/**
 * After a cost write (a line, or the limits), in its transaction: when the lines' total has just
 * gone over the not-to-exceed amount (it was not over before the write), an open request not on
 * hold already is put On Hold through the status transitions, with the history's note saying why.
 * A request the table cannot hold (New: triage it first) refuses the write instead (409). Once a
 * manager takes it off hold (the approval), it stays off until a write crosses the limit again.
 */
export async function holdIfOverLimit(
  tx: Tx,
  actor: Actor,
  before: CostRequest,
  beforeTotal: number,
  limitAfter: number | null,
): Promise<void> {
  const total = await linesTotal(tx, actor.orgId, before.id);
  if (!over(total, limitAfter) || over(beforeTotal, before.notToExceedCents)) return;
  if (isClosedStatus(before.status) || before.status === "on_hold") return;
  const limit = limitAfter ?? 0;
  if (!canMoveTo(before.status, "on_hold")) {
    const message = costMessages.overLimitNew(total, limit);
    throw new HttpError(409, errorCodes.conflict, message);
  }
  await changeStatus(tx, actor, before.id, { status: "on_hold", note: costMessages.holdNote(total, limit) });
}
