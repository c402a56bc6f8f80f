import { type SQL, sql } from "drizzle-orm";

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
