import { monthStart } from "@keyholder/contracts/civil-date";
import {
  type ThreeWay,
  type ThreeWayAccount,
  type ThreeWayQuery,
  threeWayMessages,
} from "@keyholder/contracts/three-way-reconciliation";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { refuseScopedUser } from "../../lib/refuse-scoped.ts";
import { reportDayAndProperty } from "../../lib/reports/report-property.ts";
import { rowsOf } from "../leases/lease-sql.ts";
import { readAccountBalances } from "../ledger/read-balances.ts";

/**
 * GET /reports/three-way-reconciliation: each trust bank account on the end date of its last
 * completed reconciliation by the day: the statement's balance plus the items of the books by then
 * that no completed reconciliation of the account cleared (deposits in transit, outstanding
 * payments); the trust cash account's balance then (maintained balances); each property's part of
 * it then (the per-property month rows and the month's lines to the day), lines of no property
 * apart. An account never reconciled shows the books and the clients on the report's day.
 */
export async function readThreeWay(tx: Tx, orgId: string, q: ThreeWayQuery): Promise<ThreeWay> {
  refuseScopedUser(tx, threeWayMessages.scopedUser);
  const { asOf } = await reportDayAndProperty(tx, orgId, q);
  const banks = await rowsOf<{
    id: string;
    name: string;
    cash: number;
    end_date: string | null;
    statement: string | null;
  }>(
    tx,
    sql`select b.id, b.name, b.ledger_account_id as cash, r.statement_end_date::text as end_date,
        r.statement_balance_cents as statement
      from bank_accounts b
      left join lateral (
        select r.statement_end_date, r.statement_balance_cents from bank_reconciliations r
        where r.organization_id = b.organization_id and r.bank_account_id = b.id and r.status = 'completed'
          and r.statement_end_date <= ${asOf}::date
        order by r.statement_end_date desc limit 1
      ) r on true
      where b.organization_id = ${orgId} and b.kind = 'trust'
      order by b.name, b.id`,
  );
  const accounts: ThreeWayAccount[] = [];
  for (const b of banks) {
    const day = b.end_date ?? asOf;
    const [open] = await rowsOf<{ in_transit: string; outstanding: string }>(
      tx,
      sql`select coalesce(sum(amount) filter (where amount > 0), 0) as in_transit,
          coalesce(sum(amount) filter (where amount < 0), 0) as outstanding
        from (
          select sum(l.amount_cents) as amount from journal_lines l
          where l.organization_id = ${orgId} and l.account_id = ${b.cash} and l.posted_on <= ${day}::date
            and not exists (
              select 1 from bank_reconciliation_items x
              join bank_reconciliations r on r.organization_id = x.organization_id and r.id = x.reconciliation_id
              where x.organization_id = l.organization_id and x.bank_account_id = ${b.id}
                and x.entry_id = l.entry_id and r.status = 'completed')
          group by l.entry_id
        ) items`,
    );
    const book = (await readAccountBalances(tx, orgId, day)).get(Number(b.cash)) ?? 0;
    const month = monthStart(day);
    const clients = await rowsOf<{ property_id: string; name: string; cents: string }>(
      tx,
      sql`select x.property_id, p.name, sum(x.cents) as cents from (
          select property_id, debit_cents - credit_cents as cents from ledger_property_balances
          where organization_id = ${orgId} and account_id = ${b.cash} and period_start < ${month}::date
          union all
          select property_id, amount_cents from journal_lines
          where organization_id = ${orgId} and account_id = ${b.cash} and property_id is not null
            and posted_on between ${month}::date and ${day}::date
        ) x join properties p on p.organization_id = ${orgId} and p.id = x.property_id
        group by x.property_id, p.name having sum(x.cents) <> 0
        order by p.name, x.property_id`,
    );
    const clientRows = clients.map((c) => ({ property: { id: c.property_id, name: c.name }, cents: Number(c.cents) }));
    const assigned = clientRows.reduce((s, c) => s + c.cents, 0);
    const statement = b.statement === null ? null : Number(b.statement);
    const inTransit = Number(open?.in_transit ?? 0);
    const outstanding = Number(open?.outstanding ?? 0);
    const adjusted = statement === null ? null : statement + inTransit + outstanding;
    const unassigned = book - assigned;
    const negative = clientRows.filter((c) => c.cents < 0).length;
    const bankDifference = adjusted === null ? null : adjusted - book;
    accounts.push({
      bank_account: { id: b.id, name: b.name },
      statement_end_date: b.end_date,
      statement_balance_cents: statement,
      deposits_in_transit_cents: inTransit,
      outstanding_payments_cents: outstanding,
      adjusted_bank_cents: adjusted,
      book_cents: book,
      clients: clientRows,
      unassigned_cents: unassigned,
      clients_cents: assigned,
      bank_difference_cents: bankDifference,
      client_difference_cents: unassigned,
      negative_properties: negative,
      balanced: bankDifference === 0 && unassigned === 0 && negative === 0,
    });
  }
  return { as_of: asOf, accounts };
}
