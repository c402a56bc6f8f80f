import { bulkDeleteResultSchema, historySchema } from "@keyholder/contracts/history";
import { can } from "@keyholder/contracts/permissions";
import {
  tenantFormSchema,
  tenantIdParamsSchema,
  tenantIdsSchema,
  tenantLeasesSchema,
  tenantListQuerySchema,
  tenantListSchema,
  tenantMessages,
  tenantResponseSchema,
  tenantRestoreResultSchema,
  tenantRowSchema,
  tenantStatusCountsSchema,
} from "@keyholder/contracts/tenants";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { registerListRoute } from "../../lib/list-route.ts";
import { requireAuth } from "../../lib/route-guards.ts";
import { RESTORE_WINDOW_DAYS } from "../../lib/trash.ts";
import { createTenant } from "./create-tenant.ts";
import { deleteTenant, deleteTenants, restoreTenants } from "./delete-tenants.ts";
import tenantDocumentRoutes from "./document-routes.ts";
import { getTenant, listTenants, tenantStatusCounts } from "./list-tenants.ts";
import { tenantHistory } from "./tenant-history.ts";
import { tenantLeases } from "./tenant-leases.ts";
import { updateTenant } from "./update-tenant.ts";

const tags = ["tenants"];

/** Balances are the books': a role without `ledger.view` (Staff) reads tenants without them. */
const readOptions = (request: FastifyRequest) => ({ withBalance: can(request.auth?.roleName ?? "", "ledger.view") });

/*
 * Tenants (issue 27 item 7): the grid, the record's writes, Undo, history and documents. Writes check
 * the session in onRequest, before the body is validated, so a signed-out client is told to sign in
 * rather than what is wrong with its payload. Static paths (/tenants/status-counts, /tenants/delete,
 * /tenants/restore) win over /tenants/:id whatever the order.
 */
const tenantRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Files of documents no longer restorable, deleted once the change is committed. */
  const removeFiles = async (keys: string[], log: FastifyBaseLogger) => {
    for (const key of keys) {
      await app.storage.delete(key).catch((err: unknown) => log.warn({ err }, "document bytes left in storage"));
    }
  };

  registerListRoute(
    app,
    "/tenants",
    {
      tags,
      summary: "A page of tenants, sorted and filtered over all rows; `status` keeps one status (By Status)",
      querystring: tenantListQuerySchema,
      list: tenantListSchema,
      key: "tenants",
      preHandler: requireAuth,
    },
    (request) => request.withOrg((tx) => listTenants(tx, request.query, readOptions(request))),
  );

  app.get(
    "/tenants/status-counts",
    {
      preHandler: requireAuth,
      schema: { tags, summary: "How many tenants have each status", response: { 200: tenantStatusCountsSchema } },
    },
    async (request) => request.withOrg((tx) => tenantStatusCounts(tx)),
  );

  app.get(
    "/tenants/:id",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "One tenant as the grid shows it, with what they owe over their leases (`balance_cents`)",
        params: tenantIdParamsSchema,
        response: { 200: tenantRowSchema },
      },
    },
    async (request) => {
      const row = await request.withOrg((tx) => getTenant(tx, request.params.id, readOptions(request)));
      if (!row) throw notFound(tenantMessages.notFound);
      return row;
    },
  );

  app.get(
    "/tenants/:id/leases",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          "The leases a tenant is a party to, newest first, with each one's balance and what the tenant owes over them",
        params: tenantIdParamsSchema,
        response: { 200: tenantLeasesSchema },
      },
    },
    async (request) => request.withOrg((tx) => tenantLeases(tx, request.params.id)),
  );

  app.post(
    "/tenants",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Add a tenant (a person or a company)",
        body: tenantFormSchema,
        response: { 201: tenantResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const tenant = await request.withOrg((tx) => createTenant(tx, actor, request.body));
      return reply.status(201).send({ tenant });
    },
  );

  app.put(
    "/tenants/:id",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Save a tenant's form fields; the changed ones are recorded in its history",
        params: tenantIdParamsSchema,
        body: tenantFormSchema,
        response: { 200: tenantResponseSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return { tenant: await request.withOrg((tx) => updateTenant(tx, actor, request.params.id, request.body)) };
    },
  );

  app.delete(
    "/tenants/:id",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Delete a tenant (undoable); one who is a party to a lease is refused with 409",
        params: tenantIdParamsSchema,
        response: { 204: z.null().describe("Deleted") },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const { purgedFiles } = await request.withOrg((tx) => deleteTenant(tx, actor, request.params.id));
      await removeFiles(purgedFiles, request.log);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/tenants/delete",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Delete several tenants at once, all or none (409 when one is on a lease); unknown ids are skipped",
        body: tenantIdsSchema,
        response: { 200: bulkDeleteResultSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      const { deleted, purgedFiles } = await request.withOrg((tx) => deleteTenants(tx, actor, request.body.ids));
      await removeFiles(purgedFiles, request.log);
      return { deleted };
    },
  );

  app.post(
    "/tenants/restore",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: `Undo a delete: put tenants back with their ids, values and documents (within ${RESTORE_WINDOW_DAYS} days)`,
        body: tenantIdsSchema,
        response: { 200: tenantRestoreResultSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => restoreTenants(tx, actor, request.body.ids));
    },
  );

  app.get(
    "/tenants/:id/history",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Who changed a tenant, when and what, newest first (kept after the tenant is deleted)",
        params: tenantIdParamsSchema,
        response: { 200: historySchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) => tenantHistory(tx, orgId, request.params.id));
    },
  );

  await app.register(tenantDocumentRoutes);
};

export default tenantRoutes;
