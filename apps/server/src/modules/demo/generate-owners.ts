import { addDays, addMonths, monthStart } from "@keyholder/contracts/civil-date";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { organizationToday } from "../../lib/organization-today.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import { createAgreement } from "../management-agreements/agreements.ts";
import { runFees } from "../management-fees/run-fees.ts";
import { runDistributions } from "../owner-distributions/run-distributions.ts";
import { saveOwner } from "../owners/save-owner.ts";
import { setOwnership } from "../owners/set-ownership.ts";

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

const DEMO_OWNERS = [
  { kind: "person", name: "Margaret Chen", tax_classification: "individual", taxpayer_id: "000-12-4410" },
  { kind: "company", name: "Riverside Holdings LLC", tax_classification: "llc", taxpayer_id: "00-1234567" },
] as const;

/**
 * The demo's owners (decision 044), made as the By Owner screen makes them: two owners, the
 * properties alternately theirs and the first shared half and half, from the books' first day; an
 * agreement on each (8% of rents, at least $100, a $500 reserve); last month's fee run; and a
 * distribution of what each owner had available on last month's last day from the trust account.
 */
export async function generateOwners(tx: Tx, o: { orgId: string; adminUserId: number }, box: SecretBox) {
  const actor = { orgId: o.orgId, userId: o.adminUserId };
  const today = await organizationToday(tx, o.orgId);
  const owners = [];
  for (const owner of DEMO_OWNERS) {
    owners.push(
      await saveOwner(tx, actor, box, {
        ...owner,
        email: null,
        phone: null,
        legal_name: owner.name,
        eligible_1099: true,
      }),
    );
  }
  const [first, second] = owners;
  if (!first || !second) return { owners: 0 };
  const [books] = rows<{ first: string | null }>(
    await tx.execute(sql`select min(posted_on)::text as first from journal_entries where organization_id = ${o.orgId}`),
  );
  const from = monthStart(books?.first ?? today);
  const properties = rows<{ id: string }>(
    await tx.execute(sql`select id from properties where organization_id = ${o.orgId} order by name`),
  );
  const rents = rows<{ id: number }>(
    await tx.execute(sql`
      select id from ledger_accounts where organization_id = ${o.orgId} and role in ('rent_income', 'parking_income', 'pet_rent_income')`),
  ).map((a) => Number(a.id));
  for (const [i, property] of properties.entries()) {
    const shares =
      i === 0
        ? [
            { owner_id: first.id, share_bp: 5_000 },
            { owner_id: second.id, share_bp: 5_000 },
          ]
        : [{ owner_id: (i % 2 ? second : first).id, share_bp: 10_000 }];
    await setOwnership(tx, o.orgId, property.id, { starts_on: from, owners: shares });
    await createAgreement(tx, o.orgId, o.adminUserId, {
      property_id: property.id,
      starts_on: from,
      ends_on: null,
      fee_percent_bp: 800,
      fee_account_ids: rents,
      fee_basis: "collected",
      flat_per_property_cents: 0,
      flat_per_unit_cents: 0,
      minimum_cents: 10_000,
      reserve_cents: 50_000,
    });
  }
  const lastMonth = addMonths(monthStart(today), -1);
  const lastDay = addDays(monthStart(today), -1);
  const fees = await runFees(tx, actor, { period_start: lastMonth, period_end: lastDay });
  const [trust] = rows<{ id: string }>(
    await tx.execute(
      sql`select id from bank_accounts where organization_id = ${o.orgId} and kind = 'trust' order by name limit 1`,
    ),
  );
  if (!trust) return { owners: owners.length, fees: fees.total_cents, distributed: 0 };
  const { run } = await runDistributions(tx, actor, {
    bank_account_id: trust.id,
    paid_on: lastDay,
    preview: false,
    idempotency_key: "demo-distribution",
  });
  return { owners: owners.length, fees: fees.total_cents, distributed: run.total_cents };
}
