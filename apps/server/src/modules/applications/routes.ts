import {
  APPLICANT_PAGE_SIZE,
  applicantIdParamsSchema,
  applicantListQuerySchema,
  applicantListSchema,
  applicantRowSchema,
  applicantTenantSchema,
  applicationMessages,
  applicationStatusChangeSchema,
} from "@keyholder/contracts/applications";
import { historySchema } from "@keyholder/contracts/history";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { applications } from "../../db/schema/index.ts";
import { actorOf } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { registerListRoute } from "../../lib/list-route.ts";
import { requireAuth } from "../../lib/route-guards.ts";
import { recordHistory } from "../history/record-history.ts";
import { applicantToTenant } from "./applicant-to-tenant.ts";
import { changeStatus } from "./change-status.ts";
import { getApplicantRow, listApplicants } from "./list-applicants.ts";

const tags = ["applicants"];

/** Applicants > All Applicants: the organization's submitted applications (of the user's properties). */
const applicantRoutes: FastifyPluginAsyncZod = async (app) => {
  registerListRoute(
    app,
    "/applicants/details",
    {
      tags,
      summary: `A page of applicants (at most ${APPLICANT_PAGE_SIZE}), sorted and filtered over all of them`,
      querystring: applicantListQuerySchema,
      list: applicantListSchema,
      key: "applicants",
      preHandler: requireAuth,
    },
    (request) => request.withOrg((tx) => listApplicants(tx, request.query)),
  );

  app.get(
    "/applicants/:id",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "One applicant",
        params: applicantIdParamsSchema,
        response: { 200: applicantRowSchema },
      },
    },
    async (request) => {
      const row = await request.withOrg((tx) => getApplicantRow(tx, request.params.id));
      if (!row) throw notFound(applicationMessages.applicationNotFound);
      return row;
    },
  );

  app.get(
    "/applicants/:id/history",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "An application's status changes, who made them and when",
        params: applicantIdParamsSchema,
        response: { 200: historySchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) =>
        recordHistory(
          tx,
          { orgId, entity: "application", entityId: request.params.id },
          { table: applications, id: applications.id, notFound: applicationMessages.applicationNotFound },
        ),
      );
    },
  );

  app.put(
    "/applicants/:id/status",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Change an application's status, with an optional note; emails the applicant unless told not to",
        params: applicantIdParamsSchema,
        body: applicationStatusChangeSchema,
        response: { 200: applicantRowSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      const { row, mail } = await request.withOrg(async (tx) => {
        const { mail } = await changeStatus(tx, actor, request.params.id, request.body);
        return { row: await getApplicantRow(tx, request.params.id), mail };
      });
      if (!row) throw notFound(applicationMessages.applicationNotFound);
      if (mail) await app.mailer.send(mail);
      return row;
    },
  );

  app.post(
    "/applicants/:id/tenant",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary:
          "Make an approved applicant a tenant (once; asked again, the same tenant), with what their lease starts from",
        params: applicantIdParamsSchema,
        response: { 200: applicantTenantSchema, 201: applicantTenantSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const made = await request.withOrg((tx) => applicantToTenant(tx, actor, request.params.id));
      return reply.status(made.created ? 201 : 200).send(made);
    },
  );
};

export default applicantRoutes;
