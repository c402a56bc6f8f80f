import { sql } from "drizzle-orm";
import { asSystem, type Database } from "../../db/client.ts";
import { generateLeaseHistory } from "./generate-lease-history.ts";

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * The year of ledger history for an organization the seed made with leases and `--without-history`
 * (the seed's `--history-only`): refused unless its leases have nothing on the ledger yet, since the
 * generator posts as a freshly generated organization's history. Returns the seconds it took.
 */
export async function addLeaseHistory(db: Database, orgNumber: number, log?: (m: string) => void) {
  const [org] = await asSystem(db, async (tx) =>
    rowsOf<{ id: string; today: string; admin: number | null; leases: number; posted: boolean }>(
      await tx.execute(sql`select o.id, ((now() at time zone o.time_zone)::date)::text as today,
          (select min(u.id) from users u join roles r on r.id = u.role_id and r.name = 'ADMIN' where u.organization_id = o.id) as admin,
          (select count(*)::int from leases l where l.organization_id = o.id) as leases,
          exists (select 1 from journal_lines l where l.organization_id = o.id and l.lease_id is not null) as posted
        from organizations o where o.number = ${orgNumber}`),
    ),
  );
  if (!org) throw new Error(`there is no organization #${orgNumber}`);
  if (org.admin === null) throw new Error(`organization #${orgNumber} has no administrator`);
  if (org.leases === 0) throw new Error(`organization #${orgNumber} has no leases: seed it with leases first`);
  if (org.posted) throw new Error(`organization #${orgNumber} has lease postings already: its history is made`);
  const started = Date.now();
  await generateLeaseHistory(db, { orgId: org.id, adminUserId: Number(org.admin), seed: 0, today: org.today }, log);
  const seconds = (Date.now() - started) / 1000;
  await db.execute(sql`vacuum (analyze) journal_entries, journal_lines, lease_charges, lease_credits, lease_allocations,
    lease_payments, lease_balances, lease_month_balances, recurring_charges, ledger_account_balances, ledger_account_day_balances,
    ledger_property_balances`);
  return seconds;
}
