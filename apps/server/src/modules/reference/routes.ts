import { usStateListSchema } from "@keyholder/contracts/us-states";
import { asc } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { usStates } from "../../db/schema/index.ts";

/** Reference data every organization shares. */
const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/us-states",
    {
      schema: {
        tags: ["reference"],
        summary: "The US states and territories an address can be in, by name",
        response: { 200: usStateListSchema },
      },
    },
    async (_request, reply) => {
      const states = await app.asSystem((tx) =>
        tx
          .select({ id: usStates.id, state_code: usStates.stateCode, state_name: usStates.stateName })
          .from(usStates)
          .orderBy(asc(usStates.stateName)),
      );
      reply.header("cache-control", "public, max-age=3600");
      return { states };
    },
  );
};

export default referenceRoutes;
