import type { ENTRY_SOURCES } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

export interface NewLine {
  accountId: number;
  /** Debit positive, credit negative. */
  amountCents: number;
  propertyId?: string | null | undefined;
  unitId?: number | null | undefined;
  leaseId?: string | null | undefined;
  tenantId?: string | null | undefined;
  vendorId?: string | null | undefined;
  ownerId?: string | null | undefined;
  memo?: string | null | undefined;
}

export interface NewEntry {
  postedOn: string;
  memo: string;
  source: (typeof ENTRY_SOURCES)[number];
  /** Unique in the organization: an entry whose key is posted already is skipped, not posted twice. */
  idempotencyKey: string;
  reversesEntryId?: number | null;
  createdBy?: number | null;
  lines: NewLine[];
}

/** The one property every line names, else null (an entry of several properties, or of none). */
export function entryProperty(lines: readonly NewLine[]): string | null {
  const first = lines[0]?.propertyId ?? null;
  return first !== null && lines.every((l) => l.propertyId === first) ? first : null;
}

/**
 * Posts entries with their lines in one statement, the shape the database requires (decision 027):
 * its triggers refuse the statement when any entry does not balance or is dated in a closed period,
 * and update the balances in this transaction. Entries whose key is posted already are skipped.
 * Returns the ids of the entries posted now.
 */
export async function postEntries(tx: Tx, orgId: string, entries: readonly NewEntry[]): Promise<number[]> {
  if (entries.length === 0) return [];
  const rows = entries.map((e) => ({
    k: e.idempotencyKey,
    posted_on: e.postedOn,
    memo: e.memo,
    source: e.source,
    reverses: e.reversesEntryId ?? null,
    property_id: entryProperty(e.lines),
    created_by: e.createdBy ?? null,
    lines: e.lines.map((l, i) => ({
      n: i + 1,
      account_id: l.accountId,
      amount_cents: l.amountCents,
      property_id: l.propertyId ?? null,
      unit_id: l.unitId ?? null,
      lease_id: l.leaseId ?? null,
      tenant_id: l.tenantId ?? null,
      vendor_id: l.vendorId ?? null,
      owner_id: l.ownerId ?? null,
      memo: l.memo ?? null,
    })),
  }));
  const { rows: posted } = (await tx.execute(sql`
    with src as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as s(
        k text, posted_on date, memo text, source text, reverses bigint, property_id uuid, created_by integer, lines jsonb)
    ),
    entry as (
      insert into journal_entries (organization_id, posted_on, memo, source, idempotency_key, reverses_entry_id, property_id, created_by)
      select ${orgId}, posted_on, memo, source, k, reverses, property_id, created_by from src
      on conflict (organization_id, idempotency_key) do nothing
      returning id, idempotency_key
    )
    insert into journal_lines (organization_id, entry_id, line_no, account_id, amount_cents, posted_on, property_id, unit_id, lease_id, tenant_id, vendor_id, owner_id, memo)
    select ${orgId}, entry.id, l.n, l.account_id, l.amount_cents, src.posted_on, l.property_id, l.unit_id, l.lease_id, l.tenant_id, l.vendor_id, l.owner_id, l.memo
    from entry
    join src on src.k = entry.idempotency_key
    cross join lateral jsonb_to_recordset(src.lines) as l(
      n smallint, account_id integer, amount_cents bigint, property_id uuid, unit_id bigint, lease_id uuid, tenant_id uuid, vendor_id uuid, owner_id uuid, memo text)
    returning entry_id`)) as unknown as { rows: { entry_id: number | string }[] };
  return [...new Set(posted.map((r) => Number(r.entry_id)))];
}
