import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { rowsOf } from "../owners/owner-rows.ts";
import type { PropertyAvailable, Share } from "./plan-distributions.ts";

/**
 * What each owned property has available in a trust bank account's cash on a day, from the maintained
 * balances (monthly rows per property and account, never the lines): its cash there, less the reserve
 * of its agreement, the security deposits it holds (unless an escrow account keeps them apart), the
 * rent tenants paid ahead, and its share of unpaid bills. With who owns what that day.
 */
export async function availableByProperty(tx: Tx, orgId: string, cashAccountId: number, day: string) {
  const shares = rowsOf<Share>(
    await tx.execute(sql`
      select s.property_id, s.owner_id, o.name as owner_name, s.share_bp
      from property_ownerships s join owners o on o.organization_id = s.organization_id and o.id = s.owner_id
      where s.organization_id = ${orgId} and s.starts_on <= ${day} and (s.ends_on is null or s.ends_on >= ${day})
      order by s.property_id, s.share_bp desc, o.name`),
  ).map((s) => ({ ...s, share_bp: Number(s.share_bp) }));
  const rows = rowsOf<{ id: string; name: string; available: string | number }>(
    await tx.execute(sql`
      with owned as (
        select distinct s.property_id from property_ownerships s
        where s.organization_id = ${orgId} and s.starts_on <= ${day} and (s.ends_on is null or s.ends_on >= ${day})),
      roles as (
        select id, role from ledger_accounts
        where organization_id = ${orgId} and role in ('security_deposits_held', 'other_deposits_held', 'prepaid_rent')),
      escrow as (
        select exists (select 1 from bank_accounts where organization_id = ${orgId} and kind = 'escrow' and is_active) as kept),
      bal as (
        select b.property_id,
          sum(b.debit_cents - b.credit_cents) filter (where b.account_id = ${cashAccountId}) as cash,
          sum(b.credit_cents - b.debit_cents) filter (where r.role in ('security_deposits_held', 'other_deposits_held')) as deposits,
          sum(b.credit_cents - b.debit_cents) filter (where r.role = 'prepaid_rent') as prepaid
        from ledger_property_balances b left join roles r on r.id = b.account_id
        where b.organization_id = ${orgId} and b.property_id in (select property_id from owned)
          and (b.account_id = ${cashAccountId} or r.id is not null)
        group by b.property_id),
      unpaid as (
        select l.property_id, sum(l.amount_cents) as cents from bill_lines l
        join bills x on x.organization_id = l.organization_id and x.id = l.bill_id
        where l.organization_id = ${orgId} and x.kind = 'bill' and x.void_entry_id is null and x.applied_cents < x.total_cents
          and l.property_id in (select property_id from owned)
        group by l.property_id),
      paid as (
        select a.property_key as property_id, sum(a.amount_cents) as cents from bill_payment_applications a
        join bill_payments bp on bp.organization_id = a.organization_id and bp.id = a.payment_id and bp.void_entry_id is null
        join bills x on x.organization_id = a.organization_id and x.id = a.bill_id
        where a.organization_id = ${orgId} and x.kind = 'bill' and x.void_entry_id is null and x.applied_cents < x.total_cents
          and a.property_key in (select property_id from owned)
        group by a.property_key)
      select p.id, p.name,
        coalesce(bal.cash, 0)
          - coalesce((select a.reserve_cents from management_agreements a where a.organization_id = ${orgId}
              and a.property_id = p.id and a.starts_on <= ${day} and (a.ends_on is null or a.ends_on >= ${day})), 0)
          - case when (select kept from escrow) then 0 else coalesce(bal.deposits, 0) end
          - coalesce(bal.prepaid, 0)
          - (coalesce(unpaid.cents, 0) - coalesce(paid.cents, 0)) as available
      from owned join properties p on p.organization_id = ${orgId} and p.id = owned.property_id
      left join bal on bal.property_id = p.id
      left join unpaid on unpaid.property_id = p.id
      left join paid on paid.property_id = p.id
      order by p.name, p.id`),
  );
  const properties: PropertyAvailable[] = rows.map((r) => ({ id: r.id, name: r.name, available: Number(r.available) }));
  return { properties, shares };
}
