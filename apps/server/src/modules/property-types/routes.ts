import { propertyTypeListSchema } from "@keyholder/contracts/property-types";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listPropertyTypes } from "./queries.ts";

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/property-types",
    {
      schema: {
        tags: ["reference"],
        summary: "All active property types, grouped by the client by category",
        response: { 200: propertyTypeListSchema },
      },
    },
    async (_request, reply) => {
      const propertyTypes = await app.asSystem((tx) => listPropertyTypes(tx));
      reply.header("cache-control", "public, max-age=300");
      return { count: propertyTypes.length, property_types: propertyTypes };
    },
  );
};

export default routes;
