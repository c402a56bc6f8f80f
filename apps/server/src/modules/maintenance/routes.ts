import { historySchema } from "@keyholder/contracts/history";
import {
  maintenanceFormSchema,
  maintenanceIdParamsSchema,
  maintenanceListQuerySchema,
  maintenanceListSchema,
  maintenanceMessages,
  maintenanceResponseSchema,
  maintenanceRowSchema,
  maintenanceStatusChangeSchema,
} from "@keyholder/contracts/maintenance";
import {
  assigneeListSchema,
  assignmentResponseSchema,
  maintenanceAssignmentSchema,
} from "@keyholder/contracts/maintenance-assignment";
import { isTechnicianRole } from "@keyholder/contracts/permissions";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { registerListRoute } from "../../lib/list-route.ts";
import type { MailMessage } from "../../lib/mail/mailer.ts";
import { publicUrl } from "../../lib/mail/public-url.ts";
import { requireAuth } from "../../lib/route-guards.ts";
import { residentStatusMail } from "../resident/status-mail.ts";
import { assignRequest } from "./assign-request.ts";
import { listAssignees } from "./assignees.ts";
import { changeStatus } from "./change-status.ts";
import maintenanceCommentRoutes from "./comment-routes.ts";
import { createRequest } from "./create-request.ts";
import { listRequests } from "./list-requests.ts";
import maintenancePhotoRoutes from "./photo-routes.ts";
import { readWorkOrder } from "./read-work-orders.ts";
import { requestHistory } from "./request-history.ts";
import { addressOf, assignmentMail, emergencyMails, managersOf } from "./request-mails.ts";
import { readRequest } from "./request-row.ts";
import { updateRequest } from "./update-request.ts";
import { vendorLinkMail, vendorLinkUrl } from "./vendor-links.ts";
import maintenanceWorkOrderRoutes from "./work-order-routes.ts";

const tags = ["maintenance"];

/*
 * Maintenance requests (issue 28, decision 034): the grid (All Requests, Open, Closed), the
 * record's writes, its status changes along the contract's transition table, its assignment, and
 * its history.
 * Writes check the session in onRequest, before the body is validated (as tenants).
 */
const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  // Sent once the change has committed; the mailer records each in the outbox and never throws.
  const sendAll = async (mails: MailMessage[]) => {
    for (const mail of mails) await app.mailer.send(mail);
  };

  // Comments and photos (decision 034, "Comments and photos"): plugins of their own.
  await app.register(maintenanceCommentRoutes);
  await app.register(maintenancePhotoRoutes);
  // Work orders (decision 034, "Work orders"): one per dispatch, made by the assignment below.
  await app.register(maintenanceWorkOrderRoutes);

  registerListRoute(
    app,
    "/maintenance-requests",
    {
      tags,
      summary:
        "A page of maintenance requests, sorted and filtered over all rows; `view` keeps the open or closed ones",
      querystring: maintenanceListQuerySchema,
      list: maintenanceListSchema,
      key: "requests",
      preHandler: requireAuth,
    },
    (request) => request.withOrg((tx) => listRequests(tx, request.query)),
  );

  app.get(
    "/maintenance-requests/:id",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "One maintenance request as the grid shows it, with its overdue flag",
        params: maintenanceIdParamsSchema,
        response: { 200: maintenanceRowSchema },
      },
    },
    async (request) => {
      const row = await request.withOrg((tx) => readRequest(tx, request.params.id));
      if (!row) throw notFound(maintenanceMessages.notFound);
      return row;
    },
  );

  app.post(
    "/maintenance-requests",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Record a maintenance request (status New); its due day follows from its priority",
        body: maintenanceFormSchema,
        response: { 201: maintenanceResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const { saved, mails } = await request.withOrg(async (tx) => {
        const saved = await createRequest(tx, actor, request.body);
        const to = saved.priority === "emergency" ? await managersOf(tx, saved.property_id, actor.userId) : [];
        return { saved, mails: emergencyMails(saved, to, publicUrl(app.env)) };
      });
      await sendAll(mails);
      return reply.status(201).send({ request: saved });
    },
  );

  app.put(
    "/maintenance-requests/:id",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Save a maintenance request's form fields (not its status: see /status)",
        params: maintenanceIdParamsSchema,
        body: maintenanceFormSchema,
        response: { 200: maintenanceResponseSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      const { saved, mails } = await request.withOrg(async (tx) => {
        const before = await readRequest(tx, request.params.id);
        const saved = await updateRequest(tx, actor, request.params.id, request.body);
        // Raised to an emergency: the managers hear of it as of a new one.
        const raised = saved.priority === "emergency" && before?.priority !== "emergency";
        const to = raised ? await managersOf(tx, saved.property_id, actor.userId) : [];
        return { saved, mails: emergencyMails(saved, to, publicUrl(app.env)) };
      });
      await sendAll(mails);
      return { request: saved };
    },
  );

  app.post(
    "/maintenance-requests/:id/status",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary:
          "Move a request to another status with a note; a change the transition table refuses answers 409 saying why",
        params: maintenanceIdParamsSchema,
        body: maintenanceStatusChangeSchema,
        response: { 200: maintenanceResponseSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      const { saved, mail } = await request.withOrg(async (tx) => {
        const saved = await changeStatus(tx, actor, request.params.id, request.body);
        return { saved, mail: await residentStatusMail(tx, actor.orgId, saved, publicUrl(app.env)) };
      });
      // The resident who reported it hears of the change (decision 036), once it has committed.
      if (mail) await app.mailer.send(mail);
      return { request: saved };
    },
  );

  app.post(
    "/maintenance-requests/:id/assignment",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary:
          "Assign a request to a staff member who works its property or to a vendor (emailed a link of their own; an expired or missing insurance is a warning), or unassign it (both null), with an optional booked time in the organization's time zone; the status follows (Assigned, Scheduled, or back to Triaged)",
        params: maintenanceIdParamsSchema,
        body: maintenanceAssignmentSchema,
        response: { 200: assignmentResponseSchema },
      },
    },
    async (request) => {
      const auth = request.auth;
      const actor = { ...actorOf(auth), technician: isTechnicianRole(auth?.roleName ?? "") };
      const baseUrl = publicUrl(app.env);
      const { outcome, mails } = await request.withOrg(async (tx) => {
        const before = await readRequest(tx, request.params.id);
        const outcome = await assignRequest(tx, actor, request.params.id, request.body);
        const saved = outcome.request;
        // The new assignee hears of it (not one who takes it themselves, nor again on a new time alone).
        const to =
          saved.assigned_user_id !== null && saved.assigned_user_id !== before?.assigned_user_id
            ? await addressOf(tx, saved.assigned_user_id, actor.userId)
            : null;
        const order =
          outcome.vendorLink && outcome.workOrderId ? await readWorkOrder(tx, saved.id, outcome.workOrderId) : null;
        const vendorMail = outcome.vendorLink ? vendorLinkMail(saved, outcome.vendorLink, baseUrl, order) : null;
        // The status follows the assignment: the resident who reported it hears of a change, as on /status.
        const told = saved.status !== before?.status ? await residentStatusMail(tx, actor.orgId, saved, baseUrl) : null;
        return {
          outcome,
          mails: [
            ...(to ? [assignmentMail(saved, to, baseUrl)] : []),
            ...(vendorMail ? [vendorMail] : []),
            ...(told ? [told] : []),
          ],
        };
      });
      await sendAll(mails);
      const link = outcome.vendorLink;
      return {
        request: outcome.request,
        warnings: outcome.warnings,
        // Shown once to the staff who assigned: to share when no email is on file.
        vendor_link: link
          ? { url: vendorLinkUrl(baseUrl, link.token), emailed: link.email !== null, expires_at: link.expiresAt }
          : null,
      };
    },
  );

  app.get(
    "/maintenance-requests/:id/assignees",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          "Who the request can be assigned to: staff whose role works requests, on its property, able to sign in, with their open requests (a technician: themselves)",
        params: maintenanceIdParamsSchema,
        response: { 200: assigneeListSchema },
      },
    },
    async (request) => {
      const auth = request.auth;
      const technicianId = auth && isTechnicianRole(auth.roleName) ? auth.userId : null;
      return request.withOrg((tx) => listAssignees(tx, request.params.id, technicianId));
    },
  );

  app.get(
    "/maintenance-requests/:id/history",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "A request's status changes, newest first: who, when, from, to and the note",
        params: maintenanceIdParamsSchema,
        response: { 200: historySchema },
      },
    },
    async (request) => request.withOrg((tx) => requestHistory(tx, request.params.id)),
  );
};

export default maintenanceRoutes;
