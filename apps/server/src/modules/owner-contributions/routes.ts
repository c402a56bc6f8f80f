import { contributionSchema, createContributionSchema } from "@keyholder/contracts/owners";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../lib/audit.ts";
import { refuseScoped } from "../owners/owner-rows.ts";
import { createContribution, readContributions } from "./create-contribution.ts";

const tags = ["owners"];

/** Owners' money into their properties' trust cash (issue 29 item 5, decision 044). */
const ownerContributionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/owner-contributions",
    {
      schema: {
        tags,
        summary: "The latest 100 owner contributions",
        response: { 200: z.object({ contributions: z.array(contributionSchema) }) },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg(async (tx) => {
        refuseScoped(tx);
        return { contributions: await readContributions(tx, orgId, sql`true`) };
      });
    },
  );

  app.post(
    "/owner-contributions",
    {
      schema: {
        tags,
        summary:
          "Record money an owner put into a property's trust cash: D the bank account's cash, C owner contributions, once per request key (201, or 200)",
        body: createContributionSchema,
        response: { 200: contributionSchema, 201: contributionSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const { contribution, created } = await request.withOrg((tx) => createContribution(tx, actor, request.body));
      return reply.status(created ? 201 : 200).send(contribution);
    },
  );
};

export default ownerContributionRoutes;
