import { parseArgs } from "node:util";
import { BUILDING_SORT_KEYS, BUILDINGS_PAGE_SIZE } from "@keyholder/contracts/buildings";
import { FLOOR_PLAN_SORT_KEYS, FLOOR_PLANS_PAGE_SIZE } from "@keyholder/contracts/floor-plans";
import { LEASE_SORT_KEYS, LEASES_PAGE_SIZE } from "@keyholder/contracts/leases";
import type { FilterCondition } from "@keyholder/contracts/list-query";
import { MAINTENANCE_PAGE_SIZE, MAINTENANCE_SORT_KEYS } from "@keyholder/contracts/maintenance";
import { STAFF_PAGE_SIZE, STAFF_SORT_KEYS } from "@keyholder/contracts/staff";
import { TENANT_SORT_KEYS, TENANTS_PAGE_SIZE } from "@keyholder/contracts/tenants";
import { UNIT_SORT_KEYS, UNITS_PAGE_SIZE } from "@keyholder/contracts/units";
import { USER_SORT_KEYS, USERS_PAGE_SIZE } from "@keyholder/contracts/users";
import { ZONE_SORT_KEYS, ZONES_PAGE_SIZE } from "@keyholder/contracts/zones";
import { type SQL, sql } from "drizzle-orm";
import { asSystem, openDatabase, runMigrations, type Tx, withOrg } from "../db/client.ts";
import { organizations } from "../db/schema/index.ts";
import { loadEnv } from "../env.ts";
import { plainPageTrace } from "../lib/list-sql.ts";
import { listBuildings } from "../modules/buildings/list-buildings.ts";
import { listFloorPlans } from "../modules/floor-plans/list-floor-plans.ts";
import { listLeases } from "../modules/leases/list-leases.ts";
import { listRequests } from "../modules/maintenance/list-requests.ts";
import { searchProperties } from "../modules/properties/search.ts";
import { listStaff } from "../modules/staff/list-staff.ts";
import { listTenants } from "../modules/tenants/list-tenants.ts";
import { listUnits } from "../modules/units/list-units.ts";
import { listUsers } from "../modules/users/list-users.ts";
import { listZones } from "../modules/zones/list-zones.ts";
import { benchAssistant } from "./bench-assistant.ts";
import { benchBooks } from "./bench-books.ts";
import { benchChargeRun } from "./bench-charge-run.ts";
import { startHttpBench } from "./bench-http.ts";
import { benchLeaseLedger } from "./bench-lease-ledger.ts";
import { benchPermissions } from "./bench-permissions.ts";
import { benchPublic } from "./bench-public.ts";
import { benchRelatedItems } from "./bench-related-items.ts";
import { benchReports } from "./bench-reports.ts";
import { benchSeededLeases } from "./bench-seeded-leases.ts";
import { now, percentile } from "./timing.ts";

/**
 * Times the grid lists on the organization with the most units (seed one first:
 * npm run seed -- --scale 1000000) through the real list functions inside withOrg, as a request
 * runs them, against the plain single statement for the same page (which pageOf reports), run alone
 * in the same row-level security context. Targets (issue 9): p95 under 150 ms, the API at most 2x
 * the plain statement, a page away from the start at most 2x the first page. Then the header
 * search and the related-item lists (bench-related-items.ts). `--only related-items` runs just
 * those; `--only units` (or buildings, floor-plans, staff, users) just that grid; `--only permissions`
 * what the permission check adds (bench-permissions.ts); `--only public` the public search among
 * 100,000 listings (bench-public.ts, which makes them the first time); `--only assistant` the
 * built-in assistant's answers (bench-assistant.ts); `--only charge-run --charges 950000` a month's
 * charge run and its repeat (bench-charge-run.ts); `--only lease-ledger --leases 20000` a lease's
 * ledger among that many leases with a year of history (bench-lease-ledger.ts); `--only leases` the
 * leases grid of the seeded organization (seed with leases: npm run seed -- --scale 100000), and
 * `--only tenants` its tenants grid (as an administrator, who sees balances); `--only maintenance`
 * its maintenance requests grid;
 * `--only books --properties 10000 --statement-lines 50000 --volume 1000000` the books of issue 29
 * (bench-books.ts: a reconciliation, a fee run, balances as of a day, the Transactions grid);
 * `--only seeded-leases` a lease's ledger among the seeded organization's leases, then next month's
 * charge run for all of them and its repeat (bench-seeded-leases.ts; it posts that month);
 * `--only reports` issue 30's reports of the seeded organization (bench-reports.ts: a property's
 * rent roll and delinquency, the portfolio's rent roll written as CSV and XLSX, the year's P&L).
 */
const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "20" },
    /** `related-items`: only the related-item lists (bench-related-items.ts); or one grid ("units"). */
    only: { type: "string" },
    /** Only these grids, comma-separated ("zones,floor-plans"). */
    lists: { type: "string" },
    /** Only these sort keys, comma-separated ("u.unit_number,b.name"). */
    keys: { type: "string" },
    /**
     * Only the cases whose label starts with one of these, comma-separated ("first,filter"): the
     * plain statements of middle and last pages take seconds each at a million rows.
     */
    cases: { type: "string" },
    /** `--only charge-run`: how many monthly charges (leases) the run posts. */
    charges: { type: "string", default: "100000" },
    /** `--only books`: properties under management agreements, the trust statement's lines, other March receipts. */
    properties: { type: "string", default: "10000" },
    "statement-lines": { type: "string", default: "50000" },
    volume: { type: "string", default: "1000000" },
    /** `--only lease-ledger`: how many leases (each with a year of charges and payments). */
    leases: { type: "string", default: "20000" },
    /**
     * Also time each page over HTTP (bench-http.ts: the app on a loopback port, the rows shape,
     * zstd as Chromium accepts it), against the plain statement: issue 31's p95 <= 100 ms and
     * http/sql <= 2.
     */
    http: { type: "boolean", default: false },
  },
});
const runs = Math.max(5, Number(values.runs) || 20);
const TARGET_P95_MS = 150;
const TARGET_RATIO = 2;
const TARGET_HTTP_P95_MS = 100;

const env = loadEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
await runMigrations(database);
const db = database.db;
if (values.only === "lease-ledger") {
  await benchLeaseLedger(database, env, Math.max(100, Number(values.leases) || 20_000));
  await database.close();
  process.exit(0);
}
if (values.only === "books") {
  await benchBooks(database, env, {
    properties: Math.max(10, Number(values.properties) || 10_000),
    statementLines: Math.max(100, Number(values["statement-lines"]) || 50_000),
    volume: Math.max(0, Number(values.volume) || 0),
    runs,
  });
  await database.close();
  process.exit(0);
}
if (values.only === "charge-run") {
  await benchChargeRun(database, env, Math.max(1000, Number(values.charges) || 100_000));
  await database.close();
  process.exit(0);
}
if (values.only === "public") {
  await benchPublic(db, runs);
  await database.close();
  process.exit(0);
}

const [largest] = (
  (await asSystem(db, (tx) =>
    tx.execute(sql`select organization_id as id, count(*)::int as units from units group by 1 order by 2 desc limit 1`),
  )) as unknown as { rows: { id: string; units: number }[] }
).rows;
if (!largest) {
  console.log("No units yet: run `npm run seed -- --scale 100000` first.");
  process.exit(1);
}
const orgId = largest.id;
const [org] = await asSystem(db, (tx) =>
  tx.select({ name: organizations.name }).from(organizations).where(sql`${organizations.id} = ${orgId}`),
);
if (values.only === "assistant") {
  console.log(`Organization "${org?.name}" with ${largest.units.toLocaleString("en-US")} units.`);
  await benchAssistant(db, orgId, runs);
  await database.close();
  process.exit(0);
}
if (values.only === "seeded-leases") {
  console.log(`Organization "${org?.name}" with ${largest.units.toLocaleString("en-US")} units.`);
  await benchSeededLeases(database, env, orgId);
  await database.close();
  process.exit(0);
}
if (values.only === "reports") {
  console.log(`Organization "${org?.name}" with ${largest.units.toLocaleString("en-US")} units.`);
  await benchReports(database, orgId, env.REPORT_BATCH_ROWS);
  await database.close();
  process.exit(0);
}
if (values.only === "permissions") {
  await benchPermissions(db, orgId, runs);
  await database.close();
  process.exit(0);
}
if (values.only === "related-items") {
  console.log(
    `Organization "${org?.name}" with ${largest.units.toLocaleString("en-US")} units; ${runs} runs per case.`,
  );
  const over = await benchRelatedItems(db, orgId, runs);
  console.log(over.length ? `Over target:\n  ${over.join("\n  ")}` : "All related-item cases within target.");
  await database.close();
  process.exit(0);
}

type Query = {
  offset: number;
  limit: number;
  sort_by: string;
  sort_direction: "asc" | "desc";
  filters: Record<string, string>;
  conditions: FilterCondition[];
  after?: string;
};

/** The key of a list answer's last row (`unit_id` or `id`), which the grid sends as `after` for the next page. */
function lastKey(result: object): string | undefined {
  const rows = Object.values(result).find((v): v is Record<string, unknown>[] => Array.isArray(v));
  const last = rows?.at(-1);
  const key = last?.unit_id ?? last?.id;
  return key === undefined ? undefined : String(key);
}
/** A filter a user sets: what they type in quick-filter cells, or the filter builder's conditions. */
type Filter = { label: string; filters?: Record<string, string>; conditions?: FilterCondition[] };
interface ListBench {
  name: string;
  /** Its GET path under /api/v1, for `--http`. */
  path: string;
  sortKeys: readonly string[];
  pageSize: number;
  /** Filters a user sets, broad and narrow, each timed on the first page of every sort key. */
  filters: Filter[];
  run: (tx: Tx, q: Query) => Promise<{ count: number; total_count: number }>;
}
const allLists: ListBench[] = [
  {
    name: "buildings",
    path: "/buildings/details",
    sortKeys: BUILDING_SORT_KEYS,
    pageSize: BUILDINGS_PAGE_SIZE,
    filters: [{ label: "name", filters: { name: "building b" } }],
    run: (tx, q) => listBuildings(tx, q as never),
  },
  {
    name: "floor plans",
    path: "/floor-plans",
    sortKeys: FLOOR_PLAN_SORT_KEYS,
    pageSize: FLOOR_PLANS_PAGE_SIZE,
    filters: [{ label: "plan", filters: { plan_name: "two bed" } }],
    run: (tx, q) => listFloorPlans(tx, q as never),
  },
  {
    name: "zones",
    path: "/zones",
    sortKeys: ZONE_SORT_KEYS,
    pageSize: ZONES_PAGE_SIZE,
    filters: [{ label: "name", filters: { name: "court" } }],
    run: (tx, q) => listZones(tx, q as never),
  },
  {
    name: "staff",
    path: "/staff/details",
    sortKeys: STAFF_SORT_KEYS,
    pageSize: STAFF_PAGE_SIZE,
    filters: [
      { label: "name", filters: { name: "an" } },
      { label: "pending", filters: { invite_status: "pending" } },
    ],
    run: (tx, q) => listStaff(tx, q as never),
  },
  {
    name: "users",
    path: "/users/details",
    sortKeys: USER_SORT_KEYS,
    pageSize: USERS_PAGE_SIZE,
    filters: [
      { label: "name", filters: { name: "an" } },
      { label: "managers", filters: { role: "manager" } },
    ],
    run: (tx, q) => listUsers(tx, q as never),
  },
  {
    name: "leases",
    path: "/leases",
    sortKeys: LEASE_SORT_KEYS,
    pageSize: LEASES_PAGE_SIZE,
    filters: [
      { label: "tenant an", filters: { tenant_names: "an" } },
      { label: "unit 1", filters: { unit_names: "1" } },
      { label: "notice", filters: { status: "notice" } },
      { label: "rent > 2000", conditions: [{ column: "rent_cents", op: "gt", value: "200000" }] },
      { label: "owes", conditions: [{ column: "balance_cents", op: "gt", value: "0" }] },
    ],
    run: (tx, q) => listLeases(tx, q as never),
  },
  {
    name: "tenants",
    path: "/tenants",
    sortKeys: TENANT_SORT_KEYS,
    pageSize: TENANTS_PAGE_SIZE,
    filters: [
      { label: "name an", filters: { name: "an" } },
      { label: "name garcia", filters: { name: "garcia" } },
      { label: "current", filters: { status: "current" } },
      { label: "email smith", filters: { email: "smith" } },
      { label: "name starts m", conditions: [{ column: "name", op: "starts_with", value: "m" }] },
    ],
    run: (tx, q) => listTenants(tx, q as never, { withBalance: true }),
  },
  {
    name: "maintenance",
    path: "/maintenance-requests",
    sortKeys: MAINTENANCE_SORT_KEYS,
    pageSize: MAINTENANCE_PAGE_SIZE,
    filters: [
      { label: "title leak", filters: { title: "leak" } },
      { label: "in progress", filters: { status: "in progress" } },
      { label: "emergency", filters: { priority: "emergency" } },
      { label: "overdue", filters: { overdue: "overdue" } },
      { label: "property an", filters: { property_name: "an" } },
      { label: "assigned an", filters: { assigned_to_name: "an" } },
      { label: "reporter garcia", filters: { tenant_name: "garcia" } },
      { label: "location 10", filters: { location_name: "10" } },
      { label: "due < 2026-06", conditions: [{ column: "due_on", op: "before", value: "2026-06-01" }] },
    ],
    run: (tx, q) => listRequests(tx, q as never),
  },
  {
    name: "units",
    path: "/units",
    sortKeys: UNIT_SORT_KEYS,
    pageSize: UNITS_PAGE_SIZE,
    filters: [
      { label: "building", filters: { building_name: "building b" } },
      { label: "unit 1", filters: { unit_number: "1" } },
      { label: "unit a-21", filters: { unit_number: "a-21" } },
      { label: "city", filters: { city: "an" } },
      { label: "vacant", filters: { status: "vac" } },
      { label: "beds 2", filters: { number_of_bedrooms: "2" } },
      { label: "avail 2026", filters: { date_available: "/2026" } },
      { label: "made 3/5", filters: { created_date: "3/5/" } },
      { label: "prop starts", conditions: [{ column: "property_name", op: "starts_with", value: "maple" }] },
      { label: "sqft > 1000", conditions: [{ column: "square_footage", op: "gt", value: "1000" }] },
      { label: "made < 2017", conditions: [{ column: "created_date", op: "before", value: "2017-01-01" }] },
      {
        label: "two conds",
        conditions: [
          { column: "building_name", op: "contains", value: "tower" },
          { column: "number_of_bedrooms", op: "gte", value: "2" },
        ],
      },
    ],
    run: (tx, q) => listUnits(tx, q as never),
  },
];
const wanted = values.lists?.split(",") ?? (values.only ? [values.only] : undefined);
const lists = allLists.filter((l) => !wanted || wanted.includes(l.name.replace(" ", "-")));

/**
 * The statements a list function sends, recorded by wrapping the transaction: the page statement
 * (the one with LIMIT and OFFSET) is then replayed alone as the "plain SQL" baseline.
 */
async function timeApi(list: ListBench, q: Query) {
  const times: number[] = [];
  let result = { count: 0, total_count: 0 };
  for (let i = 0; i <= runs; i++) {
    const start = now();
    result = await withOrg(db, { orgId }, (tx) => list.run(tx, q));
    if (i > 0) times.push(now() - start); // the first run warms caches and plans
  }
  return { times, result };
}

/** The plain statement pageOf reports for the request, run alone in the same row-level security context. */
async function timePlain(list: ListBench, q: Query) {
  let plain: SQL | undefined;
  await plainPageTrace.run(
    (statement) => {
      plain = statement;
    },
    () => withOrg(db, { orgId }, (tx) => list.run(tx, q)),
  );
  const page = plain;
  if (!page) throw new Error(`${list.name}: pageOf reported no plain statement`);
  const times: number[] = [];
  const executions: number[] = [];
  await withOrg(db, { orgId }, async (tx) => {
    for (let i = 0; i <= runs; i++) {
      const start = now();
      await tx.execute(page);
      if (i > 0) times.push(now() - start);
    }
    for (let i = 0; i < 3; i++) {
      const plan = (await tx.execute(sql`explain (analyze, timing off, format json) ${page}`)) as unknown as {
        rows: { "QUERY PLAN": [{ "Execution Time": number }] }[];
      };
      executions.push(plan.rows[0]?.["QUERY PLAN"][0]["Execution Time"] ?? Number.NaN);
    }
  });
  return { times, execution: percentile(executions, 0.5) };
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "-");
const header = [
  "list / sort key".padEnd(42),
  "case".padEnd(20),
  "rows".padStart(6),
  "total".padStart(8),
  "api p50".padStart(8),
  "api p95".padStart(8),
  "sql p50".padStart(8),
  "sql p95".padStart(8),
  "explain".padStart(8),
  "api/sql".padStart(8),
  "deep/1st".padStart(9),
  ...(values.http ? ["http p50".padStart(8), "http p95".padStart(8), "http/sql".padStart(8), "KB".padStart(6)] : []),
  "",
].join(" ");

console.log(
  `Organization "${org?.name}" with ${largest.units.toLocaleString("en-US")} units; ${runs} runs per case; times in ms.`,
);
console.log(
  "api = list function in withOrg (transaction, RLS, page, total_count, rows mapped); sql = the plain single statement for the same page, alone;",
);
console.log(
  `explain = EXPLAIN ANALYZE execution time. Ratios on p95. Targets: api p95 < ${TARGET_P95_MS}, api/sql <= ${TARGET_RATIO}, deep/1st <= ${TARGET_RATIO}.\n`,
);
console.log(header);
console.log("-".repeat(header.length));
const overHttp = values.http ? await startHttpBench(database, env, orgId) : undefined;

const failures: string[] = [];
let worst = { p95: 0, apiSql: 0, deepFirst: 0, httpP95: 0, httpSql: 0 };
for (const list of lists) {
  for (const key of list.sortKeys.filter((k) => !values.keys || values.keys.split(",").includes(k))) {
    const base: Query = {
      offset: 0,
      limit: list.pageSize,
      sort_by: key,
      sort_direction: "asc",
      filters: {},
      conditions: [],
    };
    const first = await timeApi(list, base);
    const total = first.result.total_count;
    // "deep" is the last full page; "middle" the farthest a page can be from both ends; "next" the
    // same page loaded on from the one before it, as the grid's infinite scroll asks (`after`).
    const middle = Math.max(0, Math.floor((total - list.pageSize) / 2));
    const before = await withOrg(db, { orgId }, (tx) =>
      list.run(tx, { ...base, offset: Math.max(0, middle - list.pageSize) }),
    );
    const after = lastKey(before);
    const cases: [string, Query][] = [
      ["first", base],
      ["first desc", { ...base, sort_direction: "desc" }],
      ...list.filters.map((f): [string, Query] => [
        `filter ${f.label}`,
        { ...base, filters: f.filters ?? {}, conditions: f.conditions ?? [] },
      ]),
      ["middle", { ...base, offset: middle }],
      ...(after && middle > 0 ? [["next", { ...base, offset: middle, after }] as [string, Query]] : []),
      ["deep", { ...base, offset: Math.max(0, total - list.pageSize) }],
    ];
    let firstP95 = Number.NaN;
    const wantedCases = values.cases?.split(",");
    for (const [label, q] of cases.filter(([label]) => !wantedCases || wantedCases.some((w) => label.startsWith(w)))) {
      const api = label === "first" ? first : await timeApi(list, q);
      const plain = await timePlain(list, q);
      const apiP95 = percentile(api.times, 0.95);
      const sqlP95 = percentile(plain.times, 0.95);
      const apiSql = apiP95 / sqlP95;
      if (label === "first") firstP95 = apiP95;
      const deepFirst = q.offset > 0 ? apiP95 / firstP95 : Number.NaN;
      const web = overHttp ? await overHttp.time(list.path, q, runs) : undefined;
      const httpP95 = web ? percentile(web.times, 0.95) : Number.NaN;
      const httpSql = httpP95 / sqlP95;
      const problems = [
        apiP95 >= TARGET_P95_MS ? "p95" : "",
        apiSql > TARGET_RATIO ? "api/sql" : "",
        deepFirst > TARGET_RATIO ? "deep/1st" : "",
        httpP95 > TARGET_HTTP_P95_MS ? "http p95" : "",
        httpSql > TARGET_RATIO ? "http/sql" : "",
      ].filter(Boolean);
      if (problems.length) failures.push(`${list.name} ${key} ${label}: ${problems.join(", ")}`);
      worst = {
        ...worst,
        p95: Math.max(worst.p95, apiP95),
        apiSql: Math.max(worst.apiSql, apiSql),
        deepFirst: Number.isFinite(deepFirst) ? Math.max(worst.deepFirst, deepFirst) : worst.deepFirst,
        httpP95: Number.isFinite(httpP95) ? Math.max(worst.httpP95, httpP95) : worst.httpP95,
        httpSql: Number.isFinite(httpSql) ? Math.max(worst.httpSql, httpSql) : worst.httpSql,
      };
      console.log(
        [
          `${list.name} ${key}`.padEnd(42),
          (q.offset > 0 ? `${label} @${q.offset}` : label).padEnd(20),
          String(api.result.count).padStart(6),
          String(api.result.total_count).padStart(8),
          fmt(percentile(api.times, 0.5)).padStart(8),
          fmt(apiP95).padStart(8),
          fmt(percentile(plain.times, 0.5)).padStart(8),
          fmt(sqlP95).padStart(8),
          fmt(plain.execution).padStart(8),
          fmt(apiSql).padStart(8),
          fmt(deepFirst).padStart(9),
          ...(web
            ? [
                fmt(percentile(web.times, 0.5)).padStart(8),
                fmt(httpP95).padStart(8),
                fmt(httpSql).padStart(8),
                fmt(web.bytes / 1024).padStart(6),
              ]
            : []),
          problems.length ? `<- ${problems.join(", ")}` : "",
        ].join(" "),
      );
    }
  }
}

await overHttp?.close();
console.log(
  `\nWorst: api p95 ${fmt(worst.p95)} ms, api/sql ${worst.apiSql.toFixed(2)}, deep/1st ${worst.deepFirst.toFixed(2)}${overHttp ? `, http p95 ${fmt(worst.httpP95)} ms, http/sql ${worst.httpSql.toFixed(2)}` : ""}.`,
);
console.log(failures.length ? `Over target:\n  ${failures.join("\n  ")}` : "All cases within target.");
if (values.only) {
  await database.close();
  process.exit(0);
}

const raw: Record<string, SQL> = {
  "properties by name": sql`select * from properties order by name, id limit 200`,
};
console.log("\nHeader search (GET /api/v1/properties/search), 10 rows at most:");
for (const text of ["view", "main st", "8370", "zq"]) {
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i <= runs; i++) {
    const start = now();
    found = (await withOrg(db, { orgId }, (tx) => searchProperties(tx, text))).length;
    if (i > 0) times.push(now() - start);
  }
  console.log(
    `"${text}"`.padEnd(12),
    `${found} found`.padEnd(10),
    `p50 ${fmt(percentile(times, 0.5))} ms   p95 ${fmt(percentile(times, 0.95))} ms`,
  );
}

const relatedOver = await benchRelatedItems(db, orgId, runs);
console.log(
  relatedOver.length ? `Over target:\n  ${relatedOver.join("\n  ")}` : "All related-item cases within target.",
);

console.log("\nRaw queries (no endpoint yet):");
for (const [label, query] of Object.entries(raw)) {
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const start = now();
    await withOrg(db, { orgId }, (tx) => tx.execute(query));
    if (i > 0) times.push(now() - start);
  }
  console.log(`${label.padEnd(58)} p50 ${fmt(percentile(times, 0.5))} ms   p95 ${fmt(percentile(times, 0.95))} ms`);
}
await database.close();
