import { maintenanceIdParamsSchema } from "@keyholder/contracts/maintenance";
import {
  maintenanceCommentFormSchema,
  maintenanceCommentListSchema,
  maintenanceCommentResponseSchema,
} from "@keyholder/contracts/maintenance-comments";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../lib/audit.ts";
import { requireAuth } from "../../lib/route-guards.ts";
import { addComment } from "./add-comment.ts";
import { listComments } from "./list-comments.ts";

const tags = ["maintenance"];

/** A request's comments in the workspace (decision 034, "Comments and photos"): the staff read them all. */
const maintenanceCommentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/maintenance-requests/:id/comments",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "A request's comments, oldest first, each with its visibility (internal, resident, vendor)",
        params: maintenanceIdParamsSchema,
        response: { 200: maintenanceCommentListSchema },
      },
    },
    async (request) => ({
      comments: await request.withOrg((tx) => listComments(tx, request.params.id, "staff")),
    }),
  );

  app.post(
    "/maintenance-requests/:id/comments",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary:
          "Add a comment with its visibility: internal (staff only), resident (shared with the resident) or vendor (shared with the vendor)",
        params: maintenanceIdParamsSchema,
        body: maintenanceCommentFormSchema,
        response: { 201: maintenanceCommentResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const comment = await request.withOrg((tx) =>
        addComment(tx, { kind: "staff", ...actor }, request.params.id, request.body),
      );
      return reply.status(201).send({ comment });
    },
  );
};

export default maintenanceCommentRoutes;
