import { randomUUID } from "node:crypto";
import { addDays } from "@keyholder/contracts/civil-date";
import { API_PREFIX } from "@keyholder/contracts/http";
import {
  expiryOf,
  MAX_TENANT_DOCUMENTS,
  TENANT_DOCUMENT_SOON_DAYS,
  type TenantDocument,
  type TenantDocumentType,
  tenantDocumentFieldsSchema,
  tenantDocumentMessages,
  tenantMessages,
} from "@keyholder/contracts/tenants";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { organizationToday } from "../../lib/organization-today.ts";
import type { Storage } from "../../lib/storage/storage.ts";
import { parseFormFields } from "../../lib/validation-fields.ts";

type Rows<T> = { rows: T[] };
type DocumentRow = {
  id: string;
  tenant_id: string;
  title: string;
  kind: TenantDocument["kind"];
  file_name: string;
  content_type: string;
  byte_size: number | string;
  expires_on: string | null;
  uploaded_at: string;
};

const columns = sql`d.id, d.tenant_id, d.title, d.kind, d.file_name, d.content_type, d.byte_size,
  d.expires_on::text as expires_on, to_char(d.created_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as uploaded_at`;

const toDocument = (r: DocumentRow, today: string): TenantDocument => ({
  id: String(r.id),
  tenant_id: String(r.tenant_id),
  title: r.title,
  kind: r.kind,
  file_name: r.file_name,
  content_type: r.content_type,
  byte_size: Number(r.byte_size),
  expires_on: r.expires_on,
  expiry: expiryOf(r.expires_on, today, addDays(today, TENANT_DOCUMENT_SOON_DAYS)),
  uploaded_at: r.uploaded_at,
  url: `${API_PREFIX}/tenants/${r.tenant_id}/documents/${r.id}`,
});

async function tenantExists(tx: Tx, tenantId: string, lock = false) {
  const { rows } = (await tx.execute(
    sql`select id from tenants where id = ${tenantId} ${lock ? sql`for update` : sql``}`,
  )) as unknown as Rows<unknown>;
  return rows.length > 0;
}

/**
 * A tenant's documents, expired first, then by expiry (soonest first), those without one last; with
 * how many are expired or expire within TENANT_DOCUMENT_SOON_DAYS. Null when the caller cannot see
 * the tenant.
 */
export async function listTenantDocuments(tx: Tx, orgId: string, tenantId: string, now: Date) {
  if (!(await tenantExists(tx, tenantId))) return null;
  const today = await organizationToday(tx, orgId, now);
  const { rows } = (await tx.execute(sql`
    select ${columns} from tenant_documents d where d.tenant_id = ${tenantId}
     order by d.expires_on nulls last, d.title, d.id`)) as unknown as Rows<DocumentRow>;
  const documents = rows.map((r) => toDocument(r, today));
  return {
    documents,
    today,
    expired: documents.filter((d) => d.expiry === "expired").length,
    expiring: documents.filter((d) => d.expiry === "expiring").length,
  };
}

/**
 * Stores an uploaded document's bytes and records it on the tenant (and in the tenant's history).
 * The fields are checked before anything is stored.
 */
export async function addTenantDocument(
  tx: Tx,
  storage: Storage,
  actor: Actor,
  tenantId: string,
  upload: { bytes: Buffer; type: TenantDocumentType; fileName: string; fields: Record<string, string> },
  now: Date,
): Promise<TenantDocument> {
  const parsed = parseFormFields(tenantDocumentFieldsSchema, upload.fields);
  // The tenant row is locked, so two uploads at once cannot both pass the count.
  if (!(await tenantExists(tx, tenantId, true))) throw notFound(tenantMessages.notFound);
  const { rows: counted } = (await tx.execute(
    sql`select count(*)::int as n from tenant_documents where tenant_id = ${tenantId}`,
  )) as unknown as Rows<{ n: number }>;
  if (Number(counted[0]?.n ?? 0) >= MAX_TENANT_DOCUMENTS) {
    throw new HttpError(409, "TOO_MANY_DOCUMENTS", tenantDocumentMessages.tooMany);
  }
  const { title, kind, expires_on } = parsed;
  const key = `org/${actor.orgId}/tenant-documents/${randomUUID()}`;
  await storage.put(key, upload.bytes, upload.type);
  const { rows } = (await tx.execute(sql`
    insert into tenant_documents as d (organization_id, tenant_id, kind, title, file_name, content_type, byte_size,
      storage_key, expires_on, created_by, last_modified_by)
    values (${actor.orgId}, ${tenantId}, ${kind}, ${title}, ${upload.fileName}, ${upload.type}, ${upload.bytes.length},
      ${key}, ${expires_on}, ${actor.userId}, ${actor.userId})
    returning ${columns}`)) as unknown as Rows<DocumentRow>;
  const row = rows[0];
  if (!row) throw new Error("insert into tenant_documents returned no row");
  await writeAudit(tx, actor, "tenant", [
    {
      action: "update",
      entityId: tenantId,
      before: { document: null },
      after: { document: `${title} added${expires_on ? ` (expires ${expires_on})` : ""}` },
    },
  ]);
  return toDocument(row, await organizationToday(tx, actor.orgId, now));
}

/** A document's bytes as stored, with its type and name; null when the caller cannot see it. */
export async function readTenantDocument(tx: Tx, tenantId: string, documentId: string) {
  const { rows } = (await tx.execute(sql`
    select storage_key, content_type, file_name from tenant_documents
     where tenant_id = ${tenantId} and id = ${documentId}`)) as unknown as Rows<{
    storage_key: string;
    content_type: string;
    file_name: string;
  }>;
  return rows[0] ?? null;
}

/**
 * Removes a document from the tenant (recorded in its history); answers its storage key, whose bytes
 * the caller deletes once the change is committed, or null when there is no such document.
 */
export async function deleteTenantDocument(tx: Tx, actor: Actor, tenantId: string, documentId: string) {
  const { rows } = (await tx.execute(sql`
    delete from tenant_documents where tenant_id = ${tenantId} and id = ${documentId}
    returning storage_key, title`)) as unknown as Rows<{ storage_key: string; title: string }>;
  const gone = rows[0];
  if (!gone) return null;
  await writeAudit(tx, actor, "tenant", [
    {
      action: "update",
      entityId: tenantId,
      before: { document: `${gone.title}` },
      after: { document: `${gone.title} deleted` },
    },
  ]);
  return gone.storage_key;
}
