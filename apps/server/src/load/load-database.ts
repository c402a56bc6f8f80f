import pg from "pg";

/** The database `npm run test:load` makes for itself on the server of TEST_DATABASE_URL. */
export const LOAD_DATABASE = "keyholder_load";

async function asAdmin(adminUrl: string, text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** The address of database `name` on the server of adminUrl. */
export function databaseOn(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function createDatabaseIfMissing(adminUrl: string, name: string) {
  const found = await asAdmin(adminUrl, `select 1 from pg_database where datname = '${name}'`);
  if (!found.rowCount) await asAdmin(adminUrl, `create database ${name}`);
  return databaseOn(adminUrl, name);
}

export const dropDatabase = (adminUrl: string, name: string) =>
  asAdmin(adminUrl, `drop database if exists ${name} with (force)`);

/**
 * DATABASE_URL as it is, else a database of its own next to TEST_DATABASE_URL, kept between runs:
 * seeding 1,000,000 units takes minutes, so a second run reuses the organization.
 */
export async function loadDatabaseUrl(env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  if (env.TEST_DATABASE_URL) return createDatabaseIfMissing(env.TEST_DATABASE_URL, LOAD_DATABASE);
  return undefined;
}
