import { getStartedSchema } from "@keyholder/contracts/get-started";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireAuth } from "../../lib/route-guards.ts";
import { countSetup } from "./count-setup.ts";

const getStartedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/get-started",
    {
      preHandler: requireAuth,
      schema: {
        tags: ["workspace"],
        summary: "What your organization has set up: properties, buildings, units, staff, properties online",
        response: { 200: getStartedSchema },
      },
    },
    async (request) => request.withOrg(countSetup),
  );
};

export default getStartedRoutes;
