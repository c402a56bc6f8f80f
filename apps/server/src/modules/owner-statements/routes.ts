import { ownerStatementQuerySchema, ownerStatementSchema } from "@keyholder/contracts/owner-statements";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../lib/audit.ts";
import { reportHeading } from "../../lib/reports/report-heading.ts";
import { sendReport } from "../../lib/reports/send-report.ts";
import { ownerStatementDocument } from "./owner-statement-document.ts";
import { readOwnerStatement } from "./read-owner-statement.ts";

/** An owner's statement for whole months (decision 044), as JSON, CSV, Excel or PDF. */
const ownerStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = {
    tags: ["owners", "reports"],
    summary:
      "An owner's statement for whole months, per property: trust cash at the start, income collected and expenses by account, management fees, contributions, distributions, other changes, cash at the end, what is held back, available and the owner's part; `format=csv|xlsx|pdf` to download",
    querystring: ownerStatementQuerySchema,
    response: { 200: z.union([ownerStatementSchema, z.string()]) },
  };
  // The owners' screens' path, and the same under the reports (issue 30's catalogue).
  for (const path of ["/owner-statements", "/reports/owner-statement"]) {
    app.get(path, { schema }, async (request, reply) => {
      const { orgId } = actorOf(request.auth);
      const { format } = request.query;
      const [statement, heading] = await request.withOrg(
        async (tx) => [await readOwnerStatement(tx, orgId, request.query), await reportHeading(tx, orgId)] as const,
      );
      if (format === "json") return statement;
      return sendReport(reply, format, ownerStatementDocument(statement), heading);
    });
  }
};

export default ownerStatementRoutes;
