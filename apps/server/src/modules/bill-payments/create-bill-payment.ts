import { type BillPayment, type CreateBillPayment, payableMessages } from "@keyholder/contracts/payables";
import { splitCents } from "@keyholder/contracts/split-cents";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { badRequest, HttpError } from "../../lib/http-error.ts";
import { uuidArray } from "../../lib/sql-arrays.ts";
import { violatesUnique } from "../../lib/violates.ts";
import { entryProperty, type NewLine, postEntries } from "../ledger/post-entries.ts";
import { readBillPayments } from "./read-bill-payments.ts";

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
/** The company's own money (lines of no property) in the applications' key. */
const COMPANY = "00000000-0000-0000-0000-000000000000";

interface OpenShare {
  bill_id: string;
  property_key: string;
  open_cents: string | number;
}

/**
 * POST /bill-payments: a vendor paid from a bank account for some of their bills, less credits used.
 * Each bill's amount is shared over its properties in proportion to what each still owes (all of it
 * when the bill is paid off), so each property pays its own bills: D accounts payable, C the bank
 * account's cash, per property, every line the vendor's. A credit pays only its own property's
 * bills (each property's net must not be negative). Bills are locked, so two payments of one bill
 * take turns and the second sees what the first took. Keyed by the request: a retry answers it.
 */
export async function createBillPayment(
  tx: Tx,
  actor: Actor,
  input: CreateBillPayment,
): Promise<{ payment: BillPayment; created: boolean }> {
  const orgId = actor.orgId;
  const byKey = async () =>
    (await readBillPayments(tx, orgId, sql`p.idempotency_key = ${input.idempotency_key}`, 1))[0] ?? null;
  const before = await byKey();
  if (before) return { payment: before, created: false };

  const [vendor] = rowsOf<{ name: string }>(
    await tx.execute(sql`select name from vendors where organization_id = ${orgId} and id = ${input.vendor_id}`),
  );
  if (!vendor) throw badRequest(payableMessages.vendorUnknown, { vendor_id: [payableMessages.vendorUnknown] });
  const [bank] = rowsOf<{ name: string; ledger_account_id: number }>(
    await tx.execute(sql`
      select name, ledger_account_id from bank_accounts
      where organization_id = ${orgId} and id = ${input.bank_account_id} and is_active`),
  );
  if (!bank) throw badRequest(payableMessages.bankAccount, { bank_account_id: [payableMessages.bankAccount] });
  if (input.method === "check" && input.reference) {
    const [used] = rowsOf<unknown>(
      await tx.execute(sql`
        select 1 from bill_payments where organization_id = ${orgId} and bank_account_id = ${input.bank_account_id}
          and method = 'check' and reference = ${input.reference} and void_entry_id is null`),
    );
    if (used) {
      const message = payableMessages.checkTaken(input.reference);
      throw badRequest(message, { reference: [message] });
    }
  }

  const wanted = new Map<string, number>();
  for (const a of input.applications) wanted.set(a.bill_id, (wanted.get(a.bill_id) ?? 0) + a.amount_cents);
  const billIds = [...wanted.keys()];
  const bills = new Map(
    rowsOf<{ id: string; kind: "bill" | "credit"; vendor_id: string; open: string | number; void: boolean }>(
      await tx.execute(sql`
        select id, kind, vendor_id, total_cents - applied_cents as open, void_entry_id is not null as void
        from bills where organization_id = ${orgId} and id = any(${uuidArray(billIds)})
        order by id
        for update`),
    ).map((b) => [b.id, b]),
  );
  const fields: Record<string, string[]> = {};
  for (const [i, a] of input.applications.entries()) {
    const bill = bills.get(a.bill_id);
    if (!bill || bill.void || bill.vendor_id !== input.vendor_id) {
      fields[`applications.${i}.bill_id`] = [payableMessages.notVendors];
    } else if ((wanted.get(a.bill_id) ?? 0) > Number(bill.open)) {
      fields[`applications.${i}.amount_cents`] = [payableMessages.overpaid(Number(bill.open))];
    }
  }
  if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0]?.[0] ?? "", fields);

  // What each bill still owes per property: its lines less what payments (not voided) took, per property.
  const shares = rowsOf<OpenShare>(
    await tx.execute(sql`
      with owed as (
        select l.bill_id, coalesce(l.property_id, ${COMPANY}::uuid) as property_key, sum(l.amount_cents) as cents
        from bill_lines l where l.organization_id = ${orgId} and l.bill_id = any(${uuidArray(billIds)})
        group by 1, 2),
      taken as (
        select a.bill_id, a.property_key, sum(a.amount_cents) as cents
        from bill_payment_applications a
        join bill_payments p on p.organization_id = a.organization_id and p.id = a.payment_id and p.void_entry_id is null
        where a.organization_id = ${orgId} and a.bill_id = any(${uuidArray(billIds)})
        group by 1, 2)
      select o.bill_id, o.property_key, o.cents - coalesce(t.cents, 0) as open_cents
      from owed o left join taken t on t.bill_id = o.bill_id and t.property_key = o.property_key
      order by o.bill_id, o.property_key`),
  ).filter((s) => Number(s.open_cents) > 0);
  const applications: { bill_id: string; property_key: string; amount_cents: number }[] = [];
  const net = new Map<string, number>();
  for (const [billId, amount] of wanted) {
    const parts = shares.filter((s) => s.bill_id === billId);
    const split = splitCents(
      amount,
      parts.map((p) => Number(p.open_cents)),
    );
    const sign = bills.get(billId)?.kind === "credit" ? -1 : 1;
    for (const [i, part] of parts.entries()) {
      const cents = split[i] ?? 0;
      if (cents === 0) continue;
      applications.push({ bill_id: billId, property_key: part.property_key, amount_cents: cents });
      net.set(part.property_key, (net.get(part.property_key) ?? 0) + sign * cents);
    }
  }
  if ([...net.values()].some((c) => c < 0)) {
    throw badRequest(payableMessages.crossProperty, { applications: [payableMessages.crossProperty] });
  }
  const total = [...net.values()].reduce((s, c) => s + c, 0);
  if (total <= 0) throw badRequest(payableMessages.total, { applications: [payableMessages.total] });

  const [payable] = rowsOf<{ id: number }>(
    await tx.execute(
      sql`select id from ledger_accounts where organization_id = ${orgId} and role = 'accounts_payable'`,
    ),
  );
  const lines: NewLine[] = [...net].flatMap(([key, cents]) => {
    if (cents === 0) return [];
    const propertyId = key === COMPANY ? null : key;
    return [
      { accountId: Number(payable?.id), amountCents: cents, propertyId, vendorId: input.vendor_id },
      { accountId: Number(bank.ledger_account_id), amountCents: -cents, propertyId, vendorId: input.vendor_id },
    ];
  });
  const how = input.method === "check" ? `check ${input.reference}` : input.method.toUpperCase();
  const [entryId] = await postEntries(tx, orgId, [
    {
      postedOn: input.paid_on,
      memo: input.memo || `Payment to ${vendor.name} by ${how}`,
      source: "bill_payment",
      idempotencyKey: `bill-payment:request:${input.idempotency_key}`,
      createdBy: actor.userId,
      lines,
    },
  ]);
  if (entryId === undefined) {
    const raced = await byKey();
    if (!raced) throw new HttpError(409, "KEY_REUSED", payableMessages.idempotencyKey);
    return { payment: raced, created: false };
  }
  let id: string;
  try {
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into bill_payments (organization_id, vendor_id, vendor_name, bank_account_id, paid_on, method, reference, memo,
          total_cents, property_id, entry_id, idempotency_key, created_by)
        values (${orgId}, ${input.vendor_id}, ${vendor.name}, ${input.bank_account_id}, ${input.paid_on}, ${input.method},
          ${input.reference}, ${input.memo}, ${total}, ${entryProperty(lines)}, ${entryId}, ${input.idempotency_key}, ${actor.userId})
        returning id`),
    );
    id = row?.id ?? "";
  } catch (err) {
    if (violatesUnique(err, "bill_payments_check_key")) {
      const message = payableMessages.checkTaken(input.reference ?? "");
      throw badRequest(message, { reference: [message] });
    }
    throw err;
  }
  await tx.execute(sql`
    insert into bill_payment_applications (organization_id, payment_id, bill_id, property_key, amount_cents)
    select ${orgId}, ${id}, a.bill_id, a.property_key, a.amount_cents
    from jsonb_to_recordset(${JSON.stringify(applications)}::jsonb) as a(bill_id uuid, property_key uuid, amount_cents bigint)`);
  await tx.execute(sql`
    update bills b set applied_cents = b.applied_cents + w.amount
    from jsonb_to_recordset(${JSON.stringify([...wanted].map(([bill_id, amount]) => ({ bill_id, amount })))}::jsonb)
      as w(bill_id uuid, amount bigint)
    where b.organization_id = ${orgId} and b.id = w.bill_id`);
  const payment = (await readBillPayments(tx, orgId, sql`p.id = ${id}`, 1))[0];
  if (!payment) throw new Error("bill payment not read back");
  return { payment, created: true };
}
