import { addMonths, monthStart } from "@keyholder/contracts/civil-date";
import { canMoveTo, MAINTENANCE_STATUSES, type MaintenanceStatus } from "@keyholder/contracts/maintenance";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gridValuesDrift, listValuesDrift, requestValuesDrift } from "../../../test/grid-values-drift.ts";
import { createTestDatabase } from "../../../test/test-app.ts";
import { asSystem, type DatabaseHandle } from "../../db/client.ts";
import { postCharges } from "../charge-runs/post-charges.ts";
import { postLateFees } from "../charge-runs/post-late-fees.ts";
import { createApprovedOrganization } from "./create-organization.ts";
import { generateDemoData } from "./generate.ts";
import { REQUESTS_PER_UNIT } from "./generate-maintenance.ts";

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Issue 27 item 14: the demo's tenants and leases, and their year on the ledger. */
describe.each([
  ["the fast path (triggers off)", false],
  ["the triggers on", true],
])("demo leases, history with %s", (_, historyWithTriggers) => {
  let handle: DatabaseHandle;
  let orgId: string;
  let today: string;
  const logged: string[] = [];
  const query = <T>(q: ReturnType<typeof sql>) => asSystem(handle.db, async (tx) => rows<T>(await tx.execute(q)));

  beforeAll(async () => {
    handle = await createTestDatabase();
    const org = await createApprovedOrganization(handle.db, {
      name: "Leased",
      email: "leased@example.com",
      password: "Seed-Pass-123!",
      firstName: "A",
      lastName: "B",
    });
    orgId = org.orgId;
    const started = Date.now();
    const counts = await generateDemoData(handle.db, {
      ...org,
      scale: 400,
      seed: 5,
      leases: true,
      historyWithTriggers,
      log: (m) => logged.push(m),
    });
    console.log(`scale 400 with leases: ${Date.now() - started} ms`, counts);
    today =
      (
        await query<{ d: string }>(
          sql`select ((now() at time zone time_zone)::date)::text as d from organizations where id = ${orgId}`,
        )
      )[0]?.d ?? "";
  }, 120_000);
  afterAll(() => handle.close());

  it("makes maintenance requests in every status, each with a history along the transition table", async () => {
    const [c] = await query<{ requests: number; units: number; last_no: number; counted: number }>(sql`
      select (select count(*)::int from maintenance_requests where organization_id = ${orgId}) as requests,
        (select count(*)::int from units where organization_id = ${orgId}) as units,
        (select last_no::int from maintenance_request_numbers where organization_id = ${orgId}) as last_no,
        (select row_count::int from organization_row_counts where organization_id = ${orgId}
          and table_name = 'maintenance_requests') as counted`);
    expect(c?.requests).toBe((c?.units ?? 0) * REQUESTS_PER_UNIT);
    expect(c?.last_no).toBe(c?.requests);
    expect(c?.counted).toBe(c?.requests);
    const statuses = await query<{ status: string }>(
      sql`select distinct status from maintenance_requests where organization_id = ${orgId} order by 1`,
    );
    expect(statuses.map((s) => s.status).sort()).toEqual([...MAINTENANCE_STATUSES].sort());
    // Each history starts at New, follows the table (an assignment may take New to Assigned or
    // Scheduled), and ends in the request's status; work in hand has someone doing it.
    const events = await query<{ request_id: string; from_status: string | null; to_status: string; status: string }>(
      sql`select e.request_id, e.from_status, e.to_status, r.status from maintenance_request_events e
        join maintenance_requests r on r.organization_id = e.organization_id and r.id = e.request_id
        where e.organization_id = ${orgId} order by e.request_id, e.id`,
    );
    const last = new Map<string, { to: string; status: string }>();
    const wrong: string[] = [];
    for (const e of events) {
      const from = e.from_status as MaintenanceStatus | null;
      const to = e.to_status as MaintenanceStatus;
      const assignment = from === "new" && (to === "assigned" || to === "scheduled");
      if (from === null ? to !== "new" : !canMoveTo(from, to) && !assignment) wrong.push(`${from} -> ${to}`);
      last.set(e.request_id, { to, status: e.status });
    }
    expect(wrong).toEqual([]);
    expect(last.size).toBe(c?.requests);
    expect([...last.values()].filter((l) => l.to !== l.status)).toEqual([]);
    const [unmanned] = await query<{ n: number }>(sql`select count(*)::int as n from maintenance_requests
      where organization_id = ${orgId} and status in ('assigned', 'scheduled', 'in_progress', 'completed')
        and assigned_user_id is null`);
    expect(unmanned?.n).toBe(0);
    // A resident's report names a party of the lease on the unit.
    const [strays] = await query<{ n: number }>(sql`select count(*)::int as n from maintenance_requests r
      where r.organization_id = ${orgId} and r.tenant_id is not null and not exists (select 1 from lease_parties lp
        where lp.organization_id = r.organization_id and lp.lease_id = r.lease_id and lp.tenant_id = r.tenant_id)`);
    expect(strays?.n).toBe(0);
    // What the resident said comes with it: every report from a resident has a description.
    const [unsaid] = await query<{ n: number }>(sql`select count(*)::int as n from maintenance_requests
      where organization_id = ${orgId} and channel = 'resident_portal' and coalesce(description, '') = ''`);
    expect(unsaid?.n).toBe(0);
  });

  it("leases every occupied unit, and occupancy and the counters follow the leases", async () => {
    const [u] = await query<{ occupied: number; leased: number; mismatched: number }>(sql`
      select count(*) filter (where u.occupied)::int as occupied,
        count(*) filter (where x.held)::int as leased,
        count(*) filter (where u.occupied is distinct from coalesce(x.held, false))::int as mismatched
      from units u
      left join lateral (select true as held from lease_units lu join leases l on l.organization_id = lu.organization_id and l.id = lu.lease_id
        where lu.organization_id = u.organization_id and lu.unit_id = u.unit_id and lu.holds and l.status in ('active', 'notice')
          and lu.starts_on <= ${today}::date and (lu.ends_on is null or lu.ends_on >= ${today}::date) limit 1) x on true
      where u.organization_id = ${orgId}`);
    expect(u?.occupied).toBeGreaterThan(300);
    expect(u).toMatchObject({ mismatched: 0, leased: u?.occupied });
    const counters = await query<{ id: string }>(sql`
      select b.id::text from buildings b where b.organization_id = ${orgId}
        and b.occupied_units <> (select count(*) from units u where u.organization_id = b.organization_id and u.building_id = b.id and u.occupied)
      union all
      select p.id::text from properties p where p.organization_id = ${orgId}
        and p.occupied_units <> (select count(*) from units u where u.organization_id = p.organization_id and u.property_id = p.id and u.occupied)`);
    expect(counters).toEqual([]);
  });

  it("has leases in every state, pets, co-tenants, and tenants whose status follows them", async () => {
    const statuses = await query<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from leases where organization_id = ${orgId} group by 1`,
    );
    const by = Object.fromEntries(statuses.map((s) => [s.status, s.n]));
    expect(by.active).toBeGreaterThan(250);
    expect(by.notice).toBeGreaterThan(3);
    expect(by.pending).toBeGreaterThan(0);
    expect(by.ended).toBeGreaterThan(0);
    const [extra] = await query<{ pets: number; co: number; wrong_status: number; unnamed: number }>(sql`
      select (select count(*)::int from lease_pets where organization_id = ${orgId}) as pets,
        (select count(*)::int from lease_parties where organization_id = ${orgId} and role = 'co_tenant') as co,
        (select count(*)::int from tenants t where t.organization_id = ${orgId} and t.status <> case
          (select l.status from lease_parties p join leases l on l.organization_id = p.organization_id and l.id = p.lease_id
            where p.organization_id = t.organization_id and p.tenant_id = t.id)
          when 'active' then 'current' when 'notice' then 'notice' when 'pending' then 'future' else 'past' end) as wrong_status,
        (select count(*)::int from leases where organization_id = ${orgId} and (tenant_names = '' or unit_names = '' or property_name = '')) as unnamed`);
    expect(extra?.pets).toBeGreaterThan(20);
    expect(extra?.co).toBeGreaterThan(20);
    expect(extra).toMatchObject({ wrong_status: 0, unnamed: 0 });
  });

  it("has a year of rent, on-time and late payments with late fees, one NSF and a settled move-out", async () => {
    const first = addMonths(monthStart(today), -11);
    const [ledger] = await query<{
      months: number;
      late_fees: number;
      payments: number;
      nsf: number;
      nsf_fees: number;
    }>(sql`
      select (select count(distinct date_trunc('month', posted_on))::int from journal_entries
          where organization_id = ${orgId} and source = 'recurring_charge' and posted_on >= ${first}::date) as months,
        (select count(*)::int from journal_entries where organization_id = ${orgId} and source = 'late_fee') as late_fees,
        (select count(*)::int from lease_payments where organization_id = ${orgId}) as payments,
        (select count(*)::int from lease_payments where organization_id = ${orgId} and returned_on is not null) as nsf,
        (select count(*)::int from journal_entries where organization_id = ${orgId} and source = 'nsf_fee') as nsf_fees`);
    expect(ledger).toMatchObject({ months: 12, nsf: 1, nsf_fees: 1 });
    expect(ledger?.late_fees).toBeGreaterThan(100);
    expect(ledger?.payments).toBeGreaterThan(3000);
    // Each tenant who moved out: their deposit all applied or refunded, nothing left owed on it.
    const moved = await query<{ held: string; balance: string }>(sql`
      select (select coalesce(sum(jl.amount_cents), 0) from journal_lines jl
          join ledger_accounts a on a.organization_id = jl.organization_id and a.id = jl.account_id and a.role = 'security_deposits_held'
          where jl.organization_id = l.organization_id and jl.lease_id = l.id)::text as held,
        (select balance_cents from lease_balances b where b.organization_id = l.organization_id and b.lease_id = l.id)::text as balance
      from leases l where l.organization_id = ${orgId} and l.status = 'ended'`);
    expect(moved.length).toBeGreaterThan(0);
    for (const m of moved) expect(Number(m.held)).toBe(0);
    // Posted as the lease lifecycle's move-out posts it, with its deposit statement.
    const [statements] = await query<{ statements: number; settled: number }>(sql`
      select (select count(*)::int from lease_move_outs where organization_id = ${orgId}) as statements,
        (select count(distinct lease_id)::int from journal_lines l join journal_entries e on e.organization_id = l.organization_id
          and e.id = l.entry_id where l.organization_id = ${orgId} and e.source = 'move_out' and e.idempotency_key like '%:deposit_%') as settled`);
    expect(statements).toEqual({ statements: moved.length, settled: moved.length });
  });

  it("keeps the maintained balances and open items equal to the raw lines", async () => {
    const off = await query<{ lease_id: string }>(sql`
      select b.lease_id from lease_balances b where b.organization_id = ${orgId}
        and b.balance_cents <> coalesce((select sum(l.amount_cents) from journal_lines l
          join ledger_accounts a on a.organization_id = l.organization_id and a.id = l.account_id and a.lease_ledger
          where l.organization_id = b.organization_id and l.lease_id = b.lease_id), 0)
        or b.balance_cents <> coalesce((select sum(open_cents) from lease_charges c where c.organization_id = b.organization_id and c.lease_id = b.lease_id), 0)
          - coalesce((select sum(open_cents) from lease_credits c where c.organization_id = b.organization_id and c.lease_id = b.lease_id), 0)
        or (b.security_deposit_cents, b.other_deposits_cents) <> (select
            coalesce(-sum(l.amount_cents) filter (where a.role = 'security_deposits_held'), 0),
            coalesce(-sum(l.amount_cents) filter (where a.role = 'other_deposits_held'), 0)
          from journal_lines l join ledger_accounts a on a.organization_id = l.organization_id and a.id = l.account_id
          where l.organization_id = b.organization_id and l.lease_id = b.lease_id)`);
    expect(off).toEqual([]);
    // The month rows (migration 0080), on either path: each lease's lines by month.
    const monthsOff = await query<{ lease_id: string }>(sql`
      with sums as (
        select l.lease_id, date_trunc('month', l.posted_on)::date as month,
          coalesce(sum(l.amount_cents) filter (where a.lease_ledger), 0) as ledger,
          coalesce(sum(l.amount_cents) filter (where a.role = 'security_deposits_held'), 0) as security,
          coalesce(sum(l.amount_cents) filter (where a.role = 'other_deposits_held'), 0) as other
        from journal_lines l
        join ledger_accounts a on a.organization_id = l.organization_id and a.id = l.account_id
          and (a.lease_ledger or a.role in ('security_deposits_held', 'other_deposits_held'))
        where l.organization_id = ${orgId} and l.lease_id is not null group by 1, 2
      )
      select coalesce(s.lease_id, m.lease_id) as lease_id from sums s
      full join (select * from lease_month_balances where organization_id = ${orgId}) m
        on m.lease_id = s.lease_id and m.month = s.month
      where (s.ledger, s.security, s.other) is distinct from (m.ledger_cents, m.security_deposit_cents, m.other_deposits_cents)`);
    expect(monthsOff).toEqual([]);
    const [trial] = await query<{ total: string }>(
      sql`select coalesce(sum(amount_cents), 0)::text as total from journal_lines where organization_id = ${orgId}`,
    );
    expect(Number(trial?.total)).toBe(0);
    // The day rows and the count of lines (Transactions' total), on either path.
    const days = await query<{ account_id: number; day: string; debit: string; credit: string }>(sql`
      select account_id, posted_on::text as day, sum(greatest(amount_cents, 0))::text as debit,
        sum(greatest(-amount_cents, 0))::text as credit
      from journal_lines where organization_id = ${orgId} group by 1, 2 order by 1, 2`);
    expect(
      await query(sql`select account_id, posted_on::text as day, debit_cents::text as debit, credit_cents::text as credit
        from ledger_account_day_balances where organization_id = ${orgId} order by 1, 2`),
    ).toEqual(days);
    expect(
      await query(sql`select row_count::int as n from organization_row_counts where organization_id = ${orgId}
        and table_name = 'journal_lines'`),
    ).toEqual(await query(sql`select count(*)::int as n from journal_lines where organization_id = ${orgId}`));
    // The cash basis (built whole on the fast path, then kept by the triggers) equals it built again.
    const cashBasis = sql`select property_id, account_id, period_start::text as month, receivable_cents::text as receivable,
        collected_cents::text as collected
      from ledger_property_cash_basis where organization_id = ${orgId} order by 1, 2, 3`;
    const kept = await query(cashBasis);
    expect(kept.length).toBeGreaterThan(0);
    await query(sql`select ledger_property_cash_basis_rebuild(${orgId}::uuid)`);
    expect(await query(cashBasis)).toEqual(kept);
  });

  it("leaves the grids' dictionaries equal to counting the units, leases and tenants (on either path)", async () => {
    expect(await query(gridValuesDrift)).toEqual([]);
    expect(await query(listValuesDrift("leases"))).toEqual([]);
    expect(await query(listValuesDrift("tenants"))).toEqual([]);
    expect(await query(requestValuesDrift)).toEqual([]);
  });

  it("takes the path it is testing", () => {
    expect(logged.some((m) => m.includes("charges (triggers off)"))).toBe(!historyWithTriggers);
  });

  it("charges a late fee exactly when the lease owed at the end of the month's grace days", async () => {
    const wrong = await query<{ k: string; owed: string; fee: boolean }>(sql`
      select d.k, d.owed::text, d.fee from (
        select 'late_fee:' || r.id || ':' || split_part(e.idempotency_key, ':', 3) as k,
          coalesce((select sum(l.amount_cents) from journal_lines l
            join ledger_accounts a on a.organization_id = l.organization_id and a.id = l.account_id and a.lease_ledger
            where l.organization_id = e.organization_id and l.lease_id = r.lease_id
              and l.posted_on < e.posted_on + (r.grace_days + 1)), 0) as owed,
          exists (select 1 from journal_entries f where f.organization_id = e.organization_id
            and f.idempotency_key = 'late_fee:' || r.id || ':' || split_part(e.idempotency_key, ':', 3)) as fee
        from journal_entries e
        join recurring_charges r on r.organization_id = e.organization_id and r.id = split_part(e.idempotency_key, ':', 2)::uuid
        where e.organization_id = ${orgId} and e.source = 'recurring_charge' and r.late_fee_cents + r.late_fee_percent > 0
          and e.posted_on + (r.grace_days + 1) <= ${today}::date
      ) d where (d.owed > 0) <> d.fee`);
    expect(wrong).toEqual([]);
  });

  it("is what the charge run would have posted: a run through today posts nothing more", async () => {
    const accounts = Object.fromEntries(
      (
        await query<{ role: string; id: number }>(
          sql`select role, id from ledger_accounts where organization_id = ${orgId} and role in ('accounts_receivable', 'late_fee_income')`,
        )
      ).map((a) => [a.role, Number(a.id)]),
    );
    const q = {
      orgId,
      through: today,
      cursor: null,
      size: 100_000,
      receivables: Number(accounts.accounts_receivable),
      lateFees: Number(accounts.late_fee_income),
    };
    const charges = await asSystem(handle.db, (tx) => postCharges(tx, q));
    const fees = await asSystem(handle.db, (tx) => postLateFees(tx, q));
    expect(charges.posted).toBe(0);
    expect(fees.posted).toBe(0);
  });

  // Last: it deletes the organization the others read.
  it("deletes with its organization: leases, recurring charges and a ledger that name its units", async () => {
    await asSystem(handle.db, (tx) => tx.execute(sql`delete from organizations where id = ${orgId}`));
    const [left] = await query<{ n: number }>(sql`select
      (select count(*) from journal_lines where organization_id = ${orgId})
      + (select count(*) from leases where organization_id = ${orgId})
      + (select count(*) from recurring_charges where organization_id = ${orgId})
      + (select count(*) from units where organization_id = ${orgId}) as n`);
    expect(Number(left?.n)).toBe(0);
  });
});
