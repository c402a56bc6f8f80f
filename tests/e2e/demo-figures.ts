import { sql } from "drizzle-orm";
import { DEMO, type E2e } from "./harness.ts";

/** The demo organization's vacant units, by the test's own count (never the app's). */
export async function demoVacantUnits(e2e: E2e) {
  return e2e.app.asSystem(async (tx) => {
    const { rows } = (await tx.execute(sql`select count(*)::int as n from units u
      join users us on us.organization_id = u.organization_id where us.username = ${DEMO.email} and not u.occupied`)) as unknown as {
      rows: { n: number }[];
    };
    return rows[0]?.n ?? -1;
  });
}
