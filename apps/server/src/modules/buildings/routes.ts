import {
  buildingFormSchema,
  buildingListQuerySchema,
  buildingListSchema,
  buildingMessages,
  buildingResponseSchema,
  buildingRowSchema,
  buildingTypeListSchema,
} from "@keyholder/contracts/buildings";
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
import { notFound } from "../../lib/http-error.ts";
import { RESTORE_WINDOW_DAYS } from "../../lib/trash.ts";
import { requireAuth } from "../../plugins/auth.ts";
import { buildingHistory } from "./building-history.ts";
import { createBuilding } from "./create-building.ts";
import { deleteBuilding } from "./delete-building.ts";
import { deleteBuildings } from "./delete-buildings.ts";
import { listBuildingTypes } from "./list-building-types.ts";
import { getBuilding, listBuildings } from "./list-buildings.ts";
import { restoreBuildings } from "./restore-buildings.ts";
import { updateBuilding } from "./update-building.ts";

const tags = ["buildings"];

/*
 * Writes check the session in onRequest, before the body is validated, so a signed-out client is
 * told to sign in rather than what is wrong with its payload. The static paths /buildings/details
 * and /buildings/delete win over /buildings/:id in the router whatever the registration order.
 */
const buildingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/buildings/details",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "A page of buildings with unit totals, sorted and quick-filtered over all rows",
        querystring: buildingListQuerySchema,
        response: { 200: buildingListSchema },
      },
    },
    async (request) => request.withOrg((tx) => listBuildings(tx, request.query)),
  );

  app.get(
    "/buildings/:id",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "One building as the grid shows it",
        params: recordIdParamsSchema,
        response: { 200: buildingRowSchema },
      },
    },
    async (request) => {
      const building = await request.withOrg((tx) => getBuilding(tx, request.params.id));
      if (!building) throw notFound(buildingMessages.notFound);
      return building;
    },
  );

  app.post(
    "/buildings",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Add a building to one of your properties",
        body: buildingFormSchema,
        response: { 201: buildingResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const building = await request.withOrg((tx) => createBuilding(tx, actor, request.body));
      return reply.status(201).send({ building });
    },
  );

  app.put(
    "/buildings/:id",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Save a building's form fields; the changed ones are recorded in its history",
        params: recordIdParamsSchema,
        body: buildingFormSchema,
        response: { 200: buildingResponseSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      const building = await request.withOrg((tx) => updateBuilding(tx, actor, request.params.id, request.body));
      return { building };
    },
  );

  app.delete(
    "/buildings/:id",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Delete a building; its units stay, no longer in a building",
        params: recordIdParamsSchema,
        response: { 204: z.null().describe("Deleted") },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      await request.withOrg((tx) => deleteBuilding(tx, actor, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/buildings/delete",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Delete several buildings at once, all or none; ids not in your organization are skipped",
        body: bulkDeleteSchema,
        response: { 200: bulkDeleteResultSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => deleteBuildings(tx, actor, request.body.ids));
    },
  );

  app.post(
    "/buildings/restore",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: `Undo a delete: put buildings back with their ids, values and units (within ${RESTORE_WINDOW_DAYS} days)`,
        body: restoreSchema,
        response: { 200: restoreResultSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => restoreBuildings(tx, actor, request.body.ids));
    },
  );

  app.get(
    "/buildings/:id/history",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Who changed a building, when and what, newest first (kept after the building is deleted)",
        params: recordIdParamsSchema,
        response: { 200: historySchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) => buildingHistory(tx, orgId, request.params.id));
    },
  );

  app.get(
    "/building-types",
    {
      onRequest: requireAuth,
      schema: {
        tags: ["reference"],
        summary: "The building types a building can be given, by name",
        response: { 200: buildingTypeListSchema },
      },
    },
    async (request) => request.withOrg((tx) => listBuildingTypes(tx)),
  );
};

export default buildingRoutes;
