import { rowsPageSchema } from "@keyholder/contracts/list-query";
import type { z } from "zod";
import { api } from "../../lib/api-client.ts";
import { listQueryParams } from "./list-request.ts";
import type { Page, PageRequest } from "./types.ts";

/**
 * One copy of each text the loaded rows repeat (a property's name on each of its units, a city, a
 * day): the JSON parser makes one per row. Forgotten when it grows past what a few grids hold.
 */
const texts = new Map<string, string>();
const MAX_TEXTS = 500_000;
function interned(text: string) {
  const kept = texts.get(text);
  if (kept !== undefined) return kept;
  if (texts.size >= MAX_TEXTS) texts.clear();
  texts.set(text, text);
  return text;
}

/**
 * One grid page from a list endpoint in the rows shape (issue 31): the rows come as arrays of
 * values under one list of fields, a third of the objects' bytes before compression, and become
 * the grid's rows here, with only the fields asked for (`fields`). The page's frame is checked, and its fields against the row schema (a field
 * the grid does not know means the server and the app disagree), but not every value: the zod pass
 * over 2,000 rows of 30 fields cost more than reading them.
 */
export async function getRowsPage<Row>(
  path: string,
  request: PageRequest,
  row: z.ZodObject,
  query: Record<string, string | number | undefined> = {},
): Promise<Page<Row>> {
  const page = await api(path, {
    query: { ...listQueryParams(request), ...query, shape: "rows", fields: request.fields?.join(",") },
    schema: rowsPageSchema,
    signal: request.signal,
  });
  const unknown = page.fields.filter((field) => !Object.hasOwn(row.shape, field));
  if (unknown.length) throw new Error(`${path} answered fields this app does not know: ${unknown.join(", ")}`);
  const rows = new Array<Row>(page.rows.length);
  for (let i = 0; i < rows.length; i++) {
    const values = page.rows[i] as unknown[];
    const object: Record<string, unknown> = {};
    for (let j = 0; j < page.fields.length; j++) {
      const value = values[j];
      object[page.fields[j] as string] = typeof value === "string" ? interned(value) : value;
    }
    rows[i] = object as Row;
  }
  return { rows, offset: page.offset, count: page.count, total: page.total_count };
}
