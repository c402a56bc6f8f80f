import { gunzipSync, zstdDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSender, createTestApp, signedInOrganization } from "../../test/test-app.ts";
import { asSystem } from "../db/client.ts";
import { generateVendors } from "../modules/demo/generate-vendors.ts";

type Page = Record<string, unknown> & { offset: number; count: number; total_count: number };
type RowsPage = Page & { fields: string[]; rows: unknown[][] };
interface ListOperation {
  path: string;
  /** The list's member holding the rows in the objects shape. */
  key: string;
  sortKeys: string[];
}

/** The lists of the OpenAPI document that offer the rows shape, with their sort keys, as a client finds them. */
function listOperations(doc: {
  paths: Record<
    string,
    { get?: { parameters?: { name: string; schema?: { enum?: string[] } }[]; responses: unknown } }
  >;
}): ListOperation[] {
  const lists: ListOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const parameters = item.get?.parameters ?? [];
    const shape = parameters.find((p) => p.name === "shape");
    if (!shape?.schema?.enum?.includes("rows")) continue;
    const sortKeys = parameters.find((p) => p.name === "sort_by")?.schema?.enum ?? [];
    const answer = item.get?.responses as {
      200: {
        content: { "application/json": { schema: { anyOf: { properties: Record<string, { type: string }> }[] } } };
      };
    };
    const objects = answer[200].content["application/json"].schema.anyOf[0]?.properties ?? {};
    const key = Object.entries(objects).find(([, p]) => p.type === "array")?.[0] ?? "";
    lists.push({ path: path.replace(/^\/api\/v1/, ""), key, sortKeys });
  }
  return lists;
}

/** Issue 31: every grid list in the rows shape carries exactly what its objects shape does. */
describe("list pages as rows", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let org: Awaited<ReturnType<typeof signedInOrganization>>;
  let lists: ListOperation[];
  const send = apiSender(
    () => t.app,
    () => org,
  );
  const get = async <T>(url: string) => {
    const res = await send("GET", url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as T;
  };

  beforeAll(async () => {
    t = await createTestApp();
    org = await signedInOrganization(t, "Rows Shape", { scale: 300, seed: 3, leases: true });
    await asSystem(t.db, (tx) => generateVendors(tx, org, t.app.secretBox));
    lists = listOperations((await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json());
  }, 120_000);
  afterAll(() => t?.close());

  it("offers the rows shape on every grid's list", () => {
    expect(lists.map((l) => l.path).sort()).toEqual(
      [
        "/applicants/details",
        "/buildings/details",
        "/floor-plans",
        "/lease-pets",
        "/leases",
        "/ledger/lines",
        "/maintenance-requests",
        "/properties/details",
        "/staff/details",
        "/tenants",
        "/units",
        "/users/details",
        "/vendors",
        "/zones",
      ].sort(),
    );
    for (const list of lists) {
      expect(list.key, list.path).not.toBe("");
      expect(list.sortKeys.length, list.path).toBeGreaterThan(0);
    }
  });

  it("returns the same rows and values as the objects shape, for every sort key of every list, both ways", async () => {
    let compared = 0;
    for (const list of lists) {
      const rowsSeen = new Set<number>();
      for (const sortBy of list.sortKeys) {
        for (const direction of ["asc", "desc"]) {
          const query = `sort_by=${encodeURIComponent(sortBy)}&sort_direction=${direction}&limit=25&offset=2`;
          const objects = await get<Page>(`${list.path}?${query}`);
          const rows = await get<RowsPage>(`${list.path}?${query}&shape=rows`);
          const expected = objects[list.key] as Record<string, unknown>[];
          const { [list.key]: _, ...meta } = objects;
          const { fields, rows: values, ...rowsMeta } = rows;
          expect(rowsMeta, `${list.path} ${query}`).toEqual(meta);
          expect(
            values.map((row) => Object.fromEntries(fields.map((field, i) => [field, row[i]]))),
            `${list.path} ${query}`,
          ).toEqual(expected);
          // Every field of the objects, none more.
          expect([...fields].sort()).toEqual(
            Object.keys(expected[0] ?? Object.fromEntries(fields.map((f) => [f, 0]))).sort(),
          );
          rowsSeen.add(values.length);
          compared += values.length;
        }
      }
      // Not an empty list compared with an empty list.
      expect(Math.max(...rowsSeen), list.path).toBeGreaterThan(0);
    }
    expect(compared).toBeGreaterThan(1000);
  }, 240_000);

  it("sends only the fields asked for, in their order, and refuses a field the rows do not have", async () => {
    const all = await get<{ units: Record<string, unknown>[]; total_count: number }>("/units?limit=40");
    const some = await get<RowsPage>("/units?limit=40&shape=rows&fields=unit_number,unit_id,property_name");
    expect(some.fields).toEqual(["unit_number", "unit_id", "property_name"]);
    expect(some.rows).toEqual(all.units.map((u) => [u.unit_number, u.unit_id, u.property_name]));
    expect(some.total_count).toBe(all.total_count);

    const unknown = await send("GET", "/units?shape=rows&fields=unit_number,password_hash");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.fields[0]).toContain("not password_hash");
    const malformed = await send("GET", "/units?shape=rows&fields=unit_number;drop table units");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe("VALIDATION_FAILED");
    const shape = await send("GET", "/units?shape=columns");
    expect(shape.statusCode).toBe(400);
  });

  it("keeps the documented objects shape for a client that does not ask for rows", async () => {
    const page = await get<Record<string, unknown>>("/units?limit=3");
    expect(Object.keys(page).sort()).toEqual(["count", "offset", "total_count", "units"]);
    expect(page.fields).toBeUndefined();
  });

  it("compresses a page only for a client that accepts it", async () => {
    const url = "/api/v1/units?limit=500&shape=rows";
    const cookies = { kh_session: org.cookie };
    const plain = await t.app.inject({ method: "GET", url, cookies });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const text = plain.body;
    expect(JSON.parse(text).rows.length).toBeGreaterThan(100);

    const gzip = await t.app.inject({ method: "GET", url, cookies, headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers.vary).toContain("accept-encoding");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(text);
    expect(gzip.rawPayload.length).toBeLessThan(text.length / 3);

    // What Chromium sends: the encoding chosen is the one the server prefers among them.
    const browser = await t.app.inject({
      method: "GET",
      url,
      cookies,
      headers: { "accept-encoding": "gzip, deflate, br, zstd" },
    });
    expect(browser.headers["content-encoding"]).toBe("zstd");
    expect(zstdDecompressSync(browser.rawPayload).toString()).toBe(text);

    // The objects shape is compressed too.
    const objects = await t.app.inject({
      method: "GET",
      url: "/api/v1/units?limit=500",
      cookies,
      headers: { "accept-encoding": "gzip" },
    });
    expect(objects.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(objects.rawPayload).toString()).units.length).toBe(JSON.parse(text).rows.length);
  });
});
