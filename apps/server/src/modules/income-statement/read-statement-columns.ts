import { addMonths, monthEnd, monthName } from "@keyholder/contracts/civil-date";
import {
  type IncomeStatement,
  incomeStatementMessages,
  MAX_STATEMENT_COLUMNS,
  type StatementColumns,
} from "@keyholder/contracts/income-statement";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { badRequest } from "../../lib/http-error.ts";

type ColumnHead = IncomeStatement["column_heads"][number];

export interface StatementColumnAmounts {
  heads: ColumnHead[];
  /** Each account's amounts (credits less debits) by column index; absent where zero. */
  byAccount: Map<number, Map<number, number>>;
  /** The column that takes what the others leave of a row (the lines of no property), if any. */
  remainder: number | null;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

interface Source {
  orgId: string;
  start: string;
  /** The first day of the period's last month. */
  last: string;
  /** The period's months (never the prior's) with the request's filters, for either table of rows. */
  where: SQL;
  /** The per-account rows (the whole organization, lines of no property included) or the per-property rows. */
  perProperty: boolean;
  cash: boolean;
}

/**
 * The period's amounts by column, from the same maintained monthly rows as the statement (decision
 * 027): by month, by twelve months from the period's start, by property (the lines of no property
 * in a column of their own when the whole organization is read) or by owner (each owner's
 * properties held on some day of the period, their whole amounts).
 */
export async function readStatementColumns(
  tx: Tx,
  columns: StatementColumns,
  src: Source,
): Promise<StatementColumnAmounts> {
  if (columns === "period") return { heads: [], byAccount: new Map(), remainder: null };
  if (columns === "month" || columns === "year") {
    const step = columns === "month" ? 1 : 12;
    const heads: ColumnHead[] = [];
    for (let from = src.start; from <= src.last; from = addMonths(from, step)) {
      const to = [addMonths(from, step - 1), src.last].sort()[0] ?? src.last;
      heads.push({
        label: step === 1 ? monthName(from) : `${monthName(from)} to ${monthName(to)}`,
        start: from,
        end: monthEnd(to),
        property: null,
        owner: null,
      });
    }
    const rows = rowsOf<{ account_id: number; bucket: number; cents: string }>(
      await tx.execute(sql`
        select account_id,
          ((extract(year from period_start) - ${Number(src.start.slice(0, 4))}) * 12
            + extract(month from period_start) - ${Number(src.start.slice(5, 7))})::int / ${step} as bucket,
          sum(cents) as cents
        from (${amounts(src.perProperty, src)}) x group by 1, 2`),
    );
    return { heads, byAccount: byAccount(rows), remainder: null };
  }

  // An owner's column: each owner of a property a row of the join, so a property of two is in both.
  const rows = rowsOf<{ account_id: number; bucket: string; cents: string }>(
    await tx.execute(
      columns === "property"
        ? sql`select account_id, property_id as bucket, sum(cents) as cents
            from (${amounts(true, src)}) x group by 1, 2`
        : sql`select x.account_id, s.owner_id as bucket, sum(x.cents) as cents
            from (${amounts(true, src)}) x
            join property_ownerships s on s.organization_id = ${src.orgId} and s.property_id = x.property_id
              and s.starts_on <= ${monthEnd(src.last)} and (s.ends_on is null or s.ends_on >= ${src.start})
            group by 1, 2`,
    ),
  );
  const ids = [...new Set(rows.filter((r) => Number(r.cents) !== 0).map((r) => r.bucket))];
  if (ids.length > MAX_STATEMENT_COLUMNS) {
    const message = incomeStatementMessages.tooManyColumns(columns === "property" ? "properties" : "owners");
    throw badRequest(message, { columns: [message] });
  }
  const named = ids.length
    ? rowsOf<{ id: string; name: string }>(
        await tx.execute(sql`select id, name from ${columns === "property" ? sql`properties` : sql`owners`}
          where organization_id = ${src.orgId} and id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
          order by name, id`),
      )
    : [];
  const index = new Map(named.map((n, i) => [n.id, i]));
  const heads: ColumnHead[] = named.map((n) => ({
    label: n.name,
    start: null,
    end: null,
    property: columns === "property" ? n : null,
    owner: columns === "owner" ? n : null,
  }));
  // The whole organization's statement has lines of no property: their own column, what the rest leave.
  const remainder = columns === "property" && !src.perProperty ? heads.length : null;
  if (remainder !== null) heads.push({ label: "No property", start: null, end: null, property: null, owner: null });
  return {
    heads,
    byAccount: byAccount(
      rows.flatMap((r) => {
        const i = index.get(r.bucket);
        return i === undefined ? [] : [{ account_id: r.account_id, bucket: i, cents: r.cents }];
      }),
    ),
    remainder,
  };
}

/** The period's per-month amounts (credits less debits), with the cash basis's adjustment when asked. */
function amounts(perProperty: boolean, src: Source) {
  const cash = src.cash
    ? sql`union all select account_id, period_start, property_id, collected_cents - receivable_cents
        from ledger_property_cash_basis where ${src.where}`
    : sql``;
  return perProperty
    ? sql`select account_id, period_start, property_id, credit_cents - debit_cents as cents
        from ledger_property_balances where ${src.where} ${cash}`
    : sql`select account_id, period_start, null::uuid as property_id, credit_cents - debit_cents as cents
        from ledger_account_balances where ${src.where} ${cash}`;
}

function byAccount(rows: { account_id: number; bucket: number; cents: string }[]) {
  const out = new Map<number, Map<number, number>>();
  for (const r of rows) {
    const id = Number(r.account_id);
    const columns = out.get(id) ?? new Map<number, number>();
    columns.set(Number(r.bucket), (columns.get(Number(r.bucket)) ?? 0) + Number(r.cents));
    out.set(id, columns);
  }
  return out;
}
