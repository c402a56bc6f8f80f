import type { ColumnType } from "@keyholder/contracts/columns";
import { type FilterCondition, formatColumnDate } from "@keyholder/contracts/list-query";
import { type NumberFilter, parseNumberFilter } from "@keyholder/contracts/number-filter";

/** A grid cell as the list API returns it: text, a number, an ISO timestamp, or nothing. */
export type Cell = string | number | null;

const isEmpty = (cell: Cell) => cell === null || cell === "";

/**
 * What a filter-builder condition keeps, worked out in JavaScript over rows fetched unfiltered: the
 * reference the list SQL is tested against. Negations keep empty cells; other operators skip them.
 */
export function matchesCondition(type: ColumnType, cell: Cell, c: FilterCondition): boolean {
  if (c.op === "is_empty") return isEmpty(cell);
  if (c.op === "is_not_empty") return !isEmpty(cell);
  const value = c.value ?? "";
  if (type === "text") {
    // An empty cell is null: it neither contains, starts nor ends with a (non-blank) value.
    const s = isEmpty(cell) ? null : String(cell).toLowerCase();
    const x = value.toLowerCase();
    const contains = s?.includes(x) === true;
    const ops: Record<string, boolean> = {
      contains,
      not_contains: !contains,
      equals: s === x,
      not_equals: s !== x,
      starts_with: s?.startsWith(x) === true,
      ends_with: s?.endsWith(x) === true,
    };
    return ops[c.op] ?? fail(type, c);
  }
  if (type === "number") {
    if (cell === null) return c.op === "ne";
    const n = Number(cell);
    const x = Number(value);
    const ops: Record<string, boolean> = { eq: n === x, ne: n !== x, gt: n > x, gte: n >= x, lt: n < x, lte: n <= x };
    return ops[c.op] ?? fail(type, c);
  }
  if (cell === null) return false;
  const day = new Date(cell).toISOString().slice(0, 10);
  const ops: Record<string, boolean> = { on: day === value, before: day < value, after: day > value };
  return ops[c.op] ?? fail(type, c);
}

/** Whether a number keeps to a number quick filter (a value, a comparison or a range, ends included). */
function numberPasses(filter: NumberFilter, n: number): boolean {
  if (filter.op === "between") return n >= filter.from && n <= filter.to;
  return {
    "=": n === filter.value,
    ">": n > filter.value,
    ">=": n >= filter.value,
    "<": n < filter.value,
    "<=": n <= filter.value,
  }[filter.op];
}

/**
 * The quick-filter rule (spec records 5, widened for numbers): a number column by the value, comparison
 * or range typed (formatted as the grid shows numbers, or not); text and dates as shown.
 */
export function matchesQuickFilter(type: ColumnType, cell: Cell, text: string): boolean {
  if (isEmpty(cell) || cell === null) return false;
  if (type === "number") {
    const filter = parseNumberFilter(text);
    return filter !== undefined && numberPasses(filter, Number(cell));
  }
  const shown = type === "date" ? formatColumnDate(String(cell)) : String(cell);
  return shown.toLowerCase().includes(text.toLowerCase());
}

function fail(type: ColumnType, c: FilterCondition): never {
  throw new Error(`no reference for ${c.op} on a ${type} column`);
}
