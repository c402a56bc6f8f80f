import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

/** What a downloaded report is headed with: the organization's name and its day today (a report's day when none is given). */
export async function reportHeading(tx: Tx, orgId: string) {
  const { rows } = (await tx.execute(
    sql`select name, (now() at time zone time_zone)::date::text as today from organizations where id = ${orgId}`,
  )) as unknown as { rows: { name: string; today: string }[] };
  const [row] = rows;
  return { organization: row?.name ?? "", preparedOn: row?.today ?? "" };
}
