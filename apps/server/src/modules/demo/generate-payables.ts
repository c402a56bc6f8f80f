import { addDays } from "@keyholder/contracts/civil-date";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { organizationToday } from "../../lib/organization-today.ts";
import { createBillPayment } from "../bill-payments/create-bill-payment.ts";
import { createBill } from "../bills/create-bill.ts";

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Bills every other week for three months; those older than this many days are paid. */
const BILLS = 12;
const PAID_AFTER_DAYS = 20;

/**
 * The demo's payables (decision 043): vendors' bills of the last three months entered as the Bills
 * screen enters them (each on a property, on the vendor's usual expense account), the older ones
 * paid by check from the trust account (the properties' own money), the recent ones still owed.
 */
export async function generatePayables(tx: Tx, o: { orgId: string; adminUserId: number }) {
  const actor = { orgId: o.orgId, userId: o.adminUserId };
  const today = await organizationToday(tx, o.orgId);
  const vendors = rows<{ id: string; account_id: number }>(
    await tx.execute(sql`
      select v.id, coalesce(v.default_expense_account_id,
        (select id from ledger_accounts where organization_id = v.organization_id and code = '5400')) as account_id
      from vendors v where v.organization_id = ${o.orgId} order by v.name`),
  );
  const properties = rows<{ id: string }>(
    await tx.execute(sql`select id from properties where organization_id = ${o.orgId} order by name limit ${BILLS}`),
  );
  const [trust] = rows<{ id: string }>(
    await tx.execute(
      sql`select id from bank_accounts where organization_id = ${o.orgId} and kind = 'trust' order by name limit 1`,
    ),
  );
  if (!vendors.length || !properties.length || !trust) return { bills: 0, paid: 0 };
  let paid = 0;
  for (let i = 0; i < BILLS; i++) {
    const vendor = vendors[i % vendors.length];
    const property = properties[i % properties.length];
    if (!vendor || !property) continue;
    const billDate = addDays(today, -7 * (i * 2 + 1));
    // Cents that vary like real invoices: $85 to about $1,300.
    const cents = 8_500 + ((i * 7_919) % 120_000);
    const { bill } = await createBill(tx, actor, {
      kind: "bill",
      vendor_id: vendor.id,
      bill_date: billDate,
      due_date: addDays(billDate, 30),
      reference: `INV-${4100 + i}`,
      memo: "",
      maintenance_request_id: null,
      lines: [
        {
          account_id: Number(vendor.account_id),
          property_id: property.id,
          description: "Service call",
          amount_cents: cents,
        },
      ],
      idempotency_key: `demo-bill-${i}`,
    });
    if (billDate > addDays(today, -PAID_AFTER_DAYS)) continue;
    await createBillPayment(tx, actor, {
      vendor_id: vendor.id,
      bank_account_id: trust.id,
      paid_on: addDays(billDate, 10),
      method: "check",
      reference: String(2001 + i),
      memo: "",
      applications: [{ bill_id: bill.id, amount_cents: cents }],
      idempotency_key: `demo-bill-payment-${i}`,
    });
    paid++;
  }
  return { bills: BILLS, paid };
}
