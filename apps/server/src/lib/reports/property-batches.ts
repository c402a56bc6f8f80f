import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

/** Names as people sort them: numbers by value ("Unit 2" before "Unit 10"), case and accents aside. */
export const byName = new Intl.Collator("en-US", { numeric: true, sensitivity: "base" });

/** `and <column> in <these properties>`: a batch's condition. The column is the report's own, never input. */
export const inProperties =
  (ids: readonly string[]) =>
  (column: string): SQL =>
    sql`and ${sql.raw(column)} = any(${`{${ids.join(",")}}`}::uuid[])`;

/**
 * The properties `inProperty` names (the organization's, or one), in the reports' order (by name,
 * then id), in batches of about `batchRows` of what each holds (`sizes`: its units or its leases),
 * so a report of any size is read a batch at a time in its order (issue 30 item 7). A property
 * larger than a batch is a batch of its own.
 */
export async function propertyBatches(
  tx: Tx,
  orgId: string,
  inProperty: (column: string) => SQL,
  sizes: "units" | "leases",
  batchRows: number,
): Promise<string[][]> {
  const held =
    sizes === "units"
      ? sql`select property_id, count(*) as n from units where organization_id = ${orgId} group by 1`
      : sql`select property_id, count(*) as n from leases where organization_id = ${orgId} group by 1`;
  const { rows } = (await tx.execute(sql`
    select p.id, p.name, coalesce(h.n, 0) as n from properties p
    left join (${held}) h on h.property_id = p.id
    where p.organization_id = ${orgId} ${inProperty("p.id")}`)) as unknown as {
    rows: { id: string; name: string; n: string }[];
  };
  rows.sort((a, b) => byName.compare(a.name, b.name) || a.id.localeCompare(b.id));
  const batches: string[][] = [];
  let size = 0;
  for (const p of rows) {
    const last = batches.at(-1);
    if (!last || size + Number(p.n) > batchRows) {
      batches.push([p.id]);
      size = Number(p.n);
    } else {
      last.push(p.id);
      size += Number(p.n);
    }
  }
  return batches;
}
