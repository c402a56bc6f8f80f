import {
  bulkDeleteResultSchema,
  bulkDeleteSchema,
  historySchema,
  recordIdParamsSchema,
  restoreResultSchema,
  restoreSchema,
} from "@keyholder/contracts/history";
import {
  propertyZonesParamsSchema,
  propertyZonesSchema,
  zoneFormSchema,
  zoneListQuerySchema,
  zoneListSchema,
  zoneMessages,
  zoneOverviewSchema,
  zoneResponseSchema,
} from "@keyholder/contracts/zones";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { RESTORE_WINDOW_DAYS } from "../../lib/trash.ts";
import { requireAuth } from "../../plugins/auth.ts";
import { createZone } from "./create-zone.ts";
import { deleteZone } from "./delete-zone.ts";
import { deleteZones } from "./delete-zones.ts";
import { getZoneOverview } from "./get-zone-overview.ts";
import { listPropertyZones } from "./list-property-zones.ts";
import { listZones } from "./list-zones.ts";
import { restoreZones } from "./restore-zones.ts";
import { updateZone } from "./update-zone.ts";
import { zoneHistory } from "./zone-history.ts";

const tags = ["zones"];

/*
 * Writes check the session in onRequest, before the body is validated, so a signed-out client is
 * told to sign in rather than what is wrong with its payload. The static paths /zones/delete and
 * /zones/restore win over /zones/:id in the router whatever the registration order.
 */
const zoneRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/zones",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          "A page of zones with their property, location and buildings' figures, sorted and filtered over all rows",
        querystring: zoneListQuerySchema,
        response: { 200: zoneListSchema },
      },
    },
    async (request) => request.withOrg((tx) => listZones(tx, request.query)),
  );

  app.post(
    "/zones",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Add a zone to one of your properties",
        body: zoneFormSchema,
        response: { 201: zoneResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const zone = await request.withOrg((tx) => createZone(tx, actor, request.body));
      return reply.status(201).send({ zone });
    },
  );

  app.put(
    "/zones/:id",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Save a zone's form fields; the changed ones are recorded in its history",
        params: recordIdParamsSchema,
        body: zoneFormSchema,
        response: { 200: zoneResponseSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      const zone = await request.withOrg((tx) => updateZone(tx, actor, request.params.id, request.body));
      return { zone };
    },
  );

  app.delete(
    "/zones/:id",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Delete a zone; its buildings stay, in no zone",
        params: recordIdParamsSchema,
        response: { 204: z.null().describe("Deleted") },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      await request.withOrg((tx) => deleteZone(tx, actor, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/zones/delete",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Delete several zones at once, all or none; ids not in your organization are skipped",
        body: bulkDeleteSchema,
        response: { 200: bulkDeleteResultSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => deleteZones(tx, actor, request.body.ids));
    },
  );

  app.post(
    "/zones/restore",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: `Undo a delete: put zones back with their ids, values and buildings (within ${RESTORE_WINDOW_DAYS} days)`,
        body: restoreSchema,
        response: { 200: restoreResultSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => restoreZones(tx, actor, request.body.ids));
    },
  );

  app.get(
    "/zones/:id/history",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Who changed a zone, when and what, newest first (kept after the zone is deleted)",
        params: recordIdParamsSchema,
        response: { 200: historySchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg((tx) => zoneHistory(tx, orgId, request.params.id));
    },
  );

  app.get(
    "/zones/:id/overview",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "The zone at a glance: its property, its buildings and their units and occupancy",
        params: recordIdParamsSchema,
        response: { 200: zoneOverviewSchema },
      },
    },
    async (request) => {
      const overview = await request.withOrg((tx) => getZoneOverview(tx, request.params.id));
      if (!overview) throw notFound(zoneMessages.notFound);
      return overview;
    },
  );

  app.get(
    "/properties/:id/zones",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "The zones of a property by name: those its buildings can be put in",
        params: propertyZonesParamsSchema,
        response: { 200: propertyZonesSchema },
      },
    },
    async (request) => {
      const found = await request.withOrg((tx) => listPropertyZones(tx, request.params.id));
      if (!found) throw notFound(zoneMessages.propertyNotFound);
      return found;
    },
  );
};

export default zoneRoutes;
