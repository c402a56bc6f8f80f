import { buildingListQuerySchema, buildingListSchema } from "@keyholder/contracts/buildings";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireAuth } from "../../plugins/auth.ts";
import { listBuildings } from "./list-buildings.ts";

const buildingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/buildings/details",
    {
      preHandler: requireAuth,
      schema: {
        tags: ["buildings"],
        summary: "A page of buildings with unit totals, sorted and quick-filtered over all rows",
        querystring: buildingListQuerySchema,
        response: { 200: buildingListSchema },
      },
    },
    async (request) => request.withOrg((tx) => listBuildings(tx, request.query)),
  );
};

export default buildingRoutes;
