import { UNIT_SORT_KEYS } from "@keyholder/contracts/units";
import { sql } from "drizzle-orm";
import { asSystem, type Database, withOrg } from "../db/client.ts";
import { findSession } from "../lib/sessions.ts";
import { newToken } from "../lib/tokens.ts";
import { listUnits } from "../modules/units/list-units.ts";
import { now, percentile } from "./timing.ts";

type Rows<T> = { rows: T[] };

/**
 * Issue 13, item 8: what the permission check adds to a request for a user who works on 500
 * properties: reading the session with the role and the property list (findSession, every
 * request), against an administrator's. Then the units grid's first page as that user by every sort
 * key in both directions (decision 019; an administrator's by unit number for reference). The bench
 * user and its sessions are made once and kept (bench-scoped@keyholder.invalid).
 */
export async function benchPermissions(db: Database, orgId: string, runs: number) {
  const sessionFor = async (userId: number) =>
    asSystem(db, async (tx) => {
      const { token, hash } = newToken();
      await tx.execute(sql`insert into sessions (token_hash, organization_id, user_id, expires_at)
        values (${hash}, ${orgId}, ${userId}, now() + interval '1 day')`);
      return token;
    });
  const scopedId = await asSystem(db, async (tx) => {
    const found = (await tx.execute(
      sql`select id from users where username = 'bench-scoped@keyholder.invalid'`,
    )) as unknown as Rows<{ id: number }>;
    if (found.rows[0]) return Number(found.rows[0].id);
    const made =
      (await tx.execute(sql`insert into users (organization_id, role_id, username, password_hash, all_properties)
      values (${orgId}, (select id from roles where name = 'PROPERTY_MANAGER'), 'bench-scoped@keyholder.invalid', '!', false)
      returning id`)) as unknown as Rows<{ id: number }>;
    const id = Number(made.rows[0]?.id);
    await tx.execute(sql`insert into user_properties (organization_id, user_id, property_id)
      select organization_id, ${id}, id from properties where organization_id = ${orgId} order by id limit 500`);
    return id;
  });
  const adminId = await asSystem(db, async (tx) =>
    Number(
      (
        (await tx.execute(sql`select u.id from users u join roles r on r.id = u.role_id
          where u.organization_id = ${orgId} and r.name = 'ADMIN' order by u.id limit 1`)) as unknown as Rows<{
          id: number;
        }>
      ).rows[0]?.id,
    ),
  );
  const time = async (token: string) => {
    const times: number[] = [];
    for (let i = 0; i <= runs; i++) {
      const start = now();
      await asSystem(db, (tx) => findSession(tx, token));
      if (i > 0) times.push(now() - start);
    }
    return times;
  };
  const admin = await time(await sessionFor(adminId));
  const scopedToken = await sessionFor(scopedId);
  const scoped = await time(scopedToken);
  const fmt = (n: number) => n.toFixed(2);
  console.log("\nPermission check (session, role and properties, read on every request):");
  console.log(
    `  administrator               p50 ${fmt(percentile(admin, 0.5))} ms   p95 ${fmt(percentile(admin, 0.95))} ms`,
  );
  console.log(
    `  manager of 500 properties   p50 ${fmt(percentile(scoped, 0.5))} ms   p95 ${fmt(percentile(scoped, 0.95))} ms`,
  );
  console.log(
    `  added p95                   ${fmt(percentile(scoped, 0.95) - percentile(admin, 0.95))} ms (target 5 ms)`,
  );

  // A first page by every sort key, both ways: the restrictive policy's property list filters the
  // sort index's rows, and the index carries property_id (migration 0025).
  const auth = await asSystem(db, (tx) => findSession(tx, scopedToken));
  const pageTimes = async (propertyIds: readonly string[] | null, sortBy: string, direction: "asc" | "desc") => {
    const page = { offset: 0, limit: 2000, sort_by: sortBy, sort_direction: direction, filters: {}, conditions: [] };
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i <= runs; i++) {
      const start = now();
      total = (await withOrg(db, { orgId, propertyIds }, (tx) => listUnits(tx, page as never))).total_count;
      if (i > 0) times.push(now() - start);
    }
    return { total, p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
  };
  const adminPage = await pageTimes(null, "u.unit_number", "asc");
  console.log(
    `\n  units page, administrator   ${adminPage.total.toLocaleString("en-US")} units   by unit number p50 ${fmt(adminPage.p50)} ms   p95 ${fmt(adminPage.p95)} ms`,
  );
  console.log("  units page, manager of 500 properties, first page by each sort key:");
  let worst = 0;
  for (const key of UNIT_SORT_KEYS) {
    for (const direction of ["asc", "desc"] as const) {
      const r = await pageTimes(auth?.propertyIds ?? [], key, direction);
      worst = Math.max(worst, r.p95);
      console.log(
        `    ${`${key} ${direction}`.padEnd(34)}${r.total.toLocaleString("en-US").padStart(8)} units   p50 ${fmt(r.p50).padStart(7)} ms   p95 ${fmt(r.p95).padStart(7)} ms`,
      );
    }
  }
  console.log(`  slowest p95 ${fmt(worst)} ms`);
}
