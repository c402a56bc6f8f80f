import { ownerStatementQuerySchema, ownerStatementSchema } from "@keyholder/contracts/owner-statements";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerReportRoute } from "../../lib/reports/report-route.ts";
import { ownerStatementDocument } from "./owner-statement-document.ts";
import { readOwnerStatement } from "./read-owner-statement.ts";

/** An owner's statement for whole months (decision 044): the owners' screens' path, and the same among the reports. */
const ownerStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReportRoute(app, {
    paths: ["/owner-statements", "/reports/owner-statement"],
    tags: ["owners", "reports"],
    summary:
      "An owner's statement for whole months, per property: trust cash at the start, income collected and expenses by account, management fees, contributions, distributions, other changes, cash at the end, what is held back, available and the owner's part; `format=csv|xlsx|pdf` to download",
    query: ownerStatementQuerySchema,
    result: ownerStatementSchema,
    read: readOwnerStatement,
    document: ownerStatementDocument,
  });
};

export default ownerStatementRoutes;
