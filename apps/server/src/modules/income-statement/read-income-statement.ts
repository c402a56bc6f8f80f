import { addMonths, isWholeMonths, monthEnd, monthStart } from "@keyholder/contracts/civil-date";
import {
  type IncomeStatement,
  type IncomeStatementQuery,
  type IncomeStatementRow,
  incomeStatementMessages,
  MAX_STATEMENT_MONTHS,
} from "@keyholder/contracts/income-statement";
import { type SQL, sql } from "drizzle-orm";
import { isScoped, type Tx } from "../../db/client.ts";
import { badRequest } from "../../lib/http-error.ts";
import { reportPeriod } from "../../lib/reports/report-property.ts";
import { readStatementColumns } from "./read-statement-columns.ts";

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

const monthsIn = (start: string, end: string) =>
  (Number(end.slice(0, 4)) - Number(start.slice(0, 4))) * 12 + Number(end.slice(5, 7)) - Number(start.slice(5, 7)) + 1;

/**
 * GET /reports/income-statement: income and expenses by account for whole months and for as many
 * months just before, from the maintained monthly rows (decision 027), never the lines. The whole
 * organization reads the per-account rows (lines of no property included); a property, an owner's
 * properties (held on some day of the period, their whole amounts) or a user of some properties
 * read the per-property rows. The cash basis adds the kept cash basis (decision 044): what went
 * through tenants' receivables counts when they paid it. The period's amounts may also be set out
 * in columns (by month, year, property or owner; `readStatementColumns`).
 */
export async function readIncomeStatement(tx: Tx, orgId: string, q: IncomeStatementQuery): Promise<IncomeStatement> {
  const { start, end } = await reportPeriod(tx, orgId, q, 0);
  if (!isWholeMonths(start, end)) {
    throw badRequest(incomeStatementMessages.period, { period_start: [incomeStatementMessages.period] });
  }
  const months = monthsIn(start, end);
  if (months > MAX_STATEMENT_MONTHS) {
    throw badRequest(incomeStatementMessages.tooLong, { period_end: [incomeStatementMessages.tooLong] });
  }
  const last = monthStart(end);
  const priorStart = addMonths(start, -months);
  const priorLast = addMonths(start, -1);
  const property = q.property_id ? await named(tx, sql`properties`, orgId, q.property_id) : null;
  if (q.property_id && !property) {
    throw badRequest(incomeStatementMessages.property, { property_id: [incomeStatementMessages.property] });
  }
  const owner = q.owner_id ? await named(tx, sql`owners`, orgId, q.owner_id) : null;
  if (q.owner_id && !owner)
    throw badRequest(incomeStatementMessages.owner, { owner_id: [incomeStatementMessages.owner] });

  const filters: SQL[] = [];
  if (property) filters.push(sql`and property_id = ${property.id}`);
  if (owner) {
    filters.push(sql`and property_id in (select property_id from property_ownerships where organization_id = ${orgId}
      and owner_id = ${owner.id} and starts_on <= ${end} and (ends_on is null or ends_on >= ${start}))`);
  }
  const perProperty = filters.length > 0 || isScoped(tx);
  const where = sql`organization_id = ${orgId} and period_start between ${priorStart} and ${last} ${sql.join(filters, sql` `)}`;
  const cash =
    q.basis === "cash"
      ? sql`union all select account_id, period_start, collected_cents - receivable_cents from ledger_property_cash_basis where ${where}`
      : sql``;
  const rows = rowsOf<{
    id: number;
    code: string;
    name: string;
    type: "income" | "expense";
    cur: string;
    prior: string;
  }>(
    await tx.execute(sql`
      select a.id, a.code, a.name, a.type,
        coalesce(sum(x.cents) filter (where x.period_start >= ${start}), 0) as cur,
        coalesce(sum(x.cents) filter (where x.period_start < ${start}), 0) as prior
      from (
        select account_id, period_start, credit_cents - debit_cents as cents
        from ${perProperty ? sql`ledger_property_balances` : sql`ledger_account_balances`} where ${where}
        ${cash}
      ) x
      join ledger_accounts a on a.organization_id = ${orgId} and a.id = x.account_id and a.type in ('income', 'expense')
      group by a.id, a.code, a.name, a.type
      having sum(x.cents) filter (where x.period_start >= ${start}) <> 0
        or sum(x.cents) filter (where x.period_start < ${start}) <> 0
      order by a.type desc, a.code, a.id`),
  );
  const split = await readStatementColumns(tx, q.columns, {
    orgId,
    start,
    last,
    where: sql`organization_id = ${orgId} and period_start between ${start} and ${last} ${sql.join(filters, sql` `)}
      and account_id in (select id from ledger_accounts where organization_id = ${orgId} and type in ('income', 'expense'))`,
    perProperty,
    cash: q.basis === "cash",
  });
  // An account whose period nets to nothing may still have amounts in some columns.
  const listed = new Set(rows.map((r) => Number(r.id)));
  const more = [...split.byAccount].filter(([id, c]) => !listed.has(id) && [...c.values()].some((v) => v !== 0));
  if (more.length > 0) {
    rows.push(
      ...rowsOf<(typeof rows)[number]>(
        await tx.execute(sql`select id, code, name, type, 0 as cur, 0 as prior from ledger_accounts
          where organization_id = ${orgId} and id in (${sql.join(
            more.map(([id]) => sql`${id}`),
            sql`, `,
          )})`),
      ),
    );
    rows.sort((a, b) => b.type.localeCompare(a.type) || a.code.localeCompare(b.code) || Number(a.id) - Number(b.id));
  }
  // Income as earned (credit less debit); expenses as spent, the other way.
  const sign = (type: string) => (type === "income" ? 1 : -1);
  const lines: IncomeStatementRow[] = rows.map((r) => {
    const columns = split.byAccount.get(Number(r.id));
    const cents = split.heads.map((_, i) => columns?.get(i) ?? 0);
    if (split.remainder !== null) {
      cents[split.remainder] = Number(r.cur) - cents.reduce((s, c, i) => (i === split.remainder ? s : s + c), 0);
    }
    return {
      account: { id: Number(r.id), code: r.code, name: r.name, type: r.type },
      amount_cents: sign(r.type) * Number(r.cur),
      prior_cents: sign(r.type) * Number(r.prior),
      columns_cents: cents.map((c) => sign(r.type) * c),
    };
  });
  const total = (type: string, key: "amount_cents" | "prior_cents") =>
    lines.filter((l) => l.account.type === type).reduce((s, l) => s + l[key], 0);
  const columnTotal = (type: string) =>
    split.heads.map((_, i) =>
      lines.filter((l) => l.account.type === type).reduce((s, l) => s + (l.columns_cents[i] ?? 0), 0),
    );
  const income = total("income", "amount_cents");
  const priorIncome = total("income", "prior_cents");
  const expenses = total("expense", "amount_cents");
  const priorExpenses = total("expense", "prior_cents");
  const [incomeColumns, expenseColumns] = [columnTotal("income"), columnTotal("expense")];
  return {
    period_start: start,
    period_end: end,
    prior_start: priorStart,
    prior_end: monthEnd(priorLast),
    basis: q.basis,
    property,
    owner,
    columns: q.columns,
    column_heads: split.heads,
    rows: lines,
    column_totals: {
      income_cents: incomeColumns,
      expenses_cents: expenseColumns,
      net_income_cents: incomeColumns.map((c, i) => c - (expenseColumns[i] ?? 0)),
    },
    income_cents: income,
    prior_income_cents: priorIncome,
    expenses_cents: expenses,
    prior_expenses_cents: priorExpenses,
    net_income_cents: income - expenses,
    prior_net_income_cents: priorIncome - priorExpenses,
  };
}

async function named(tx: Tx, table: SQL, orgId: string, id: string) {
  const [row] = rowsOf<{ id: string; name: string }>(
    await tx.execute(sql`select id, name from ${table} where organization_id = ${orgId} and id = ${id}`),
  );
  return row ?? null;
}
