import { bulkDeleteResultSchema, historySchema } from "@keyholder/contracts/history";
import {
  vendorFormSchema,
  vendorIdParamsSchema,
  vendorIdsSchema,
  vendorListQuerySchema,
  vendorListSchema,
  vendorMessages,
  vendorResponseSchema,
  vendorRestoreResultSchema,
  vendorRowSchema,
} from "@keyholder/contracts/vendors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { registerListRoute } from "../../lib/list-route.ts";
import { requireAuth } from "../../lib/route-guards.ts";
import { RESTORE_WINDOW_DAYS } from "../../lib/trash.ts";
import { createVendor } from "./create-vendor.ts";
import { deleteVendor, deleteVendors, restoreVendors } from "./delete-vendors.ts";
import { listVendors } from "./list-vendors.ts";
import { updateVendor } from "./update-vendor.ts";
import { vendorHistory } from "./vendor-history.ts";
import { readVendor } from "./vendor-row.ts";

const tags = ["vendors"];

/*
 * Vendors (issue 28 item 6, decision 035): the grid, the record's writes, Undo and history. No
 * answer carries a taxpayer id, only its last four digits; writes accept one and seal it. Writes
 * check the session in onRequest, before the body is validated (as tenants).
 */
const vendorRoutes: FastifyPluginAsyncZod = async (app) => {
  registerListRoute(
    app,
    "/vendors",
    {
      tags,
      summary: "A page of vendors, sorted and filtered over all rows",
      querystring: vendorListQuerySchema,
      list: vendorListSchema,
      key: "vendors",
      preHandler: requireAuth,
    },
    (request) => request.withOrg((tx) => listVendors(tx, request.query)),
  );

  app.get(
    "/vendors/:id",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "One vendor as the grid shows it, with what its insurance warns of (`insurance_problem`)",
        params: vendorIdParamsSchema,
        response: { 200: vendorRowSchema },
      },
    },
    async (request) => {
      const row = await request.withOrg((tx) => readVendor(tx, request.params.id));
      if (!row) throw notFound(vendorMessages.notFound);
      return row;
    },
  );

  app.post(
    "/vendors",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Add a vendor; its taxpayer id is kept encrypted and answered by its last four digits only",
        body: vendorFormSchema,
        response: { 201: vendorResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const vendor = await request.withOrg((tx) => createVendor(tx, actor, app.secretBox, request.body));
      return reply.status(201).send({ vendor });
    },
  );

  app.put(
    "/vendors/:id",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Save a vendor's form fields; an empty taxpayer id keeps the stored one",
        params: vendorIdParamsSchema,
        body: vendorFormSchema,
        response: { 200: vendorResponseSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      const vendor = await request.withOrg((tx) =>
        updateVendor(tx, actor, app.secretBox, request.params.id, request.body),
      );
      return { vendor };
    },
  );

  app.delete(
    "/vendors/:id",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Delete a vendor (undoable)",
        params: vendorIdParamsSchema,
        response: { 204: z.null().describe("Deleted") },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      await request.withOrg((tx) => deleteVendor(tx, actor, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/vendors/delete",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Delete several vendors at once, all or none; unknown ids are skipped",
        body: vendorIdsSchema,
        response: { 200: bulkDeleteResultSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => deleteVendors(tx, actor, request.body.ids));
    },
  );

  app.post(
    "/vendors/restore",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: `Undo a delete: put vendors back with their ids and values (within ${RESTORE_WINDOW_DAYS} days)`,
        body: vendorIdsSchema,
        response: { 200: vendorRestoreResultSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => restoreVendors(tx, actor, request.body.ids));
    },
  );

  app.get(
    "/vendors/:id/history",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Who changed a vendor, when and what, newest first (kept after the vendor is deleted)",
        params: vendorIdParamsSchema,
        response: { 200: historySchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) => vendorHistory(tx, orgId, request.params.id));
    },
  );
};

export default vendorRoutes;
