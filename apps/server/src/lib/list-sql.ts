import { AsyncLocalStorage } from "node:async_hooks";
import type { ColumnDeclarations } from "@keyholder/contracts/columns";
import type { ColumnType, FilterCondition } from "@keyholder/contracts/list-query";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { currentOrg } from "../db/schema/common.ts";

/** A grid column as SQL: its expression and its type, which decides how it is filtered. */
export interface ColumnSql {
  expr: SQL;
  type: ColumnType;
}

/**
 * A column's SQL: the expression it is filtered on, what it sorts by when that differs (a flag
 * filtered as its badge text, sorted through its own index), and whether it can be empty (which
 * decides how it sorts).
 */
export interface ColumnExpr {
  expr: SQL;
  sortBy?: SQL;
  nullable?: boolean;
}

/**
 * The SQL of a list, keyed by the ids of its column declarations (contracts), so the two cannot
 * disagree: the filterable columns with their types, and the sort keys the declarations name.
 */
export function listSql<const C extends ColumnDeclarations>(declarations: C, exprs: { [K in keyof C]: ColumnExpr }) {
  const columns: Record<string, ColumnSql> = {};
  const sortKeys: Record<string, SortKey> = {};
  for (const [id, declared] of Object.entries(declarations)) {
    const { expr, sortBy = expr, nullable = false } = exprs[id as keyof C];
    if (declared.type) columns[id] = { expr, type: declared.type };
    if (declared.sortKey) sortKeys[declared.sortKey] = { expr: sortBy, nullable };
  }
  return { columns, sortKeys };
}

/** A LIKE pattern matching `text` literally, with its wildcards and the escape character escaped. */
export const likePattern = (before: string, text: string, after: string) =>
  `${before}${text.replace(/[\\%_]/g, (c) => `\\${c}`)}${after}`;

// Date columns are timestamptz; the grids show them as UTC calendar days, so filters work on those.
const utcDay = (expr: SQL) => sql`(${expr} at time zone 'UTC')::date`;
const shownDate = (expr: SQL) => sql`to_char(${expr} at time zone 'UTC', 'FMMM/FMDD/YYYY')`;

/**
 * The quick-filter rule (spec records 5): a number column matches only on equality; a text column
 * on a case-insensitive substring; a date column on a substring of the date as the grid shows it
 * (11/3/2026); an empty cell never matches. Only whitelisted columns get here (the contract's zod
 * schema refuses any other), and the text travels as a bound parameter.
 */
export function filterConditions(columns: Record<string, ColumnSql>, filters: Record<string, string | undefined>) {
  const conditions: SQL[] = [];
  for (const [column, raw] of Object.entries(filters)) {
    const text = raw?.trim();
    const def = columns[column];
    if (!text || !def) continue;
    if (def.type === "number") {
      const n = Number(text);
      conditions.push(Number.isFinite(n) ? sql`${def.expr}::numeric = ${String(n)}::numeric` : sql`false`);
    } else {
      const target = def.type === "date" ? shownDate(def.expr) : sql`${def.expr}::text`;
      conditions.push(sql`(${def.expr} is not null and ${target} ilike ${likePattern("%", text, "%")})`);
    }
  }
  return conditions;
}

const NUMBER_COMPARISONS = { eq: "=", gt: ">", gte: ">=", lt: "<", lte: "<=" } as const;
const DATE_COMPARISONS = { on: "=", before: "<", after: ">" } as const;

/**
 * One condition of the filter builder as SQL; the contract has already checked that the operator
 * fits the column's type and that the value parses. Text comparisons ignore case. The negations
 * ("does not contain", "is not", "≠") include empty cells: a cell with nothing in it does not
 * contain X, so a user excluding X expects it kept. Every other operator except "is empty" skips
 * empty cells. An empty text cell is null or ''.
 */
function conditionSql(def: ColumnSql, c: FilterCondition): SQL {
  const { expr } = def;
  const empty = def.type === "text" ? sql`(${expr} is null or ${expr}::text = '')` : sql`(${expr} is null)`;
  if (c.op === "is_empty") return empty;
  if (c.op === "is_not_empty") return sql`(not ${empty})`;
  const value = c.value ?? "";
  if (def.type === "text") {
    const text = sql`${expr}::text`;
    switch (c.op) {
      case "contains":
        return sql`(${expr} is not null and ${text} ilike ${likePattern("%", value, "%")})`;
      case "not_contains":
        return sql`(${expr} is null or ${text} not ilike ${likePattern("%", value, "%")})`;
      case "equals":
        return sql`(${expr} is not null and lower(${text}) = lower(${value}))`;
      case "not_equals":
        return sql`(${expr} is null or lower(${text}) <> lower(${value}))`;
      case "starts_with":
        return sql`(${expr} is not null and ${text} ilike ${likePattern("", value, "%")})`;
      case "ends_with":
        return sql`(${expr} is not null and ${text} ilike ${likePattern("%", value, "")})`;
    }
  }
  if (def.type === "number") {
    const n = sql`${String(Number(value))}::numeric`;
    if (c.op === "ne") return sql`(${expr} is null or ${expr}::numeric <> ${n})`;
    if (Object.hasOwn(NUMBER_COMPARISONS, c.op)) {
      const op = NUMBER_COMPARISONS[c.op as keyof typeof NUMBER_COMPARISONS];
      return sql`(${expr}::numeric ${sql.raw(op)} ${n})`;
    }
  }
  if (def.type === "date" && Object.hasOwn(DATE_COMPARISONS, c.op)) {
    const op = DATE_COMPARISONS[c.op as keyof typeof DATE_COMPARISONS];
    return sql`(${utcDay(expr)} ${sql.raw(op)} ${value}::date)`;
  }
  throw new Error(`operator ${c.op} does not fit ${def.type} column ${c.column}`);
}

/** The filter builder's conditions, all to be ANDed; only whitelisted columns and operators get here. */
export function conditionFilters(columns: Record<string, ColumnSql>, conditions: readonly FilterCondition[]) {
  return conditions.map((c) => {
    const def = Object.hasOwn(columns, c.column) ? columns[c.column] : undefined;
    if (!def) throw new Error(`filter column ${c.column} is not whitelisted`);
    return conditionSql(def, c);
  });
}

/**
 * A grid sort key: its SQL, and whether its values can be empty. Empty values sort last in both
 * directions; for a key that is never empty the ORDER BY leaves the nulls clause out, so a
 * descending page is a backward scan of the key's ascending index rather than a sort.
 */
export interface SortKey {
  expr: SQL;
  nullable: boolean;
}

function keyOf(sortKeys: Record<string, SortKey>, key: string) {
  const found = Object.hasOwn(sortKeys, key) ? sortKeys[key] : undefined;
  if (!found) throw new Error(`sort key ${key} is not whitelisted`);
  return found;
}

function orderSql({ expr, nullable }: SortKey, direction: "asc" | "desc", nulls: "first" | "last", tieBreaker: SQL) {
  const dir = sql.raw(direction);
  return nullable
    ? sql`${expr} ${dir} nulls ${sql.raw(nulls)}, ${tieBreaker} ${dir}`
    : sql`${expr} ${dir}, ${tieBreaker} ${dir}`;
}

/** ORDER BY a whitelisted sort key, empty values last, then the id so pages never overlap. */
export function orderBy(sortKeys: Record<string, SortKey>, key: string, direction: "asc" | "desc", tieBreaker: SQL) {
  return orderSql(keyOf(sortKeys, key), direction, "last", tieBreaker);
}

/** `orderBy` read from the other end: the same sequence of rows, last one first. */
function reversedOrderBy(sortKeys: Record<string, SortKey>, key: string, direction: "asc" | "desc", tieBreaker: SQL) {
  return orderSql(keyOf(sortKeys, key), direction === "asc" ? "desc" : "asc", "first", tieBreaker);
}

export interface PageRequest {
  offset: number;
  limit: number;
  sort_by: string;
  sort_direction: "asc" | "desc";
  filters: Record<string, string | undefined>;
  conditions?: readonly FilterCondition[];
}

/** Tables whose rows per organization organization_row_counts keeps exact (migration 0005). */
export type CountedTable = "buildings" | "floor_plans" | "properties" | "units";

/**
 * `npm run bench` runs list functions inside this to learn the single plain statement each page
 * would take (its baseline); nothing else sets it.
 */
export const plainPageTrace = new AsyncLocalStorage<(plain: SQL) => void>();

type Rows = { rows: Record<string, unknown>[] };

/**
 * The page of a grid list and the number of rows its filters match: `select` over `from` (joins
 * included, no WHERE), narrowed by the quick filters and the builder's conditions together, sorted
 * through the whitelists, with `tieBreaker` (unique) keeping pages stable. Runs in the caller's
 * transaction, so row-level security applies.
 *
 * A page within one page of either end is read straight off the sort key's index. Farther in, the
 * page's keys are found first, from no more than the sort and filters need (the planner drops the
 * left joins nothing there refers to, and a sort key with an index is an index-only range); only the
 * rows of those keys are then read, in that order. `countedTable` names the table `from`
 * yields exactly one row per row of (its other joins being to-one left joins): without filters the
 * total then comes from organization_row_counts, not from counting the organization's rows.
 */
export async function pageOf(
  tx: Tx,
  o: {
    select: SQL;
    from: SQL;
    columns: Record<string, ColumnSql>;
    sortKeys: Record<string, SortKey>;
    tieBreaker: SQL;
    query: PageRequest;
    countedTable?: CountedTable;
    /**
     * The one table that holds every sort key, when `from` joins others (their columns only shown
     * or filtered): deep pages find their keys there. PostgreSQL 15 drops the unused left joins
     * but still counts their join columns as needed, which turns the index-only range into an
     * index scan that reads every skipped row (units: 315 ms against 88 ms at offset 500,000).
     */
    keysFrom?: SQL;
  },
) {
  const { limit, offset, sort_by: sortBy, sort_direction: direction } = o.query;
  const where = [
    ...filterConditions(o.columns, o.query.filters),
    ...conditionFilters(o.columns, o.query.conditions ?? []),
  ];
  const whereSql = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const order = orderBy(o.sortKeys, sortBy, direction, o.tieBreaker);
  plainPageTrace.getStore()?.(
    sql`select ${o.select} from ${o.from} ${whereSql} order by ${order} limit ${limit} offset ${offset}`,
  );
  const rowsOf = (keys: SQL, o2: { lastFirst?: boolean; extra?: SQL } = {}) => sql`
    select ${o.select} ${o2.extra ?? sql``} from ${o.from}
    join unnest(array(${keys})) with ordinality as page_keys(key, position) on page_keys.key = ${o.tieBreaker}
    order by page_keys.position ${o2.lastFirst ? sql`desc` : sql``}`;

  if (where.length === 0 && o.countedTable) {
    const counted = (await tx.execute(sql`
      select coalesce(sum(row_count), 0)::int as n from organization_row_counts
      where organization_id = ${currentOrg} and table_name = ${o.countedTable}`)) as unknown as Rows;
    const total = Number(counted.rows[0]?.n ?? 0);
    if (offset >= total) return { rows: [], total };
    // A page nearer the end is read from the end, so reaching it walks (or sorts) only the rows
    // after it: the last page costs what the first does.
    const fromEnd = offset > 0 && 2 * offset + limit > total;
    const pageLimit = fromEnd ? Math.min(limit, total - offset) : limit;
    const skipped = fromEnd ? Math.max(0, total - offset - limit) : offset;
    const pageOrder = fromEnd ? reversedOrderBy(o.sortKeys, sortBy, direction, o.tieBreaker) : order;
    if (skipped <= limit) {
      // Within a page of either end the rows are read straight off the sort index: the few rows
      // skipped cost less than looking the page's keys up one by one.
      const page = (await tx.execute(
        sql`select ${o.select} from ${o.from} order by ${pageOrder} limit ${pageLimit} offset ${skipped}`,
      )) as unknown as Rows;
      return { rows: fromEnd ? page.rows.reverse() : page.rows, total };
    }
    const keys = sql`select ${o.tieBreaker} from ${o.keysFrom ?? o.from} order by ${pageOrder} limit ${pageLimit} offset ${skipped}`;
    const page = (await tx.execute(rowsOf(keys, { lastFirst: fromEnd }))) as unknown as Rows;
    return { rows: page.rows, total };
  }

  // Filtered: one pass over the matching rows yields both their number and the page's keys.
  const sortKey = keyOf(o.sortKeys, sortBy);
  const matchOrder = orderSql({ ...sortKey, expr: sql`matches.sort_value` }, direction, "last", sql`matches.key`);
  const page = (await tx.execute(sql`
    with matches as materialized (
      select ${o.tieBreaker} as key, ${sortKey.expr} as sort_value from ${o.from} ${whereSql}
    )
    ${rowsOf(sql`select matches.key from matches order by ${matchOrder} limit ${limit} offset ${offset}`, {
      extra: sql`, (select count(*)::int from matches) as page_total_count`,
    })}`)) as unknown as Rows;
  const first = page.rows[0];
  if (first) {
    const total = Number(first.page_total_count);
    return { rows: page.rows.map(({ page_total_count: _, ...row }) => row), total };
  }
  if (offset === 0) return { rows: [], total: 0 };
  // Past the end: the statement returned no row to carry the count.
  const count = (await tx.execute(sql`select count(*)::int as n from ${o.from} ${whereSql}`)) as unknown as {
    rows: { n: number }[];
  };
  return { rows: [], total: Number(count.rows[0]?.n ?? 0) };
}

/** A nullable numeric column as the API sends it (pg returns bigint and numeric as strings). */
export const nullableNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * A timestamptz column as the API sends it (ISO 8601 in UTC, milliseconds kept), formatted by the
 * database: parsing 4,000 timestamps into Dates and back took longer than reading the page.
 */
export const isoTimestampSql = (expr: SQL) => sql`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
