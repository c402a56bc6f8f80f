import type { Bill, BillLine, BillStatus } from "@keyholder/contracts/payables";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { userName } from "../history/list-history.ts";

interface BillRow {
  id: string;
  kind: Bill["kind"];
  vendor_id: string;
  vendor_name: string;
  bill_date: string;
  due_date: string;
  reference: string | null;
  memo: string;
  total_cents: string | number;
  applied_cents: string | number;
  maintenance_request_id: string | null;
  entry_id: string | number;
  void_entry_id: string | number | null;
  created_date: string | Date;
  lines: BillLine[] | string;
  user_id: number | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  preferred_name: string | null;
}

function statusOf(r: BillRow): BillStatus {
  if (r.void_entry_id !== null) return "void";
  const applied = Number(r.applied_cents);
  if (applied === 0) return "open";
  return applied === Number(r.total_cents) ? "paid" : "partly_paid";
}

/**
 * Bills and credits with their lines (accounts and properties named) in one query; `where` filters
 * bills as b, `order` orders them. Row-level security keeps them to the organization and to a
 * user's properties.
 */
export async function readBills(tx: Tx, orgId: string, where: SQL, order: SQL, limit: number): Promise<Bill[]> {
  const { rows } = (await tx.execute(sql`
    select b.id, b.kind, b.vendor_id, b.vendor_name, b.bill_date::text as bill_date, b.due_date::text as due_date,
      b.reference, b.memo, b.total_cents, b.applied_cents, b.maintenance_request_id, b.entry_id, b.void_entry_id,
      b.created_date, u.id as user_id, u.username, pe.first_name, pe.last_name, pe.preferred_name,
      (select coalesce(json_agg(json_build_object(
          'line_no', l.line_no, 'account', json_build_object('id', a.id, 'code', a.code, 'name', a.name),
          'property', case when p.id is null then null else json_build_object('id', p.id, 'name', p.name) end,
          'unit_id', l.unit_id, 'description', l.description, 'amount_cents', l.amount_cents,
          'maintenance_cost_id', l.maintenance_cost_id) order by l.line_no), '[]')
        from bill_lines l
        join ledger_accounts a on a.organization_id = l.organization_id and a.id = l.account_id
        left join properties p on p.organization_id = l.organization_id and p.id = l.property_id
        where l.organization_id = b.organization_id and l.bill_id = b.id) as lines
    from bills b
    left join users u on u.organization_id = b.organization_id and u.id = b.created_by
    left join persons pe on pe.organization_id = u.organization_id and pe.id = u.person_id
    where b.organization_id = ${orgId} and ${where}
    order by ${order}
    limit ${limit}`)) as unknown as { rows: BillRow[] };
  return rows.map((r) => {
    const total = Number(r.total_cents);
    const applied = Number(r.applied_cents);
    const lines = typeof r.lines === "string" ? (JSON.parse(r.lines) as BillLine[]) : r.lines;
    return {
      id: r.id,
      kind: r.kind,
      vendor: { id: r.vendor_id, name: r.vendor_name },
      bill_date: r.bill_date,
      due_date: r.due_date,
      reference: r.reference,
      memo: r.memo,
      total_cents: total,
      applied_cents: applied,
      open_cents: r.void_entry_id === null ? total - applied : 0,
      status: statusOf(r),
      maintenance_request_id: r.maintenance_request_id,
      entry_id: Number(r.entry_id),
      void_entry_id: r.void_entry_id === null ? null : Number(r.void_entry_id),
      lines: lines.map((l) => ({
        ...l,
        amount_cents: Number(l.amount_cents),
        unit_id: l.unit_id === null ? null : Number(l.unit_id),
      })),
      created_at: new Date(r.created_date).toISOString(),
      created_by: r.user_id === null ? null : userName(r),
    };
  });
}

export const readBill = async (tx: Tx, orgId: string, id: string) =>
  (await readBills(tx, orgId, sql`b.id = ${id}`, sql`b.id`, 1))[0] ?? null;
