import {
  buildingFormSchema,
  buildingListQuerySchema,
  buildingListSchema,
  buildingMessages,
  buildingRecordSchema,
  buildingRowSchema,
  buildingTypeListSchema,
} from "@keyholder/contracts/buildings";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerListRoute } from "../../lib/list-route.ts";
import { registerRecordRoutes } from "../../lib/record-routes.ts";
import { requireAuth } from "../../lib/route-guards.ts";
import { RESTORE_WINDOW_DAYS } from "../../lib/trash.ts";
import { buildingHistory } from "./building-history.ts";
import { createBuilding } from "./create-building.ts";
import { deleteBuilding } from "./delete-building.ts";
import { deleteBuildings } from "./delete-buildings.ts";
import { listBuildingTypes } from "./list-building-types.ts";
import { getBuilding, listBuildings } from "./list-buildings.ts";
import { restoreBuildings } from "./restore-buildings.ts";
import { updateBuilding } from "./update-building.ts";

const tags = ["buildings"];

/* The static path /buildings/details wins over /buildings/:id in the router whatever the registration order. */
const buildingRoutes: FastifyPluginAsyncZod = async (app) => {
  registerListRoute(
    app,
    "/buildings/details",
    {
      tags,
      summary: "A page of buildings with unit totals, sorted and quick-filtered over all rows",
      querystring: buildingListQuerySchema,
      list: buildingListSchema,
      key: "buildings",
      preHandler: requireAuth,
    },
    (request) => request.withOrg((tx) => listBuildings(tx, request.query)),
  );

  registerRecordRoutes(app, {
    path: "/buildings",
    tags,
    form: buildingFormSchema,
    record: buildingRecordSchema,
    key: "building",
    summaries: {
      create: "Add a building to one of your properties",
      update: "Save a building's form fields; the changed ones are recorded in its history",
      remove: "Delete a building; its units stay, no longer in a building",
      removeMany: "Delete several buildings at once, all or none; ids not in your organization are skipped",
      restore: `Undo a delete: put buildings back with their ids, values and units (within ${RESTORE_WINDOW_DAYS} days)`,
      history: "Who changed a building, when and what, newest first (kept after the building is deleted)",
    },
    useCases: {
      create: createBuilding,
      update: updateBuilding,
      remove: deleteBuilding,
      removeMany: deleteBuildings,
      restore: restoreBuildings,
      history: buildingHistory,
    },
    read: {
      row: buildingRowSchema,
      summary: "One building as the grid shows it",
      notFound: buildingMessages.notFound,
      useCase: getBuilding,
    },
  });

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
