import { recordIdParamsSchema } from "@keyholder/contracts/history";
import {
  propertyZonesParamsSchema,
  propertyZonesSchema,
  zoneFormSchema,
  zoneListQuerySchema,
  zoneListSchema,
  zoneMessages,
  zoneOverviewSchema,
  zoneRecordSchema,
  zoneRowSchema,
} from "@keyholder/contracts/zones";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../lib/http-error.ts";
import { registerListRoute } from "../../lib/list-route.ts";
import { registerRecordRoutes } from "../../lib/record-routes.ts";
import { requireAuth } from "../../lib/route-guards.ts";
import { RESTORE_WINDOW_DAYS } from "../../lib/trash.ts";
import { createZone } from "./create-zone.ts";
import { deleteZone } from "./delete-zone.ts";
import { deleteZones } from "./delete-zones.ts";
import { getZoneOverview } from "./get-zone-overview.ts";
import { listPropertyZones } from "./list-property-zones.ts";
import { getZone, listZones } from "./list-zones.ts";
import { restoreZones } from "./restore-zones.ts";
import { updateZone } from "./update-zone.ts";
import { zoneHistory } from "./zone-history.ts";

const tags = ["zones"];

const zoneRoutes: FastifyPluginAsyncZod = async (app) => {
  registerListRoute(
    app,
    "/zones",
    {
      tags,
      summary:
        "A page of zones with their property, location and buildings' figures, sorted and filtered over all rows",
      querystring: zoneListQuerySchema,
      list: zoneListSchema,
      key: "zones",
      preHandler: requireAuth,
    },
    (request) => request.withOrg((tx) => listZones(tx, request.query)),
  );

  registerRecordRoutes(app, {
    path: "/zones",
    tags,
    form: zoneFormSchema,
    record: zoneRecordSchema,
    key: "zone",
    summaries: {
      create: "Add a zone to one of your properties",
      update: "Save a zone's form fields; the changed ones are recorded in its history",
      remove: "Delete a zone; its buildings stay, in no zone",
      removeMany: "Delete several zones at once, all or none; ids not in your organization are skipped",
      restore: `Undo a delete: put zones back with their ids, values and buildings (within ${RESTORE_WINDOW_DAYS} days)`,
      history: "Who changed a zone, when and what, newest first (kept after the zone is deleted)",
    },
    useCases: {
      create: createZone,
      update: updateZone,
      remove: deleteZone,
      removeMany: deleteZones,
      restore: restoreZones,
      history: zoneHistory,
    },
    read: {
      row: zoneRowSchema,
      summary: "One zone as the grid shows it",
      notFound: zoneMessages.notFound,
      useCase: getZone,
    },
  });

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
