import { z } from "zod";
import { type ColumnDeclarations, type ColumnType, filterTypesOf, sortKeysOf } from "./columns.ts";

/** Query parameters shared by the paged list endpoints of the record tables (spec records 3.11, 7). */
export const SORT_DIRECTIONS = ["asc", "desc"] as const;

/** The operators of the filter builder, per column type, in the order the builder offers them. */
export const FILTER_OPERATORS = {
  text: ["contains", "not_contains", "equals", "not_equals", "starts_with", "ends_with", "is_empty", "is_not_empty"],
  number: ["eq", "ne", "gt", "gte", "lt", "lte", "is_empty", "is_not_empty"],
  date: ["on", "before", "after", "is_empty", "is_not_empty"],
} as const satisfies Record<ColumnType, readonly string[]>;
export type FilterOperator = (typeof FILTER_OPERATORS)[ColumnType][number];

export const OPERATOR_LABELS: Record<FilterOperator, string> = {
  contains: "contains",
  not_contains: "does not contain",
  equals: "is",
  not_equals: "is not",
  starts_with: "starts with",
  ends_with: "ends with",
  is_empty: "is empty",
  is_not_empty: "is not empty",
  eq: "=",
  ne: "≠",
  gt: ">",
  gte: "≥",
  lt: "<",
  lte: "≤",
  on: "on",
  before: "before",
  after: "after",
};

/** Operators that take no value; a value sent with them is ignored. */
export const VALUELESS_OPERATORS = ["is_empty", "is_not_empty"] as const satisfies readonly FilterOperator[];
export const isValuelessOperator = (op: FilterOperator) => (VALUELESS_OPERATORS as readonly string[]).includes(op);

export const MAX_FILTER_CONDITIONS = 20;

/**
 * The two shapes of a list page (issue 31): `objects`, the documented default (one object per row
 * under the list's own member: {units: [...], ...}), and `rows`, asked for by the web grid: one
 * list of field names and each row as the array of its values in that order, {fields, rows: [[...]]},
 * with the same offset, count and total. `fields` names the row fields wanted (the columns a grid
 * shows and what its cells need); without it a rows page carries every field.
 */
export const LIST_SHAPES = ["objects", "rows"] as const;
export const MAX_LIST_FIELDS = 100;
const FIELD_NAME = /^[a-z][a-z0-9_]*$/;

export const listMessages = {
  unknownFields: (unknown: readonly string[], known: readonly string[]) =>
    `fields may only name fields of the rows (${known.join(", ")}), not ${unknown.join(", ")}`,
  fieldsFormat: "fields must be field names separated by commas",
  tooManyFields: `fields may name at most ${MAX_LIST_FIELDS} fields`,
};

/** A list page in the rows shape, documented once for every list (the rows' fields are the list's row fields). */
export const rowsPageSchema = z
  .object({
    fields: z.array(z.string()).describe("The row fields each row holds, in order"),
    rows: z.array(z.array(z.unknown())).describe("Each row's values in the order of `fields`"),
    offset: z.number().int(),
    count: z.number().int(),
    total_count: z.number().int(),
  })
  .describe("The page as rows (shape=rows): the values the objects shape would carry, under one list of fields");
export type RowsPage = z.infer<typeof rowsPageSchema>;

const ALL_OPERATORS = [...new Set(Object.values(FILTER_OPERATORS).flat())] as [FilterOperator, ...FilterOperator[]];

/** One condition of the filter builder; whether it fits a column is checked by `conditionProblem`. */
export const filterConditionSchema = z.object({
  column: z.string({ error: "column must be a string" }).min(1, "column is required").max(100, "column is too long"),
  op: z.enum(ALL_OPERATORS, { error: (issue) => `unknown operator ${JSON.stringify(issue.input) ?? "(none)"}` }),
  value: z.string({ error: "value must be a string" }).max(200, "value must be at most 200 characters").optional(),
});
export type FilterCondition = z.infer<typeof filterConditionSchema>;

// Plain decimal notation only: what a number input produces, and always valid PostgreSQL numeric input.
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const isFilterNumber = (v: string) => DECIMAL.test(v) && Number.isFinite(Number(v));

// A real calendar day (no 2026-02-30) from year 1 on, since PostgreSQL has no year 0.
const isFilterDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || v.startsWith("0000")) return false;
  const day = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === v;
};

/**
 * Why a condition does not fit the columns of a list, or undefined when it does. The server refuses
 * such a condition with this text; the filter builder can show it before sending.
 */
export function conditionProblem(columns: Record<string, ColumnType>, c: FilterCondition): string | undefined {
  const type = Object.hasOwn(columns, c.column) ? columns[c.column] : undefined;
  if (!type) return `unknown column ${c.column} (filterable: ${Object.keys(columns).join(", ")})`;
  if (!(FILTER_OPERATORS[type] as readonly string[]).includes(c.op)) {
    return `operator ${c.op} does not fit ${type} column ${c.column}`;
  }
  if (isValuelessOperator(c.op)) return undefined;
  const value = c.value?.trim() ?? "";
  if (!value) return `operator ${c.op} on column ${c.column} needs a value`;
  if (type === "number" && !isFilterNumber(value)) return `value ${JSON.stringify(value)} is not a number`;
  if (type === "date" && !isFilterDate(value)) return `value ${JSON.stringify(value)} is not a date (YYYY-MM-DD)`;
  return undefined;
}

/** A date as the grids show it and as the quick filter matches it: en-US, month/day/year, in UTC. */
export const formatColumnDate = (iso: string) => new Date(iso).toLocaleDateString("en-US", { timeZone: "UTC" });

function parseConditions(raw: string | undefined, columns: Record<string, ColumnType>, ctx: z.RefinementCtx) {
  if (!raw) return [];
  const fail = (message: string) => {
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return fail("conditions must be a JSON array of {column, op, value}");
  }
  if (!Array.isArray(parsed)) return fail("conditions must be a JSON array of {column, op, value}");
  if (parsed.length > MAX_FILTER_CONDITIONS) {
    return fail(`conditions may hold at most ${MAX_FILTER_CONDITIONS} conditions, not ${parsed.length}`);
  }
  const problems: string[] = [];
  const conditions: FilterCondition[] = [];
  parsed.forEach((item: unknown, i) => {
    if (typeof item !== "object" || item === null || Array.isArray(item)) {
      problems.push(`conditions[${i}] must be an object {column, op, value}`);
      return;
    }
    const shape = filterConditionSchema.safeParse(item);
    if (!shape.success) {
      for (const issue of shape.error.issues)
        problems.push(`conditions[${i}].${issue.path.join(".")}: ${issue.message}`);
      return;
    }
    const problem = conditionProblem(columns, shape.data);
    if (problem) {
      problems.push(`conditions[${i}]: ${problem}`);
      return;
    }
    const { column, op } = shape.data;
    conditions.push(isValuelessOperator(op) ? { column, op } : { column, op, value: shape.data.value?.trim() ?? "" });
  });
  for (const message of problems) ctx.addIssue({ code: "custom", message });
  return problems.length ? z.NEVER : conditions;
}

/**
 * The list query of a grid, from its column declarations: the sort keys they name, and their filter
 * types, which decide the keys of the quick-filter object (`filters`) and the columns the builder's
 * `conditions` may use, all ANDed.
 */
export function listQuerySchema<const C extends ColumnDeclarations>(o: {
  columns: C;
  defaultSort: ReturnType<typeof sortKeysOf<C>>[number];
  /** Newest-first lists (applicants) sort down by default; the spec's grids sort up. */
  defaultDirection?: (typeof SORT_DIRECTIONS)[number];
  maxLimit: number;
}) {
  const sortKeys = sortKeysOf(o.columns);
  const types: Record<string, ColumnType> = filterTypesOf(o.columns);
  type Column = keyof ReturnType<typeof filterTypesOf<C>> & string;
  const names = Object.keys(types) as [Column, ...Column[]];
  return z.object({
    offset: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(o.maxLimit).default(o.maxLimit),
    /**
     * The key of the row just before `offset`, when the client has it (the last row of the page it
     * loaded before): the server may start the page after that row instead of counting `offset`
     * rows, which keeps deep pages as fast as the first and loading free of gaps or repeats while
     * rows are added or removed. An unknown key is ignored.
     */
    after: z.string().max(64).optional(),
    sort_by: z.enum(sortKeys).default(o.defaultSort as never),
    sort_direction: z.enum(SORT_DIRECTIONS).default(o.defaultDirection ?? "asc"),
    /** JSON object of column -> filter text (the quick-filter row). */
    filters: z
      .string()
      .max(4000)
      .optional()
      .transform((raw, ctx) => {
        if (!raw) return {} as Partial<Record<Column, string>>;
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw);
        } catch {
          ctx.addIssue({ code: "custom", message: "filters must be a JSON object" });
          return z.NEVER;
        }
        const checked = z.partialRecord(z.enum(names), z.string().max(200)).safeParse(parsed);
        if (!checked.success) {
          ctx.addIssue({ code: "custom", message: `filters may only name: ${names.join(", ")}` });
          return z.NEVER;
        }
        return checked.data as Partial<Record<Column, string>>;
      }),
    /** JSON array of the filter builder's conditions, {column, op, value}, all of which must hold. */
    conditions: z
      .string()
      .max(16_000, "conditions is too long")
      .optional()
      .transform((raw, ctx): FilterCondition[] => parseConditions(raw, types, ctx)),
    /** `objects` (default): the list's documented shape; `rows`: {fields, rows} (`rowsPageSchema`). */
    shape: z.enum(LIST_SHAPES).default("objects"),
    /** With shape=rows, the row fields wanted, comma-separated (the list's row fields; default all). */
    fields: z
      .string()
      .max(4000)
      .optional()
      .transform((raw, ctx) => {
        if (!raw) return undefined;
        const names = raw.split(",");
        if (!names.every((name) => FIELD_NAME.test(name))) {
          ctx.addIssue({ code: "custom", message: listMessages.fieldsFormat });
          return z.NEVER;
        }
        if (names.length > MAX_LIST_FIELDS) {
          ctx.addIssue({ code: "custom", message: listMessages.tooManyFields });
          return z.NEVER;
        }
        return [...new Set(names)];
      }),
  });
}
