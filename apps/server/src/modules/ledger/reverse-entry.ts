import { todayIn } from "@keyholder/contracts/civil-date";
import { DOCUMENT_SOURCES, type JournalEntry, ledgerMessages } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { postEntries } from "./post-entries.ts";
import { readEntries } from "./read-entries.ts";

/**
 * Reverses a posted entry: a new entry with every line's amount negated, referencing the original
 * (which never changes). An entry is reversed once: asking again answers the reversal already
 * posted. Dated as asked; else the original's date, or today when the original's period is closed
 * (a reversal of a closed month posts into the open one).
 */
export async function reverseEntry(
  tx: Tx,
  actor: Actor,
  id: number,
  input: { posted_on?: string | undefined; memo?: string | undefined },
  now: Date,
  /** Voiding a deposit or a bill reverses its entry with the document's own state (void-deposit.ts, void-bill.ts). */
  o: { voidingDocument?: boolean } = {},
): Promise<{ entry: JournalEntry; created: boolean }> {
  const read = async (where: ReturnType<typeof sql>) => (await readEntries(tx, where, 1))[0] ?? null;
  const original = await read(sql`e.organization_id = ${actor.orgId} and e.id = ${id}`);
  if (!original) throw notFound(ledgerMessages.entryNotFound);
  const reversal = async () => read(sql`e.organization_id = ${actor.orgId} and e.reverses_entry_id = ${id}`);
  const before = await reversal();
  if (before) return { entry: before, created: false };
  // Its receipts are marked as in that deposit (decision 038): reversing the entry alone would leave
  // them deposited in the books' eyes with the money back in Undeposited Funds.
  if (original.source === "bank_deposit" && !o.voidingDocument) {
    throw new HttpError(409, "DEPOSIT_ENTRY", ledgerMessages.depositNotReversed);
  }
  // A bill's open amount and its payments' applications are kept with it (decision 043).
  if (DOCUMENT_SOURCES.includes(original.source) && !o.voidingDocument) {
    throw new HttpError(409, "PAYABLE_ENTRY", ledgerMessages.payableNotReversed);
  }
  let postedOn = input.posted_on;
  if (!postedOn) {
    const { rows } = (await tx.execute(sql`
      select o.time_zone, exists (
        select 1 from accounting_periods p where p.organization_id = o.id and p.status = 'closed'
          and ${original.posted_on}::date between p.starts_on and p.ends_on) as closed
      from organizations o where o.id = ${actor.orgId}`)) as unknown as {
      rows: { time_zone: string; closed: boolean }[];
    };
    const org = rows[0];
    postedOn = org?.closed ? todayIn(org.time_zone, now) : original.posted_on;
  }
  const [posted] = await postEntries(tx, actor.orgId, [
    {
      postedOn,
      memo: input.memo || `Reversal of entry ${original.id}${original.memo ? `: ${original.memo}` : ""}`,
      source: "reversal",
      // Unique per original, like reverses_entry_id: a second request posts nothing.
      idempotencyKey: `reversal:${original.id}`,
      reversesEntryId: original.id,
      createdBy: actor.userId,
      lines: original.lines.map((l) => ({
        accountId: l.account_id,
        amountCents: l.credit_cents - l.debit_cents,
        propertyId: l.property_id,
        unitId: l.unit_id,
        leaseId: l.lease_id,
        tenantId: l.tenant_id,
        vendorId: l.vendor_id,
        ownerId: l.owner_id,
        memo: l.memo,
      })),
    },
  ]);
  const entry = await reversal();
  if (!entry) throw notFound(ledgerMessages.entryNotFound);
  return { entry, created: posted !== undefined };
}
