import { todayIn } from "@keyholder/contracts/civil-date";
import { sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";

/**
 * The organization's day today, in its time zone (`now` the app's clock, which tests move): what
 * civil dates are judged against (the rent in effect, move-ins, ownerships, expiries, a report's day).
 */
export async function organizationToday(tx: Tx, orgId: string, now = new Date()): Promise<string> {
  const { rows } = (await tx.execute(sql`select time_zone from organizations where id = ${orgId}`)) as unknown as {
    rows: { time_zone: string }[];
  };
  const [org] = rows;
  if (!org) throw new Error("organization not found");
  return todayIn(org.time_zone, now);
}
