import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

let cursors = 0;

/**
 * A statement's rows one by one, fetched `size` at a time through a cursor in the run's transaction
 * (issue 30 item 7): the database holds the result and its order, this process one page at a time,
 * and the statement runs once, however many pages it has (one snapshot, as a report read whole).
 */
export async function* cursorRows<T>(tx: Tx, query: SQL, size: number): AsyncIterable<T> {
  if (!Number.isInteger(size) || size < 1) throw new Error(`a page of ${size} rows`);
  const name = `report_rows_${++cursors}`;
  await tx.execute(sql`declare ${sql.raw(name)} no scroll cursor for ${query}`);
  try {
    for (;;) {
      const { rows } = (await tx.execute(sql.raw(`fetch forward ${size} from ${name}`))) as unknown as { rows: T[] };
      yield* rows;
      if (rows.length < size) return;
    }
  } finally {
    await tx.execute(sql.raw(`close ${name}`));
  }
}
