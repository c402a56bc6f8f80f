import { floorPlanListQuerySchema, floorPlanListSchema } from "@keyholder/contracts/floor-plans";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireAuth } from "../../plugins/auth.ts";
import { listFloorPlans } from "./list-floor-plans.ts";

const floorPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/floor-plans",
    {
      preHandler: requireAuth,
      schema: {
        tags: ["floor plans"],
        summary: "A page of floor plans, sorted and quick-filtered over all rows",
        querystring: floorPlanListQuerySchema,
        response: { 200: floorPlanListSchema },
      },
    },
    async (request) => request.withOrg((tx) => listFloorPlans(tx, request.query)),
  );
};

export default floorPlanRoutes;
