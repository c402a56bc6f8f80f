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
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { publicUrl } from "../../lib/mail/public-url.ts";
import { requireAuth } from "../../lib/route-guards.ts";
import { residentStatusMail } from "../resident/status-mail.ts";
import { changeStatus } from "./change-status.ts";
import { createRequest } from "./create-request.ts";
import { listRequests } from "./list-requests.ts";
import { requestHistory } from "./request-history.ts";
import { readRequest } from "./request-row.ts";
import { updateRequest } from "./update-request.ts";

const tags = ["maintenance"];

/*
 * Maintenance requests (issue 28, decision 034): the grid (All Requests, Open, Closed), the
 * record's writes, its status changes along the contract's transition table, and its history.
 * Writes check the session in onRequest, before the body is validated (as tenants).
 */
const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/maintenance-requests",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          "A page of maintenance requests, sorted and filtered over all rows; `view` keeps the open or closed ones",
        querystring: maintenanceListQuerySchema,
        response: { 200: maintenanceListSchema },
      },
    },
    async (request) => request.withOrg((tx) => listRequests(tx, request.query)),
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
      const saved = await request.withOrg((tx) => createRequest(tx, actor, request.body));
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
      return { request: await request.withOrg((tx) => updateRequest(tx, actor, request.params.id, request.body)) };
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
