import type { DiagnosticProblem, Diagnostics } from "@keyholder/contracts/diagnostics";
import { formatCents } from "@keyholder/contracts/money";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const none = { property: null, account: null, period_start: null, owner: null };

/**
 * GET /diagnostics: the books checked now, each check one statement over the maintained balances
 * (decision 027), never over the lines:
 * - a property whose trust cash (the trust_cash account and every trust bank account's) is below 0;
 * - an owner whose share of their properties' trust cash (by today's shares) is below 0;
 * - trust cash of no property, or held by a property with no owner today (below 0 it is the first
 *   check's): money no owner statement shows, so the owners' statements no longer add up to the
 *   trust accounts;
 * - with an active escrow bank account: the deposits held (security and other) not equal to the
 *   escrow accounts' cash;
 * - the clearing account not at 0;
 * - the receivables and prepaid rent accounts not equal to the leases' balances (a line on them
 *   without its lease);
 * - deposits held on no lease (the deposit register's remainder, read by a partial index of the few
 *   lines without a lease);
 * - a month whose postings do not sum to 0.
 */
export async function checkBooks(tx: Tx, orgId: string, now: Date): Promise<Diagnostics> {
  const problems: DiagnosticProblem[] = [];

  const trustAccounts = sql`
    select id from ledger_accounts where organization_id = ${orgId} and role = 'trust_cash'
    union select ledger_account_id from bank_accounts where organization_id = ${orgId} and kind = 'trust'`;
  const trust = rowsOf<{ id: string; name: string; cents: string }>(
    await tx.execute(sql`
      with trust_accounts as (${trustAccounts})
      select p.id, p.name, sum(b.debit_cents - b.credit_cents) as cents
      from ledger_property_balances b
      join properties p on p.organization_id = b.organization_id and p.id = b.property_id
      where b.organization_id = ${orgId} and b.account_id in (select id from trust_accounts)
      group by p.id, p.name having sum(b.debit_cents - b.credit_cents) < 0
      order by 3, 2`),
  );
  for (const r of trust) {
    problems.push({
      ...none,
      code: "negative_trust_cash",
      message: `${r.name} has ${formatCents(Number(r.cents))} of trust cash: a property's trust money may never be negative`,
      amount_cents: Number(r.cents),
      property: { id: r.id, name: r.name },
    });
  }

  const owners = rowsOf<{ id: string; name: string; cents: string }>(
    await tx.execute(sql`
      with trust_accounts as (${trustAccounts}),
      cash as (
        select b.property_id, sum(b.debit_cents - b.credit_cents) as cents from ledger_property_balances b
        where b.organization_id = ${orgId} and b.account_id in (select id from trust_accounts)
        group by b.property_id),
      today as (select (now() at time zone time_zone)::date as d from organizations where id = ${orgId})
      select o.id, o.name, round(sum(c.cents * s.share_bp / 10000.0)) as cents
      from property_ownerships s
      join owners o on o.organization_id = s.organization_id and o.id = s.owner_id
      join cash c on c.property_id = s.property_id
      cross join today
      where s.organization_id = ${orgId} and s.starts_on <= today.d and (s.ends_on is null or s.ends_on >= today.d)
      group by o.id, o.name having sum(c.cents * s.share_bp) < 0
      order by 3, 2`),
  );
  for (const r of owners) {
    problems.push({
      ...none,
      code: "negative_owner_trust_cash",
      message: `${r.name}'s share of their properties' trust cash is ${formatCents(Number(r.cents))}: an owner's trust money may never be negative`,
      amount_cents: Number(r.cents),
      owner: { id: r.id, name: r.name },
    });
  }

  const [loose] = rowsOf<{ cents: string }>(
    await tx.execute(sql`
      with trust_accounts as (${trustAccounts})
      select coalesce((select sum(debit_cents - credit_cents) from ledger_account_balances
          where organization_id = ${orgId} and account_id in (select id from trust_accounts)), 0)
        - coalesce((select sum(debit_cents - credit_cents) from ledger_property_balances
          where organization_id = ${orgId} and account_id in (select id from trust_accounts)), 0) as cents`),
  );
  if (loose && Number(loose.cents) !== 0) {
    problems.push({
      ...none,
      code: "trust_cash_of_no_property",
      message: `${formatCents(Number(loose.cents))} of trust cash belongs to no property: no owner statement shows it`,
      amount_cents: Number(loose.cents),
    });
  }

  const ownerless = rowsOf<{ id: string; name: string; cents: string }>(
    await tx.execute(sql`
      with trust_accounts as (${trustAccounts}),
      today as (select (now() at time zone time_zone)::date as d from organizations where id = ${orgId})
      select p.id, p.name, sum(b.debit_cents - b.credit_cents) as cents
      from ledger_property_balances b
      join properties p on p.organization_id = b.organization_id and p.id = b.property_id
      cross join today
      where b.organization_id = ${orgId} and b.account_id in (select id from trust_accounts)
        and not exists (select 1 from property_ownerships s where s.organization_id = p.organization_id
          and s.property_id = p.id and s.starts_on <= today.d and (s.ends_on is null or s.ends_on >= today.d))
      group by p.id, p.name having sum(b.debit_cents - b.credit_cents) > 0
      order by 2`),
  );
  for (const r of ownerless) {
    problems.push({
      ...none,
      code: "trust_cash_without_owner",
      message: `${r.name} holds ${formatCents(Number(r.cents))} of trust cash but has no owner today: no owner statement shows it`,
      amount_cents: Number(r.cents),
      property: { id: r.id, name: r.name },
    });
  }

  const [escrow] = rowsOf<{ escrow: boolean; held: string; cash: string }>(
    await tx.execute(sql`
      with totals as (
        select account_id, sum(debit_cents - credit_cents) as net from ledger_account_balances
        where organization_id = ${orgId} group by account_id
      )
      select exists (select 1 from bank_accounts where organization_id = ${orgId} and kind = 'escrow' and is_active) as escrow,
        coalesce((select -sum(t.net) from totals t join ledger_accounts a on a.organization_id = ${orgId} and a.id = t.account_id
          where a.role in ('security_deposits_held', 'other_deposits_held')), 0) as held,
        coalesce((select sum(t.net) from totals t join bank_accounts b on b.organization_id = ${orgId}
          and b.ledger_account_id = t.account_id and b.kind = 'escrow'), 0) as cash`),
  );
  if (escrow?.escrow && Number(escrow.held) !== Number(escrow.cash)) {
    problems.push({
      ...none,
      code: "deposits_not_in_escrow",
      message: `Deposits held are ${formatCents(Number(escrow.held))} but the escrow accounts hold ${formatCents(Number(escrow.cash))}`,
      amount_cents: Number(escrow.held) - Number(escrow.cash),
    });
  }

  const clearing = rowsOf<{ id: number; code: string; name: string; cents: string }>(
    await tx.execute(sql`
      select a.id, a.code, a.name, sum(b.debit_cents - b.credit_cents) as cents
      from ledger_accounts a join ledger_account_balances b on b.organization_id = a.organization_id and b.account_id = a.id
      where a.organization_id = ${orgId} and a.role = 'clearing'
      group by a.id, a.code, a.name having sum(b.debit_cents - b.credit_cents) <> 0`),
  );
  for (const r of clearing) {
    problems.push({
      ...none,
      code: "clearing_not_zero",
      message: `${r.code} ${r.name} holds ${formatCents(Number(r.cents))}: what passes through it should leave it at zero`,
      amount_cents: Number(r.cents),
      account: { id: Number(r.id), code: r.code, name: r.name },
    });
  }

  const [tenants] = rowsOf<{ accounts: string; leases: string }>(
    await tx.execute(sql`
      select
        coalesce((select sum(b.debit_cents - b.credit_cents) from ledger_account_balances b
          join ledger_accounts a on a.organization_id = b.organization_id and a.id = b.account_id and a.lease_ledger
          where b.organization_id = ${orgId}), 0) as accounts,
        coalesce((select sum(balance_cents) from lease_balances where organization_id = ${orgId}), 0) as leases`),
  );
  if (tenants && Number(tenants.accounts) !== Number(tenants.leases)) {
    problems.push({
      ...none,
      code: "receivables_not_tenants",
      message: `The receivables and prepaid rent accounts come to ${formatCents(Number(tenants.accounts))} but the leases' balances to ${formatCents(Number(tenants.leases))}: a line on them names no lease`,
      amount_cents: Number(tenants.accounts) - Number(tenants.leases),
    });
  }

  const [deposits] = rowsOf<{ cents: string }>(
    await tx.execute(sql`
      select coalesce(-sum(l.amount_cents), 0) as cents from journal_lines l
      where l.organization_id = ${orgId} and l.lease_id is null
        and l.account_id in (select id from ledger_accounts where organization_id = ${orgId}
          and role in ('security_deposits_held', 'other_deposits_held'))`),
  );
  if (deposits && Number(deposits.cents) !== 0) {
    problems.push({
      ...none,
      code: "deposits_not_on_leases",
      message: `${formatCents(Number(deposits.cents))} of deposits held belongs to no lease: the deposit register shows it apart from the leases' deposits`,
      amount_cents: Number(deposits.cents),
    });
  }

  const periods = rowsOf<{ period_start: string; cents: string }>(
    await tx.execute(sql`
      select period_start::text as period_start, sum(debit_cents - credit_cents) as cents
      from ledger_account_balances where organization_id = ${orgId}
      group by period_start having sum(debit_cents - credit_cents) <> 0 order by 1`),
  );
  for (const r of periods) {
    problems.push({
      ...none,
      code: "unbalanced_period",
      message: `The postings of the month starting ${r.period_start} are off by ${formatCents(Number(r.cents))}`,
      amount_cents: Number(r.cents),
      period_start: r.period_start,
    });
  }
  return { checked_at: now.toISOString(), problems };
}
