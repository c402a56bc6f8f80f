import { UNIT_RANGE_MAX, unitRangeFormSchema, unitRangeResponseSchema } from "@keyholder/contracts/unit-range";
import {
  unitFormSchema,
  unitListQuerySchema,
  unitListSchema,
  unitMessages,
  unitRecordSchema,
  unitRowSchema,
} from "@keyholder/contracts/units";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../lib/audit.ts";
import { registerListRoute } from "../../lib/list-route.ts";
import { registerRecordRoutes } from "../../lib/record-routes.ts";
import { requireAuth } from "../../lib/route-guards.ts";
import { RESTORE_WINDOW_DAYS } from "../../lib/trash.ts";
import { createUnit } from "./create-unit.ts";
import { createUnitRange } from "./create-unit-range.ts";
import { deleteUnit } from "./delete-unit.ts";
import { deleteUnits } from "./delete-units.ts";
import { getUnit, listUnits } from "./list-units.ts";
import { restoreUnits } from "./restore-units.ts";
import { unitHistory } from "./unit-history.ts";
import { updateUnit } from "./update-unit.ts";

const tags = ["units"];

/*
 * Spec records 7: GET/POST /api/v1/units, PUT/DELETE /api/v1/units/{unit_id}, plus one unit as the
 * grid shows it, bulk delete, Undo and history, and a range of units at once. The static paths
 * (/units/range, /units/delete, /units/restore and the related-item lists) win over /units/:unit_id
 * in the router.
 */
const unitRoutes: FastifyPluginAsyncZod = async (app) => {
  registerListRoute(
    app,
    "/units",
    {
      tags,
      summary:
        "A page of units with their property, building, floor plan and location, sorted and filtered over all rows",
      querystring: unitListQuerySchema,
      list: unitListSchema,
      key: "units",
      preHandler: requireAuth,
    },
    (request) => request.withOrg((tx) => listUnits(tx, request.query)),
  );

  app.post(
    "/units/range",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: `Add several units at once from a range of unit numbers ("101-112", at most ${UNIT_RANGE_MAX}), all or none; numbers that already exist in that building are refused by name (409)`,
        body: unitRangeFormSchema,
        response: { 201: unitRangeResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const made = await request.withOrg((tx) => createUnitRange(tx, actor, request.body));
      return reply.status(201).send({ units: made });
    },
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
