import { addDays, addMonths, monthStart } from "@keyholder/contracts/civil-date";
import { depositStatementDays } from "@keyholder/contracts/lease-lifecycle";
import { sql } from "drizzle-orm";
import { asSystem, type Database, type Tx, withOrg } from "../../db/client.ts";
import { postCharges } from "../charge-runs/post-charges.ts";
import { returnPayment } from "../lease-ledger/return-payment.ts";
import { moveOutKey } from "../lease-lifecycle/move-out.ts";
import { type NewEntry, postEntries } from "../ledger/post-entries.ts";
import { historyStart, type LeaseGeneration } from "./generate-leases.ts";
import { applyAllocationsAfter, bypassTriggers, lastEntryId, openItemsAfter, settleAfter } from "./history-bulk.ts";
import { postYearLateFees, postYearPayments, returnDay, scheduleSql, type YearBatch } from "./history-year.ts";

/**
 * The year of ledger history of the generated leases (issue 27 item 14, decision 033), posted in one
 * pass per kind as the rules would have posted it month by month: the deposits; the charge run's own
 * statement for the year's rent and pet rent (keys "charge:<recurring charge>:<month>", so a later
 * charge run posts nothing again); the late fees, decided once by the run's rule from the tenants'
 * paying days; the payments as the tenant ledger records them (entry, payment row, allocations to
 * the charges they pay). Most tenants pay in the first days of the month; about one in eight months
 * a tenant pays late (after the fee, which the payment covers); a few tenants are behind for the
 * last two months. The charges, fees and payments are one transaction, with the triggers off for a
 * fresh organization where the session may (history-bulk.ts). Then one check comes back unpaid (NSF,
 * through the tenant ledger's own return), and each tenant who moved out is settled as the lease
 * lifecycle's move-out settles it.
 */

/** Recurring charges per charge-run statement (each posts the year's months of its charges). */
const CHARGES_PER_STATEMENT = 10_000;
const CLEANING_CENTS = 25_000;
const CLEANING_MEMO = "Cleaning and repairs after move-out";

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export async function generateLeaseHistory(
  db: Database,
  g: LeaseGeneration,
  log?: (m: string) => void,
  options: { withTriggers?: boolean } = {},
) {
  const org = g.orgId;
  const account = await asSystem(db, async (tx) => {
    const found = new Map(
      rowsOf<{ role: string; id: number }>(
        await tx.execute(sql`select role, id from ledger_accounts where organization_id = ${org} and role is not null`),
      ).map((a) => [a.role, Number(a.id)]),
    );
    return (role: string) => {
      const id = found.get(role);
      if (id === undefined) throw new Error(`the organization has no ${role} account`);
      return id;
    };
  });
  const step = timer(log);
  await postDeposits(db, g, account);
  step("deposits");
  const first = historyStart(g.today);
  const returned = await chooseReturnedCheck(db, g, first);
  const batch = (after: string, through: string): YearBatch => ({
    orgId: org,
    adminUserId: g.adminUserId,
    today: g.today,
    first,
    after,
    through,
    receivables: account("accounts_receivable"),
    lateFees: account("late_fee_income"),
    undeposited: account("undeposited_funds"),
    returned: returned && { leaseId: returned.leaseId, on: returned.returnedOn },
  });
  // The year's charges, late fees and payments in one transaction: all of it or none.
  await asSystem(db, async (tx) => {
    await tx.execute(BULK_SETTINGS);
    const start = await lastEntryId(tx, org);
    const bulk = !options.withTriggers && (await bypassTriggers(tx, org));
    // The year's rent and pet rent: the charge run through today posts every month due of each charge.
    await chargeRun(tx, org, g.today, account);
    if (bulk) await openItemsAfter(tx, org, start, account("accounts_receivable"));
    await analyzeLedger(tx);
    step(`charges${bulk ? " (triggers off)" : ""}`);
    const bounds = await leaseBounds(tx, org);
    for (let i = 1; i < bounds.length; i++) {
      const b = batch(bounds[i - 1] as string, bounds[i] as string);
      await tx.execute(scheduleSql(b, sql`b.id > ${b.after}::uuid and b.id <= ${b.through}::uuid`));
      const beforeFees = bulk ? await lastEntryId(tx, org) : 0;
      await postYearLateFees(tx, b);
      if (bulk) await openItemsAfter(tx, org, beforeFees, account("accounts_receivable"));
      const beforePayments = bulk ? await lastEntryId(tx, org) : 0;
      await postYearPayments(
        tx,
        b,
        returned
          ? sql`not (p.lease_id = ${returned.leaseId}::uuid and p.paid_on > ${returned.returnedOn}::date)`
          : sql`true`,
      );
      if (bulk) await applyAllocationsAfter(tx, org, beforePayments);
      await tx.execute(sql`drop table demo_pay, demo_item, demo_fee`);
      if (i === 1) await analyzeLedger(tx);
    }
    step(`late fees and payments (${bounds.length - 1} batches)`);
    if (bulk) {
      await settleAfter(tx, org, start);
      await tx.execute(sql`set local session_replication_role = origin`);
      step("open items, periods and balances");
    }
  });
  if (returned) {
    await withOrg(db, { orgId: org }, async (tx: Tx) => {
      const [p] = rowsOf<{ id: string }>(
        await tx.execute(sql`select id from lease_payments where organization_id = ${org} and lease_id = ${returned.leaseId}
          and received_on = ${returned.receivedOn}::date`),
      );
      if (p) await returnPayment(tx, { orgId: org, userId: g.adminUserId }, p.id, { returned_on: returned.returnedOn });
    });
    // The tenant's next payments make it good: each pays all that is open on its day.
    const b = batch(ZERO_UUID, returned.leaseId);
    await asSystem(db, async (tx) => {
      await tx.execute(scheduleSql(b, sql`b.id = ${returned.leaseId}::uuid`));
      await tx.execute(sql`create index on demo_pay (lease_id, paid_on)`);
      await postYearPayments(tx, b, sql`p.paid_on > ${returned.returnedOn}::date`);
    });
  }
  await analyzeLedger(db);
  await settleMoveOuts(db, g, account);
  step("returned check and move-outs");
}

/** No JIT for these big one-off statements; memory enough to sort a batch's keys without spilling to disk. */
const BULK_SETTINGS = sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`;
const ZERO_UUID = "00000000-0000-0000-0000-000000000000";
/** Leases per round of late fees and payments (a statement each): a year of them is about 26 rows a lease. */
const LEASES_PER_BATCH = 20_000;

function timer(log?: (m: string) => void) {
  let at = Date.now();
  return (what: string) => {
    const now = Date.now();
    log?.(`  ledger history: ${what} in ${((now - at) / 1000).toFixed(1)} s`);
    at = now;
  };
}

/** Lease ids bounding batches of LEASES_PER_BATCH leases: (bounds[i-1], bounds[i]]. */
async function leaseBounds(tx: Tx, orgId: string): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`select id::text as id from (
        select id, row_number() over (order by id) as n, count(*) over () as total from leases
        where organization_id = ${orgId} and status in ('active', 'notice', 'ended')
      ) l where n % ${LEASES_PER_BATCH} = 0 or n = total order by id`),
  );
  return [ZERO_UUID, ...rows.map((r) => r.id)];
}

/**
 * The check that comes back: the first active lease's (by number) paid by check in the first days of
 * the month two months ago. Chosen from the paying days before anything is paid, so the late fees
 * after it can count it.
 */
async function chooseReturnedCheck(db: Database, g: LeaseGeneration, first: string) {
  const month = addMonths(monthStart(g.today), -2);
  if (month < first) return null;
  const [row] = await asSystem(db, async (tx) => {
    await tx.execute(scheduleSql({ orgId: g.orgId, today: g.today, first }, sql`b.status = 'active'`));
    return rowsOf<{ lease_id: string; paid_on: string }>(
      await tx.execute(sql`select lease_id, paid_on::text as paid_on from demo_pay
        where month = ${month}::date and phase = 'on_time' and h % 4 = 0 and paid_on <= ${addDays(month, 5)}::date
        order by lease_no limit 1`),
    );
  });
  if (!row) return null;
  return { leaseId: row.lease_id, receivedOn: row.paid_on, returnedOn: returnDay(row.paid_on, g.today) };
}

const analyzeLedger = (db: Database | Tx) =>
  db.execute(
    sql`analyze journal_entries, journal_lines, lease_charges, lease_payments, lease_allocations, lease_balances,
      lease_month_balances`,
  );

/** The charge run's statements through a day, batch after batch, as its job runs them. */
async function chargeRun(tx: Tx, orgId: string, through: string, account: (role: string) => number) {
  let cursor: string | null = null;
  for (;;) {
    const step = await postCharges(tx, {
      orgId,
      through,
      cursor,
      size: CHARGES_PER_STATEMENT,
      receivables: account("accounts_receivable"),
    });
    if (step.considered < CHARGES_PER_STATEMENT || !step.cursor) return;
    cursor = step.cursor;
  }
}

/**
 * Security deposits and pet deposits. A tenant who moved in during the year shown owes them at
 * move-in (move-in's own keys and lines: D receivables, C deposits held), paid with the first month;
 * one who moved in before it paid them then: D undeposited funds, C deposits held, on the move-in day.
 */
async function postDeposits(db: Database, g: LeaseGeneration, account: (role: string) => number) {
  const first = historyStart(g.today);
  await asSystem(db, (tx) =>
    tx.execute(sql`
      with src as (
        select l.id as lease_id, l.property_id, l.start_date as posted_on, r.unit_id, r.tenant_id,
          x.what, x.memo, x.cents, x.held,
          case when l.start_date >= ${first}::date then ${account("accounts_receivable")}::int
            else ${account("undeposited_funds")}::int end as debit
        from leases l
        join recurring_charges r on r.organization_id = l.organization_id and r.lease_id = l.id and r.kind = 'rent'
        cross join lateral (
          select 'deposit' as what, 'Security deposit' as memo, l.deposit_cents as cents,
            ${account("security_deposits_held")}::int as held
          union all
          select 'pet_deposit:' || p.id, 'Pet deposit, ' || coalesce(p.name, p.kind), p.pet_deposit_cents,
            ${account("other_deposits_held")}::int
          from lease_pets p where p.organization_id = l.organization_id and p.lease_id = l.id and p.pet_deposit_cents > 0
        ) x
        where l.organization_id = ${g.orgId} and l.status in ('active', 'notice', 'ended') and x.cents > 0
      ),
      keyed as (select src.*, 'move_in:' || lease_id || ':' || what as k from src),
      entry as (
        insert into journal_entries (organization_id, posted_on, memo, source, idempotency_key, property_id, created_by)
        select ${g.orgId}, posted_on, memo, 'move_in', k, property_id, ${g.adminUserId} from keyed
        on conflict (organization_id, idempotency_key) do nothing
        returning id, idempotency_key
      )
      insert into journal_lines (organization_id, entry_id, line_no, account_id, amount_cents, posted_on, property_id,
        unit_id, lease_id, tenant_id)
      select ${g.orgId}, entry.id, x.n, x.account_id, x.cents, keyed.posted_on, keyed.property_id, keyed.unit_id,
        keyed.lease_id, keyed.tenant_id
      from entry join keyed on keyed.k = entry.idempotency_key
      cross join lateral (values (1::smallint, keyed.debit, keyed.cents), (2::smallint, keyed.held, -keyed.cents))
        x(n, account_id, cents)`),
  );
}

/**
 * Tenants who moved out, as the lease lifecycle's move-out posts it (its source and keys, decision
 * 032): a cleaning charge on the move-out day (`move_out:<lease>:charge:1`), then the deposits held
 * (security, then pet) pay what the lease owes (`:deposit_applied`, D deposits held, C receivables:
 * the ledger's trigger pays the oldest open charges) and the rest is refunded (`:deposit_refund`, D
 * deposits held, C operating cash), each step one statement for all of them; and the deposit
 * statement it records (lease_move_outs). The leases were made ended, so the lifecycle's own
 * function (which moves an active lease out) is not called.
 */
async function settleMoveOuts(db: Database, g: LeaseGeneration, account: (role: string) => number) {
  await asSystem(db, async (tx) => {
    const movers = rowsOf<{
      id: string;
      lease_no: number;
      property_id: string;
      unit_id: number;
      tenant_id: string;
      moved_out_on: string;
      state_code: string | null;
      balance: string;
      security: string;
      other: string;
    }>(
      await tx.execute(sql`select l.id, l.lease_no, l.property_id, r.unit_id, r.tenant_id, l.moved_out_on::text as moved_out_on,
          nullif(trim(s.state_code), '') as state_code, coalesce(b.balance_cents, 0)::text as balance,
          (select -coalesce(sum(jl.amount_cents), 0) from journal_lines jl where jl.organization_id = l.organization_id
            and jl.lease_id = l.id and jl.account_id = ${account("security_deposits_held")})::text as security,
          (select -coalesce(sum(jl.amount_cents), 0) from journal_lines jl where jl.organization_id = l.organization_id
            and jl.lease_id = l.id and jl.account_id = ${account("other_deposits_held")})::text as other
        from leases l
        join recurring_charges r on r.organization_id = l.organization_id and r.lease_id = l.id and r.kind = 'rent'
        join properties p on p.organization_id = l.organization_id and p.id = l.property_id
        left join addresses a on a.organization_id = p.organization_id and a.id = p.address_id
        left join us_states s on s.id = a.state_id
        left join lease_balances b on b.organization_id = l.organization_id and b.lease_id = l.id
        where l.organization_id = ${g.orgId} and l.status = 'ended' and l.moved_out_on is not null
        order by l.lease_no`),
    );
    const settled = movers.map((m) => {
      const ref = { propertyId: m.property_id, unitId: Number(m.unit_id), leaseId: m.id, tenantId: m.tenant_id };
      const line = (accountId: number, amountCents: number) => ({ ...ref, accountId, amountCents });
      const entry = (what: string, memo: string, lines: NewEntry["lines"]): NewEntry => ({
        idempotencyKey: moveOutKey(m.id, what),
        postedOn: m.moved_out_on,
        memo,
        source: "move_out",
        createdBy: g.adminUserId,
        lines,
      });
      const owed = Number(m.balance) + CLEANING_CENTS;
      const held = [
        { accountId: account("security_deposits_held"), cents: Number(m.security) },
        { accountId: account("other_deposits_held"), cents: Number(m.other) },
      ].filter((d) => d.cents > 0);
      const heldCents = held.reduce((t, d) => t + d.cents, 0);
      let toApply = Math.min(heldCents, Math.max(owed, 0));
      const split = held.map((d) => {
        const take = Math.min(d.cents, toApply);
        toApply -= take;
        return { ...d, applied: take, refund: d.cents - take };
      });
      const applied = split.reduce((t, d) => t + d.applied, 0);
      const later: NewEntry[] = [];
      if (applied > 0)
        later.push(
          entry("deposit_applied", "Security deposit applied to the balance", [
            ...split.filter((d) => d.applied > 0).map((d) => line(d.accountId, d.applied)),
            line(account("accounts_receivable"), -applied),
          ]),
        );
      if (heldCents - applied > 0)
        later.push(
          entry("deposit_refund", "Security deposit refunded", [
            ...split.filter((d) => d.refund > 0).map((d) => line(d.accountId, d.refund)),
            line(account("operating_cash"), -(heldCents - applied)),
          ]),
        );
      const days = depositStatementDays(m.state_code);
      return {
        m,
        cleaning: entry("charge:1", CLEANING_MEMO, [
          line(account("accounts_receivable"), CLEANING_CENTS),
          line(account("other_income"), -CLEANING_CENTS),
        ]),
        later,
        statement: {
          lease_id: m.id,
          property_id: m.property_id,
          moved_out_on: m.moved_out_on,
          forwarding_address: `${100 + (Number(m.lease_no) % 900)} Forwarding Lane`,
          deposit_held_cents: heldCents,
          prior_balance_cents: Number(m.balance),
          applied_cents: applied,
          refund_cents: heldCents - applied,
          balance_left_cents: Math.max(owed - applied, 0),
          state_code: m.state_code,
          statement_days: days,
          statement_due_on: addDays(m.moved_out_on, days),
        },
      };
    });
    // The charges first, then what the deposits pay in a statement of their own, so the trigger sees the charges open.
    await postEntries(
      tx,
      g.orgId,
      settled.map((s) => s.cleaning),
    );
    await postEntries(
      tx,
      g.orgId,
      settled.flatMap((s) => s.later),
    );
    if (settled.length === 0) return;
    await tx.execute(sql`
      insert into lease_move_outs (organization_id, lease_id, property_id, moved_out_on, forwarding_address,
        deposit_held_cents, prior_balance_cents, final_charges, applied_cents, refund_cents, balance_left_cents, state_code,
        statement_days, statement_due_on, created_by, last_modified_by)
      select ${g.orgId}, s.lease_id, s.property_id, s.moved_out_on, s.forwarding_address, s.deposit_held_cents,
        s.prior_balance_cents,
        jsonb_build_array(jsonb_build_object('description', ${CLEANING_MEMO}::text, 'amount_cents', ${CLEANING_CENTS}::bigint,
          'entry_id', e.id)),
        s.applied_cents, s.refund_cents, s.balance_left_cents, s.state_code, s.statement_days, s.statement_due_on,
        ${g.adminUserId}, ${g.adminUserId}
      from jsonb_to_recordset(${JSON.stringify(settled.map((s) => s.statement))}::jsonb) as s(lease_id uuid, property_id uuid,
        moved_out_on date, forwarding_address text, deposit_held_cents bigint, prior_balance_cents bigint, applied_cents bigint,
        refund_cents bigint, balance_left_cents bigint, state_code text, statement_days smallint, statement_due_on date)
      left join journal_entries e on e.organization_id = ${g.orgId} and e.idempotency_key = 'move_out:' || s.lease_id || ':charge:1'
      on conflict (organization_id, lease_id) do nothing`);
    await tx.execute(sql`update leases l set deposit_statement_due_on = m.statement_due_on
      from lease_move_outs m where m.organization_id = l.organization_id and m.lease_id = l.id
        and l.organization_id = ${g.orgId} and l.deposit_statement_due_on is null`);
  });
}
