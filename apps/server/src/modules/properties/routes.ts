import { propertySearchQuerySchema, propertySearchResponseSchema } from "@keyholder/contracts/property-search";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireAuth } from "../../plugins/auth.ts";
import { searchProperties } from "./search.ts";

const propertyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/properties/search",
    {
      preHandler: requireAuth,
      schema: {
        tags: ["properties"],
        summary: "Properties of the signed-in organization whose name or address contains the query",
        querystring: propertySearchQuerySchema,
        response: { 200: propertySearchResponseSchema },
      },
    },
    async (request) => ({ properties: await request.withOrg((tx) => searchProperties(tx, request.query.query)) }),
  );
};

export default propertyRoutes;
