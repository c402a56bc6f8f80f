import {
  tenantDocumentListSchema,
  tenantDocumentMessages,
  tenantDocumentParamsSchema,
  tenantDocumentSchema,
  tenantIdParamsSchema,
  tenantMessages,
} from "@keyholder/contracts/tenants";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { createRateLimiter } from "../../lib/rate-limit.ts";
import { requireAuth } from "../../lib/route-guards.ts";
import { readDocumentUpload } from "./read-document-upload.ts";
import {
  addTenantDocument,
  deleteTenantDocument,
  listTenantDocuments,
  readTenantDocument,
} from "./tenant-documents.ts";

const tags = ["tenants"];

/** A tenant's documents (ID, insurance, lease scans...) with their expiry dates: list, upload, download, delete. */
const tenantDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  const uploadsPerUser = createRateLimiter(app.db, {
    bucket: "tenant-document-uploads",
    max: 60,
    windowMs: 10 * 60_000,
  });

  app.get(
    "/tenants/:id/documents",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "A tenant's documents, expired and soonest to expire first, with the counts of each",
        params: tenantIdParamsSchema,
        response: { 200: tenantDocumentListSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      const list = await request.withOrg((tx) => listTenantDocuments(tx, orgId, request.params.id, new Date()));
      if (!list) throw notFound(tenantMessages.notFound);
      return list;
    },
  );

  app.post(
    "/tenants/:id/documents",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary:
          "Add a document (multipart: `file` a PDF, JPEG, PNG or WebP up to 10 MB; `title`, `kind`, optional `expires_on` YYYY-MM-DD)",
        params: tenantIdParamsSchema,
        response: { 201: tenantDocumentSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      // The tenant is checked before the upload is read, so a wrong id costs nothing.
      const { orgId } = actor;
      const exists = await request.withOrg((tx) => listTenantDocuments(tx, orgId, request.params.id, new Date()));
      if (!exists) throw notFound(tenantMessages.notFound);
      const upload = await readDocumentUpload(request, uploadsPerUser);
      const document = await request.withOrg((tx) =>
        addTenantDocument(tx, app.storage, actor, request.params.id, upload, new Date()),
      );
      return reply.status(201).send(document);
    },
  );

  app.get(
    "/tenants/:id/documents/:documentId",
    {
      preHandler: requireAuth,
      schema: { tags, summary: "Download a document's file", params: tenantDocumentParamsSchema },
    },
    async (request, reply) => {
      const found = await request.withOrg((tx) => readTenantDocument(tx, request.params.id, request.params.documentId));
      const bytes = found ? await app.storage.get(found.storage_key) : null;
      if (!found || !bytes) throw notFound(tenantDocumentMessages.notFound);
      // Always a download, never rendered in the app's origin; the type is the one sniffed at upload.
      return reply
        .header("cache-control", "private, no-store")
        .header("content-security-policy", "default-src 'none'")
        .header("x-content-type-options", "nosniff")
        .header(
          "content-disposition",
          `attachment; filename="${found.file_name.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(found.file_name)}`,
        )
        .type(found.content_type)
        .send(bytes);
    },
  );

  app.delete(
    "/tenants/:id/documents/:documentId",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Delete a document",
        params: tenantDocumentParamsSchema,
        response: { 204: z.null().describe("Deleted") },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const key = await request.withOrg((tx) =>
        deleteTenantDocument(tx, actor, request.params.id, request.params.documentId),
      );
      if (!key) throw notFound(tenantDocumentMessages.notFound);
      await app.storage
        .delete(key)
        .catch((err: unknown) => request.log.warn({ err }, "document bytes left in storage"));
      return reply.status(204).send(null);
    },
  );
};

export default tenantDocumentRoutes;
