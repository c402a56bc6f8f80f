import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/test-app.ts";
import { asSystem, type DatabaseHandle, withOrg } from "./client.ts";
import {
  addresses,
  auditLog,
  buildings,
  floorPlans,
  noticeReads,
  notices,
  organizations,
  persons,
  properties,
  roles,
  staff,
  units,
  users,
  zones,
} from "./schema/index.ts";

/** Rows in every kind of tenant table for one organization. */
async function seedOrg(handle: DatabaseHandle, name: string) {
  return asSystem(handle.db, async (tx) => {
    const [org] = await tx.insert(organizations).values({ name, waitlistStatus: "approved" }).returning();
    if (!org) throw new Error("no org");
    const organizationId = org.id;
    const [role] = await tx.select().from(roles).limit(1);
    const [person] = await tx
      .insert(persons)
      .values({ organizationId, firstName: name, lastName: "Owner", email: `${name}@example.com` })
      .returning();
    const [user] = await tx
      .insert(users)
      .values({
        organizationId,
        personId: person?.id,
        roleId: role?.id ?? 1,
        username: `${name}@example.com`,
        passwordHash: "x",
      })
      .returning();
    const [address] = await tx
      .insert(addresses)
      .values({ organizationId, addressLine1: "1 Main St", city: "Austin", stateId: 1, zipcode: "78701" })
      .returning();
    const [property] = await tx
      .insert(properties)
      .values({
        organizationId,
        name: `${name} Tower`,
        propertyTypeId: 1,
        addressId: address?.id,
        propertySlug: `${name}-tower`,
      })
      .returning();
    if (!property) throw new Error("no property");
    const [building] = await tx
      .insert(buildings)
      .values({ organizationId, propertyId: property.id, name: `${name} A`, buildingNumber: 1 })
      .returning();
    const [plan] = await tx
      .insert(floorPlans)
      .values({ organizationId, planName: `${name} 1BR`, bedRooms: 1, bathRooms: 1, baseRentEstimate: 1200 })
      .returning();
    await tx.insert(units).values({
      organizationId,
      propertyId: property.id,
      buildingId: building?.id,
      floorPlanId: plan?.id,
      unitNumber: "101",
    });
    await tx.insert(zones).values({ organizationId, propertyId: property.id, name: `${name} North` });
    await tx.insert(staff).values({ organizationId, email: `staff@${name}.example`, name: `${name} Staff` });
    const [notice] = await tx
      .insert(notices)
      .values({ organizationId, kind: "staff.awaiting_approval", title: `${name} notice`, userId: user?.id })
      .returning();
    await tx.insert(noticeReads).values({ organizationId, noticeId: notice?.id ?? 0, userId: user?.id ?? 0 });
    await tx
      .insert(auditLog)
      .values({ organizationId, entity: "property", entityId: property.id, action: "create", changes: {} });
    return { org, property };
  });
}

/** Rows of a raw query, whichever driver ran it. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The database's own refusal text (drizzle wraps driver errors in a "Failed query" error). */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "allowed",
    (err: { message: string; cause?: { message?: string } }) => err.cause?.message ?? err.message,
  );

const tenantTables = [
  "persons",
  "users",
  "addresses",
  "properties",
  "buildings",
  "floor_plans",
  "units",
  "zones",
  "staff",
  "audit_log",
  "notices",
  "notice_reads",
];

describe("tenant isolation in the database", () => {
  let handle: DatabaseHandle;
  let a: Awaited<ReturnType<typeof seedOrg>>;
  let b: Awaited<ReturnType<typeof seedOrg>>;
  const count = async (table: string, orgId: string) => {
    const result = await asSystem(handle.db, (tx) =>
      tx.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where organization_id = ${orgId}`),
    );
    return rowsOf<{ n: number }>(result)[0]?.n;
  };

  beforeAll(async () => {
    handle = await createTestDatabase();
    a = await seedOrg(handle, "alpha");
    b = await seedOrg(handle, "bravo");
  });
  afterAll(() => handle.close());

  it.each(tenantTables)("a query without WHERE on %s sees only its own organization's rows", async (table) => {
    const rows = await withOrg(handle.db, { orgId: a.org.id }, (tx) =>
      tx.execute(sql`select organization_id from ${sql.identifier(table)}`),
    );
    const seen = rowsOf<{ organization_id: string }>(rows);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.organization_id === a.org.id)).toBe(true);
  });

  it("sees only its own organization row", async () => {
    const rows = await withOrg(handle.db, { orgId: a.org.id }, (tx) => tx.select().from(organizations));
    expect(rows.map((r) => r.id)).toEqual([a.org.id]);
  });

  it.each(tenantTables.filter((t) => t !== "users" && t !== "persons"))(
    "updates and deletes on %s without WHERE touch only its own rows",
    async (table) => {
      const before = await count(table, b.org.id);
      await withOrg(handle.db, { orgId: a.org.id }, async (tx) => {
        await tx.execute(sql`update ${sql.identifier(table)} set organization_id = organization_id`);
        // A nested savepoint so a foreign key refusing the delete does not end the test's transaction.
        await tx.transaction((sp) => sp.execute(sql`delete from ${sql.identifier(table)}`)).catch(() => {});
      });
      expect(await count(table, b.org.id)).toBe(before);
    },
  );

  it("cannot move a row into another organization or insert one there", async () => {
    // The deletes above emptied alpha's tables: a property of its own for the zone.
    await asSystem(handle.db, async (tx) => {
      const [property] = await tx
        .insert(properties)
        .values({ organizationId: a.org.id, name: "Movable Place", propertyTypeId: 1 })
        .returning();
      await tx.insert(zones).values({ organizationId: a.org.id, propertyId: property?.id ?? "", name: "Movable" });
    });
    expect(
      await refusal(
        withOrg(handle.db, { orgId: a.org.id }, (tx) =>
          tx.execute(sql`update zones set organization_id = ${b.org.id}`),
        ),
      ),
    ).toMatch(/row-level security/);
    expect(
      await refusal(
        withOrg(handle.db, { orgId: a.org.id }, (tx) =>
          tx.insert(zones).values({ organizationId: b.org.id, propertyId: b.property.id, name: "Smuggled" }),
        ),
      ),
    ).toMatch(/row-level security/);
  });

  it.each([
    ["organizations", sql`update organizations set subscription_status = 'ACTIVE'`],
    ["organizations", sql`update organizations set waitlist_status = 'approved'`],
    ["organizations", sql`update organizations set is_platform = true`],
    ["users", sql`update users set is_operator = true`],
    ["users", sql`update users set waitlisted = false, banned = false`],
  ])("cannot set on %s what only the system sets (%#)", async (_table, statement) => {
    expect(await refusal(withOrg(handle.db, { orgId: a.org.id }, (tx) => tx.execute(statement)))).toMatch(
      /permission denied/,
    );
  });

  it("still updates what an organization edits itself", async () => {
    await withOrg(handle.db, { orgId: a.org.id }, async (tx) => {
      await tx.execute(sql`update organizations set name = name, last_modified_date = now()`);
      await tx.execute(sql`update users set password_hash = password_hash, last_modified_date = now()`);
    });
  });

  it("cannot read another organization's row by id", async () => {
    const rows = await withOrg(handle.db, { orgId: a.org.id }, (tx) =>
      tx.execute(sql`select id from properties where id = ${b.property.id}`),
    );
    expect(rowsOf(rows)).toEqual([]);
  });

  it("keeps the grid filters' indexed operators (decision 018) inside its organization", async () => {
    // The leakproof operators run before the policy and through indexes shared by all
    // organizations; the policy must still decide which rows come back.
    const [other] = rowsOf<{ name: string }>(
      await asSystem(handle.db, (tx) =>
        tx.execute(sql`select name from properties where organization_id = ${b.org.id} limit 1`),
      ),
    );
    const rows = await withOrg(handle.db, { orgId: a.org.id }, (tx) =>
      tx.execute(sql`select organization_id from properties
        where name operator(public.~~~*) ${other?.name ?? ""} or grid_shown_day(created_date) operator(public.~~~*) '%'
          or lot_size >= 0::numeric`),
    );
    const seen = rowsOf<{ organization_id: string }>(rows);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.organization_id === a.org.id)).toBe(true);
  });

  it("sees nothing when no organization is set", async () => {
    const result = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local role keyholder_app`);
      return tx.execute(sql`select count(*)::int as n from properties`);
    });
    expect(rowsOf<{ n: number }>(result)[0]?.n).toBe(0);
    const reset = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.org_id', '', true)`);
      await tx.execute(sql`set local role keyholder_app`);
      return tx.execute(sql`select count(*)::int as n from units`);
    });
    expect(rowsOf<{ n: number }>(reset)[0]?.n).toBe(0);
  });

  it("refuses a building that points at another organization's property", async () => {
    expect(
      await refusal(
        asSystem(handle.db, (tx) =>
          tx.insert(buildings).values({ organizationId: a.org.id, propertyId: b.property.id, name: "Cross" }),
        ),
      ),
    ).toMatch(/foreign key/);
  });

  it("runs requests as a role that cannot bypass row-level security and owns no table", async () => {
    const [role] = rowsOf<{ rolsuper: boolean; rolbypassrls: boolean }>(
      await asSystem(handle.db, (tx) =>
        tx.execute(sql`select rolsuper, rolbypassrls from pg_roles where rolname = 'keyholder_app'`),
      ),
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
    const owned = await asSystem(handle.db, (tx) =>
      tx.execute(sql`select tablename from pg_tables where schemaname = 'public' and tableowner = 'keyholder_app'`),
    );
    expect(rowsOf(owned)).toEqual([]);
  });

  it("has row-level security and a policy on every table with an organization_id", async () => {
    const result = await asSystem(handle.db, (tx) =>
      tx.execute(sql`
        select c.relname as table, c.relrowsecurity as rls,
               exists (select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname) as policy
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'
          and (c.relname = 'organizations' or exists (
            select 1 from information_schema.columns col
            where col.table_schema = 'public' and col.table_name = c.relname and col.column_name = 'organization_id'))`),
    );
    const tables = rowsOf<{ table: string; rls: boolean; policy: boolean }>(result);
    expect(tables.length).toBeGreaterThanOrEqual(15);
    expect(tables.filter((t) => !t.rls || !t.policy)).toEqual([]);
  });
});
