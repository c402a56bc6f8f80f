import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";

/** A grid column as SQL: its expression and whether it is numeric (which changes how it is filtered). */
export interface ColumnSql {
  expr: SQL;
  numeric?: boolean;
}

/**
 * The quick-filter rule (spec records 5): a numeric column matches only on equality; any other
 * column on a case-insensitive substring; an empty cell never matches. Only whitelisted columns get
 * here (the contract's zod schema refuses any other), and the text travels as a bound parameter.
 */
export function filterConditions(columns: Record<string, ColumnSql>, filters: Record<string, string | undefined>) {
  const conditions: SQL[] = [];
  for (const [column, raw] of Object.entries(filters)) {
    const text = raw?.trim();
    const def = columns[column];
    if (!text || !def) continue;
    if (def.numeric) {
      const n = Number(text);
      conditions.push(Number.isFinite(n) ? sql`${def.expr} = ${n}` : sql`false`);
    } else {
      const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(sql`(${def.expr} is not null and ${def.expr}::text ilike ${pattern})`);
    }
  }
  return conditions;
}

/** ORDER BY a whitelisted sort key, empty values last, then the id so pages never overlap. */
export function orderBy(sortKeys: Record<string, SQL>, key: string, direction: "asc" | "desc", tieBreaker: SQL) {
  const expr = sortKeys[key];
  if (!expr) throw new Error(`sort key ${key} is not whitelisted`);
  return direction === "desc"
    ? sql`${expr} desc nulls last, ${tieBreaker} desc`
    : sql`${expr} asc nulls last, ${tieBreaker} asc`;
}

export interface PageRequest {
  offset: number;
  limit: number;
  sort_by: string;
  sort_direction: "asc" | "desc";
  filters: Record<string, string | undefined>;
}

/**
 * The page of a grid list and the number of rows its filters match: `select` over `from` (joins
 * included, no WHERE), filtered and sorted through the whitelists, with `tieBreaker` keeping pages
 * stable. Runs in the caller's transaction, so row-level security applies.
 */
export async function pageOf(
  tx: Tx,
  o: {
    select: SQL;
    from: SQL;
    columns: Record<string, ColumnSql>;
    sortKeys: Record<string, SQL>;
    tieBreaker: SQL;
    query: PageRequest;
  },
) {
  const where = filterConditions(o.columns, o.query.filters);
  const whereSql = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const page = (await tx.execute(sql`
    select ${o.select} from ${o.from} ${whereSql}
    order by ${orderBy(o.sortKeys, o.query.sort_by, o.query.sort_direction, o.tieBreaker)}
    limit ${o.query.limit} offset ${o.query.offset}`)) as unknown as { rows: Record<string, unknown>[] };
  const count = (await tx.execute(sql`select count(*)::int as n from ${o.from} ${whereSql}`)) as unknown as {
    rows: { n: number }[];
  };
  return { rows: page.rows, total: Number(count.rows[0]?.n ?? 0) };
}

/** A nullable numeric column as the API sends it (pg returns bigint and numeric as strings). */
export const nullableNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));
