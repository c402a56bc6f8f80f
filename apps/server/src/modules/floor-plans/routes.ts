import {
  floorPlanFormSchema,
  floorPlanListQuerySchema,
  floorPlanListSchema,
  floorPlanResponseSchema,
} from "@keyholder/contracts/floor-plans";
import {
  bulkDeleteResultSchema,
  bulkDeleteSchema,
  historySchema,
  recordIdParamsSchema,
  restoreResultSchema,
  restoreSchema,
} from "@keyholder/contracts/history";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../lib/audit.ts";
import { RESTORE_WINDOW_DAYS } from "../../lib/trash.ts";
import { requireAuth } from "../../plugins/auth.ts";
import { createFloorPlan } from "./create-floor-plan.ts";
import { deleteFloorPlan } from "./delete-floor-plan.ts";
import { deleteFloorPlans } from "./delete-floor-plans.ts";
import { floorPlanHistory } from "./floor-plan-history.ts";
import { getFloorPlan } from "./get-floor-plan.ts";
import { listFloorPlans } from "./list-floor-plans.ts";
import { restoreFloorPlans } from "./restore-floor-plans.ts";
import { updateFloorPlan } from "./update-floor-plan.ts";

const tags = ["floor plans"];

/*
 * Writes check the session in onRequest, before the body is validated, so a signed-out client is
 * told to sign in rather than what is wrong with its payload. The static path /floor-plans/delete
 * wins over /floor-plans/:id in the router whatever the registration order.
 */
const floorPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/floor-plans",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "A page of floor plans, sorted and quick-filtered over all rows",
        querystring: floorPlanListQuerySchema,
        response: { 200: floorPlanListSchema },
      },
    },
    async (request) => request.withOrg((tx) => listFloorPlans(tx, request.query)),
  );

  app.post(
    "/floor-plans",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Add a floor plan",
        body: floorPlanFormSchema,
        response: { 201: floorPlanResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const floorPlan = await request.withOrg((tx) => createFloorPlan(tx, actor, request.body));
      return reply.status(201).send({ floor_plan: floorPlan });
    },
  );

  app.put(
    "/floor-plans/:id",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Save a floor plan's form fields; the changed ones are recorded in its history",
        params: recordIdParamsSchema,
        body: floorPlanFormSchema,
        response: { 200: floorPlanResponseSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      const floorPlan = await request.withOrg((tx) => updateFloorPlan(tx, actor, request.params.id, request.body));
      return { floor_plan: floorPlan };
    },
  );

  app.delete(
    "/floor-plans/:id",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Delete a floor plan; its units stay, without a plan",
        params: recordIdParamsSchema,
        response: { 204: z.null().describe("Deleted") },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      await request.withOrg((tx) => deleteFloorPlan(tx, actor, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/floor-plans/delete",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Delete several floor plans at once, all or none; ids not in your organization are skipped",
        body: bulkDeleteSchema,
        response: { 200: bulkDeleteResultSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => deleteFloorPlans(tx, actor, request.body.ids));
    },
  );

  app.post(
    "/floor-plans/restore",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: `Undo a delete: put floor plans back with their ids, values and units (within ${RESTORE_WINDOW_DAYS} days)`,
        body: restoreSchema,
        response: { 200: restoreResultSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => restoreFloorPlans(tx, actor, request.body.ids));
    },
  );

  app.get(
    "/floor-plans/:id",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "One floor plan as stored (a unit's form fills its bedrooms, bathrooms and size from it)",
        params: recordIdParamsSchema,
        response: { 200: floorPlanResponseSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return { floor_plan: await request.withOrg((tx) => getFloorPlan(tx, orgId, request.params.id)) };
    },
  );

  app.get(
    "/floor-plans/:id/history",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Who changed a floor plan, when and what, newest first (kept after the plan is deleted)",
        params: recordIdParamsSchema,
        response: { 200: historySchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) => floorPlanHistory(tx, orgId, request.params.id));
    },
  );
};

export default floorPlanRoutes;
