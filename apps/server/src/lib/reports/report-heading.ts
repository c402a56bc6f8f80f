import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

type Heading = { organization: string; preparedOn: string };

/** Read once per transaction: a report's day left out and its file's heading ask for the same. */
const read = new WeakMap<Tx, Promise<Heading>>();

/** What a downloaded report is headed with: the organization's name and its day today (a report's day when none is given). */
export function reportHeading(tx: Tx, orgId: string): Promise<Heading> {
  const known = read.get(tx);
  if (known) return known;
  const heading = (async () => {
    const { rows } = (await tx.execute(
      sql`select name, (now() at time zone time_zone)::date::text as today from organizations where id = ${orgId}`,
    )) as unknown as { rows: { name: string; today: string }[] };
    const [row] = rows;
    return { organization: row?.name ?? "", preparedOn: row?.today ?? "" };
  })();
  read.set(tx, heading);
  return heading;
}
