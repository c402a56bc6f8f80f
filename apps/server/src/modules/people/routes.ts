import { PEOPLE_LIST_LIMIT, peopleListSchema } from "@keyholder/contracts/people";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireAuth } from "../../lib/route-guards.ts";

/** The organization's people (persons), as choices for a property's manager. */
const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/people",
    {
      preHandler: requireAuth,
      schema: {
        tags: ["people"],
        summary: `The organization's people by name (the first ${PEOPLE_LIST_LIMIT}), to choose a property manager from`,
        response: { 200: peopleListSchema },
      },
    },
    async (request) =>
      request.withOrg(async (tx) => {
        const { rows } = (await tx.execute(sql`
          select id, trim(coalesce(nullif(trim(preferred_name), ''), first_name || ' ' || last_name)) as name, email
            from persons order by 2, id limit ${PEOPLE_LIST_LIMIT}`)) as unknown as {
          rows: { id: number; name: string; email: string }[];
        };
        return { people: rows.map((r) => ({ id: Number(r.id), name: r.name, email: r.email })) };
      }),
  );
};

export default peopleRoutes;
