import { addDays, addMonths, monthEnd, monthStart } from "@keyholder/contracts/civil-date";
import { sql } from "drizzle-orm";
import { asSystem, type Database, type Tx, withOrg } from "../../db/client.ts";
import { postCharges } from "../charge-runs/post-charges.ts";
import { postLateFees } from "../charge-runs/post-late-fees.ts";
import { returnPayment } from "../lease-ledger/return-payment.ts";
import { historyStart, type LeaseGeneration } from "./generate-leases.ts";

/**
 * The year of ledger history of the generated leases (issue 27 item 14), month by month as it would
 * have happened: the charge run's own statements post each month's rent and pet rent (keys
 * "charge:<recurring charge>:<month>", so a later charge run posts nothing again) and, after the
 * grace days, its late fees; payments are recorded as the tenant ledger records them (entry,
 * payment row, allocations to the charges they pay). Most tenants pay in the first days of the
 * month; about one in eight months a tenant pays late (after the fee, which the payment covers); a
 * few tenants are behind for the last two months. One check comes back unpaid (NSF, through the
 * tenant ledger's own return), and each tenant who moved out has a cleaning charge and their deposit
 * applied to what they owed, the rest refunded.
 */

/** Leases per payment statement, recurring charges per charge-run statement (the run's own batch on PostgreSQL). */
const LEASES_PER_STATEMENT = 5_000;
const CHARGES_PER_STATEMENT = 5_000;
/** In a hundred, by a hash of the lease and month: a late payment; by the lease: behind at the end. */
const LATE_IN_100 = 12;
const BEHIND_IN_100 = 2;
const CLEANING_CENTS = 25_000;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const earliest = (a: string, b: string) => (a < b ? a : b);

export async function generateLeaseHistory(db: Database, g: LeaseGeneration, log?: (m: string) => void) {
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
  await postDeposits(db, g, account);
  await analyzeLedger(db);
  let months = 0;
  const first = historyStart(g.today);
  const nsfMonth = addMonths(monthStart(g.today), -2);
  for (let m = first; m <= g.today; m = addMonths(m, 1)) {
    const started = Date.now();
    const through = earliest(monthEnd(m), g.today);
    await chargeRun(db, org, through, "charges", account);
    await payments(db, g, m, "on_time", account);
    await chargeRun(db, org, through, "late_fees", account);
    await payments(db, g, m, "late", account);
    if (m === nsfMonth) await returnOneCheck(db, g, m);
    // Fresh statistics while the ledger grows (after months 1, 2, 4 and 8): the next month's
    // statements join what the last ones posted, and on empty-table estimates the first month's late
    // fees took three times as long.
    if ([1, 2, 4, 8].includes(++months)) await analyzeLedger(db);
    log?.(`  ledger history: ${m.slice(0, 7)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  await settleMoveOuts(db, g, account);
}

const analyzeLedger = (db: Database) =>
  db.execute(
    sql`analyze journal_entries, journal_lines, lease_charges, lease_payments, lease_allocations, lease_balances`,
  );

/** The charge run's statements for one phase through a day, batch after batch, as its job runs them. */
async function chargeRun(
  db: Database,
  orgId: string,
  through: string,
  phase: "charges" | "late_fees",
  account: (role: string) => number,
) {
  let cursor: string | null = null;
  for (;;) {
    const step = await asSystem(db, async (tx) => {
      await tx.execute(sql`select set_config('jit', 'off', true)`);
      const q = {
        orgId,
        through,
        cursor,
        size: CHARGES_PER_STATEMENT,
        receivables: account("accounts_receivable"),
        lateFees: account("late_fee_income"),
      };
      return phase === "charges" ? postCharges(tx, q) : postLateFees(tx, q);
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
 * One phase of a month's payments, lease batch after lease batch: each paying tenant pays everything
 * open on their lease on the day they pay (a lease's charges, deposits, a late fee), by check, ACH or
 * card, recorded as POST /leases/{id}/payments records it. On time: on one of the first five days
 * (a tenant who moved in that month: on the move-in day). Late: between the 9th and the 20th, after
 * the late fee. A tenant behind pays nothing in the last two months; one who moved out nothing in
 * their last month (their deposit pays it).
 */
async function payments(
  db: Database,
  g: LeaseGeneration,
  month: string,
  phase: "on_time" | "late",
  account: (role: string) => number,
) {
  const lastTwo = addMonths(monthStart(g.today), -1);
  let cursor = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const last = await asSystem(db, async (tx) => {
      const [row] = rowsOf<{ last: string | null }>(
        await tx.execute(sql`
          with batch as (
            select l.id, l.property_id, l.status, l.start_date, l.moved_out_on
            from leases l
            where l.organization_id = ${g.orgId} and l.id > ${cursor}::uuid and l.status in ('active', 'notice', 'ended')
            order by l.id limit ${LEASES_PER_STATEMENT}
          ),
          payer as (
            select b.id as lease_id, b.property_id, r.unit_id, r.tenant_id,
              abs(hashtext(b.id::text || ':' || ${month})) % 100 as h,
              greatest(${month}::date + ${phase === "late" ? sql`8 + abs(hashtext(b.id::text || ${month})) % 12` : sql`abs(hashtext(b.id::text || ${month})) % 5`},
                b.start_date + ${phase === "late" ? 8 : 0}::int) as paid_on
            from batch b
            join recurring_charges r on r.organization_id = ${g.orgId} and r.lease_id = b.id and r.kind = 'rent'
            where b.start_date <= ${monthEnd(month)}::date
              and not (abs(hashtext(b.id::text)) % 100 < ${BEHIND_IN_100} and ${month}::date >= ${lastTwo}::date)
              and not (b.status = 'ended' and ${month}::date >= date_trunc('month', b.moved_out_on)::date)
          ),
          chosen as (
            select * from payer
            where ${phase === "late" ? sql`h < ${LATE_IN_100}` : sql`h >= ${LATE_IN_100}`}
              and paid_on <= ${g.today}::date and paid_on <= ${monthEnd(month)}::date
          ),
          due as (
            select c.lease_id, sum(c.open_cents) as cents
            from lease_charges c join chosen on chosen.lease_id = c.lease_id
            where c.organization_id = ${g.orgId} and c.open_cents > 0 and c.posted_on <= chosen.paid_on
            group by c.lease_id
          ),
          src as (
            select chosen.*, due.cents, (array['check', 'ach', 'ach', 'card'])[1 + h % 4] as method,
              'payment:' || chosen.lease_id || ':demo-' || ${month} || '-' || ${phase} as k
            from chosen join due on due.lease_id = chosen.lease_id
          ),
          entry as (
            insert into journal_entries (organization_id, posted_on, memo, source, idempotency_key, property_id, created_by)
            select ${g.orgId}, paid_on,
              'Payment, ' || case method when 'ach' then 'ACH' when 'check' then 'check ' || (1000 + h * 37) else method end,
              'payment', k, property_id, ${g.adminUserId}
            from src
            on conflict (organization_id, idempotency_key) do nothing
            returning id, idempotency_key
          ),
          line as (
            insert into journal_lines (organization_id, entry_id, line_no, account_id, amount_cents, posted_on, property_id,
              unit_id, lease_id, tenant_id)
            select ${g.orgId}, entry.id, x.n, x.account_id, x.cents, src.paid_on, src.property_id, src.unit_id, src.lease_id,
              src.tenant_id
            from entry join src on src.k = entry.idempotency_key
            cross join lateral (values (1::smallint, ${account("undeposited_funds")}::int, src.cents),
              (2::smallint, ${account("accounts_receivable")}::int, -src.cents)) x(n, account_id, cents)
            returning 1
          ),
          paid as (
            insert into lease_payments (organization_id, lease_id, property_id, entry_id, method, reference, received_on,
              amount_cents, created_by)
            select ${g.orgId}, src.lease_id, src.property_id, entry.id, src.method,
              case when src.method = 'check' then (1000 + src.h * 37)::text end, src.paid_on, src.cents, ${g.adminUserId}
            from entry join src on src.k = entry.idempotency_key
            returning 1
          )
          select (select max(id::text) from batch) as last`),
      );
      // What each payment paid: every charge open on its lease on its day, in full.
      await tx.execute(sql`
        insert into lease_allocations (organization_id, lease_id, property_id, entry_id, source_entry_id, charge_entry_id,
          charge_line_no, amount_cents)
        select ${g.orgId}, c.lease_id, c.property_id, e.id, e.id, c.entry_id, c.line_no, c.open_cents
        from lease_payments p
        join journal_entries e on e.organization_id = p.organization_id and e.id = p.entry_id
          and e.idempotency_key = 'payment:' || p.lease_id || ':demo-' || ${month} || '-' || ${phase}
        join lease_charges c on c.organization_id = p.organization_id and c.lease_id = p.lease_id
          and c.open_cents > 0 and c.posted_on <= p.received_on
        where p.organization_id = ${g.orgId} and p.lease_id > ${cursor}::uuid and p.lease_id <= ${row?.last ?? cursor}::uuid
          and p.received_on between ${month}::date and ${monthEnd(month)}::date
          and not exists (select 1 from lease_allocations a where a.organization_id = e.organization_id and a.source_entry_id = e.id)`);
      return row?.last ?? null;
    });
    if (!last) return;
    cursor = last;
  }
}

/** One check comes back unpaid (NSF): returned through the tenant ledger, with its fee; the next month's payment makes it good. */
async function returnOneCheck(db: Database, g: LeaseGeneration, month: string) {
  const [check] = await asSystem(db, async (tx) =>
    rowsOf<{ id: string; received_on: string }>(
      await tx.execute(sql`select p.id, p.received_on::text as received_on from lease_payments p
        join leases l on l.organization_id = p.organization_id and l.id = p.lease_id and l.status = 'active'
        where p.organization_id = ${g.orgId} and p.method = 'check' and p.returned_on is null
          and p.received_on between ${month}::date and ${addDays(month, 5)}::date
        order by l.lease_no limit 1`),
    ),
  );
  if (!check) return;
  const returnedOn = earliest(addDays(check.received_on, 6), g.today);
  await withOrg(db, { orgId: g.orgId }, (tx: Tx) =>
    returnPayment(tx, { orgId: g.orgId, userId: g.adminUserId }, check.id, { returned_on: returnedOn }),
  );
}

/**
 * Tenants who moved out: a cleaning charge on the move-out day, then, ten days later, their deposit
 * applied to what they owe (D security deposits held, C receivables: the ledger's trigger pays their
 * open charges oldest first) and the rest refunded (D security deposits held, C operating cash).
 * TODO(move-out, issue 27 item 13): posted as manual entries; when the lifecycle module's move-out
 * lands, these should use its entry source, keys and deposit statement.
 */
async function settleMoveOuts(db: Database, g: LeaseGeneration, account: (role: string) => number) {
  const movers = await asSystem(db, async (tx) =>
    rowsOf<{
      id: string;
      property_id: string;
      unit_id: number;
      tenant_id: string;
      moved_out_on: string;
      deposit: number;
    }>(
      await tx.execute(sql`select l.id, l.property_id, r.unit_id, r.tenant_id, l.moved_out_on::text as moved_out_on,
          l.deposit_cents as deposit
        from leases l join recurring_charges r on r.organization_id = l.organization_id and r.lease_id = l.id and r.kind = 'rent'
        where l.organization_id = ${g.orgId} and l.status = 'ended' and l.moved_out_on is not null
        order by l.lease_no`),
    ),
  );
  for (const m of movers) {
    await asSystem(db, async (tx) => {
      const dims = sql`${m.property_id}::uuid, ${m.unit_id}::bigint, ${m.id}::uuid, ${m.tenant_id}::uuid`;
      // An entry is posted with its lines in one statement (the ledger checks it at the statement's end).
      const post = async (key: string, source: string, on: string, memo: string, lines: [number, number][]) => {
        const values = lines.map(
          ([accountId, cents], i) => sql`(${i + 1}::smallint, ${accountId}::int, ${cents}::bigint)`,
        );
        await tx.execute(sql`
          with entry as (
            insert into journal_entries (organization_id, posted_on, memo, source, idempotency_key, property_id, created_by)
            values (${g.orgId}, ${on}::date, ${memo}, ${source}, ${key}, ${m.property_id}, ${g.adminUserId})
            on conflict (organization_id, idempotency_key) do nothing returning id
          )
          insert into journal_lines (organization_id, entry_id, line_no, account_id, amount_cents, posted_on, property_id,
            unit_id, lease_id, tenant_id)
          select ${g.orgId}, entry.id, x.n, x.account_id, x.cents, ${on}::date, ${dims}
          from entry cross join (values ${sql.join(values, sql`, `)}) x(n, account_id, cents)`);
      };
      await post(
        `lease_charge:${m.id}:demo-cleaning`,
        "charge",
        m.moved_out_on,
        "Cleaning and repairs after move-out",
        [
          [account("accounts_receivable"), CLEANING_CENTS],
          [account("other_income"), -CLEANING_CENTS],
        ],
      );
      const [owed] = rowsOf<{ cents: number }>(
        await tx.execute(sql`select balance_cents as cents from lease_balances
          where organization_id = ${g.orgId} and lease_id = ${m.id}`),
      );
      const deposit = Number(m.deposit);
      const applied = Math.max(0, Math.min(deposit, Number(owed?.cents ?? 0)));
      const settled = addDays(m.moved_out_on, 10);
      if (applied > 0)
        await post(`move_out:${m.id}:deposit_applied`, "manual", settled, "Security deposit applied to the balance", [
          [account("security_deposits_held"), applied],
          [account("accounts_receivable"), -applied],
        ]);
      if (deposit - applied > 0)
        await post(`move_out:${m.id}:deposit_refund`, "manual", settled, "Security deposit refunded", [
          [account("security_deposits_held"), deposit - applied],
          [account("operating_cash"), -(deposit - applied)],
        ]);
    });
  }
}
