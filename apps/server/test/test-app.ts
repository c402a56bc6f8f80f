import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../src/app.ts";
import { asSystem, type DatabaseHandle, dumpPglite, openDatabase, runMigrations } from "../src/db/client.ts";
import { type Env, loadEnv } from "../src/env.ts";
import { hashPassword } from "../src/lib/passwords.ts";
import { createApprovedOrganization } from "../src/modules/demo/create-organization.ts";
import { generateDemoData } from "../src/modules/demo/generate.ts";

/**
 * A database per test file: an in-memory PGlite (project server-pglite) or a fresh database on the
 * PostgreSQL server of TEST_DATABASE_URL (project server-postgres), migrated, dropped at close.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB !== "postgres") {
    const handle = await openDatabase({ dataDir: "memory://", loadDataDir: await migratedTemplate() });
    await runMigrations(handle);
    return handle;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set (scripts/test.mjs sets it when a server answers)");
  const name = `keyholder_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const template = await migratedPostgresTemplate(admin, adminUrl);
    await copyDatabase(admin, template, name);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ url: databaseUrl(adminUrl, name), dataDir: "" });
  await runMigrations(handle);
  return {
    ...handle,
    async close() {
      await handle.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/** Test configuration; uploads go to a fresh temp folder, never the developer's ./data. */
export const testEnv = (overrides: Partial<Record<keyof Env, string>> = {}): Env =>
  loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    DEMO_SEED: "false",
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "keyholder-test-")),
    ...overrides,
  });

/** The whole app on a fresh database, driven with app.inject. */
export async function createTestApp(overrides: Partial<Record<keyof Env, string>> = {}) {
  const database = await createTestDatabase();
  const env = testEnv(overrides);
  const app = await buildApp({ env, database, webDist: "/nonexistent" });
  await app.ready();
  return {
    app,
    db: database.db,
    env,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src/db/migrations");

const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** The migration files' hash: a template made from other migrations is never used. */
function migrationsHash() {
  const hash = createHash("sha256");
  for (const name of readdirSync(migrationsDir, { recursive: true }).map(String).sort()) {
    const file = path.join(migrationsDir, name);
    if (name.endsWith(".sql") || name.endsWith(".json")) hash.update(name).update(readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * Migrating a fresh PostgreSQL database takes 2 to 5 s, a hundred times a run; copying a migrated
 * one (CREATE DATABASE ... TEMPLATE) a fraction of that. The template is named by the migrations'
 * hash and made once, under an advisory lock so parallel test files wait for one maker; `npm test`
 * drops the templates when it ends. Nothing connects to one after it is made (a copy needs that).
 */
async function migratedPostgresTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
  const template = `keyholder_template_${migrationsHash()}`;
  const exists = async () =>
    (await admin.query("select 1 from pg_database where datname = $1", [template])).rowCount === 1;
  if (await exists()) return template;
  await admin.query("select pg_advisory_lock(hashtext('keyholder_test_template'))");
  try {
    if (await exists()) return template;
    // Made under another name and renamed when complete, so a maker that dies leaves no half template.
    const making = `${template}_making`;
    await admin.query(`drop database if exists ${making} with (force)`);
    await admin.query(`create database ${making}`);
    const handle = await openDatabase({ url: databaseUrl(adminUrl, making), dataDir: "" });
    try {
      await runMigrations(handle);
    } finally {
      await handle.close();
    }
    await admin.query(`alter database ${making} rename to ${template}`);
    return template;
  } finally {
    await admin.query("select pg_advisory_unlock(hashtext('keyholder_test_template'))");
  }
}

/** A copy of the template; its maker's connections may take a moment to go after they close. */
async function copyDatabase(admin: pg.Client, template: string, name: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${template}`);
      return;
    } catch (err) {
      if (attempt >= 20 || !/being accessed by other users/.test((err as Error).message)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * Migrating a fresh PGlite takes seconds; loading a dump of an already migrated one takes a fraction.
 * The dump is cached in the temp folder under a hash of the migration files, so a new migration
 * makes a new template.
 */
async function migratedTemplate(): Promise<Blob> {
  const dir = path.join(os.tmpdir(), "keyholder-test-templates");
  const file = path.join(dir, `${migrationsHash()}.tar`);
  if (!existsSync(file)) {
    const handle = await openDatabase({ dataDir: "memory://" });
    await runMigrations(handle);
    const dump = await dumpPglite(handle);
    await handle.close();
    mkdirSync(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file);
  }
  return new Blob([readFileSync(file)]);
}

/**
 * Calls the API as a test client: signed in with `signedIn()`'s session unless `org` names another
 * (null: signed out), with the CSRF header unless `csrf` is false. The app and the organization are
 * read when a call is made, so both may be set up in beforeAll.
 */
export function apiSender<O extends { cookie: string }>(
  app: () => Awaited<ReturnType<typeof createTestApp>>["app"],
  signedIn: () => O,
) {
  return (
    method: "POST" | "PUT" | "PATCH" | "DELETE" | "GET",
    url: string,
    o: { org?: O | null; payload?: unknown; csrf?: boolean } = {},
  ) =>
    app().inject({
      method,
      url: `/api/v1${url}`,
      headers: o.csrf === false ? {} : { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      cookies: o.org === null ? {} : { kh_session: (o.org ?? signedIn()).cookie },
      ...(o.payload === undefined ? {} : { payload: o.payload as object }),
    });
}

/**
 * An approved organization (with about `scale` units of demo data when given) and its administrator
 * signed in through the real login route; `cookie` is the session cookie's value.
 */
export async function signedInOrganization(
  t: Awaited<ReturnType<typeof createTestApp>>,
  name: string,
  o: { scale?: number; seed?: number; password?: string; leases?: boolean } = {},
) {
  const password = o.password ?? "Fixture-Pass-123!";
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}@example.com`;
  const org = await createApprovedOrganization(t.db, { name, email, password, firstName: name, lastName: "Admin" });
  if (o.scale) await generateDemoData(t.db, { ...org, scale: o.scale, seed: o.seed ?? 1, leases: o.leases });
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    payload: { username: email, password },
  });
  const cookie = res.cookies.find((c) => c.name === "kh_session")?.value;
  if (!cookie) throw new Error(`fixture login failed: ${res.statusCode} ${res.body}`);
  return { ...org, email, cookie };
}

/**
 * A user of the organization with a role (by name), limited to `properties` when given (through
 * the users API, as an administrator limits one), signed in through the real login route.
 */
export async function signedInUser(
  t: Awaited<ReturnType<typeof createTestApp>>,
  org: { orgId: string; cookie: string },
  o: { username: string; role: string; password: string; properties?: string[] },
): Promise<{ cookie: string; id: number }> {
  const hash = await hashPassword(o.password);
  const id = await asSystem(t.db, async (tx) => {
    const { rows } = (await tx.execute(sql`insert into users (organization_id, role_id, username, password_hash)
      values (${org.orgId}, (select id from roles where name = ${o.role}), ${o.username}, ${hash})
      returning id`)) as unknown as { rows: { id: number }[] };
    return Number(rows[0]?.id);
  });
  const send = apiSender(
    () => t.app,
    () => org,
  );
  if (o.properties) {
    const res = await send("PUT", `/users/${id}/properties`, {
      payload: { all_properties: false, property_ids: o.properties },
    });
    if (res.statusCode !== 200) throw new Error(`fixture scope failed: ${res.statusCode} ${res.body}`);
  }
  const login = await send("POST", "/auth/login", {
    org: null,
    payload: { username: o.username, password: o.password },
  });
  if (login.statusCode !== 200) throw new Error(`fixture login failed: ${login.statusCode} ${login.body}`);
  return { cookie: login.cookies.find((c) => c.name === "kh_session")?.value ?? "", id };
}
