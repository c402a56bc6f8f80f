import {
  createDistributionRunSchema,
  distributionRunSchema,
  paidDistributionsSchema,
} from "@keyholder/contracts/owners";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../lib/audit.ts";
import { refuseScoped } from "../owners/owner-rows.ts";
import { readDistributions } from "./read-distributions.ts";
import { runDistributions } from "./run-distributions.ts";

/** Owners paid from trust (issue 29 item 5, decision 044). */
const ownerDistributionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/owner-distributions",
    {
      schema: {
        tags: ["owners"],
        summary: "The latest 100 distributions paid to owners, newest first",
        response: { 200: paidDistributionsSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return request.withOrg(async (tx) => {
        refuseScoped(tx);
        return { distributions: await readDistributions(tx, orgId) };
      });
    },
  );

  app.post(
    "/owner-distribution-runs",
    {
      schema: {
        tags: ["owners"],
        summary:
          "Pay each owner from a trust bank account what they have available (or the amounts asked, never more), an owner's properties netted; `preview` posts nothing (200), else 201, or 200 with the run made for this key",
        body: createDistributionRunSchema,
        response: { 200: distributionRunSchema, 201: distributionRunSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const { run, created } = await request.withOrg((tx) => runDistributions(tx, actor, request.body));
      return reply.status(created ? 201 : 200).send(run);
    },
  );
};

export default ownerDistributionRoutes;
