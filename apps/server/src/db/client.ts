import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { GuardedPool } from "./guarded-pool.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema>;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL server; without it the embedded PGlite database under dataDir is used. */
  url?: string | undefined;
  /** Directory of the embedded database; "memory://" keeps it in memory (tests). */
  dataDir: string;
  /** A PGlite data-directory dump to start from (tests start from a migrated template). */
  loadDataDir?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    // A connection that cannot be made in 5 s fails the request (503) instead of holding it.
    const pool = new GuardedPool(
      { connectionString: options.url, max: 10, connectionTimeoutMillis: 5000 },
      (state, err) =>
        console.error(JSON.stringify({ level: 50, msg: `${state} database connection lost`, err: err.message })),
    );
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      close: () => pool.end(),
    };
  }
  const dir = options.dataDir === "memory://" ? undefined : path.resolve(options.dataDir, "pglite");
  let release = () => {};
  if (dir) {
    mkdirSync(dir, { recursive: true });
    release = lockDataDir(dir);
  }
  const client = new PGlite({
    ...(dir ? { dataDir: dir } : {}),
    extensions: { pg_trgm, btree_gin, btree_gist },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    close: async () => {
      await client.close();
      release();
    },
  };
}

/**
 * PGlite is single-process: two processes on one data directory corrupt it. A pid file, created
 * exclusively (so two processes starting at once cannot both take it), refuses the second one (the
 * app and `npm run admin`/`seed`) with a clear message; the file of a dead process is taken over.
 */
export function lockDataDir(dir: string, pid = process.pid): () => void {
  const file = path.join(dir, "keyholder.pid");
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, String(pid), { flag: "wx" });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 2) throw err;
    }
    let holder = 0;
    try {
      holder = Number(readFileSync(file, "utf8"));
    } catch {
      continue;
    }
    if (holder && holder !== pid && isAlive(holder)) {
      throw new Error(
        `The embedded database in ${dir} is in use by process ${holder} (is Keyholder running?). Stop it first, or use DATABASE_URL with a PostgreSQL server.`,
      );
    }
    // Left by a process that is gone (or by this one): take it over.
    rmSync(file, { force: true });
  }
  const release = () => rmSync(file, { force: true });
  process.once("exit", release);
  return release;
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The embedded database's data directory as a tarball (for test templates and backups). */
export async function dumpPglite(handle: DatabaseHandle): Promise<Blob> {
  if (handle.kind !== "pglite") throw new Error("only the embedded database can be dumped this way");
  return (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
}

/** Applies the generated migration files that have not run yet; safe on every start. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "postgres") {
    await migratePg(handle.db as never, { migrationsFolder });
  } else {
    await migratePglite(handle.db as never, { migrationsFolder });
  }
}

/**
 * Runs fn in a transaction confined to one organization: the role switches to keyholder_app, which
 * row-level security binds to app.org_id, so a query that forgets its WHERE still sees only this
 * organization. Both settings end with the transaction.
 */
export function withOrg<T>(
  db: Database,
  ctx: {
    orgId: string;
    userId?: number | null;
    /**
     * The properties the user works on when not all of them (decision 019): the transaction then
     * runs as keyholder_scoped, whose policies hide every other property's records.
     */
    propertyIds?: readonly string[] | null | undefined;
    /**
     * A maintenance technician (decision 034): the transaction then sees only the maintenance
     * requests that are unassigned or assigned to this user.
     */
    technician?: boolean;
  },
  fn: (tx: Tx) => Promise<T>,
) {
  const scoped = Array.isArray(ctx.propertyIds);
  const technicianId = ctx.technician && ctx.userId ? String(ctx.userId) : "";
  return db.transaction(async (tx) => {
    // One round trip: set_config('role', ..., true) is SET LOCAL ROLE.
    await tx.execute(
      sql`select set_config('app.org_id', ${ctx.orgId}, true), set_config('app.user_id', ${String(ctx.userId ?? "")}, true),
        set_config('app.property_ids', ${scoped ? `{${(ctx.propertyIds ?? []).join(",")}}` : ""}, true),
        set_config('app.technician_id', ${technicianId}, true),
        set_config('role', ${scoped ? "keyholder_scoped" : "keyholder_app"}, true)`,
    );
    // A technician sees part of the organization's requests, as a scoped user part of its properties.
    if (scoped || technicianId) scopedTransactions.add(tx as Tx);
    return fn(tx as Tx);
  });
}

/**
 * Runs fn as a resident of the portal (decision 036): the role keyholder_resident, which is no
 * member of keyholder_app and whose only policies show app.org_id's rows of the leases in
 * app.resident_lease_ids (the leases the resident's tenant is a party of), and nothing else.
 */
export function withResident<T>(
  db: Database,
  ctx: { orgId: string; leaseIds: readonly string[] },
  fn: (tx: Tx) => Promise<T>,
) {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('app.org_id', ${ctx.orgId}, true), set_config('app.user_id', '', true),
        set_config('app.property_ids', '', true),
        set_config('app.resident_lease_ids', ${`{${ctx.leaseIds.join(",")}}`}, true),
        set_config('role', 'keyholder_resident', true)`,
    );
    return fn(tx as Tx);
  });
}

const scopedTransactions = new WeakSet<Tx>();

/**
 * Whether the transaction sees only some properties (decision 019) or requests (a technician): then the organization-wide
 * figures (grid_values, organization_row_counts) are not its totals, and a deleted record's history
 * is not for it to read.
 */
export const isScoped = (tx: Tx) => scopedTransactions.has(tx);

/**
 * Runs fn as the schema owner, outside any organization. Only for what precedes or spans
 * organizations: sign-up, login and session lookup, the operator's waitlist, the public listings.
 */
export function asSystem<T>(db: Database, fn: (tx: Tx) => Promise<T>) {
  return db.transaction(async (tx) => fn(tx as Tx));
}
