import type { PropertyRow } from "@keyholder/contracts/properties";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { propertyFrom, propertySelect, toPropertyRow } from "./property-select.ts";

/** One property of the caller's organization as the API answers it, or null. */
export async function getProperty(tx: Tx, id: string): Promise<PropertyRow | null> {
  const { rows } = (await tx.execute(
    sql`select ${propertySelect} from ${propertyFrom} where p.id = ${id}`,
  )) as unknown as { rows: Record<string, unknown>[] };
  const row = rows[0];
  return row ? toPropertyRow(row) : null;
}
