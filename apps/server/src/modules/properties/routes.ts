import {
  propertyOverviewMessages,
  propertyOverviewParamsSchema,
  propertyOverviewSchema,
} from "@keyholder/contracts/property-overview";
import { propertySearchQuerySchema, propertySearchResponseSchema } from "@keyholder/contracts/property-search";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../lib/http-error.ts";
import { requireAuth } from "../../plugins/auth.ts";
import { getPropertyOverview } from "./get-overview.ts";
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

  app.get(
    "/properties/:id/overview",
    {
      preHandler: requireAuth,
      schema: {
        tags: ["properties"],
        summary: "The property at a glance: address, lot, parking, type, units, floor plans, year built",
        params: propertyOverviewParamsSchema,
        response: { 200: propertyOverviewSchema },
      },
    },
    async (request) => {
      const overview = await request.withOrg((tx) => getPropertyOverview(tx, request.params.id));
      if (!overview) throw notFound(propertyOverviewMessages.notFound);
      return overview;
    },
  );
};

export default propertyRoutes;
