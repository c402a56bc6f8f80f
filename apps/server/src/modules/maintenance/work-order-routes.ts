import { maintenanceIdParamsSchema, maintenanceMessages } from "@keyholder/contracts/maintenance";
import {
  workOrderLinkResponseSchema,
  workOrderListSchema,
  workOrderMessages,
  workOrderParamsSchema,
  workOrderResponseSchema,
  workOrderUpdateSchema,
} from "@keyholder/contracts/maintenance-work-orders";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { publicUrl } from "../../lib/mail/public-url.ts";
import { requireAuth } from "../../lib/route-guards.ts";
import { resendVendorLink, updateWorkOrder } from "./edit-work-order.ts";
import { listWorkOrders, readWorkOrder } from "./read-work-orders.ts";
import { readRequest } from "./request-row.ts";
import { vendorLinkMail, vendorLinkUrl } from "./vendor-links.ts";

const tags = ["maintenance"];

/**
 * A request's work orders (decision 034, "Work orders"): one per dispatch, made by the assignment.
 * Read with maintenance.view, changed with maintenance.edit; another organization's or property's
 * (and, for a technician, another's request's) answer 404 through row-level security.
 */
const maintenanceWorkOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/maintenance-requests/:id/work-orders",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          "A request's work orders, newest first: assignee, status, booked time, instructions, not-to-exceed and the cost lines' total",
        params: maintenanceIdParamsSchema,
        response: { 200: workOrderListSchema },
      },
    },
    async (request) =>
      request.withOrg(async (tx) => {
        if (!(await readRequest(tx, request.params.id))) throw notFound(maintenanceMessages.notFound);
        return { work_orders: await listWorkOrders(tx, request.params.id) };
      }),
  );

  app.get(
    "/maintenance-requests/:id/work-orders/:workOrderId",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "One work order of a request",
        params: workOrderParamsSchema,
        response: { 200: workOrderResponseSchema },
      },
    },
    async (request) => {
      const order = await request.withOrg((tx) => readWorkOrder(tx, request.params.id, request.params.workOrderId));
      if (!order) throw notFound(workOrderMessages.notFound);
      return { work_order: order };
    },
  );

  app.put(
    "/maintenance-requests/:id/work-orders/:workOrderId",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary:
          "Change the open work order's instructions and not-to-exceed amount (409 on a completed, declined or canceled one)",
        params: workOrderParamsSchema,
        body: workOrderUpdateSchema,
        response: { 200: workOrderResponseSchema },
      },
    },
    async (request) => ({
      work_order: await request.withOrg((tx) =>
        updateWorkOrder(tx, request.params.id, request.params.workOrderId, request.body),
      ),
    }),
  );

  app.post(
    "/maintenance-requests/:id/work-orders/:workOrderId/vendor-link",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary:
          "Send the vendor of an open work order a new link (a lost email, an expired link): the old link stops working",
        params: workOrderParamsSchema,
        response: { 200: workOrderLinkResponseSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      const baseUrl = publicUrl(app.env);
      const {
        workOrder,
        request: saved,
        link,
      } = await request.withOrg((tx) => resendVendorLink(tx, actor, request.params.id, request.params.workOrderId));
      const mail = vendorLinkMail(saved, link, baseUrl, workOrder);
      if (mail) await app.mailer.send(mail);
      return {
        work_order: workOrder,
        vendor_link: { url: vendorLinkUrl(baseUrl, link.token), emailed: mail !== null, expires_at: link.expiresAt },
      };
    },
  );
};

export default maintenanceWorkOrderRoutes;
