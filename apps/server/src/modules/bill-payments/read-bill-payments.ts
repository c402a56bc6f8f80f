import type { BillPayment } from "@keyholder/contracts/payables";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

interface PaymentRow {
  id: string;
  vendor_id: string;
  vendor_name: string;
  bank_account_id: string;
  bank_account_name: string;
  paid_on: string;
  method: BillPayment["method"];
  reference: string | null;
  memo: string;
  total_cents: string | number;
  entry_id: string | number;
  void_entry_id: string | number | null;
  created_date: string | Date;
  applications: BillPayment["applications"] | string;
}

/** Bill payments with what each took of which bill or credit (its properties' shares added up). */
export async function readBillPayments(tx: Tx, orgId: string, where: SQL, limit: number): Promise<BillPayment[]> {
  const { rows } = (await tx.execute(sql`
    select p.id, p.vendor_id, p.vendor_name, p.bank_account_id, b.name as bank_account_name, p.paid_on::text as paid_on,
      p.method, p.reference, p.memo, p.total_cents, p.entry_id, p.void_entry_id, p.created_date,
      (select coalesce(json_agg(json_build_object('bill_id', x.bill_id, 'kind', x.kind, 'reference', x.reference,
          'amount_cents', x.amount_cents) order by x.kind, x.reference), '[]')
        from (select a.bill_id, bl.kind, bl.reference, sum(a.amount_cents) as amount_cents
          from bill_payment_applications a
          join bills bl on bl.organization_id = a.organization_id and bl.id = a.bill_id
          where a.organization_id = p.organization_id and a.payment_id = p.id
          group by a.bill_id, bl.kind, bl.reference) x) as applications
    from bill_payments p
    join bank_accounts b on b.organization_id = p.organization_id and b.id = p.bank_account_id
    where p.organization_id = ${orgId} and ${where}
    order by p.paid_on desc, p.created_date desc
    limit ${limit}`)) as unknown as { rows: PaymentRow[] };
  return rows.map((r) => ({
    id: r.id,
    vendor: { id: r.vendor_id, name: r.vendor_name },
    bank_account: { id: r.bank_account_id, name: r.bank_account_name },
    paid_on: r.paid_on,
    method: r.method,
    reference: r.reference,
    memo: r.memo,
    total_cents: Number(r.total_cents),
    entry_id: Number(r.entry_id),
    void_entry_id: r.void_entry_id === null ? null : Number(r.void_entry_id),
    applications: (typeof r.applications === "string"
      ? (JSON.parse(r.applications) as BillPayment["applications"])
      : r.applications
    ).map((a) => ({ ...a, amount_cents: Number(a.amount_cents) })),
    created_at: new Date(r.created_date).toISOString(),
  }));
}
