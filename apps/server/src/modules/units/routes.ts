import {
  unitFormSchema,
  unitListQuerySchema,
  unitListSchema,
  unitMessages,
  unitRecordSchema,
  unitRowSchema,
} from "@keyholder/contracts/units";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerRecordRoutes } from "../../lib/record-routes.ts";
import { requireAuth } from "../../lib/route-guards.ts";
import { RESTORE_WINDOW_DAYS } from "../../lib/trash.ts";
import { createUnit } from "./create-unit.ts";
import { deleteUnit } from "./delete-unit.ts";
import { deleteUnits } from "./delete-units.ts";
import { getUnit, listUnits } from "./list-units.ts";
import { restoreUnits } from "./restore-units.ts";
import { unitHistory } from "./unit-history.ts";
import { updateUnit } from "./update-unit.ts";

const tags = ["units"];

/*
 * Spec records 7: GET/POST /api/v1/units, PUT/DELETE /api/v1/units/{unit_id}, plus one unit as the
 * grid shows it, bulk delete, Undo and history. The static paths (/units/delete, /units/restore and
 * the related-item lists) win over /units/:unit_id in the router.
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

  registerRecordRoutes(app, {
    path: "/units",
    idParam: "unit_id",
    tags,
    form: unitFormSchema,
    record: unitRecordSchema,
    key: "unit",
    summaries: {
      create: "Add a unit to one of your properties (in one of its buildings, on one of its floor plans)",
      update: "Save a unit's form fields; the changed ones are recorded in its history",
      remove: "Delete a unit",
      removeMany: "Delete several units at once, all or none; ids not in your organization are skipped",
      restore: `Undo a delete: put units back with their ids and values (within ${RESTORE_WINDOW_DAYS} days)`,
      history: "Who changed a unit, when and what, newest first (kept after the unit is deleted)",
    },
    useCases: {
      create: createUnit,
      update: updateUnit,
      remove: deleteUnit,
      removeMany: deleteUnits,
      restore: restoreUnits,
      history: unitHistory,
    },
    read: {
      row: unitRowSchema,
      summary: "One unit as the grid shows it",
      notFound: unitMessages.notFound,
      useCase: getUnit,
    },
  });
};

export default unitRoutes;
