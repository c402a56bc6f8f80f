import { type JournalEntry, ledgerMessages, type PostEntry } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { HttpError } from "../../lib/http-error.ts";
import { checkLines } from "./check-lines.ts";
import { postEntries } from "./post-entries.ts";
import { readEntries } from "./read-entries.ts";

/** Keys a client sends live apart from those the app makes (a client's key can never block a scheduled charge). */
const requestKey = (key: string) => `request:${key}`;

/** The same entry as the request describes: what a retried request finds posted. */
function sameEntry(entry: JournalEntry, input: PostEntry) {
  const line = (l: {
    account_id: number;
    debit_cents: number;
    credit_cents: number;
    property_id?: string | null | undefined;
    unit_id?: number | null | undefined;
    lease_id?: string | null | undefined;
    tenant_id?: string | null | undefined;
    memo?: string | null | undefined;
  }) =>
    JSON.stringify([
      l.account_id,
      l.debit_cents,
      l.credit_cents,
      l.property_id ?? null,
      l.unit_id ?? null,
      l.lease_id ?? null,
      l.tenant_id ?? null,
      l.memo || null,
    ]);
  return (
    entry.source === "manual" &&
    entry.posted_on === input.posted_on &&
    entry.memo === input.memo &&
    entry.lines.map(line).join() === input.lines.map(line).join()
  );
}

async function findByKey(tx: Tx, orgId: string, key: string) {
  const [entry] = await readEntries(tx, sql`e.organization_id = ${orgId} and e.idempotency_key = ${key}`, 1);
  return entry ?? null;
}

/**
 * Posts a manual journal entry once per request key: a retried request or a second click finds the
 * entry the first posted and answers it (created: false); the key sent with another entry is refused.
 */
export async function postEntry(
  tx: Tx,
  actor: Actor,
  input: PostEntry,
): Promise<{ entry: JournalEntry; created: boolean }> {
  const key = requestKey(input.idempotency_key);
  const found = async () => {
    const entry = await findByKey(tx, actor.orgId, key);
    if (entry && !sameEntry(entry, input)) throw new HttpError(409, "KEY_REUSED", ledgerMessages.keyReused);
    return entry;
  };
  const before = await found();
  if (before) return { entry: before, created: false };
  await checkLines(tx, actor.orgId, input.lines);
  const [id] = await postEntries(tx, actor.orgId, [
    {
      postedOn: input.posted_on,
      memo: input.memo,
      source: "manual",
      idempotencyKey: key,
      createdBy: actor.userId,
      lines: input.lines.map((l) => ({
        accountId: l.account_id,
        amountCents: l.debit_cents - l.credit_cents,
        propertyId: l.property_id,
        unitId: l.unit_id,
        leaseId: l.lease_id,
        tenantId: l.tenant_id,
        memo: l.memo || null,
      })),
    },
  ]);
  // Nothing posted: the same key committed meanwhile (a double click); that entry is the answer.
  const entry =
    id === undefined
      ? await found()
      : (await readEntries(tx, sql`e.organization_id = ${actor.orgId} and e.id = ${id}`, 1))[0];
  if (!entry) throw new HttpError(409, "KEY_REUSED", ledgerMessages.keyReused);
  return { entry, created: id !== undefined };
}
