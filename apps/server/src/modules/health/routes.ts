import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DATABASE_RETRY_AFTER_SECONDS } from "../../lib/database-unavailable.ts";

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["operations"],
        summary: "Liveness with a database round trip",
        response: {
          200: z.object({ status: z.literal("ok"), database: z.literal("ok") }),
          503: z.object({ status: z.literal("unavailable"), database: z.literal("unreachable") }),
        },
      },
    },
    async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: "ok" as const, database: "ok" as const };
      } catch (err) {
        request.log.error({ err }, "health check: database unreachable");
        return reply
          .status(503)
          .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ status: "unavailable" as const, database: "unreachable" as const });
      }
    },
  );
};

export default routes;
