import { addDays, todayIn } from "@keyholder/contracts/civil-date";
import {
  MAX_TENANT_DOCUMENT_BYTES,
  tenantDocumentListSchema,
  tenantDocumentMessages,
  tenantDocumentSchema,
  tenantResponseSchema,
} from "@keyholder/contracts/tenants";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../../../test/multipart.ts";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";

type Org = Awaited<ReturnType<typeof signedInOrganization>>;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

describe("tenant documents: upload checks, download, expiry", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alpha: Org;
  let bravo: Org;
  let tenantId = "";
  let today = "";
  const send = apiSender(
    () => t.app,
    () => alpha,
  );
  const upload = (
    bytes: Buffer,
    fields: Record<string, string>,
    o: { name?: string; type?: string; org?: Org; tenant?: string } = {},
  ) =>
    t.app.inject({
      method: "POST",
      url: `/api/v1/tenants/${o.tenant ?? tenantId}/documents`,
      cookies: { kh_session: (o.org ?? alpha).cookie },
      ...multipart("file", o.name ?? "scan.pdf", o.type ?? "application/pdf", bytes, fields),
    });

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await signedInOrganization(t, "Document Alpha");
    bravo = await signedInOrganization(t, "Document Bravo");
    const res = await send("POST", "/tenants", {
      payload: { kind: "person", first_name: "Dora", last_name: "Docs" },
    });
    tenantId = tenantResponseSchema.parse(res.json()).tenant.id;
    today = todayIn("UTC");
  });
  afterAll(() => t.close());

  it("stores a PDF and an image, lists them expired first with counts, and downloads the bytes", async () => {
    const expired = await upload(PDF, { title: "Driver's license", kind: "id", expires_on: addDays(today, -3) });
    expect(expired.statusCode, expired.body).toBe(201);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const soon = await upload(
      png,
      { title: "Renter's insurance", kind: "insurance", expires_on: addDays(today, 10) },
      {
        name: "insurance.png",
        type: "image/png",
      },
    );
    expect(soon.statusCode, soon.body).toBe(201);
    expect(tenantDocumentSchema.parse(soon.json())).toMatchObject({ content_type: "image/png", expiry: "expiring" });
    const later = await upload(PDF, { title: "Lease scan", kind: "lease", expires_on: addDays(today, 400) });
    expect(later.statusCode).toBe(201);
    const none = await upload(PDF, { title: "Pay stub", kind: "income" });
    expect(none.statusCode).toBe(201);

    const list = tenantDocumentListSchema.parse((await send("GET", `/tenants/${tenantId}/documents`)).json());
    expect(list.documents.map((d) => [d.title, d.expiry])).toEqual([
      ["Driver's license", "expired"],
      ["Renter's insurance", "expiring"],
      ["Lease scan", "valid"],
      ["Pay stub", "none"],
    ]);
    expect({ expired: list.expired, expiring: list.expiring }).toEqual({ expired: 1, expiring: 1 });

    const first = list.documents[0];
    const file = await t.app.inject({ method: "GET", url: first?.url ?? "", cookies: { kh_session: alpha.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["content-disposition"]).toMatch(/^attachment; filename="scan.pdf"/);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // Another organization does not reach it.
    const theirs = await t.app.inject({ method: "GET", url: first?.url ?? "", cookies: { kh_session: bravo.cookie } });
    expect(theirs.statusCode).toBe(404);

    // The tenant's history says what was added.
    const history = (await send("GET", `/tenants/${tenantId}/history`)).json().history;
    expect(history[0].changes.document.to).toBe("Pay stub added");
  });

  it("refuses a file that is not a PDF or an image, whatever it claims to be, and one too large", async () => {
    const html = await upload(Buffer.from("<html><script>alert(1)</script></html>"), { title: "x", kind: "other" });
    expect(html.statusCode).toBe(415);
    expect(html.json().error.fields.file).toEqual([tenantDocumentMessages.unsupported]);
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_TENANT_DOCUMENT_BYTES)]);
    const tooLarge = await upload(big, { title: "Huge", kind: "other" });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe(tenantDocumentMessages.tooLarge);
    const noTitle = await upload(PDF, { title: " ", kind: "id", expires_on: "2026-02-30" });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().error.fields).toEqual({
      title: [tenantDocumentMessages.titleRequired],
      expires_on: [tenantDocumentMessages.expiresOnFormat],
    });
  });

  it("deletes a document, and a tenant's delete and Undo keep its documents", async () => {
    const list = tenantDocumentListSchema.parse((await send("GET", `/tenants/${tenantId}/documents`)).json());
    const [gone, ...kept] = list.documents;
    expect((await send("DELETE", `/tenants/${tenantId}/documents/${gone?.id}`)).statusCode).toBe(204);
    expect((await send("DELETE", `/tenants/${tenantId}/documents/${gone?.id}`)).statusCode).toBe(404);
    expect((await send("DELETE", `/tenants/${tenantId}`)).statusCode).toBe(204);
    expect((await send("GET", `/tenants/${tenantId}/documents`)).statusCode).toBe(404);
    expect((await send("POST", "/tenants/restore", { payload: { ids: [tenantId] } })).json().restored).toBe(1);
    const back = tenantDocumentListSchema.parse((await send("GET", `/tenants/${tenantId}/documents`)).json());
    expect(back.documents.map((d) => d.id)).toEqual(kept.map((d) => d.id));
    const file = await t.app.inject({
      method: "GET",
      url: back.documents[0]?.url ?? "",
      cookies: { kh_session: alpha.cookie },
    });
    expect(file.statusCode).toBe(200);
  });

  it("removes a deleted tenant's files once the copy is past the restore window", async () => {
    const res = await send("POST", "/tenants", { payload: { kind: "company", company_name: "Gone LLC" } });
    const gone = tenantResponseSchema.parse(res.json()).tenant.id;
    const doc = tenantDocumentSchema.parse(
      (await upload(PDF, { title: "W-9", kind: "other" }, { tenant: gone })).json(),
    );
    const key = await asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select storage_key from tenant_documents where id = ${doc.id}`,
      )) as unknown as { rows: { storage_key: string }[] };
      return rows[0]?.storage_key ?? "";
    });
    expect((await send("DELETE", `/tenants/${gone}`)).statusCode).toBe(204);
    // Still restorable: the file is kept.
    expect(await t.app.storage.get(key)).not.toBeNull();
    await asSystem(t.db, (tx) =>
      tx.execute(sql`update deleted_records set deleted_at = now() - interval '31 days' where entity_id = ${gone}`),
    );
    // The next delete purges the old copy and its file.
    const other = tenantResponseSchema.parse(
      (await send("POST", "/tenants", { payload: { kind: "company", company_name: "Next LLC" } })).json(),
    ).tenant.id;
    expect((await send("DELETE", `/tenants/${other}`)).statusCode).toBe(204);
    expect(await t.app.storage.get(key)).toBeNull();
    expect((await send("POST", "/tenants/restore", { payload: { ids: [gone] } })).json().restored).toBe(0);
  });
});
