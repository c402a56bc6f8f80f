import { NOTICES_LIMIT, noticeIdParamsSchema, noticeListSchema } from "@keyholder/contracts/notices";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAuth } from "../../lib/route-guards.ts";
import { readerOf } from "./addressed.ts";
import { listNotices } from "./list-notices.ts";
import { markAllNoticesRead, markNoticeRead } from "./mark-read.ts";

const tags = ["notices"];

/**
 * The bell of the workspace (decision 025): the signed-in user's open notices, and marking them
 * read. Which notices are theirs follows from the session (their user and role), never the request.
 */
const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/notices",
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: `Your open notices, newest first (at most ${NOTICES_LIMIT}), and how many you have not read`,
        response: { 200: noticeListSchema },
      },
    },
    async (request) => {
      const reader = readerOf(request.auth);
      return request.withOrg((tx) => listNotices(tx, reader));
    },
  );

  app.post(
    "/notices/:id/read",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Mark one of your notices read (for you; others it is addressed to still see it unread)",
        params: noticeIdParamsSchema,
        response: { 204: z.null().describe("Marked read") },
      },
    },
    async (request, reply) => {
      const reader = readerOf(request.auth);
      await request.withOrg((tx) => markNoticeRead(tx, reader, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/notices/read",
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Mark all your open notices read",
        response: { 204: z.null().describe("Marked read") },
      },
    },
    async (request, reply) => {
      const reader = readerOf(request.auth);
      await request.withOrg((tx) => markAllNoticesRead(tx, reader));
      return reply.status(204).send(null);
    },
  );
};

export default noticeRoutes;
