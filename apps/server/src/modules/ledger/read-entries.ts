import type { JournalEntry } from "@keyholder/contracts/ledger";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { userName } from "../history/list-history.ts";

interface EntryRow extends Record<string, unknown> {
  id: number | string;
  posted_on: string;
  memo: string;
  source: JournalEntry["source"];
  idempotency_key: string;
  reverses_entry_id: number | string | null;
  reversed_by_entry_id: number | string | null;
  property_id: string | null;
  created_date: string | Date;
  user_id: number | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  preferred_name: string | null;
  lines: string | LineRow[];
}

interface LineRow {
  line_no: number;
  account_id: number;
  account_code: string;
  account_name: string;
  amount_cents: number;
  property_id: string | null;
  unit_id: number | null;
  lease_id: string | null;
  tenant_id: string | null;
  vendor_id: string | null;
  owner_id: string | null;
  memo: string | null;
}

/**
 * Entries with their lines (in line order) and who posted them, newest first, in one query. `where`
 * filters journal_entries as e; row-level security keeps both tables to the organization (and to
 * the user's properties, decision 019).
 */
export async function readEntries(tx: Tx, where: SQL, limit: number): Promise<JournalEntry[]> {
  const { rows } = (await tx.execute(sql`
    select e.id, e.posted_on::text as posted_on, e.memo, e.source, e.idempotency_key, e.reverses_entry_id,
      r.id as reversed_by_entry_id, e.property_id, e.created_date,
      u.id as user_id, u.username, p.first_name, p.last_name, p.preferred_name,
      (select coalesce(json_agg(json_build_object(
          'line_no', l.line_no, 'account_id', l.account_id, 'account_code', a.code, 'account_name', a.name,
          'amount_cents', l.amount_cents, 'property_id', l.property_id, 'unit_id', l.unit_id,
          'lease_id', l.lease_id, 'tenant_id', l.tenant_id, 'vendor_id', l.vendor_id, 'owner_id', l.owner_id, 'memo', l.memo) order by l.line_no), '[]')
        from journal_lines l
        join ledger_accounts a on a.organization_id = l.organization_id and a.id = l.account_id
        where l.organization_id = e.organization_id and l.entry_id = e.id) as lines
    from journal_entries e
    left join journal_entries r on r.organization_id = e.organization_id and r.reverses_entry_id = e.id
    left join users u on u.organization_id = e.organization_id and u.id = e.created_by
    left join persons p on p.organization_id = u.organization_id and p.id = u.person_id
    where ${where}
    order by e.posted_on desc, e.id desc
    limit ${limit}`)) as unknown as { rows: EntryRow[] };
  return rows.map(toEntry);
}

function toEntry(r: EntryRow): JournalEntry {
  const lines = (typeof r.lines === "string" ? (JSON.parse(r.lines) as LineRow[]) : r.lines).map((l) => ({
    line_no: Number(l.line_no),
    account_id: Number(l.account_id),
    account_code: l.account_code,
    account_name: l.account_name,
    debit_cents: Math.max(Number(l.amount_cents), 0),
    credit_cents: Math.max(-Number(l.amount_cents), 0),
    property_id: l.property_id,
    unit_id: l.unit_id === null ? null : Number(l.unit_id),
    lease_id: l.lease_id,
    tenant_id: l.tenant_id,
    vendor_id: l.vendor_id,
    owner_id: l.owner_id,
    memo: l.memo,
  }));
  return {
    id: Number(r.id),
    posted_on: r.posted_on,
    memo: r.memo,
    source: r.source,
    idempotency_key: r.idempotency_key,
    reverses_entry_id: r.reverses_entry_id === null ? null : Number(r.reverses_entry_id),
    reversed_by_entry_id: r.reversed_by_entry_id === null ? null : Number(r.reversed_by_entry_id),
    property_id: r.property_id,
    created_at: new Date(r.created_date).toISOString(),
    created_by: r.user_id === null ? null : { id: Number(r.user_id), name: userName(r) },
    total_cents: lines.reduce((sum, l) => sum + l.debit_cents, 0),
    lines,
  };
}

export async function readEntry(tx: Tx, orgId: string, id: number): Promise<JournalEntry | null> {
  const [entry] = await readEntries(tx, sql`e.organization_id = ${orgId} and e.id = ${id}`, 1);
  return entry ?? null;
}
