import { maintenanceIdParamsSchema } from "@keyholder/contracts/maintenance";
import {
  billToResidentResponseSchema,
  costLimitsSchema,
  costLineIdParamsSchema,
  costLineInputSchema,
  maintenanceCostsQuerySchema,
  maintenanceCostsSummarySchema,
  requestCostsSchema,
} from "@keyholder/contracts/maintenance-costs";
import { can, permissionMessages } from "@keyholder/contracts/permissions";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../lib/audit.ts";
import { forbidden } from "../../lib/http-error.ts";
import { requireAuth } from "../../lib/route-guards.ts";
import { addLine } from "./add-line.ts";
import { billToResident } from "./bill-to-resident.ts";
import { propertyCosts } from "./property-costs.ts";
import { readCosts } from "./read-costs.ts";
import { setLimits } from "./set-limits.ts";
import { deleteLine, updateLine } from "./update-line.ts";

const tags = ["maintenance"];
const costs = { 200: requestCostsSchema, 201: requestCostsSchema };

/*
 * A maintenance request's costs and billing the resident (issue 28 item 5, decision 034 "Costs and
 * billing the resident"); per-property totals for the accounting's vendor bills. Every write
 * answers the request's costs as they are after it, with its status (a cost over the
 * not-to-exceed amount may have put it on hold).
 */
const maintenanceCostRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/maintenance-requests/:id/costs",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "A request's cost lines, totals (labor, material, other, billable), limits and the charge billed",
        params: maintenanceIdParamsSchema,
        response: { 200: requestCostsSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) => readCosts(tx, orgId, request.params.id));
    },
  );

  app.post(
    "/maintenance-requests/:id/costs",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary:
          "Add a cost line to an open request (amount = quantity × rate, half up); over the not-to-exceed amount the request goes On Hold",
        params: maintenanceIdParamsSchema,
        body: costLineInputSchema,
        response: costs,
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const saved = await request.withOrg((tx) => addLine(tx, actor, request.params.id, request.body));
      return reply.status(201).send(saved);
    },
  );

  app.put(
    "/maintenance-requests/:id/costs/:lineId",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Save a cost line of an open request; over the not-to-exceed amount the request goes On Hold",
        params: costLineIdParamsSchema,
        body: costLineInputSchema,
        response: { 200: requestCostsSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      const { id, lineId } = request.params;
      return request.withOrg((tx) => updateLine(tx, actor, id, lineId, request.body));
    },
  );

  app.delete(
    "/maintenance-requests/:id/costs/:lineId",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Remove a cost line of an open request",
        params: costLineIdParamsSchema,
        response: { 200: requestCostsSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      const { id, lineId } = request.params;
      return request.withOrg((tx) => deleteLine(tx, actor, id, lineId));
    },
  );

  app.put(
    "/maintenance-requests/:id/cost-limits",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary:
          "Set an open request's estimate and not-to-exceed amount (cents, null for none); a limit below the costs puts it On Hold",
        params: maintenanceIdParamsSchema,
        body: costLimitsSchema,
        response: { 200: requestCostsSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => setLimits(tx, actor, request.params.id, request.body));
    },
  );

  app.post(
    "/maintenance-requests/:id/bill-to-resident",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary:
          "Post one charge of the billable lines' total to the request's lease (201); pressed again, the same charge (200). Needs maintenance.edit and ledger.post",
        params: maintenanceIdParamsSchema,
        response: { 200: billToResidentResponseSchema, 201: billToResidentResponseSchema },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      // The route's rule is ledger.post (it posts); the request's edit permission is checked here.
      if (auth && !can(auth.roleName, "maintenance.edit"))
        throw forbidden(permissionMessages.denied(auth.roleLabel, "maintenance.edit"));
      const actor = actorOf(auth);
      const {
        costs: saved,
        balance_cents,
        created,
      } = await request.withOrg((tx) => billToResident(tx, actor, request.params.id));
      return reply.status(created ? 201 : 200).send({ costs: saved, balance_cents });
    },
  );

  app.get(
    "/maintenance-costs",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          "Maintenance costs per property for a span of days (from, to: the lines' days): labor, material, other, billable and billed",
        querystring: maintenanceCostsQuerySchema,
        response: { 200: maintenanceCostsSummarySchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) => propertyCosts(tx, orgId, request.query));
    },
  );
};

export default maintenanceCostRoutes;
