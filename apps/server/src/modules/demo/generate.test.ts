import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { residentLeaseResponseSchema, residentRequestListSchema } from "@keyholder/contracts/resident";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEnv } from "../../../test/test-app.ts";
import { buildApp } from "../../app.ts";
import { asSystem, type DatabaseHandle, withOrg } from "../../db/client.ts";
import { properties, staff } from "../../db/schema/index.ts";
import { localDiskStorage } from "../../lib/storage/local-disk.ts";
import { checkBooks } from "../diagnostics/check-books.ts";
import { createApprovedOrganization } from "./create-organization.ts";
import { DEMO_ORGANIZATION, DEMO_RESIDENT_EMAIL, ensureDemo } from "./ensure-demo.ts";
import { generateDemoData } from "./generate.ts";
import { propertyKinds } from "./portfolio.ts";

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe("demo data generator", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  const makeOrg = (name: string) =>
    createApprovedOrganization(handle.db, {
      name,
      email: `${name}@example.com`,
      password: "Seed-Pass-123!",
      firstName: "A",
      lastName: "B",
    });

  it("is deterministic for a seed and keeps the property totals consistent", async () => {
    const one = await makeOrg("one");
    const two = await makeOrg("two");
    const countsOne = await generateDemoData(handle.db, { ...one, scale: 200, seed: 7 });
    const countsTwo = await generateDemoData(handle.db, { ...two, scale: 200, seed: 7 });
    expect(countsOne).toEqual(countsTwo);
    expect(countsOne.units).toBe(200);
    const names = (orgId: string) =>
      asSystem(handle.db, (tx) =>
        tx
          .select({ name: properties.name })
          .from(properties)
          .where(eq(properties.organizationId, orgId))
          .orderBy(properties.propertySlug),
      );
    expect((await names(one.orgId)).map((p) => p.name)).toEqual((await names(two.orgId)).map((p) => p.name));

    const mismatched = await asSystem(handle.db, (tx) =>
      tx.execute(sql`
        select p.id from properties p
        where p.organization_id = ${one.orgId}
          and p.total_units <> (select count(*) from units u where u.organization_id = p.organization_id and u.property_id = p.id)`),
    );
    expect(rows(mismatched)).toEqual([]);
    // Every building was planned with the units it has, so none says "12 of 13 planned".
    const unplanned = await asSystem(handle.db, (tx) =>
      tx.execute(sql`select id from buildings where organization_id = ${one.orgId} and number_of_units <> total_units`),
    );
    expect(rows(unplanned)).toEqual([]);
    const occupancy = rows<{ occ: number }>(
      await asSystem(handle.db, (tx) =>
        tx.execute(
          sql`select avg(case when occupied then 1.0 else 0 end)::float as occ from units where organization_id = ${one.orgId}`,
        ),
      ),
    )[0]?.occ;
    expect(occupancy).toBeGreaterThan(0.8);
    // A unit's building and floor plan are its property's; every vacant unit says from when it is
    // available, near today, and some occupied ones too (notice given), never long ago.
    const inconsistent = await asSystem(handle.db, (tx) =>
      tx.execute(sql`
        select u.unit_id from units u
        left join buildings b on b.organization_id = u.organization_id and b.id = u.building_id
        left join floor_plans fp on fp.organization_id = u.organization_id and fp.id = u.floor_plan_id
        where u.organization_id = ${one.orgId}
          and (b.property_id is distinct from u.property_id or fp.property_id is distinct from u.property_id)`),
    );
    expect(rows(inconsistent)).toEqual([]);
    const dates = rows<{ occupied: boolean; days: number | null }>(
      await asSystem(handle.db, (tx) =>
        tx.execute(
          sql`select occupied, date_available - (now() at time zone 'UTC')::date as days from units where organization_id = ${one.orgId}`,
        ),
      ),
    );
    expect(dates.filter((d) => !d.occupied).every((d) => d.days !== null && d.days >= -42 && d.days <= 30)).toBe(true);
    expect(dates.some((d) => d.occupied && d.days !== null && d.days >= 14)).toBe(true);
    expect(dates.filter((d) => d.occupied).every((d) => d.days === null || d.days >= 14)).toBe(true);
  });

  it("makes a coherent portfolio: buildings of the property's kind, names told apart, dates over years", async () => {
    const org = await makeOrg("coherent");
    await generateDemoData(handle.db, { ...org, scale: 3000, seed: 11 });
    const query = <T>(q: ReturnType<typeof sql>) => asSystem(handle.db, async (tx) => rows<T>(await tx.execute(q)));
    // An apartment community has apartment buildings, a house a single-family one: never an office.
    const pairs = await query<{ property_type: string; building_type: string }>(sql`
      select distinct pt.code as property_type, bt.name as building_type
      from buildings b
      join properties p on p.organization_id = b.organization_id and p.id = b.property_id
      join property_types pt on pt.id = p.property_type_id
      join building_types bt on bt.id = b.building_type_id
      where b.organization_id = ${org.orgId}`);
    const expected = new Map(propertyKinds.map((k) => [k.code, k.buildingType]));
    expect(pairs.length).toBeGreaterThan(3);
    for (const pair of pairs) expect(pair.building_type).toBe(expected.get(pair.property_type));
    expect(pairs.some((p) => p.building_type.startsWith("Corporate Office"))).toBe(false);

    const repeated = await query<{ name: string }>(sql`
      select name from buildings where organization_id = ${org.orgId} group by name having count(*) > 1
      union all
      select name from properties where organization_id = ${org.orgId} group by name having count(*) > 1
      union all
      select name from zones where organization_id = ${org.orgId} group by name having count(*) > 1`);
    expect(repeated).toEqual([]);
    // A unit number is unique in its building, and a building's name says which property it is in.
    const clashes = await query<{ n: number }>(sql`
      select count(*)::int as n from (
        select building_id, unit_number from units where organization_id = ${org.orgId}
        group by building_id, unit_number having count(*) > 1) c`);
    expect(clashes[0]?.n).toBe(0);
    const strangers = await query<{ name: string }>(sql`
      select b.name from buildings b
      join properties p on p.organization_id = b.organization_id and p.id = b.property_id
      where b.organization_id = ${org.orgId} and b.name not like p.name || '%'`);
    expect(strangers).toEqual([]);

    // Listing asks for an available unit (decision 021): no listed property is full, some are listed.
    const listings = await query<{ listed: number; full: number }>(sql`
      select count(*)::int as listed, count(*) filter (where total_units - occupied_units <= 0)::int as full
      from properties where organization_id = ${org.orgId} and show_property_online`);
    expect(listings[0]?.full).toBe(0);
    expect(listings[0]?.listed).toBeGreaterThan(0);

    // Home seekers have applied to listed properties; one of them twice to the same property.
    const applied = await query<{ n: number; unlisted: number; twice: number }>(sql`
      select count(*)::int as n,
        count(*) filter (where not p.show_property_online)::int as unlisted,
        (select count(*)::int from (select 1 from applications where organization_id = ${org.orgId}
          group by property_id, email having count(*) > 1) d) as twice
      from applications a join properties p on p.organization_id = a.organization_id and p.id = a.property_id
      where a.organization_id = ${org.orgId}`);
    expect(applied[0]?.n).toBeGreaterThan(10);
    expect(applied[0]?.unlisted).toBe(0);
    expect(applied[0]?.twice).toBe(1);

    const spans = await query<{ entity: string; first: string; last: string; backwards: number; orphans: number }>(sql`
      select 'properties' as entity, min(created_date)::text as first, max(created_date)::text as last,
             count(*) filter (where last_modified_date < created_date)::int as backwards, 0 as orphans
      from properties where organization_id = ${org.orgId}
      union all
      select 'units', min(created_date)::text, max(created_date)::text,
             count(*) filter (where last_modified_date < created_date)::int, 0
      from units where organization_id = ${org.orgId}
      union all
      select 'floor plans', min(created_date)::text, max(created_date)::text,
             count(*) filter (where last_modified_date < created_date)::int,
             count(*) filter (where property_id is null)::int
      from floor_plans where organization_id = ${org.orgId}`);
    for (const span of spans) {
      expect(Date.parse(span.last) - Date.parse(span.first)).toBeGreaterThan(3 * 365 * 86_400_000);
      expect(Date.parse(span.last)).toBeLessThan(Date.now());
      expect(span).toMatchObject({ backwards: 0, orphans: 0 });
    }
    // A unit is added after its building, a building after its property.
    const early = await query<{ n: number }>(sql`
      select count(*)::int as n from units u
      join buildings b on b.organization_id = u.organization_id and b.id = u.building_id
      join properties p on p.organization_id = b.organization_id and p.id = b.property_id
      where u.organization_id = ${org.orgId} and (u.created_date < b.created_date or b.created_date < p.created_date)`);
    expect(early[0]?.n).toBe(0);
    // Zones group a property's several buildings; each holds one at least.
    const zoneFit = await query<{ zones: number; empty: number; lone: number }>(sql`
      select count(*)::int as zones,
             count(*) filter (where not exists (
               select 1 from buildings b where b.organization_id = z.organization_id and b.zone_id = z.id))::int as empty,
             count(*) filter (where (select count(*) from buildings b where b.organization_id = z.organization_id
                                     and b.property_id = z.property_id) < 2)::int as lone
      from zones z where z.organization_id = ${org.orgId}`);
    expect(zoneFit[0]?.zones).toBeGreaterThan(5);
    expect(zoneFit[0]).toMatchObject({ empty: 0, lone: 0 });
  });

  it("creates staff in every invitation state and real-looking addresses", async () => {
    const org = await makeOrg("three");
    await generateDemoData(handle.db, { ...org, scale: 100, seed: 3 });
    const people = await asSystem(handle.db, (tx) =>
      tx.select().from(staff).where(eq(staff.organizationId, org.orgId)),
    );
    const now = Date.now();
    expect(people.some((s) => !s.acceptedInvite && Date.parse(s.inviteExpiresAt ?? "") > now)).toBe(true);
    expect(people.some((s) => !s.acceptedInvite && Date.parse(s.inviteExpiresAt ?? "") < now)).toBe(true);
    expect(people.some((s) => s.acceptedInvite && !s.approvedInvite)).toBe(true);
    expect(people.some((s) => s.acceptedInvite && s.approvedInvite)).toBe(true);
    // Who accepted has an account (a person and a user of a working role, named by the email); who did not, none.
    expect(people.every((s) => (s.userId !== null) === s.acceptedInvite)).toBe(true);
    const accounts = rows<{ username: string; email: string; role: string; person: number | null }>(
      await asSystem(handle.db, (tx) =>
        tx.execute(sql`select u.username, s.email, r.name as role, u.person_id as person from staff s
          join users u on u.organization_id = s.organization_id and u.id = s.user_id
          join roles r on r.id = u.role_id where s.organization_id = ${org.orgId}`),
      ),
    );
    expect(accounts.length).toBe(people.filter((s) => s.acceptedInvite).length);
    expect(accounts.every((a) => a.username === a.email && a.person !== null)).toBe(true);
    expect(new Set(accounts.map((a) => a.role))).toEqual(
      new Set(["STAFF", "MAINTENANCE_TECHNICIAN", "PROPERTY_MANAGER", "READ_ONLY"]),
    );
    // Each one waiting for approval has the administrators' notice about them, as accepting posts it.
    const announced = rows<{ subject_id: string }>(
      await asSystem(handle.db, (tx) =>
        tx.execute(sql`select subject_id from notices where organization_id = ${org.orgId}
          and kind = 'staff.awaiting_approval' and permission = 'staff.manage' and resolved_at is null`),
      ),
    );
    expect(announced.map((n) => n.subject_id).sort()).toEqual(
      people
        .filter((s) => s.acceptedInvite && !s.approvedInvite)
        .map((s) => s.id)
        .sort(),
    );
    const zips = rows<{ zipcode: string; latitude: number }>(
      await asSystem(handle.db, (tx) =>
        tx.execute(sql`select zipcode, latitude from addresses where organization_id = ${org.orgId}`),
      ),
    );
    expect(zips.every((a) => /^\d{5}$/.test(a.zipcode) && a.latitude > 18 && a.latitude < 72)).toBe(true);
  });

  it("creates the demo organization once, its listed properties with photos, vendors and a resident", async () => {
    const storage = localDiskStorage(await mkdtemp(path.join(tmpdir(), "kh-demo-")));
    // The app over the same database: its secret box seals the vendors' taxpayer ids, its API signs the resident in.
    const app = await buildApp({ env: testEnv(), database: handle, webDist: "/nonexistent" });
    await app.ready();
    const box = app.secretBox;
    const first = await ensureDemo(handle.db, storage, { DEMO_SEED: true, DEMO_PASSWORD: "Demo-Pass-123!" }, box);
    expect(first.join("\n")).toContain("demo@example.com (password from DEMO_PASSWORD)");
    const residentLine = "Resident portal: /resident/sign-in as resident@example.com (same password)";
    expect(first).toContain(residentLine);
    const second = await ensureDemo(handle.db, storage, { DEMO_SEED: true, DEMO_PASSWORD: undefined }, box);
    expect(second).toEqual(["Demo sign-in: demo@example.com (password unchanged)", residentLine]);
    expect(await ensureDemo(handle.db, storage, { DEMO_SEED: false, DEMO_PASSWORD: undefined }, box)).toEqual([]);

    // The resident signs in with the demo's password and sees their lease, its balance and requests.
    const call = (method: "GET" | "POST", url: string, o: { cookie?: string; payload?: object } = {}) =>
      app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
        cookies: o.cookie ? { kh_resident: o.cookie } : {},
        ...(o.payload ? { payload: o.payload } : {}),
      });
    const signedIn = await call("POST", "/resident/sign-in", {
      payload: { email: DEMO_RESIDENT_EMAIL, password: "Demo-Pass-123!" },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = signedIn.cookies.find((c) => c.name === "kh_resident")?.value ?? "";
    const leaseRes = await call("GET", "/resident/lease", { cookie });
    expect(leaseRes.statusCode, leaseRes.body).toBe(200);
    const lease = residentLeaseResponseSchema.parse(leaseRes.json()).lease;
    const [expected] = rows<{ lease_id: string; balance_cents: string | number; status: string }>(
      await asSystem(handle.db, (tx) =>
        tx.execute(sql`select p.lease_id, b.balance_cents, l.status from resident_accounts a
          join lease_parties p on p.organization_id = a.organization_id and p.tenant_id = a.tenant_id and p.role = 'primary'
          join leases l on l.organization_id = p.organization_id and l.id = p.lease_id
          join lease_balances b on b.organization_id = l.organization_id and b.lease_id = l.id
          where a.email = ${DEMO_RESIDENT_EMAIL} and a.activated_at is not null
            and not exists (select 1 from resident_invitations i where i.account_id = a.id and i.used_at is null)`),
      ),
    );
    expect(lease.id).toBe(expected?.lease_id);
    expect(lease.status).toBe("active");
    expect(lease.balance_cents).toBe(Number(expected?.balance_cents));
    expect(lease.balance_cents).toBeGreaterThan(0);
    const requests = residentRequestListSchema.parse(
      (await call("GET", "/resident/maintenance-requests", { cookie })).json(),
    );
    expect(requests.requests.length).toBeGreaterThan(0);
    await app.close();

    // Its bank: the year's receipts deposited into the trust account day by day, the last days' waiting.
    const [bank] = rows<{
      accounts: number;
      deposits: number;
      deposited_cents: string;
      trust_cash: string;
      waiting_old: number;
      marked: number;
      deposit_receipts: number;
      paid_out_cents: string;
    }>(
      await asSystem(handle.db, (tx) =>
        tx.execute(sql`with o as (select id from organizations where name = ${DEMO_ORGANIZATION})
          select (select count(*)::int from bank_accounts b, o where b.organization_id = o.id) as accounts,
            (select count(*)::int from bank_deposits d, o where d.organization_id = o.id) as deposits,
            (select coalesce(sum(total_cents), 0) from bank_deposits d, o where d.organization_id = o.id) as deposited_cents,
            (select coalesce(sum(l.amount_cents), 0) from journal_lines l join ledger_accounts a
              on a.organization_id = l.organization_id and a.id = l.account_id and a.role = 'trust_cash', o
              where l.organization_id = o.id) as trust_cash,
            (select count(*)::int from lease_payments p, o where p.organization_id = o.id and p.deposit_id is null
              and p.return_entry_id is null and p.received_on <= (now() at time zone 'America/New_York')::date - 11) as waiting_old,
            (select count(*)::int from lease_payments p, o where p.organization_id = o.id and p.deposit_id is not null) as marked,
            (select coalesce(sum(receipts), 0)::int from bank_deposits d, o where d.organization_id = o.id) as deposit_receipts,
            (select coalesce(sum(total_cents), 0) from bill_payments p, o where p.organization_id = o.id)
              + (select coalesce(sum(fee_cents), 0) from management_fees f, o where f.organization_id = o.id)
              + (select coalesce(sum(amount_cents), 0) from owner_distributions d, o where d.organization_id = o.id) as paid_out_cents`),
      ),
    );
    expect(bank?.accounts).toBe(2);
    expect(bank?.deposits).toBeGreaterThan(200);
    // Every deposit, the bank's fee and interest posted when last month was reconciled, less what
    // left trust for the owners: bills paid, management fees and distributions (checked below).
    expect(Number(bank?.trust_cash)).toBe(Number(bank?.deposited_cents) - 1_500 + 42 - Number(bank?.paid_out_cents));
    expect(bank?.waiting_old).toBe(0);
    expect(bank?.marked).toBe(bank?.deposit_receipts);
    // Last month's trust statement: each deposit of the month, the service fee and the interest.
    const [statement] = rows<{ lines: number; deposits: number; bank_cents: string; deposit_cents: string }>(
      await asSystem(handle.db, (tx) =>
        tx.execute(sql`with o as (select id from organizations where name = ${DEMO_ORGANIZATION}),
          m as (select i.first_date, i.last_date from bank_statement_imports i, o where i.organization_id = o.id)
          select (select count(*)::int from bank_statement_lines l, o where l.organization_id = o.id) as lines,
            (select count(*)::int from bank_deposits d, o, m where d.organization_id = o.id
              and d.deposited_on between date_trunc('month', m.first_date) and m.last_date) as deposits,
            (select coalesce(sum(amount_cents), 0) from bank_statement_lines l, o where l.organization_id = o.id) as bank_cents,
            (select coalesce(sum(total_cents), 0) from bank_deposits d, o, m where d.organization_id = o.id
              and d.deposited_on between date_trunc('month', m.first_date) and m.last_date) as deposit_cents`),
      ),
    );
    expect(statement?.deposits).toBeGreaterThan(10);
    expect(statement?.lines).toBe((statement?.deposits ?? 0) + 2);
    expect(Number(statement?.bank_cents)).toBe(Number(statement?.deposit_cents) - 1_500 + 42);
    // Reconciled to it: every line matched, completed at a zero difference, its fee and interest posted.
    const [reconciled] = rows<{ status: string; matched: number; lines: number; posted: number; end_ok: boolean }>(
      await asSystem(handle.db, (tx) =>
        tx.execute(sql`with o as (select id from organizations where name = ${DEMO_ORGANIZATION})
          select r.status, r.statement_end_date = (select last_date from bank_statement_imports i where i.organization_id = o.id) as end_ok,
            (select count(*)::int from bank_reconciliation_lines m where m.organization_id = o.id and m.reconciliation_id = r.id) as matched,
            (select count(*)::int from bank_statement_lines l where l.organization_id = o.id) as lines,
            (select count(*)::int from journal_entries e where e.organization_id = o.id and e.source = 'bank_adjustment') as posted
          from bank_reconciliations r, o where r.organization_id = o.id`),
      ),
    );
    // Owners: two, every property's shares adding up to 100%, last month's fees and a distribution.
    const [owners] = rows<{
      owners: number;
      unshared: number;
      fees: number;
      distributions: number;
      bills: number;
      unpaid: number;
    }>(
      await asSystem(handle.db, (tx) =>
        tx.execute(sql`with o as (select id from organizations where name = ${DEMO_ORGANIZATION})
          select (select count(*)::int from owners w, o where w.organization_id = o.id) as owners,
            (select count(*)::int from (select s.property_id from property_ownerships s, o where s.organization_id = o.id
              and s.ends_on is null group by s.property_id having sum(s.share_bp) <> 10000) x) as unshared,
            (select count(*)::int from management_fees f, o where f.organization_id = o.id and f.fee_cents > 0) as fees,
            (select count(*)::int from owner_distributions d, o where d.organization_id = o.id) as distributions,
            (select count(*)::int from bills b, o where b.organization_id = o.id) as bills,
            (select count(*)::int from bills b, o where b.organization_id = o.id and b.applied_cents < b.total_cents) as unpaid`),
      ),
    );
    expect(owners).toMatchObject({ owners: 2, unshared: 0, bills: 12 });
    expect(owners?.fees).toBeGreaterThan(0);
    expect(owners?.distributions).toBe(2);
    expect(owners?.unpaid).toBeGreaterThan(0);
    expect(reconciled).toEqual({
      status: "completed",
      end_ok: true,
      matched: statement?.lines,
      lines: statement?.lines,
      posted: 2,
    });
    // Its books pass the diagnostics (decision 039).
    const [demoOrg] = rows<{ id: string }>(
      await asSystem(handle.db, (tx) =>
        tx.execute(sql`select id from organizations where name = ${DEMO_ORGANIZATION}`),
      ),
    );
    const diagnostics = await withOrg(handle.db, { orgId: demoOrg?.id ?? "" }, (tx) =>
      checkBooks(tx, demoOrg?.id ?? "", new Date()),
    );
    expect(diagnostics.problems).toEqual([]);

    // Its vendors cover the maintenance categories; the taxpayer ids are sealed, never plain.
    const vendorRows = rows<{
      name: string;
      trades: string[];
      email: string;
      sealed: string | null;
      last4: string | null;
      eligible: boolean;
      expires: string;
      code: string | null;
    }>(
      await asSystem(handle.db, (tx) =>
        tx.execute(sql`select v.name, v.trades, v.email, v.taxpayer_id_sealed as sealed, v.taxpayer_id_last4 as last4,
            v.eligible_1099 as eligible, v.insurance_expires_on::text as expires, a.code
          from vendors v join organizations o on o.id = v.organization_id and o.name = ${DEMO_ORGANIZATION}
          left join ledger_accounts a on a.organization_id = v.organization_id and a.id = v.default_expense_account_id`),
      ),
    );
    expect(vendorRows.length).toBeGreaterThanOrEqual(6);
    const covered = new Set(vendorRows.flatMap((v) => v.trades));
    for (const c of ["plumbing", "electrical", "hvac", "appliance", "pest", "locks", "grounds", "other"])
      expect(covered.has(c), c).toBe(true);
    expect(vendorRows.every((v) => v.email.endsWith("@example.com"))).toBe(true);
    expect(vendorRows.every((v) => Number(v.code) >= 5000 && Number(v.code) <= 8999)).toBe(true);
    const sealed = vendorRows.filter((v) => v.sealed);
    expect(sealed.length).toBeGreaterThan(2);
    for (const v of sealed) {
      expect(v.sealed?.startsWith("v1:")).toBe(true);
      expect(
        box
          .open(v.sealed ?? "", "keyholder:vendor_taxpayer_id")
          .replace(/\D/g, "")
          .slice(-4),
      ).toBe(v.last4);
    }
    const today = new Date().toISOString().slice(0, 10);
    expect(vendorRows.filter((v) => v.expires < today).length).toBe(1);
    // A few open requests are the vendors' (never also a staff member's), the history naming them.
    const [byVendor] = rows<{ n: number; both: number; staff_started: number; assigned_to_vendor: number }>(
      await asSystem(handle.db, (tx) =>
        tx.execute(sql`select count(*)::int as n, count(r.assigned_user_id)::int as both,
            (select count(*)::int from maintenance_request_events e where e.organization_id = r0.org
              and e.request_id = any(r0.ids) and e.to_status = 'in_progress' and e.changed_by_vendor_id is null) as staff_started,
            (select count(*)::int from maintenance_request_events e join vendors v on v.organization_id = e.organization_id
              and v.name = e.assigned_to where e.organization_id = r0.org and e.request_id = any(r0.ids)) as assigned_to_vendor
          from maintenance_requests r
          join organizations o on o.id = r.organization_id and o.name = ${DEMO_ORGANIZATION}
          cross join lateral (select o.id as org, array(select id from maintenance_requests x
            where x.organization_id = o.id and x.vendor_id is not null) as ids) r0
          where r.vendor_id is not null and r.status in ('assigned', 'scheduled', 'in_progress')
          group by r0.org, r0.ids`),
      ),
    );
    expect(byVendor?.n).toBeGreaterThan(0);
    expect(byVendor?.both).toBe(0);
    expect(byVendor?.staff_started).toBe(0);
    expect(byVendor?.assigned_to_vendor).toBe(byVendor?.n);
    // Each request's history, read newest id first as the view reads it, is one unbroken path: every
    // event starts where the one before it ended (a demo once listed "New → Scheduled" after
    // "Scheduled → In Progress").
    const [broken] = rows<{ n: number; events: number }>(
      await asSystem(handle.db, (tx) =>
        tx.execute(sql`select count(*) filter (where e.from_status is distinct from e.before)::int as n,
            count(*)::int as events
          from (select e.from_status, lag(e.to_status) over (partition by e.request_id order by e.id) as before
            from maintenance_request_events e
            join organizations o on o.id = e.organization_id and o.name = ${DEMO_ORGANIZATION}
            where e.from_status is distinct from e.to_status) e`),
      ),
    );
    expect(broken?.events).toBeGreaterThan(0);
    expect(broken?.n).toBe(0);
    // Every request given to someone has its work order, the vendors' as vendors' (decision 034).
    const [orders] = rows<{ given: number; orders: number; vendors: number }>(
      await asSystem(handle.db, (tx) =>
        tx.execute(sql`select count(*)::int as given, count(w.id)::int as orders,
            count(w.id) filter (where w.assignee_kind = 'vendor' and w.vendor_id = r.vendor_id)::int as vendors
          from maintenance_requests r
          join organizations o on o.id = r.organization_id and o.name = ${DEMO_ORGANIZATION}
          left join maintenance_work_orders w on w.organization_id = r.organization_id and w.request_id = r.id
          where r.assigned_user_id is not null or r.vendor_id is not null`),
      ),
    );
    expect(orders?.given).toBeGreaterThan(0);
    expect(orders?.orders).toBe(orders?.given);
    expect(orders?.vendors).toBe(byVendor?.n);

    const photos = rows<{ online: boolean; photos: number; distinct_photos: number; key: string | null }>(
      await asSystem(handle.db, (tx) =>
        tx.execute(sql`
          select p.show_property_online as online, count(pi.image_id)::int as photos,
                 count(distinct pi.image_id)::int as distinct_photos, min(i.storage_key) as key
          from properties p
          join organizations o on o.id = p.organization_id and o.name = ${DEMO_ORGANIZATION}
          left join property_images pi on pi.organization_id = p.organization_id and pi.property_id = p.id
          left join images i on i.organization_id = pi.organization_id and i.id = pi.image_id
          group by p.id, p.show_property_online`),
      ),
    );
    expect(photos.some((p) => p.online)).toBe(true);
    for (const p of photos) expect(p).toMatchObject(p.online ? { photos: 3, distinct_photos: 3 } : { photos: 0 });
    const bytes = await storage.get(photos.find((p) => p.key)?.key ?? "");
    expect(bytes?.subarray(8, 12).toString("latin1")).toBe("WEBP");
    // Its occupied units have tenants and leases with a year on the ledger (generate-leases.test.ts
    // checks what they hold).
    const leased = rows<{ leases: number; occupied: number; payments: number }>(
      await asSystem(handle.db, (tx) =>
        tx.execute(sql`
          select (select count(*)::int from leases l where l.organization_id = o.id and l.status in ('active', 'notice')) as leases,
            (select count(*)::int from units u where u.organization_id = o.id and u.occupied) as occupied,
            (select count(*)::int from lease_payments p where p.organization_id = o.id) as payments
          from organizations o where o.name = ${DEMO_ORGANIZATION}`),
      ),
    )[0];
    expect(leased?.leases).toBe(leased?.occupied);
    expect(leased?.payments).toBeGreaterThan(5_000);
  }, 180_000);
});
