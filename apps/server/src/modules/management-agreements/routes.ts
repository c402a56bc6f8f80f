import {
  agreementIdParamsSchema,
  createManagementAgreementSchema,
  endManagementAgreementSchema,
  managementAgreementSchema,
  managementAgreementsSchema,
} from "@keyholder/contracts/owners";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../lib/audit.ts";
import { refuseScoped } from "../owners/owner-rows.ts";
import { createAgreement, endAgreement, readAgreements } from "./agreements.ts";

const tags = ["owners"];

/** Management agreements (issue 29 item 5, decision 044). */
const managementAgreementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/management-agreements",
    {
      schema: {
        tags,
        summary: "Management agreements by property, newest first; of one property when named",
        querystring: z.object({ property_id: z.uuid().optional() }),
        response: { 200: managementAgreementsSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      const property = request.query.property_id;
      return request.withOrg(async (tx) => {
        refuseScoped(tx);
        return { agreements: await readAgreements(tx, orgId, property ? sql`a.property_id = ${property}` : sql`true`) };
      });
    },
  );

  app.post(
    "/management-agreements",
    {
      schema: {
        tags,
        summary:
          "Add a property's management agreement from a day: percent of income on chosen accounts, flat amounts, a minimum, a reserve (409 when it overlaps another)",
        body: createManagementAgreementSchema,
        response: { 201: managementAgreementSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const agreement = await request.withOrg((tx) => createAgreement(tx, actor.orgId, actor.userId, request.body));
      return reply.status(201).send(agreement);
    },
  );

  app.post(
    "/management-agreements/:id/end",
    {
      schema: {
        tags,
        summary:
          "End a management agreement on a day (not before it starts, nor before the last day of a fee charged under it: 409)",
        params: agreementIdParamsSchema,
        body: endManagementAgreementSchema,
        response: { 200: managementAgreementSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) => endAgreement(tx, orgId, request.params.id, request.body.ends_on));
    },
  );
};

export default managementAgreementRoutes;
