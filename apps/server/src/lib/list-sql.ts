import { AsyncLocalStorage } from "node:async_hooks";
import type { ColumnDeclarations, ColumnType } from "@keyholder/contracts/columns";
import type { FilterCondition } from "@keyholder/contracts/list-query";
import { type NumberFilter, parseNumberFilter } from "@keyholder/contracts/number-filter";
import { type SQL, sql } from "drizzle-orm";
import { isScoped, type Tx } from "../db/client.ts";
import { currentOrg } from "../db/schema/common.ts";

/**
 * A grid column as SQL: its expression, its type (which decides how it is filtered) and what lets a
 * filter on it use an index under row-level security (decision 018; see `ColumnExpr`).
 */
export interface ColumnSql {
  expr: SQL;
  type: ColumnType;
  integer?: boolean;
  /** Whole cents shown as dollars: the number a filter states is dollars (see `ColumnExpr.cents`). */
  cents?: boolean;
  day?: boolean;
  choices?: Readonly<Record<string, SQL>>;
  /** The sort key that sorts by this column, if one does. */
  sortKey?: string;
  /** The list's sort indexes carry this column, so a walk along one tests it without reading the row. */
  covered?: boolean;
  parent?: ParentName;
  /** The expression is already lower-cased (a parent's `folded` name): text tests are LIKE against the lower-cased pattern. */
  folded?: boolean;
}

/**
 * A column that copies a parent row's name (the unit's building name): the row's link to the
 * parent, which the sort indexes carry, and the parent rows with their key and name. A walk tests
 * a filter on the name against the parents and looks their keys up by the link.
 */
export interface ParentName {
  link: SQL;
  rows: SQL;
  key: SQL;
  /** The SQL type of `key`, as which a list of keys is sent back. */
  keyType: TieType;
  name: SQL;
  /** The parent's exact count of its rows in the list (a building's units), kept by triggers, where it has one. */
  counter?: SQL;
  /** The parent's name lower-cased, kept by a trigger, where it has one: name tests run on it (see `ColumnSql.folded`). */
  folded?: SQL;
}

/**
 * A column's SQL: the expression it is filtered on, what it sorts by when that differs (a flag
 * filtered as its badge text, sorted through its own index), and whether it can be empty (which
 * decides how it sorts). The rest says what the expression is, so that a filter compares it in its
 * own type, which its index serves: `integer` for a whole-number column, `day` for a calendar date
 * (SQL date) rather than a moment (timestamptz), and `choices` for a column that only ever shows
 * one of a few texts (a status badge), each with the condition that shows it: text filters on it
 * are decided per text and become those conditions. `covered` says that every sort index of the
 * list INCLUDEs the column (units: migration 0025), `parent` that they include its parent's key.
 */
export interface ColumnExpr {
  expr: SQL;
  sortBy?: SQL;
  nullable?: boolean;
  integer?: boolean;
  /**
   * The column holds integer cents the grid shows as dollars ($1,500.00): a filter's "1500" or
   * "$1,500" means those dollars, compared as 150000 cents.
   */
  cents?: boolean;
  day?: boolean;
  choices?: Readonly<Record<string, SQL>>;
  covered?: boolean;
  parent?: ParentName;
}

/** Whole cents shown as dollars, filtered in the dollars people type. */
export const centsColumn = (expr: SQL, o: { nullable?: boolean } = {}): ColumnExpr => ({
  expr,
  integer: true,
  cents: true,
  ...o,
});

/** A flag shown as one of two badge texts: filtered as that text, sorted by the flag (through its index). */
export const flagColumn = (flag: SQL, shown: { yes: string; no: string }): ColumnExpr => ({
  expr: sql`(case when ${flag} then ${shown.yes} else ${shown.no} end)`,
  sortBy: flag,
  choices: { [shown.yes]: flag, [shown.no]: sql`not ${flag}` },
});

/**
 * The SQL of a list, keyed by the ids of its column declarations (contracts), so the two cannot
 * disagree: the filterable columns with their types, and the sort keys the declarations name.
 */
export function listSql<const C extends ColumnDeclarations>(declarations: C, exprs: { [K in keyof C]: ColumnExpr }) {
  const columns: Record<string, ColumnSql> = {};
  const sortKeys: Record<string, SortKey> = {};
  for (const [id, declared] of Object.entries(declarations)) {
    const { expr, sortBy = expr, nullable = false, ...how } = exprs[id as keyof C];
    if (declared.type) columns[id] = { expr, type: declared.type, ...how, sortKey: declared.sortKey };
    if (declared.sortKey) sortKeys[declared.sortKey] = { expr: sortBy, nullable };
  }
  return { columns, sortKeys };
}

/** A LIKE pattern matching `text` literally, with its wildcards and the escape character escaped. */
export const likePattern = (before: string, text: string, after: string) =>
  `${before}${text.replace(/[\\%_]/g, (c) => `\\${c}`)}${after}`;

/**
 * `value ILIKE pattern` through the operator of migration 0015, which a trigram index of the
 * grid_trgm_ops class serves under row-level security (decision 018). The pattern always comes from
 * `likePattern`, so it never ends in a lone escape character.
 */
const ilike = (value: SQL, pattern: string) => sql`(${value} operator(public.~~~*) ${pattern})`;

/**
 * A text test of a column: ILIKE, or on a lower-cased copy LIKE against the lower-cased pattern,
 * which is what PostgreSQL's ILIKE computes in a multibyte encoding without lower-casing each value
 * per row (39,000 building names: 5 ms against 16).
 */
const textLike = (def: ColumnSql, value: SQL, pattern: string) =>
  def.folded ? sql`(${value} like lower(${pattern}))` : ilike(value, pattern);

// The grids show dates as UTC calendar days (11/3/2026); grid_shown_day (migration 0015) is that
// text, indexed per date column.
const shownDay = (expr: SQL) => sql`grid_shown_day(${expr})`;

/** The texts of a choice column that a text test keeps, as one condition (false when none, true when all). */
function choiceSql(choices: Readonly<Record<string, SQL>>, keeps: (shown: string) => boolean): SQL {
  const kept = Object.entries(choices).filter(([shown]) => keeps(shown.toLowerCase()));
  if (kept.length === 0) return sql`false`;
  if (kept.length === Object.keys(choices).length) return sql`true`;
  return sql`(${sql.join(
    kept.map(([, condition]) => condition),
    sql` or `,
  )})`;
}

/**
 * `expr op value` for a number column. A whole-number column is compared as one, so its index
 * serves: it never equals 12.5, is above 12.5 exactly when above 12, and below it when below 13.
 */
function numberSql(def: ColumnSql, op: "=" | "<>" | ">" | ">=" | "<" | "<=", stated: number): SQL {
  // Dollars to cents without the float's tail (19.99 * 100 is 1998.9999999999998).
  const value = def.cents ? Math.round(stated * 100 * 1e6) / 1e6 : stated;
  const bound =
    !def.integer || Number.isInteger(value) ? value : op === ">" || op === "<=" ? Math.floor(value) : Math.ceil(value);
  if (!def.integer || !Number.isSafeInteger(bound)) return sql`(${def.expr} ${sql.raw(op)} ${String(value)}::numeric)`;
  if (bound !== value && op === "=") return sql`false`;
  if (bound !== value && op === "<>") return sql`(${def.expr} is not null)`;
  return sql`(${def.expr} ${sql.raw(op)} ${String(bound)}::bigint)`;
}

/** A number quick filter as comparisons of the column in its own type: a range is two, which one index range serves. */
function numberFilterSql(def: ColumnSql, filter: NumberFilter): SQL {
  if (filter.op === "between")
    return sql`(${numberSql(def, ">=", filter.from)} and ${numberSql(def, "<=", filter.to)})`;
  return numberSql(def, filter.op, filter.value);
}

/**
 * The quick-filter rule (spec records 5): a number column matches on the value typed, as the grid
 * shows it or not ("1,010", "$870"), or on a comparison or range (">1000", "1000-1200"), and text
 * that states none matches nothing; a text column on a case-insensitive substring; a date column
 * on a substring of the date as the grid shows it (11/3/2026); an empty cell never matches. Only whitelisted columns get here (the contract's zod schema refuses any
 * other); numbers reach the SQL parsed, the text as a bound parameter.
 */
export function filterConditions(columns: Record<string, ColumnSql>, filters: Record<string, string | undefined>) {
  const conditions: SQL[] = [];
  for (const [column, raw] of Object.entries(filters)) {
    const text = raw?.trim();
    const def = Object.hasOwn(columns, column) ? columns[column] : undefined;
    if (!text || !def) continue;
    if (def.type === "number") {
      const filter = parseNumberFilter(text);
      conditions.push(filter ? numberFilterSql(def, filter) : sql`false`);
    } else if (def.choices) {
      conditions.push(choiceSql(def.choices, (shown) => shown.includes(text.toLowerCase())));
    } else {
      const target = def.type === "date" ? shownDay(def.expr) : sql`${def.expr}::text`;
      conditions.push(textLike(def, target, likePattern("%", text, "%")));
    }
  }
  return conditions;
}

const NUMBER_COMPARISONS = { eq: "=", ne: "<>", gt: ">", gte: ">=", lt: "<", lte: "<=" } as const;

/** A day of the date filter as the moment it starts in UTC, the zone the grids show days in. */
const dayStart = (day: string, plusDays = 0) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + plusDays);
  return sql`${d.toISOString()}::timestamptz`;
};

/** The date filter's comparisons on the column itself (its index serves them): a day, or the range of moments in it. */
function dateSql(def: ColumnSql, op: "on" | "before" | "after", day: string): SQL {
  const { expr } = def;
  if (def.day) return sql`(${expr} ${sql.raw({ on: "=", before: "<", after: ">" }[op])} ${day}::date)`;
  if (op === "before") return sql`(${expr} < ${dayStart(day)})`;
  if (op === "after") return sql`(${expr} >= ${dayStart(day, 1)})`;
  return sql`(${expr} >= ${dayStart(day)} and ${expr} < ${dayStart(day, 1)})`;
}

/** The text filter builder's tests, as the reference (test/filter-reference.ts) states them on a lower-cased cell. */
const TEXT_TESTS = {
  contains: (s: string, x: string) => s.includes(x),
  not_contains: (s: string, x: string) => !s.includes(x),
  equals: (s: string, x: string) => s === x,
  not_equals: (s: string, x: string) => s !== x,
  starts_with: (s: string, x: string) => s.startsWith(x),
  ends_with: (s: string, x: string) => s.endsWith(x),
};

/**
 * One condition of the filter builder as SQL; the contract has already checked that the operator
 * fits the column's type and that the value parses. Text comparisons ignore case. The negations
 * ("does not contain", "is not", "≠") include empty cells: a cell with nothing in it does not
 * contain X, so a user excluding X expects it kept. Every other operator except "is empty" skips
 * empty cells. An empty text cell is null or ''.
 */
function conditionSql(def: ColumnSql, c: FilterCondition): SQL {
  const { expr } = def;
  const empty =
    def.type === "text" && !def.choices ? sql`(${expr} is null or ${expr}::text = '')` : sql`(${expr} is null)`;
  if (c.op === "is_empty") return def.choices ? sql`false` : empty;
  if (c.op === "is_not_empty") return def.choices ? sql`true` : sql`(not ${empty})`;
  const value = c.value ?? "";
  if (def.type === "text" && Object.hasOwn(TEXT_TESTS, c.op)) {
    const test = TEXT_TESTS[c.op as keyof typeof TEXT_TESTS];
    if (def.choices) return choiceSql(def.choices, (shown) => test(shown, value.toLowerCase()));
    const text = sql`${expr}::text`;
    switch (c.op) {
      case "contains":
        return textLike(def, text, likePattern("%", value, "%"));
      case "not_contains":
        return sql`(${expr} is null or not ${textLike(def, text, likePattern("%", value, "%"))})`;
      case "equals":
        return textLike(def, text, likePattern("", value, ""));
      case "not_equals":
        return sql`(${expr} is null or not ${textLike(def, text, likePattern("", value, ""))})`;
      case "starts_with":
        return textLike(def, text, likePattern("", value, "%"));
      case "ends_with":
        return textLike(def, text, likePattern("%", value, ""));
    }
  }
  if (def.type === "number" && Object.hasOwn(NUMBER_COMPARISONS, c.op)) {
    const compared = numberSql(def, NUMBER_COMPARISONS[c.op as keyof typeof NUMBER_COMPARISONS], Number(value));
    return c.op === "ne" ? sql`(${expr} is null or ${compared})` : compared;
  }
  if (def.type === "date" && (c.op === "on" || c.op === "before" || c.op === "after")) return dateSql(def, c.op, value);
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

export interface PageRequest {
  offset: number;
  limit: number;
  sort_by: string;
  sort_direction: "asc" | "desc";
  filters: Record<string, string | undefined>;
  conditions?: readonly FilterCondition[];
  /** The key of the last row the client has, when it loads the page after it (`pageAfter`). */
  after?: string;
}

/** Tables whose rows per organization organization_row_counts keeps exact (migration 0005). */
export type CountedTable =
  | "buildings"
  | "floor_plans"
  | "leases"
  | "properties"
  | "units"
  | "zones"
  | "tenants"
  /** The tenants of one status (By Status's tabs, migration tenant_documents). */
  | `tenants.${"none" | "future" | "current" | "notice" | "past"}`
  /** Maintenance requests, all and open or closed (migration maintenance_requests). */
  | "maintenance_requests"
  | `maintenance_requests.${"open" | "closed"}`
  /** The journal's lines (migration journal_lines_row_count): Transactions. */
  | "journal_lines";

/**
 * `npm run bench` runs list functions inside this to learn the single plain statement each page
 * would take (its baseline); nothing else sets it.
 */
export const plainPageTrace = new AsyncLocalStorage<(plain: SQL) => void>();

type Rows = { rows: Record<string, unknown>[] };

/**
 * A list's value dictionary (grid_values, migration 0017): the columns whose distinct values, with
 * how many rows hold each, triggers keep per organization. They must be columns of the table that
 * `keysFrom` (or `from`) reads first, and that `countedTable` names.
 */
export interface ValueDictionary {
  table: CountedTable;
  columns: readonly string[];
  /**
   * Text columns whose values are nearly all distinct (a lease's tenant names), so the dictionary
   * keeps instead each row's distinct one- and two-character pieces, lower-cased, as values of
   * "<column>/grams" (migration lease_tenant_grid_filters): the rows that contain a text that short
   * are the rows with that piece (`gramAnswer`).
   */
  grams?: readonly string[];
}

/** A dictionary value (text, '' for empty, a date as YYYY-MM-DD) as a column of its column's type, so the same filter SQL tests it. */
function dictionaryValue(def: ColumnSql): ColumnSql {
  const value = sql`nullif(g.value, '')`;
  if (def.type === "number") return { expr: sql`${value}::numeric`, type: "number", cents: def.cents };
  if (def.type === "date") return { expr: sql`${value}::date`, type: "date", day: true };
  return { expr: value, type: "text" };
}

/** Values fetched from the dictionary to stand for a filter on the rows: beyond this many, the filter itself does. */
const MAX_DICTIONARY_VALUES = 50_000;
/** Day ranges a date filter may become before the filter itself is cheaper to state. */
const MAX_DAY_RANGES = 100;

/** One filter of a request: a quick-filter cell's text or one builder condition, on one column. */
interface FilterPart {
  column: string;
  quick?: string;
  condition?: FilterCondition;
}

/** The request's filters one by one, in the order their SQL is ANDed. */
function filterParts(columns: Record<string, ColumnSql>, query: PageRequest): FilterPart[] {
  return [
    ...Object.entries(query.filters).flatMap(([column, text]) =>
      text?.trim() && Object.hasOwn(columns, column) ? [{ column, quick: text }] : [],
    ),
    ...(query.conditions ?? []).map((condition) => ({ column: condition.column, condition })),
  ];
}

/** A filter's SQL on the columns given (the rows', or the dictionary's values standing for them). */
function partSql(columns: Record<string, ColumnSql>, part: FilterPart): SQL {
  const [test] = part.condition
    ? conditionFilters(columns, [part.condition])
    : filterConditions(columns, { [part.column]: part.quick });
  return test ?? sql`true`;
}

/** The SQL types of the lists' keys, each with the text a client's `after` must be to be read as one. */
const TIE_TYPES = {
  bigint: /^\d{1,18}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
} as const;
export type TieType = keyof typeof TIE_TYPES;

/**
 * The page that follows the row `after` in the list's order, read straight off the sort index from
 * that row's place (as a first page is): `(sort value, key)` beyond the row's, then, for a key that
 * can be empty, the empty values, which sort last. Undefined when `after` is no key of the caller's
 * rows (not its type, deleted since, or another organization's): the page is then read by offset.
 */
async function pageAfter(
  tx: Tx,
  o: {
    select: SQL;
    from: SQL;
    keysFrom: SQL;
    tieBreaker: SQL;
    tieType: TieType;
    after: string;
    sortKey: SortKey;
    direction: "asc" | "desc";
    tests: SQL[];
    limit: number;
  },
): Promise<Record<string, unknown>[] | undefined> {
  if (!TIE_TYPES[o.tieType].test(o.after)) return undefined;
  const { expr, nullable } = o.sortKey;
  const anchor = sql`${o.after}::${sql.raw(o.tieType)}`;
  const found = (await tx.execute(
    sql`select (${expr}) is null as empty from ${o.keysFrom} where ${o.tieBreaker} = ${anchor}`,
  )) as unknown as { rows: { empty: boolean }[] };
  const row = found.rows[0];
  if (!row) return undefined;
  const beyond = sql.raw(o.direction === "asc" ? ">" : "<");
  // The anchor's sort value as a subquery (run once, before the scan), so it never leaves the
  // database and comes back in another type.
  const value = sql`(select ${expr} from ${o.keysFrom} where ${o.tieBreaker} = ${anchor})`;
  const ranges = row.empty
    ? [sql`${expr} is null and ${o.tieBreaker} ${beyond} ${anchor}`]
    : [sql`(${expr}, ${o.tieBreaker}) ${beyond} (${value}, ${anchor})`, ...(nullable ? [sql`${expr} is null`] : [])];
  const order = orderSql(o.sortKey, o.direction, "last", o.tieBreaker);
  const page: Record<string, unknown>[] = [];
  for (const range of ranges) {
    const { rows } = (await tx.execute(sql`
      select ${o.select} from ${o.from} where ${sql.join([range, ...o.tests], sql` and `)}
      order by ${order} limit ${o.limit - page.length}`)) as unknown as Rows;
    page.push(...rows);
    if (page.length >= o.limit) break;
  }
  return page;
}

/**
 * How many rows a walk along a sort index passes over for the cost of collecting one match, when it
 * tests this column: 20 for a column the index carries (2 bedrooms sorted by bathrooms, where the
 * first match is the 477,185th row: 45 ms walked, 400 collected), 6 for a parent's name tested by
 * its key (312,000 rows in 100 ms), 1 for a column read from the row.
 */
function walkCost(def: ColumnSql | undefined) {
  if (def?.covered) return 20;
  return def?.parent ? 6 : 1;
}

/**
 * A filter on a parent's name as a walk along a sort index tests it: the parents whose name passes,
 * found once (a hashed subplan), and the row's link to its parent, which the index carries. A row
 * without a parent is tested as an empty name. Undefined for a column that is not a parent's name.
 */
function walkTest(columns: Record<string, ColumnSql>, part: FilterPart): SQL | undefined {
  const def = columns[part.column];
  const parent = def?.parent;
  if (!def || !parent) return undefined;
  const on = nameTest(def, part);
  return sql`(case when ${parent.link} is null then ${on(sql`null::text`)}
    else ${parent.link} in (select ${parent.key} from ${parent.rows} where ${onParents(def, part, parent)}) end)`;
}

/** A filter on a parent's name, restated on another expression of that name (the parent row's, or null for a row without one). */
const nameTest = (def: ColumnSql, part: FilterPart) => (name: SQL, folded?: boolean) =>
  partSql({ [part.column]: { ...def, expr: name, folded } }, part);

/** A filter on a parent's name as tested on the parent rows: on their lower-cased copy where they keep one. */
const onParents = (def: ColumnSql, part: FilterPart, parent: ParentName) =>
  nameTest(def, part)(parent.folded ?? parent.name, parent.folded !== undefined);

/**
 * What the dictionary (or the parents' counters) tells of one filter: the exact number of rows it
 * keeps, and, when they are few enough, the filter restated on values or keys. `onIndex`: the
 * restated filter tests only what the sort indexes carry, so a walk along one can test it.
 */
interface DictionaryAnswer {
  total: number;
  condition?: SQL;
  onIndex?: boolean;
}

/**
 * A filter on a parent's name answered by the parents whose `counter` counts their rows in the
 * list: one scan of their names gives the keys of those that pass, which the rows' link (in every
 * sort index) is tested against, and the sum of their counters, the exact number of rows kept.
 * The dictionary would take a second scan of the same names for the total (a building's units:
 * 34 ms each at 39,000 names). Undefined when a row without a parent passes too (a negation, or
 * "is empty": their number is not kept) or when the parents are too many to list.
 */
async function parentAnswer(tx: Tx, def: ColumnSql, part: FilterPart): Promise<DictionaryAnswer | undefined> {
  const parent = def.parent;
  if (!parent?.counter) return undefined;
  const orphansPass = sql`coalesce(${nameTest(def, part)(sql`null::text`)}, false)`;
  // When rows without a parent pass, the answer is not used: the constant condition spares the scan.
  const { rows } = (await tx.execute(sql`
    select ${orphansPass} as orphans_pass,
      coalesce(sum(${parent.counter}), 0)::bigint as total,
      case when count(*) <= ${MAX_DICTIONARY_VALUES} then coalesce(array_agg(${parent.key}::text), '{}') end as keys
    from ${parent.rows} where not ${orphansPass} and ${onParents(def, part, parent)}`)) as unknown as {
    rows: { orphans_pass: boolean; total: string; keys: string[] | null }[];
  };
  const row = rows[0];
  if (!row || row.orphans_pass || !row.keys) return undefined;
  const keys = sql`${textArray(row.keys)}::${sql.raw(parent.keyType)}[]`;
  return { total: Number(row.total), condition: sql`(${parent.link} = any(${keys}))`, onIndex: true };
}

/** A PostgreSQL array literal of texts, sent as one parameter. */
const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(",")}}`;

/**
 * The rows whose column holds one of `values` (as the dictionary writes them: '' for empty, a date
 * as YYYY-MM-DD): equality with a list, which the column's index serves; a moment column as the
 * ranges of its days. Undefined when that would be longer than the filter.
 */
function valuesCondition(def: ColumnSql, values: readonly string[]): SQL | undefined {
  const { expr } = def;
  const present = values.filter((v) => v !== "");
  const orEmpty = present.length < values.length;
  if (def.choices) {
    const choices = def.choices;
    const kept = present.flatMap((v) => (Object.hasOwn(choices, v) ? [choices[v] as SQL] : []));
    return kept.length ? sql`(${sql.join(kept, sql` or `)})` : sql`false`;
  }
  let listed: SQL | undefined;
  if (present.length === 0) listed = undefined;
  // One value as a plain equality: PostgreSQL 15 keeps "= any(list)" on an index's second column
  // as a filter, to keep the index's order (status "notice" by status: 828,540 leases read, 250 ms).
  else if (def.type === "text" && present.length === 1) listed = sql`${expr} = ${present[0]}::text`;
  else if (def.type === "text") listed = sql`${expr} = any(${textArray(present)}::text[])`;
  else if (def.type === "number")
    listed = sql`${expr} = any(${textArray(present)}::${sql.raw(def.integer ? "bigint" : "numeric")}[])`;
  else if (def.day) listed = sql`${expr} = any(${textArray(present)}::date[])`;
  else {
    // A moment column: each run of consecutive days is one range of its index.
    const days = present.map((d) => Date.parse(`${d}T00:00:00Z`)).sort((a, b) => a - b);
    const runs: [number, number][] = [];
    for (const day of days) {
      const last = runs.at(-1);
      if (last && day === last[1]) last[1] = day + 86_400_000;
      else runs.push([day, day + 86_400_000]);
    }
    if (runs.length > MAX_DAY_RANGES) return undefined;
    const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
    listed = sql.join(
      runs.map(([from, to]) => sql`(${expr} >= ${at(from)} and ${expr} < ${at(to)})`),
      sql` or `,
    );
  }
  const empty = def.type === "text" ? sql`${expr} = ''` : undefined;
  const parts = [listed, orEmpty ? sql`${expr} is null` : undefined, orEmpty ? empty : undefined].filter(
    (part): part is SQL => part !== undefined,
  );
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/**
 * A filter on a dictionary column tested on the column's values: the sum of the row counts of the
 * values that pass is the exact number of rows it keeps, and the values themselves restate it on
 * the rows as an equality the column's index serves.
 */
async function dictionaryAnswer(
  tx: Tx,
  dictionary: ValueDictionary,
  def: ColumnSql,
  part: FilterPart,
): Promise<DictionaryAnswer> {
  const test = partSql({ [part.column]: dictionaryValue(def) }, part);
  const { rows } = (await tx.execute(sql`
    select coalesce(sum(m.row_count), 0)::bigint as total,
      case when count(*) <= ${MAX_DICTIONARY_VALUES} then array_agg(m.value) end as values
    from (select g.value, g.row_count from grid_values g
          where g.organization_id = ${currentOrg} and g.table_name = ${dictionary.table}
            and g.column_name = ${part.column} and g.row_count > 0 and ${test}) m`)) as unknown as {
    rows: { total: string; values: string[] | null }[];
  };
  const values = rows[0]?.values;
  return { total: Number(rows[0]?.total ?? 0), condition: values ? valuesCondition(def, values) : undefined };
}

/**
 * A "contains" filter of one or two characters (a quick filter or the builder's condition) on a
 * column whose pieces the dictionary keeps: the rows that contain it are exactly the rows holding
 * it as a piece, so their number is that piece's row count (lower-cased by the database, as ILIKE
 * does). Undefined for any other filter, or a text that is longer once lower-cased.
 */
async function gramAnswer(
  tx: Tx,
  dictionary: ValueDictionary,
  part: FilterPart,
): Promise<DictionaryAnswer | undefined> {
  const text =
    part.quick !== undefined ? part.quick.trim() : part.condition?.op === "contains" ? part.condition.value : undefined;
  if (!text || [...text].length > 2) return undefined;
  const { rows } = (await tx.execute(sql`
    select length(lower(${text})) as length,
      (select g.row_count from grid_values g
        where g.organization_id = ${currentOrg} and g.table_name = ${dictionary.table}
          and g.column_name = ${`${part.column}/grams`} and g.value = lower(${text}))::bigint as total`)) as unknown as {
    rows: { length: number; total: string | null }[];
  };
  const row = rows[0];
  if (!row || Number(row.length) < 1 || Number(row.length) > 2) return undefined;
  return { total: Number(row.total ?? 0) };
}

/** The organization's rows in a counted table, kept by triggers. */
async function rowCount(tx: Tx, table: CountedTable) {
  const counted = (await tx.execute(sql`
    select coalesce(sum(row_count), 0)::int as n from organization_row_counts
    where organization_id = ${currentOrg} and table_name = ${table}`)) as unknown as Rows;
  return Number(counted.rows[0]?.n ?? 0);
}

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
 *
 * With a `dictionary`, each filter on one of its columns is first tested on the column's values
 * (decision 018): it then reaches the rows as those values, and a lone filter's total is their
 * row counts' sum, which also tells whether walking the sort index or collecting the matches reads
 * fewer rows.
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
    /** The list's value dictionary, which gives a filtered total without counting (decision 018). */
    dictionary?: ValueDictionary;
    /** The SQL type of `tieBreaker`, which a client's `after` must parse as (default bigint). */
    tieType?: TieType;
  },
) {
  const { limit, offset, sort_by: sortBy, sort_direction: direction } = o.query;
  // The organization-wide figures are not the totals of a user who sees some properties only.
  const dictionary = isScoped(tx) ? undefined : o.dictionary;
  const countedTable = isScoped(tx) ? undefined : o.countedTable;
  const parts = filterParts(o.columns, o.query);
  const where = parts.map((part) => partSql(o.columns, part));
  const whereSql = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const sortKey = keyOf(o.sortKeys, sortBy);
  // The whitelisted sort key, empty values last, then the unique tie-breaker so pages never overlap.
  const order = orderSql(sortKey, direction, "last", o.tieBreaker);
  plainPageTrace.getStore()?.(
    sql`select ${o.select} from ${o.from} ${whereSql} order by ${order} limit ${limit} offset ${offset}`,
  );
  const rowsOf = (keys: SQL, o2: { lastFirst?: boolean; extra?: SQL } = {}) => sql`
    select ${o.select} ${o2.extra ?? sql``} from ${o.from}
    join unnest(array(${keys})) with ordinality as page_keys(key, position) on page_keys.key = ${o.tieBreaker}
    order by page_keys.position ${o2.lastFirst ? sql`desc` : sql``}`;

  // Each filter on a dictionary column is tested on its values first: restated as those values
  // (which its index serves), and, when it is the only filter, giving the exact total. A parent's
  // name is tested on the parents instead, except when the list is sorted by it: the values are
  // then ranges of the sort index itself (units of properties starting "maple" by property: 50 ms
  // as values, 106 as the properties' keys).
  const answers: (DictionaryAnswer | undefined)[] = [];
  for (const part of parts) {
    const def = o.columns[part.column];
    answers.push(
      dictionary?.columns.includes(part.column) && def
        ? ((def.sortKey !== sortBy ? await parentAnswer(tx, def, part) : undefined) ??
            (await dictionaryAnswer(tx, dictionary, def, part)))
        : dictionary?.grams?.includes(part.column)
          ? await gramAnswer(tx, dictionary, part)
          : undefined,
    );
  }
  const restated = parts.map((_, i) => answers[i]?.condition ?? where[i] ?? sql`true`);
  const filterSql = restated.length ? sql`where ${sql.join(restated, sql` and `)}` : sql``;

  // The total, when it is known without counting the matching rows: the organization's row count
  // for an unfiltered list, the dictionary's for one filter on one of its columns.
  let known: { total: number; rows: number } | undefined;
  const only = answers.length === 1 ? answers[0] : undefined;
  if (where.length === 0 && countedTable) {
    const n = await rowCount(tx, countedTable);
    known = { total: n, rows: n };
  } else if (only && countedTable) {
    known = { total: only.total, rows: await rowCount(tx, countedTable) };
  }

  if (known) {
    const { total } = known;
    if (offset >= total) return { rows: [], total };
    // Loading on after the last row the client has: the page starts at that row's place in the
    // sort index, so a page deep in the list costs what the first does. With filters only when the
    // index carries what they test; others are read by offset below.
    const tests = parts.map(
      (part, i) => (answers[i]?.onIndex ? answers[i]?.condition : walkTest(o.columns, part)) ?? where[i] ?? sql`true`,
    );
    const rowsPerMatch = Math.min(...parts.map((part) => walkCost(o.columns[part.column])));
    if (offset > 0 && o.query.after !== undefined && rowsPerMatch > 1) {
      const rows = await pageAfter(tx, {
        select: o.select,
        from: o.from,
        keysFrom: o.keysFrom ?? o.from,
        tieBreaker: o.tieBreaker,
        tieType: o.tieType ?? "bigint",
        after: o.query.after,
        sortKey,
        direction,
        tests,
        limit,
      });
      if (rows) return { rows, total };
    }
    // A page nearer the end is read from the end, so reaching it walks (or sorts) only the rows
    // after it: the last page costs what the first does.
    const fromEnd = offset > 0 && 2 * offset + limit > total;
    const pageLimit = fromEnd ? Math.min(limit, total - offset) : limit;
    const skipped = fromEnd ? Math.max(0, total - offset - limit) : offset;
    // The page's order of `expr` and `tie`: the list's, or, read from the end, the same sequence of
    // rows last one first.
    const pageOrderOf = (expr: SQL, tie: SQL) =>
      fromEnd
        ? orderSql({ ...sortKey, expr }, direction === "asc" ? "desc" : "asc", "first", tie)
        : orderSql({ ...sortKey, expr }, direction, "last", tie);
    const pageOrder = pageOrderOf(sortKey.expr, o.tieBreaker);
    if (where.length === 0) {
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
    // A filter on the sorted column itself is read straight off its sort index: a comparison of a
    // number or a date as stated (a range of it), a text as its values (the same square footage
    // over 1,000 as 700 values took 1,650 ms; as one range, milliseconds).
    const [part] = parts;
    const def = part && parts.length === 1 ? o.columns[part.column] : undefined;
    if (part && def?.sortKey === sortBy) {
      const asStated = def.type === "number" || (def.type === "date" && part.condition !== undefined);
      const keys = sql`select ${o.tieBreaker} from ${o.keysFrom ?? o.from} ${asStated ? whereSql : filterSql} order by ${pageOrder} limit ${pageLimit} offset ${skipped}`;
      const page = (await tx.execute(rowsOf(keys, { lastFirst: fromEnd }))) as unknown as Rows;
      return { rows: page.rows, total };
    }
    // Walking the sort index to the page passes over the rows the filter drops: about
    // rows / total of them per row kept, if the filter is independent of the order. Collecting
    // every match costs `total` rows. The walk is tried when it should pass over fewer, but a
    // filter that follows the order (units of "Building B" sorted by unit number "B-101"; large
    // units sorted by floor plan) leaves it empty-handed for long stretches. So it stops after
    // three times the rows expected, or half the matches' number if more (past a first floor plan
    // of 60,000 units without a match, say), and the matches are then collected after all. The walk
    // tests the filter as stated: a list of values in a projection is searched, not hashed (500 ms
    // against 66 for 120,000 rows). When the sort index carries every column the filters test, the
    // walk reads the index alone and goes on for as many rows as cost what collecting a match does
    // (`walkCost`).
    const walked = ((skipped + pageLimit) * known.rows) / total;
    if (walked <= rowsPerMatch * total) {
      const walkOrder = pageOrderOf(sql`walk.sort_value`, sql`walk.key`);
      const keys = sql`
        select walk.key from (
          select ${o.tieBreaker} as key, ${sortKey.expr} as sort_value, (${sql.join(tests, sql` and `)}) as passes
          from ${o.keysFrom ?? o.from} order by ${pageOrder} limit ${Math.ceil(Math.max(3 * walked + 1000, rowsPerMatch > 1 ? rowsPerMatch * total : total / 2))}
        ) walk
        where walk.passes order by ${walkOrder} limit ${pageLimit} offset ${skipped}`;
      const page = (await tx.execute(rowsOf(keys, { lastFirst: fromEnd }))) as unknown as Rows;
      if (page.rows.length === pageLimit) return { rows: page.rows, total };
    }
  }

  // Filtered: one pass over the matching rows yields the page's keys, and their number unless the
  // dictionary already told it. Left to itself, the planner walks a sort index for a filter it
  // misjudges as broad (22,000 units of properties starting "maple", sorted by building: 220 ms
  // against 53 collected).
  const matchOrder = orderSql({ ...sortKey, expr: sql`matches.sort_value` }, direction, "last", sql`matches.key`);
  const page = (await tx.execute(sql`
    with matches as materialized (
      select ${o.tieBreaker} as key, ${sortKey.expr} as sort_value from ${o.from} ${filterSql}
    )
    ${rowsOf(sql`select matches.key from matches order by ${matchOrder} limit ${limit} offset ${offset}`, {
      extra: known ? sql`` : sql`, (select count(*)::int from matches) as page_total_count`,
    })}`)) as unknown as Rows;
  if (known) return { rows: page.rows, total: known.total };
  const first = page.rows[0];
  if (first) {
    const total = Number(first.page_total_count);
    return { rows: page.rows.map(({ page_total_count: _, ...row }) => row), total };
  }
  if (offset === 0) return { rows: [], total: 0 };
  // Past the end: the statement returned no row to carry the count.
  const count = (await tx.execute(sql`select count(*)::int as n from ${o.from} ${filterSql}`)) as unknown as {
    rows: { n: number }[];
  };
  return { rows: [], total: Number(count.rows[0]?.n ?? 0) };
}

/** A nullable numeric column as the API sends it (pg returns bigint and numeric as strings). */
export const nullableNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A nullable text column as the API sends it. */
export const nullableText = (v: unknown) => (v === null || v === undefined ? null : String(v));

/**
 * A timestamptz column as the API sends it (ISO 8601 in UTC, milliseconds kept), formatted by the
 * database: parsing 4,000 timestamps into Dates and back took longer than reading the page.
 */
export const isoTimestampSql = (expr: SQL) => sql`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** One row of a list, read as the list reads its rows (same select and joins), by its key; undefined when the caller's organization has none. */
export async function rowOf(tx: Tx, o: { select: SQL; from: SQL; key: SQL; id: number | string }) {
  const { rows } = (await tx.execute(
    sql`select ${o.select} from ${o.from} where ${o.key} = ${o.id}`,
  )) as unknown as Rows;
  return rows[0];
}
