import { addDays } from "@keyholder/contracts/civil-date";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type NewEntry, postEntries } from "../ledger/post-entries.ts";

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Receipts of the last days still wait in Undeposited Funds, for the demo's Record Deposit. */
const WAITING_DAYS = 10;

const DEMO_BANK_ACCOUNTS = [
  {
    name: "Operating Checking",
    kind: "operating",
    role: "operating_cash",
    bank: "First Federal Bank",
    last4: "4410",
    routing: "122105155",
  },
  {
    name: "Trust Checking",
    kind: "trust",
    role: "trust_cash",
    bank: "First Federal Bank",
    last4: "7782",
    routing: "122105155",
  },
] as const;

/**
 * The demo's bank (decision 038): an operating and a trust account on the system cash accounts
 * (its security deposits kept in trust, as states without an escrow rule allow), and the year's
 * tenant payments deposited into the trust account, each day's receipts the next day as one deposit (as the Bank Accounts screen records one: D trust cash, C undeposited
 * funds, per property), but for the last days' receipts, which wait to be deposited. Posted in one
 * statement; the deposits and the receipts' marks follow from the entries' keys.
 */
export async function generateBanking(tx: Tx, o: { orgId: string; adminUserId: number }) {
  const orgId = o.orgId;
  const accounts = new Map(
    rows<{ role: string; id: number }>(
      await tx.execute(sql`select role, id from ledger_accounts where organization_id = ${orgId} and role is not null`),
    ).map((a) => [a.role, Number(a.id)]),
  );
  const banks = new Map<string, string>();
  for (const b of DEMO_BANK_ACCOUNTS) {
    const [made] = rows<{ id: string }>(
      await tx.execute(sql`
        insert into bank_accounts (organization_id, name, kind, ledger_account_id, bank_name, account_last4, routing_number,
          created_by, last_modified_by)
        values (${orgId}, ${b.name}, ${b.kind}, ${accounts.get(b.role) ?? null}, ${b.bank}, ${b.last4}, ${b.routing},
          ${o.adminUserId}, ${o.adminUserId})
        returning id`),
    );
    if (made) banks.set(b.kind, made.id);
  }
  const [zone] = rows<{ today: string }>(
    await tx.execute(
      sql`select ((now() at time zone time_zone)::date)::text as today from organizations where id = ${orgId}`,
    ),
  );
  const today = zone?.today ?? new Date().toISOString().slice(0, 10);
  const cutoff = addDays(today, -WAITING_DAYS);
  const days = rows<{ received_on: string; property_id: string; cents: string; receipts: string }>(
    await tx.execute(sql`
      select received_on::text as received_on, property_id, sum(amount_cents) as cents, count(*) as receipts
      from lease_payments
      where organization_id = ${orgId} and deposit_id is null and return_entry_id is null and received_on <= ${cutoff}
      group by 1, 2 order by 1, 2`),
  );
  const trustCash = accounts.get("trust_cash") ?? 0;
  const undeposited = accounts.get("undeposited_funds") ?? 0;
  const byDay = new Map<string, { lines: NewEntry["lines"]; cents: number; receipts: number }>();
  for (const d of days) {
    const day = byDay.get(d.received_on) ?? { lines: [], cents: 0, receipts: 0 };
    const cents = Number(d.cents);
    day.lines.push(
      { accountId: trustCash, amountCents: cents, propertyId: d.property_id },
      { accountId: undeposited, amountCents: -cents, propertyId: d.property_id },
    );
    day.cents += cents;
    day.receipts += Number(d.receipts);
    byDay.set(d.received_on, day);
  }
  const key = (receivedOn: string) => `deposit:demo:${receivedOn}`;
  // Received on or before the cutoff, so the next day is before today.
  const depositDay = (receivedOn: string) => addDays(receivedOn, 1);
  await postEntries(
    tx,
    orgId,
    [...byDay].map(([receivedOn, day]) => ({
      postedOn: depositDay(receivedOn),
      memo: `Bank deposit of ${day.receipts} ${day.receipts === 1 ? "receipt" : "receipts"}`,
      source: "bank_deposit" as const,
      idempotencyKey: key(receivedOn),
      createdBy: o.adminUserId,
      lines: day.lines,
    })),
  );
  const deposits = [...byDay].map(([receivedOn, day]) => ({
    received_on: receivedOn,
    deposited_on: depositDay(receivedOn),
    key: key(receivedOn),
    cents: day.cents,
    receipts: day.receipts,
  }));
  await tx.execute(sql`
    with src as (
      select * from jsonb_to_recordset(${JSON.stringify(deposits)}::jsonb)
        as s(received_on date, deposited_on date, key text, cents bigint, receipts integer)
    ),
    made as (
      insert into bank_deposits (organization_id, bank_account_id, deposited_on, memo, total_cents, receipts, entry_id, created_by)
      select ${orgId}, ${banks.get("trust") ?? null}::uuid, src.deposited_on, e.memo, src.cents, src.receipts, e.id, ${o.adminUserId}
      from src join journal_entries e on e.organization_id = ${orgId} and e.idempotency_key = src.key
      returning id, entry_id
    )
    update lease_payments p set deposit_id = made.id
    from made
    join journal_entries e on e.organization_id = ${orgId} and e.id = made.entry_id
    join src on src.key = e.idempotency_key
    where p.organization_id = ${orgId} and p.received_on = src.received_on
      and p.deposit_id is null and p.return_entry_id is null`);
  return { bankAccounts: banks.size, deposits: deposits.length };
}
