import { setUserPropertiesSchema, userIdParamsSchema, userPropertiesSchema } from "@keyholder/contracts/users";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../lib/audit.ts";
import { getUserProperties, setUserProperties } from "./user-properties.ts";

const tags = ["users"];

/** The organization's users as an administrator manages them (issue 13). */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/users/:userId/properties",
    {
      schema: {
        tags,
        summary: "The properties a user works on: all of them, or a list",
        params: userIdParamsSchema,
        response: { 200: userPropertiesSchema },
      },
    },
    async (request) => request.withOrg((tx) => getUserProperties(tx, request.params.userId)),
  );

  app.put(
    "/users/:userId/properties",
    {
      schema: {
        tags,
        summary: "Give a user all properties or a list of them; it counts from their next request",
        params: userIdParamsSchema,
        body: setUserPropertiesSchema,
        response: { 200: userPropertiesSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request.auth);
      return request.withOrg((tx) => setUserProperties(tx, actor, request.params.userId, request.body));
    },
  );
};

export default userRoutes;
