import { addDays, addMonths, monthStart } from "@keyholder/contracts/civil-date";
import { sql } from "drizzle-orm";
import { asSystem, type Database, type Tx, withOrg } from "../../db/client.ts";
import { postCharges } from "../charge-runs/post-charges.ts";
import { returnPayment } from "../lease-ledger/return-payment.ts";
import { historyStart, type LeaseGeneration } from "./generate-leases.ts";
import { postYearLateFees, postYearPayments, returnDay, scheduleSql, type YearBatch } from "./history-year.ts";

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

/** Recurring charges per charge-run statement (each posts the year's months of its charges). */
const CHARGES_PER_STATEMENT = 10_000;
const CLEANING_CENTS = 25_000;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

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
  const step = timer(log);
  await postDeposits(db, g, account);
  step("deposits");
  // The year's rent and pet rent: the charge run through today posts every month due of each charge.
  await chargeRun(db, org, g.today, account);
  await analyzeLedger(db);
  step("charges");
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
  const bounds = await leaseBounds(db, org);
  for (let i = 1; i < bounds.length; i++) {
    const b = batch(bounds[i - 1] as string, bounds[i] as string);
    await asSystem(db, async (tx) => {
      await tx.execute(sql`select set_config('jit', 'off', true)`);
      await tx.execute(scheduleSql(b, sql`b.id > ${b.after}::uuid and b.id <= ${b.through}::uuid`));
      await postYearLateFees(tx, b);
      await postYearPayments(
        tx,
        b,
        returned
          ? sql`not (p.lease_id = ${returned.leaseId}::uuid and p.paid_on > ${returned.returnedOn}::date)`
          : sql`true`,
      );
    });
    if (i === 1) await analyzeLedger(db);
  }
  step(`late fees and payments (${bounds.length - 1} batches)`);
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
      await postYearPayments(tx, b, sql`p.paid_on > ${returned.returnedOn}::date`);
    });
  }
  await analyzeLedger(db);
  await settleMoveOuts(db, g, account);
  step("returned check and move-outs");
}

const ZERO_UUID = "00000000-0000-0000-0000-000000000000";
/** Leases per transaction of late fees and payments: a year of each is about 26 rows per lease. */
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
async function leaseBounds(db: Database, orgId: string): Promise<string[]> {
  const rows = await asSystem(db, async (tx) =>
    rowsOf<{ id: string }>(
      await tx.execute(sql`select id::text as id from (
          select id, row_number() over (order by id) as n, count(*) over () as total from leases
          where organization_id = ${orgId} and status in ('active', 'notice', 'ended')
        ) l where n % ${LEASES_PER_BATCH} = 0 or n = total order by id`),
    ),
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

const analyzeLedger = (db: Database) =>
  db.execute(
    sql`analyze journal_entries, journal_lines, lease_charges, lease_payments, lease_allocations, lease_balances`,
  );

/** The charge run's statements through a day, batch after batch, as its job runs them. */
async function chargeRun(db: Database, orgId: string, through: string, account: (role: string) => number) {
  let cursor: string | null = null;
  for (;;) {
    const step = await asSystem(db, async (tx) => {
      await tx.execute(sql`select set_config('jit', 'off', true)`);
      return postCharges(tx, {
        orgId,
        through,
        cursor,
        size: CHARGES_PER_STATEMENT,
        receivables: account("accounts_receivable"),
      });
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
