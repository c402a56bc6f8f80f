import { randomUUID } from "node:crypto";
import { addDays, addMonths, monthStart } from "@keyholder/contracts/civil-date";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import type { LedgerRole } from "@keyholder/contracts/ledger";
import { type SQL, sql } from "drizzle-orm";
import { apiSender, type createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";
import { hashPassword } from "../../lib/passwords.ts";

/** Test fixtures of the ledger's tests: an organization with properties and units, its users, its charges. */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export type LedgerOrg = Awaited<ReturnType<typeof ledgerOrganization>>;

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

export const systemRows = <T>(t: TestApp, query: SQL) => asSystem(t.db, async (tx) => rows<T>(await tx.execute(query)));

/** An approved organization, signed in as its administrator, with `properties` properties of two units each. */
export async function ledgerOrganization(t: TestApp, name: string, o: { properties?: number } = {}) {
  const org = await signedInOrganization(t, name);
  const propertyIds: string[] = [];
  const unitIds: number[][] = [];
  for (let i = 0; i < (o.properties ?? 2); i++) {
    const [property] = await systemRows<{ id: string }>(
      t,
      sql`insert into properties (organization_id, name, property_type_id)
        values (${org.orgId}, ${`${name} ${i + 1}`}, (select min(id) from property_types)) returning id`,
    );
    if (!property) throw new Error("no property");
    propertyIds.push(property.id);
    const units = await systemRows<{ unit_id: number }>(
      t,
      sql`insert into units (organization_id, property_id, unit_number)
        values (${org.orgId}, ${property.id}, '1'), (${org.orgId}, ${property.id}, '2') returning unit_id`,
    );
    unitIds.push(units.map((u) => Number(u.unit_id)));
  }
  const accounts = new Map(
    (
      await systemRows<{ role: LedgerRole; id: number }>(
        t,
        sql`select role, id from ledger_accounts where organization_id = ${org.orgId} and role is not null`,
      )
    ).map((a) => [a.role, Number(a.id)]),
  );
  const account = (role: LedgerRole) => {
    const id = accounts.get(role);
    if (id === undefined) throw new Error(`no ${role} account`);
    return id;
  };
  return { ...org, propertyIds, unitIds, account };
}

/** Another user of the organization, signed in: of a role, on all properties or on some. */
export async function ledgerUser(t: TestApp, org: LedgerOrg, role: string, propertyIds?: string[]) {
  const password = "Ledger-User-Pass-1!";
  const username = `${role.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`;
  const [user] = await systemRows<{ id: number }>(
    t,
    sql`insert into users (organization_id, role_id, username, password_hash, all_properties)
      values (${org.orgId}, (select id from roles where name = ${role}), ${username}, ${await hashPassword(password)},
        ${propertyIds === undefined}) returning id`,
  );
  if (!user) throw new Error("no user");
  for (const property of propertyIds ?? []) {
    await systemRows(
      t,
      sql`insert into user_properties (organization_id, user_id, property_id) values (${org.orgId}, ${user.id}, ${property})`,
    );
  }
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    payload: { username, password },
  });
  const cookie = res.cookies.find((c) => c.name === "kh_session")?.value;
  if (!cookie) throw new Error(`login failed: ${res.body}`);
  return { ...org, cookie, userId: Number(user.id) };
}

export interface ChargeSpec {
  leaseId?: string;
  property: number;
  unit?: number;
  amountCents: number;
  startDate: string;
  endDate?: string | null;
  dueDay?: number;
  proration?: "none" | "daily";
  lateFeeCents?: number;
  lateFeePercent?: string;
  graceDays?: number;
  role?: LedgerRole;
}

/** A recurring charge as the leases area will make them (it has no API of its own yet). */
export async function addRecurringCharge(t: TestApp, org: LedgerOrg, c: ChargeSpec) {
  const [row] = await systemRows<{ id: string; lease_id: string }>(
    t,
    sql`insert into recurring_charges (organization_id, lease_id, property_id, unit_id, account_id, description,
        amount_cents, due_day, start_date, end_date, proration, late_fee_cents, late_fee_percent, grace_days)
      values (${org.orgId}, ${c.leaseId ?? randomUUID()}, ${org.propertyIds[c.property]},
        ${c.unit === undefined ? null : (org.unitIds[c.property]?.[c.unit] ?? null)}, ${org.account(c.role ?? "rent_income")},
        'Rent', ${c.amountCents}, ${c.dueDay ?? 1}, ${c.startDate}, ${c.endDate ?? null}, ${c.proration ?? "none"},
        ${c.lateFeeCents ?? 0}, ${c.lateFeePercent ?? "0"}, ${c.graceDays ?? 5})
      returning id, lease_id`,
  );
  if (!row) throw new Error("no recurring charge");
  return { id: row.id, leaseId: row.lease_id };
}

/** The API as the organization's administrator (or another of its users). */
export const ledgerApi = (t: () => TestApp, org: () => { cookie: string }) => apiSender(() => t().app, org);

/** The months a charge of `start` (due on `dueDay`) is due in on or before `through`. */
export function dueMonths(start: string, dueDay: number, through: string) {
  const months: string[] = [];
  for (let m = monthStart(start); m <= through; m = addMonths(m, 1)) {
    const last = addDays(addMonths(m, 1), -1);
    const due = addDays(m, Math.min(dueDay, Number(last.slice(8))) - 1);
    if ((due < start ? start : due) <= through) months.push(m);
  }
  return months;
}
