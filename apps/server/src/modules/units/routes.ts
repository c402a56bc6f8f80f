import {
  bulkDeleteResultSchema,
  bulkDeleteSchema,
  historySchema,
  restoreResultSchema,
  restoreSchema,
} from "@keyholder/contracts/history";
import {
  unitFormSchema,
  unitIdParamsSchema,
  unitListQuerySchema,
  unitListSchema,
  unitResponseSchema,
} from "@keyholder/contracts/units";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../lib/audit.ts";
import { RESTORE_WINDOW_DAYS } from "../../lib/trash.ts";
import { requireAuth } from "../../plugins/auth.ts";
import { createUnit } from "./create-unit.ts";
import { deleteUnit } from "./delete-unit.ts";
import { deleteUnits } from "./delete-units.ts";
import { listUnits } from "./list-units.ts";
import { restoreUnits } from "./restore-units.ts";
import { unitHistory } from "./unit-history.ts";
import { updateUnit } from "./update-unit.ts";

const tags = ["units"];

/*
 * Spec records 7: GET/POST /api/v1/units, PUT/DELETE /api/v1/units/{unit_id}, plus bulk delete,
 * Undo and history. Writes check the session in onRequest, before the body is validated, so a
 * signed-out client is told to sign in rather than what is wrong with its payload. The static paths
 * (/units/delete, /units/restore and the related-item lists) win over /units/:unit_id in the router.
 */
const unitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/units",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          "A page of units with their property, building, floor plan and location, sorted and filtered over all rows",
        querystring: unitListQuerySchema,
        response: { 200: unitListSchema },
      },
    },
    async (request) => request.withOrg((tx) => listUnits(tx, request.query)),
  );

  app.post(
    "/units",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Add a unit to one of your properties (in one of its buildings, on one of its floor plans)",
        body: unitFormSchema,
        response: { 201: unitResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const unit = await request.withOrg((tx) => createUnit(tx, actor, request.body));
      return reply.status(201).send({ unit });
    },
  );

  app.put(
    "/units/:unit_id",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Save a unit's form fields; the changed ones are recorded in its history",
        params: unitIdParamsSchema,
        body: unitFormSchema,
        response: { 200: unitResponseSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      const unit = await request.withOrg((tx) => updateUnit(tx, actor, request.params.unit_id, request.body));
      return { unit };
    },
  );

  app.delete(
    "/units/:unit_id",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Delete a unit",
        params: unitIdParamsSchema,
        response: { 204: z.null().describe("Deleted") },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      await request.withOrg((tx) => deleteUnit(tx, actor, request.params.unit_id));
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/units/delete",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Delete several units at once, all or none; ids not in your organization are skipped",
        body: bulkDeleteSchema,
        response: { 200: bulkDeleteResultSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => deleteUnits(tx, actor, request.body.ids));
    },
  );

  app.post(
    "/units/restore",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: `Undo a delete: put units back with their ids and values (within ${RESTORE_WINDOW_DAYS} days)`,
        body: restoreSchema,
        response: { 200: restoreResultSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => restoreUnits(tx, actor, request.body.ids));
    },
  );

  app.get(
    "/units/:unit_id/history",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Who changed a unit, when and what, newest first (kept after the unit is deleted)",
        params: unitIdParamsSchema,
        response: { 200: historySchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) => unitHistory(tx, orgId, request.params.unit_id));
    },
  );
};

export default unitRoutes;
