import { type Bill, payableMessages } from "@keyholder/contracts/payables";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { reverseEntry } from "../ledger/reverse-entry.ts";
import { readBill } from "./read-bills.ts";

/**
 * POST /bills/{id}/void: a bill entered wrongly is undone as the books undo anything, its entry
 * reversed (on `voided_on`, else its date, or today when that month is closed), the bill kept and
 * marked. A bill with payments is voided after them (409); voiding again answers it as it is.
 */
export async function voidBill(
  tx: Tx,
  actor: Actor,
  id: string,
  input: { voided_on?: string | undefined },
  now: Date,
): Promise<{ bill: Bill; voided: boolean }> {
  const orgId = actor.orgId;
  const visible = await readBill(tx, orgId, id);
  if (!visible) throw notFound(payableMessages.billNotFound);
  const [row] = (
    (await tx.execute(sql`
      select entry_id, void_entry_id, applied_cents from bills where organization_id = ${orgId} and id = ${id} for update`)) as unknown as {
      rows: { entry_id: string; void_entry_id: string | null; applied_cents: string }[];
    }
  ).rows;
  if (!row) throw notFound(payableMessages.billNotFound);
  if (row.void_entry_id !== null) return { bill: visible, voided: false };
  if (Number(row.applied_cents) > 0) throw new HttpError(409, "BILL_PAID", payableMessages.voidPaid);
  const { entry } = await reverseEntry(
    tx,
    actor,
    Number(row.entry_id),
    {
      posted_on: input.voided_on,
      memo: `Void of ${visible.kind === "bill" ? "bill" : "credit"}${visible.reference ? ` ${visible.reference}` : ""} from ${visible.vendor.name}`,
    },
    now,
    { voidingDocument: true },
  );
  await tx.execute(sql`update bills set void_entry_id = ${entry.id} where organization_id = ${orgId} and id = ${id}`);
  const bill = await readBill(tx, orgId, id);
  if (!bill) throw notFound(payableMessages.billNotFound);
  return { bill, voided: true };
}
