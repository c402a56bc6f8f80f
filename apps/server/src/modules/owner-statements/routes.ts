import { centsToInput } from "@keyholder/contracts/money";
import { ownerStatementQuerySchema, ownerStatementSchema, statementLines } from "@keyholder/contracts/owner-statements";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../lib/audit.ts";
import { sendCsv } from "../../lib/send-csv.ts";
import { readOwnerStatement } from "./read-owner-statement.ts";

/** An owner's statement for whole months (decision 044), as JSON or CSV. */
const ownerStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/owner-statements",
    {
      schema: {
        tags: ["owners"],
        summary:
          "An owner's statement for whole months, per property: trust cash at the start, income collected and expenses by account, management fees, contributions, distributions, other changes, cash at the end, what is held back, available and the owner's part; `format=csv` to download",
        querystring: ownerStatementQuerySchema,
        response: { 200: z.union([ownerStatementSchema, z.string()]) },
      },
    },
    async (request, reply) => {
      const { orgId } = actorOf(request.auth);
      const statement = await request.withOrg((tx) => readOwnerStatement(tx, orgId, request.query));
      if (request.query.format === "json") return statement;
      const rows = statement.properties.flatMap((p) =>
        statementLines(p).map((l) => [p.property.name, l.label, centsToInput(l.amount_cents)]),
      );
      const name = `owner-statement-${statement.period_start}-${statement.period_end}.csv`;
      return sendCsv(reply, name, ["Property", "Line", "Amount"], rows);
    },
  );
};

export default ownerStatementRoutes;
