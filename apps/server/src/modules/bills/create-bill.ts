import { addDays } from "@keyholder/contracts/civil-date";
import { type Bill, type CreateBill, DEFAULT_BILL_TERMS_DAYS, payableMessages } from "@keyholder/contracts/payables";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { badRequest, HttpError } from "../../lib/http-error.ts";
import { bigintArray, uuidArray } from "../../lib/sql-arrays.ts";
import { violatesUnique } from "../../lib/violates.ts";
import { entryProperty, type NewLine, postEntries } from "../ledger/post-entries.ts";
import { readBill, readBills } from "./read-bills.ts";

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Every line's account, property, unit and maintenance cost checked; the first problem per field answered. */
async function checkLines(tx: Tx, orgId: string, input: CreateBill) {
  const fields: Record<string, string[]> = {};
  const refuse = (field: string, message: string) => {
    fields[field] = [...(fields[field] ?? []), message];
  };
  const accountIds = [...new Set(input.lines.map((l) => l.account_id))];
  const accounts = new Set(
    rowsOf<{ id: number }>(
      await tx.execute(sql`
        select a.id from ledger_accounts a
        where a.organization_id = ${orgId} and a.id = any(${bigintArray(accountIds)}) and a.is_active
          and (a.type = 'expense' or (a.type = 'asset' and a.role is null))
          and not exists (select 1 from bank_accounts b where b.organization_id = a.organization_id and b.ledger_account_id = a.id)`),
    ).map((a) => Number(a.id)),
  );
  const propertyIds = [...new Set(input.lines.flatMap((l) => (l.property_id ? [l.property_id] : [])))];
  const properties = new Set(
    propertyIds.length
      ? rowsOf<{ id: string }>(
          await tx.execute(
            sql`select id from properties where organization_id = ${orgId} and id = any(${uuidArray(propertyIds)})`,
          ),
        ).map((p) => p.id)
      : [],
  );
  const unitIds = [...new Set(input.lines.flatMap((l) => (l.unit_id ? [l.unit_id] : [])))];
  const units = new Map(
    unitIds.length
      ? rowsOf<{ unit_id: number; property_id: string }>(
          await tx.execute(
            sql`select unit_id, property_id from units where organization_id = ${orgId} and unit_id = any(${bigintArray(unitIds)})`,
          ),
        ).map((u) => [Number(u.unit_id), u.property_id])
      : [],
  );
  for (const [i, line] of input.lines.entries()) {
    if (!accounts.has(line.account_id)) refuse(`lines.${i}.account_id`, payableMessages.account);
    if (line.property_id && !properties.has(line.property_id))
      refuse(`lines.${i}.property_id`, payableMessages.property);
    if (line.unit_id && units.get(line.unit_id) !== line.property_id)
      refuse(`lines.${i}.unit_id`, payableMessages.unit);
  }
  const costIds = input.lines.flatMap((l) => (l.maintenance_cost_id ? [l.maintenance_cost_id] : []));
  if (costIds.length) {
    // The costs locked first, so two bills of one cost take turns; the second statement then sees the
    // first's bill. A cost on a bill since voided is free again.
    const ours = rowsOf<{ id: string }>(
      await tx.execute(sql`
        select c.id from maintenance_request_costs c
        where c.organization_id = ${orgId} and c.id = any(${uuidArray(costIds)})
          and c.request_id = ${input.maintenance_request_id ?? null}
        for update`),
    );
    const [billed] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        select l.maintenance_cost_id as id from bill_lines l
        join bills b on b.organization_id = l.organization_id and b.id = l.bill_id and b.void_entry_id is null
        where l.organization_id = ${orgId} and l.maintenance_cost_id = any(${uuidArray(costIds)})
        limit 1`),
    );
    if (ours.length !== new Set(costIds).size || billed) {
      throw new HttpError(409, "COST_BILLED", payableMessages.costBilled);
    }
  }
  if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0]?.[0] ?? "", fields);
}

/**
 * POST /bills: a vendor's bill (or credit) entered and posted at once, on its date: D each line's
 * expense (or asset) account, of its property and unit, C accounts payable per property (a credit
 * the other way), every line the vendor's. Keyed by the request: a retry answers the bill entered.
 * A vendor's invoice number is entered once; a maintenance cost is billed once.
 */
export async function createBill(tx: Tx, actor: Actor, input: CreateBill): Promise<{ bill: Bill; created: boolean }> {
  const orgId = actor.orgId;
  const key = `bill:request:${input.idempotency_key}`;
  const byKey = async () =>
    (
      await readBills(
        tx,
        orgId,
        sql`b.entry_id = (select id from journal_entries where organization_id = ${orgId} and idempotency_key = ${key})`,
        sql`b.id`,
        1,
      )
    )[0] ?? null;
  const before = await byKey();
  if (before) return { bill: before, created: false };

  const [vendor] = rowsOf<{ name: string }>(
    await tx.execute(sql`select name from vendors where organization_id = ${orgId} and id = ${input.vendor_id}`),
  );
  if (!vendor) throw badRequest(payableMessages.vendorUnknown, { vendor_id: [payableMessages.vendorUnknown] });
  await checkLines(tx, orgId, input);
  if (input.reference) {
    const [taken] = rowsOf<unknown>(
      await tx.execute(sql`
        select 1 from bills where organization_id = ${orgId} and vendor_id = ${input.vendor_id} and kind = ${input.kind}
          and lower(reference) = lower(${input.reference}) and void_entry_id is null`),
    );
    if (taken) throw new HttpError(409, "BILL_ENTERED", payableMessages.duplicate(input.reference));
  }
  const [payable] = rowsOf<{ id: number }>(
    await tx.execute(
      sql`select id from ledger_accounts where organization_id = ${orgId} and role = 'accounts_payable'`,
    ),
  );
  const sign = input.kind === "bill" ? 1 : -1;
  const expenseLines: NewLine[] = input.lines.map((l) => ({
    accountId: l.account_id,
    amountCents: sign * l.amount_cents,
    propertyId: l.property_id ?? null,
    unitId: l.unit_id ?? null,
    vendorId: input.vendor_id,
    memo: l.description || null,
  }));
  const byProperty = new Map<string | null, number>();
  for (const l of input.lines) {
    const p = l.property_id ?? null;
    byProperty.set(p, (byProperty.get(p) ?? 0) + l.amount_cents);
  }
  const payableLines: NewLine[] = [...byProperty].map(([propertyId, cents]) => ({
    accountId: Number(payable?.id),
    amountCents: -sign * cents,
    propertyId,
    vendorId: input.vendor_id,
  }));
  const lines = [...expenseLines, ...payableLines];
  const what = input.kind === "bill" ? "Bill" : "Credit";
  const [entryId] = await postEntries(tx, orgId, [
    {
      postedOn: input.bill_date,
      memo: input.memo || `${what}${input.reference ? ` ${input.reference}` : ""} from ${vendor.name}`,
      source: input.kind === "bill" ? "bill" : "vendor_credit",
      idempotencyKey: key,
      createdBy: actor.userId,
      lines,
    },
  ]);
  // Nothing posted: the same key committed meanwhile (a double click); that bill is the answer.
  if (entryId === undefined) {
    const raced = await byKey();
    if (!raced) throw new HttpError(409, "KEY_REUSED", payableMessages.idempotencyKey);
    return { bill: raced, created: false };
  }
  const total = input.lines.reduce((s, l) => s + l.amount_cents, 0);
  let id: string;
  try {
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into bills (organization_id, kind, vendor_id, vendor_name, bill_date, due_date, reference, memo, total_cents,
          maintenance_request_id, property_id, entry_id, created_by)
        values (${orgId}, ${input.kind}, ${input.vendor_id}, ${vendor.name}, ${input.bill_date},
          ${input.due_date ?? addDays(input.bill_date, DEFAULT_BILL_TERMS_DAYS)}, ${input.reference}, ${input.memo}, ${total},
          ${input.maintenance_request_id ?? null}, ${entryProperty(expenseLines)}, ${entryId}, ${actor.userId})
        returning id`),
    );
    id = row?.id ?? "";
    await tx.execute(sql`
      insert into bill_lines (organization_id, bill_id, line_no, account_id, property_id, unit_id, description, amount_cents, maintenance_cost_id)
      select ${orgId}, ${id}, l.n, l.account_id, l.property_id, l.unit_id, l.description, l.amount_cents, l.maintenance_cost_id
      from jsonb_to_recordset(${JSON.stringify(
        input.lines.map((l, i) => ({
          n: i + 1,
          account_id: l.account_id,
          property_id: l.property_id ?? null,
          unit_id: l.unit_id ?? null,
          description: l.description,
          amount_cents: l.amount_cents,
          maintenance_cost_id: l.maintenance_cost_id ?? null,
        })),
      )}::jsonb) as l(n smallint, account_id integer, property_id uuid, unit_id bigint, description text, amount_cents bigint,
        maintenance_cost_id uuid)`);
  } catch (err) {
    if (violatesUnique(err, "bills_vendor_reference_key")) {
      throw new HttpError(409, "BILL_ENTERED", payableMessages.duplicate(input.reference ?? ""));
    }
    throw err;
  }
  const bill = await readBill(tx, orgId, id);
  if (!bill) throw new Error("bill not read back");
  return { bill, created: true };
}
