import { splitSignedCents } from "@keyholder/contracts/split-cents";
import { defaultThresholdCents, type Form1099, type Form1099Summary } from "@keyholder/contracts/tax-forms";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { uuidArray } from "../../lib/sql-arrays.ts";
import { rowsOf } from "../owners/owner-rows.ts";

export async function thresholdFor(tx: Tx, orgId: string, year: number) {
  const [row] = rowsOf<{ cents: string | number }>(
    await tx.execute(
      sql`select threshold_cents as cents from tax_year_thresholds where organization_id = ${orgId} and year = ${year}`,
    ),
  );
  return row ? Number(row.cents) : defaultThresholdCents(year);
}

/** Vendors marked for 1099 and what they were paid in the year, cards left out (1099-NEC box 1). */
async function vendorForms(tx: Tx, orgId: string, year: number): Promise<Form1099[]> {
  return rowsOf<Form1099 & { amount_cents: string | number }>(
    await tx.execute(sql`
      select 'NEC' as form, '1' as box, 'vendor' as payee_type, v.id as payee_id, v.name, v.legal_name, v.tax_classification,
        v.taxpayer_id_last4, sum(p.total_cents) as amount_cents
      from bill_payments p join vendors v on v.organization_id = p.organization_id and v.id = p.vendor_id
      where p.organization_id = ${orgId} and p.method <> 'card' and p.void_entry_id is null and v.eligible_1099
        and p.paid_on between ${`${year}-01-01`} and ${`${year}-12-31`}
      group by v.organization_id, v.id
      order by lower(v.name), v.id`),
  ).map((r) => ({ ...r, amount_cents: Number(r.amount_cents) }));
}

/**
 * Owners' rents (1099-MISC box 1): each month's rents of a property (rent, parking and pet rent, from
 * the maintained monthly balances) shared by who owned it on the month's first day, as shares are
 * everywhere (splitCents), summed per owner over the year.
 */
async function ownerForms(tx: Tx, orgId: string, year: number): Promise<Form1099[]> {
  const months = rowsOf<{ property_id: string; period_start: string; cents: string | number }>(
    await tx.execute(sql`
      select b.property_id, b.period_start::text as period_start, sum(b.credit_cents - b.debit_cents) as cents
      from ledger_property_balances b
      join ledger_accounts a on a.organization_id = b.organization_id and a.id = b.account_id
      where b.organization_id = ${orgId} and a.role in ('rent_income', 'parking_income', 'pet_rent_income')
        and b.period_start between ${`${year}-01-01`} and ${`${year}-12-01`}
      group by b.property_id, b.period_start
      having sum(b.credit_cents - b.debit_cents) <> 0`),
  );
  const shares = rowsOf<{
    property_id: string;
    owner_id: string;
    share_bp: number;
    starts_on: string;
    ends_on: string | null;
  }>(
    await tx.execute(sql`
      select s.property_id, s.owner_id, s.share_bp, s.starts_on::text as starts_on, s.ends_on::text as ends_on
      from property_ownerships s
      where s.organization_id = ${orgId} and s.starts_on <= ${`${year}-12-01`} and (s.ends_on is null or s.ends_on >= ${`${year}-01-01`})
      order by s.property_id, s.share_bp desc, s.owner_id`),
  );
  const totals = new Map<string, number>();
  for (const m of months) {
    const holders = shares.filter(
      (s) =>
        s.property_id === m.property_id &&
        s.starts_on <= m.period_start &&
        (s.ends_on === null || s.ends_on >= m.period_start),
    );
    if (holders.length === 0) continue;
    const parts = splitSignedCents(
      Number(m.cents),
      holders.map((h) => Number(h.share_bp)),
    );
    for (const [i, h] of holders.entries()) totals.set(h.owner_id, (totals.get(h.owner_id) ?? 0) + (parts[i] ?? 0));
  }
  if (totals.size === 0) return [];
  const owners = rowsOf<Omit<Form1099, "amount_cents">>(
    await tx.execute(sql`
      select 'MISC' as form, '1' as box, 'owner' as payee_type, o.id as payee_id, o.name, o.legal_name, o.tax_classification,
        o.taxpayer_id_last4
      from owners o where o.organization_id = ${orgId} and o.eligible_1099 and o.id = any(${uuidArray([...totals.keys()])})
      order by lower(o.name), o.id`),
  );
  return owners.map((o) => ({ ...o, amount_cents: totals.get(o.payee_id) ?? 0 }));
}

/** GET /tax-forms/1099: the year's forms, payees at or over the threshold; those under it apart. */
export async function form1099Summary(tx: Tx, orgId: string, year: number): Promise<Form1099Summary> {
  const threshold = await thresholdFor(tx, orgId, year);
  const all = [...(await vendorForms(tx, orgId, year)), ...(await ownerForms(tx, orgId, year))];
  return {
    year,
    threshold_cents: threshold,
    forms: all.filter((f) => f.amount_cents >= threshold),
    under_threshold: all.filter((f) => f.amount_cents < threshold && f.amount_cents > 0),
  };
}
