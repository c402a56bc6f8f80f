import { isWholeMonths, monthStart } from "@keyholder/contracts/civil-date";
import {
  type OwnerStatement,
  type OwnerStatementProperty,
  type OwnerStatementQuery,
  ownerStatementMessages,
} from "@keyholder/contracts/owner-statements";
import { splitSignedCents } from "@keyholder/contracts/split-cents";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { badRequest, notFound } from "../../lib/http-error.ts";
import { refuseScopedUser } from "../../lib/refuse-scoped.ts";
import { reportPeriod } from "../../lib/reports/report-property.ts";
import { rowsOf } from "../owners/owner-rows.ts";

interface Figures {
  property_id: string;
  property_name: string;
  beginning: string;
  ending: string;
  fees: string;
  contributions: string;
  distributions: string;
  deposits: string;
  prepaid: string;
  payable: string;
  reserve: string;
}

interface AccountLine {
  property_id: string;
  id: number;
  code: string;
  name: string;
  type: "income" | "expense";
  cents: string;
}

const n = Number;

/**
 * GET /owner-statements: an owner's statement for whole months, per property they owned at some
 * day of it, read from the maintained monthly rows (balances per property and account, and the cash
 * basis of migration 0072), never the lines: trust cash at the start and the end (the accounts of
 * the trust bank accounts), income collected (cash basis) and expenses (as billed) by account, the
 * management fees, contributions and distributions; "other" is what else moved the cash (receipts
 * not deposited yet, deposits held, bills owed), so the column adds up. Held back at the end: the
 * agreement's reserve, deposits held (unless an escrow account keeps them), rent paid ahead and the
 * bills unpaid (accounts payable); available is the rest, the owner's part by the shares that day.
 */
export async function readOwnerStatement(tx: Tx, orgId: string, q: OwnerStatementQuery): Promise<OwnerStatement> {
  refuseScopedUser(tx, ownerStatementMessages.scopedUser);
  // The month just closed when left out: the statement owners are sent.
  const { start, end } = await reportPeriod(tx, orgId, q, 1);
  if (!isWholeMonths(start, end)) {
    throw badRequest(ownerStatementMessages.period, { period_start: [ownerStatementMessages.period] });
  }
  const [owner] = rowsOf<{ id: string; name: string }>(
    await tx.execute(sql`select id, name from owners where organization_id = ${orgId} and id = ${q.owner_id}`),
  );
  if (!owner) throw notFound(ownerStatementMessages.notFound);
  const lastMonth = monthStart(end);
  // Each property the owner held on some day of the period, with everyone's shares on the last such day.
  const shares = rowsOf<{ property_id: string; owner_id: string; share_bp: number }>(
    await tx.execute(sql`
      with held as (
        select property_id, max(least(coalesce(ends_on, ${end}::date), ${end}::date)) as day from property_ownerships
        where organization_id = ${orgId} and owner_id = ${owner.id} and starts_on <= ${end} and (ends_on is null or ends_on >= ${start})
        group by property_id)
      select s.property_id, s.owner_id, s.share_bp from held
      join property_ownerships s on s.organization_id = ${orgId} and s.property_id = held.property_id
        and s.starts_on <= held.day and (s.ends_on is null or s.ends_on >= held.day)
      order by s.property_id, s.share_bp desc, s.owner_id`),
  );
  const propertyIds = [...new Set(shares.map((s) => s.property_id))];
  if (propertyIds.length === 0) {
    return { owner, period_start: start, period_end: end, properties: [], owner_available_cents: 0 };
  }
  const ids = sql`${`{${propertyIds.join(",")}}`}::uuid[]`;
  const figures = rowsOf<Figures>(
    await tx.execute(sql`
      with roles as (
        select a.id, a.role, exists (select 1 from bank_accounts k where k.organization_id = a.organization_id
          and k.ledger_account_id = a.id and k.kind = 'trust') as trust
        from ledger_accounts a where a.organization_id = ${orgId}),
      bal as (
        select b.property_id, r.role, r.trust, b.period_start, b.debit_cents - b.credit_cents as net
        from ledger_property_balances b join roles r on r.id = b.account_id
        where b.organization_id = ${orgId} and b.property_id = any(${ids}) and b.period_start <= ${lastMonth}
          and (r.trust or r.role in ('management_fees', 'owner_contributions', 'owner_distributions',
            'security_deposits_held', 'other_deposits_held', 'prepaid_rent', 'accounts_payable')))
      select p.id as property_id, p.name as property_name,
        coalesce(sum(net) filter (where trust and period_start < ${start}), 0) as beginning,
        coalesce(sum(net) filter (where trust), 0) as ending,
        coalesce(sum(net) filter (where role = 'management_fees' and period_start >= ${start}), 0) as fees,
        coalesce(-sum(net) filter (where role = 'owner_contributions' and period_start >= ${start}), 0) as contributions,
        coalesce(sum(net) filter (where role = 'owner_distributions' and period_start >= ${start}), 0) as distributions,
        case when exists (select 1 from bank_accounts where organization_id = ${orgId} and kind = 'escrow' and is_active) then 0
          else coalesce(-sum(net) filter (where role in ('security_deposits_held', 'other_deposits_held')), 0) end as deposits,
        coalesce(-sum(net) filter (where role = 'prepaid_rent'), 0) as prepaid,
        coalesce(-sum(net) filter (where role = 'accounts_payable'), 0) as payable,
        coalesce((select a.reserve_cents from management_agreements a where a.organization_id = ${orgId}
          and a.property_id = p.id and a.starts_on <= ${end} and (a.ends_on is null or a.ends_on >= ${end})), 0) as reserve
      from properties p left join bal on bal.property_id = p.id
      where p.organization_id = ${orgId} and p.id = any(${ids})
      group by p.id, p.name
      order by p.name, p.id`),
  );
  // Income collected (the balances turned to cash basis) and expenses, by account, in the period.
  const accounts = rowsOf<AccountLine>(
    await tx.execute(sql`
      select x.property_id, a.id, a.code, a.name, a.type,
        sum(case when a.type = 'income' then x.credit_less_debit else -x.credit_less_debit end) as cents
      from (
        select property_id, account_id, credit_cents - debit_cents as credit_less_debit from ledger_property_balances
        where organization_id = ${orgId} and property_id = any(${ids}) and period_start between ${start} and ${lastMonth}
        union all
        select property_id, account_id, collected_cents - receivable_cents from ledger_property_cash_basis
        where organization_id = ${orgId} and property_id = any(${ids}) and period_start between ${start} and ${lastMonth}
      ) x
      join ledger_accounts a on a.organization_id = ${orgId} and a.id = x.account_id
        and (a.type = 'income' or (a.type = 'expense' and a.role is distinct from 'management_fees'))
      group by 1, 2, 3, 4, 5
      having sum(x.credit_less_debit) <> 0
      order by a.code, a.id`),
  );
  const properties: OwnerStatementProperty[] = figures.map((f) => {
    const mine = accounts.filter((a) => a.property_id === f.property_id);
    const lines = (type: "income" | "expense") =>
      mine
        .filter((a) => a.type === type)
        .map((a) => ({ account: { id: n(a.id), code: a.code, name: a.name }, amount_cents: n(a.cents) }));
    const income = lines("income");
    const expenses = lines("expense");
    const sum = (xs: { amount_cents: number }[]) => xs.reduce((s, x) => s + x.amount_cents, 0);
    const [beginning, ending] = [n(f.beginning), n(f.ending)];
    const [fees, contributions, distributions] = [n(f.fees), n(f.contributions), n(f.distributions)];
    const moved = sum(income) - sum(expenses) - fees + contributions - distributions;
    const held = n(f.reserve) + n(f.deposits) + n(f.prepaid) + n(f.payable);
    const owners = shares.filter((s) => s.property_id === f.property_id);
    const available = ending - held;
    const split = splitSignedCents(
      available,
      owners.map((s) => n(s.share_bp)),
    );
    const at = owners.findIndex((s) => s.owner_id === owner.id);
    return {
      property: { id: f.property_id, name: f.property_name },
      share_bp: at >= 0 ? n(owners[at]?.share_bp) : 0,
      beginning_cash_cents: beginning,
      income,
      income_cents: sum(income),
      expenses,
      expenses_cents: sum(expenses),
      management_fees_cents: fees,
      contributions_cents: contributions,
      distributions_cents: distributions,
      other_cents: ending - beginning - moved,
      ending_cash_cents: ending,
      reserve_cents: n(f.reserve),
      deposits_held_cents: n(f.deposits),
      prepaid_rent_cents: n(f.prepaid),
      unpaid_bills_cents: n(f.payable),
      available_cents: available,
      owner_available_cents: at >= 0 ? (split[at] ?? 0) : 0,
    };
  });
  return {
    owner,
    period_start: start,
    period_end: end,
    properties,
    owner_available_cents: properties.reduce((s, p) => s + p.owner_available_cents, 0),
  };
}
