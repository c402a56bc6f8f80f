import { createFeeRunSchema, feeRunSchema } from "@keyholder/contracts/owners";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../lib/audit.ts";
import { runFees } from "./run-fees.ts";

/** The monthly management-fee run (issue 29 item 5, decision 044). */
const managementFeeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/management-fee-runs",
    {
      schema: {
        tags: ["owners"],
        summary:
          "Charge each managed property's fee for whole months by its agreement, once: a run over days already charged is refused (409)",
        body: createFeeRunSchema,
        response: { 201: feeRunSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      return reply.status(201).send(await request.withOrg((tx) => runFees(tx, actor, request.body)));
    },
  );
};

export default managementFeeRoutes;
