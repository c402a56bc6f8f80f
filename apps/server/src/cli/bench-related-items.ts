import {
  RELATED_ITEMS_PAGE_SIZE,
  type RelatedItemList,
  type RelatedItemsQuery,
  type ScopedRelatedItemList,
} from "@keyholder/contracts/related-items";
import { sql } from "drizzle-orm";
import { type Database, type Tx, withOrg } from "../db/client.ts";
import { countRelatedItems } from "../modules/related-items/count-related-items.ts";
import { listRelatedItems } from "../modules/related-items/list-related-items.ts";
import { now, percentile } from "./timing.ts";

/** Issue 12, items 4 and 9: a related-item dropdown answers a search in 50 ms p95 at 1,000,000 units. */
export const RELATED_ITEMS_TARGET_P95_MS = 50;

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "-");
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

interface Case {
  label: string;
  /** Called once per run with the run's number, so scoped cases go round several properties. */
  run(tx: Tx, i: number): Promise<number>;
}

/**
 * Times every related-item list as a request runs it (listRelatedItems or countRelatedItems in
 * withOrg: transaction, row-level security, the definer function for the property search): first
 * pages, searches that match many, few and no items, a page behind a cursor, and the counts.
 * Scoped lists go round the organization's largest properties and buildings. Returns the cases
 * over the target.
 */
export async function benchRelatedItems(db: Database, orgId: string, runs: number) {
  const inOrg = <T>(fn: (tx: Tx) => Promise<T>) => withOrg(db, { orgId }, fn);
  // The largest scopes: the most units per property and per building, the most zones and plans.
  const properties = rowsOf<{ id: string }>(
    await inOrg((tx) =>
      tx.execute(sql`select property_id as id from units group by 1 order by count(*) desc, 1 limit 20`),
    ),
  ).map((r) => r.id);
  const buildings = rowsOf<{ id: number }>(
    await inOrg((tx) =>
      tx.execute(sql`select building_id as id from units where building_id is not null
                     group by 1 order by count(*) desc, 1 limit 20`),
    ),
  ).map((r) => Number(r.id));
  const [middle] = rowsOf<{ name: string; id: string }>(
    await inOrg((tx) =>
      tx.execute(sql`select name, id from properties order by name, id
                     offset (select count(*) / 2 from properties) limit 1`),
    ),
  );
  if (!properties.length || !buildings.length || !middle) throw new Error("no properties or buildings to bench");

  const query = (o: Partial<RelatedItemsQuery> = {}): RelatedItemsQuery => ({
    scopeId: null,
    pageSize: RELATED_ITEMS_PAGE_SIZE,
    cursor: undefined,
    searchTerm: "",
    ...o,
  });
  const page = (list: RelatedItemList, q: (i: number) => RelatedItemsQuery) => async (tx: Tx, i: number) =>
    (await listRelatedItems(tx, list, q(i))).data.length;
  /** The cursor after the first page, as a client would pass it back. */
  const cursorAfterFirst = async (list: RelatedItemList, q: RelatedItemsQuery) =>
    (await inOrg((tx) => listRelatedItems(tx, list, q))).nextCursor ?? undefined;
  const middleCursor = Buffer.from(JSON.stringify(["properties", middle.name, middle.id])).toString("base64url");

  const cases: Case[] = [];
  cases.push({ label: "properties, first page", run: page("properties", () => query()) });
  const second = await cursorAfterFirst("properties", query());
  cases.push({ label: "properties, second page", run: page("properties", () => query({ cursor: second })) });
  cases.push({
    label: "properties, page from the middle",
    run: page("properties", () => query({ cursor: middleCursor })),
  });
  for (const term of ["view", "lake", "cedar lofts", "harbor court", "a", "8", "zq", "no such place"]) {
    cases.push({ label: `properties, search "${term}"`, run: page("properties", () => query({ searchTerm: term })) });
  }
  const viewNext = await cursorAfterFirst("properties", query({ searchTerm: "view" }));
  cases.push({
    label: `properties, search "view", second page`,
    run: page("properties", () => query({ searchTerm: "view", cursor: viewNext })),
  });

  const scoped: [ScopedRelatedItemList, (string | number)[], string[]][] = [
    ["buildings-by-property", properties, ["building", "b", "zq"]],
    ["floor-plans-by-property", properties, ["bed", "a1", "zq"]],
    ["units-by-property", properties, ["1", "10", "building a", "zq"]],
    ["units-by-building", buildings, ["1", "10", "zq"]],
    ["zones-by-property", properties, ["a", "court", "zq"]],
  ];
  for (const [list, scopes, terms] of scoped) {
    const scopeOf = (i: number) => scopes[i % scopes.length] ?? null;
    cases.push({
      label: `${list}, count`,
      run: async (tx, i) => (await countRelatedItems(tx, list, scopeOf(i) ?? "")).count,
    });
    cases.push({ label: `${list}, first page`, run: page(list, (i) => query({ scopeId: scopeOf(i) })) });
    const next = await cursorAfterFirst(list, query({ scopeId: scopeOf(0) }));
    if (next) {
      cases.push({
        label: `${list}, second page`,
        run: page(list, () => query({ scopeId: scopeOf(0), cursor: next })),
      });
    }
    for (const term of terms) {
      cases.push({
        label: `${list}, search "${term}"`,
        run: page(list, (i) => query({ scopeId: scopeOf(i), searchTerm: term })),
      });
    }
  }

  console.log(
    `\nRelated-item lists (GET /api/v1/{entities}/get-id-name-by-{scope}-id, count-by-{scope}, properties/get-id-name),`,
  );
  console.log(
    `pages of ${RELATED_ITEMS_PAGE_SIZE}; scoped lists go round the ${properties.length} largest properties and buildings; target p95 < ${RELATED_ITEMS_TARGET_P95_MS} ms.`,
  );
  const over: string[] = [];
  let worst = 0;
  for (const c of cases) {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i <= runs; i++) {
      const start = now();
      rows = await inOrg((tx) => c.run(tx, i));
      if (i > 0) times.push(now() - start); // the first run warms caches and plans
    }
    const p95 = percentile(times, 0.95);
    worst = Math.max(worst, p95);
    if (p95 >= RELATED_ITEMS_TARGET_P95_MS) over.push(c.label);
    console.log(
      c.label.padEnd(52),
      String(rows).padStart(7),
      `p50 ${fmt(percentile(times, 0.5))} ms`.padStart(14),
      `p95 ${fmt(p95)} ms`.padStart(14),
      p95 >= RELATED_ITEMS_TARGET_P95_MS ? "<- over target" : "",
    );
  }
  console.log(`Worst related-item p95 ${fmt(worst)} ms (rows column: items on the page, or the count).`);
  return over;
}
