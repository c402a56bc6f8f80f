import {
  floorPlanFormSchema,
  floorPlanListQuerySchema,
  floorPlanListSchema,
  floorPlanMessages,
  floorPlanRecordSchema,
  floorPlanRowSchema,
} from "@keyholder/contracts/floor-plans";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerListRoute } from "../../lib/list-route.ts";
import { registerRecordRoutes } from "../../lib/record-routes.ts";
import { requireAuth } from "../../lib/route-guards.ts";
import { RESTORE_WINDOW_DAYS } from "../../lib/trash.ts";
import { createFloorPlan } from "./create-floor-plan.ts";
import { deleteFloorPlan } from "./delete-floor-plan.ts";
import { deleteFloorPlans } from "./delete-floor-plans.ts";
import { floorPlanHistory } from "./floor-plan-history.ts";
import { getFloorPlan, listFloorPlans } from "./list-floor-plans.ts";
import { restoreFloorPlans } from "./restore-floor-plans.ts";
import { updateFloorPlan } from "./update-floor-plan.ts";

const tags = ["floor plans"];

const floorPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  registerListRoute(
    app,
    "/floor-plans",
    {
      tags,
      summary: "A page of floor plans, sorted and quick-filtered over all rows",
      querystring: floorPlanListQuerySchema,
      list: floorPlanListSchema,
      key: "floor_plans",
      preHandler: requireAuth,
    },
    (request) => request.withOrg((tx) => listFloorPlans(tx, request.query)),
  );

  registerRecordRoutes(app, {
    path: "/floor-plans",
    tags,
    form: floorPlanFormSchema,
    record: floorPlanRecordSchema,
    key: "floor_plan",
    summaries: {
      create: "Add a floor plan",
      update: "Save a floor plan's form fields; the changed ones are recorded in its history",
      remove: "Delete a floor plan; its units stay, without a plan",
      removeMany: "Delete several floor plans at once, all or none; ids not in your organization are skipped",
      restore: `Undo a delete: put floor plans back with their ids, values and units (within ${RESTORE_WINDOW_DAYS} days)`,
      history: "Who changed a floor plan, when and what, newest first (kept after the plan is deleted)",
    },
    useCases: {
      create: createFloorPlan,
      update: updateFloorPlan,
      remove: deleteFloorPlan,
      removeMany: deleteFloorPlans,
      restore: restoreFloorPlans,
      history: floorPlanHistory,
    },
    read: {
      row: floorPlanRowSchema,
      summary: "One floor plan as the grid shows it",
      notFound: floorPlanMessages.notFound,
      useCase: getFloorPlan,
    },
  });
};

export default floorPlanRoutes;
