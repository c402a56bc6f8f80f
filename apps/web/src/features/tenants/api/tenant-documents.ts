import { tenantDocumentListSchema, tenantDocumentSchema } from "@keyholder/contracts/tenants";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { TENANTS_QUERY_KEY } from "./get-tenants.ts";

/** A tenant's documents with their expiry; under the table's key, so a change to tenants refreshes them. */
export const tenantDocumentsQuery = (tenantId: string) =>
  queryOptions({
    queryKey: [TENANTS_QUERY_KEY, "documents", tenantId],
    queryFn: ({ signal }) => api(`/tenants/${tenantId}/documents`, { schema: tenantDocumentListSchema, signal }),
  });

/** POST /api/v1/tenants/{id}/documents: the file and its title, kind and expiry date. */
export function uploadTenantDocument(
  tenantId: string,
  o: { file: File; title: string; kind: string; expiresOn: string },
) {
  const body = new FormData();
  body.set("title", o.title);
  body.set("kind", o.kind);
  if (o.expiresOn) body.set("expires_on", o.expiresOn);
  // The file last: the server reads the text fields before it.
  body.set("file", o.file);
  return api(`/tenants/${tenantId}/documents`, { method: "POST", body, schema: tenantDocumentSchema });
}

export const deleteTenantDocument = (tenantId: string, documentId: string) =>
  api(`/tenants/${tenantId}/documents/${documentId}`, { method: "DELETE" });
