import { tenantStatementQuerySchema, tenantStatementSchema } from "@keyholder/contracts/tenant-statement";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerReportRoute } from "../../lib/reports/report-route.ts";
import { readTenantStatement } from "./read-tenant-statement.ts";
import { tenantStatementDocument } from "./tenant-statement-document.ts";

/** The tenant statement among the reports (issue 30 item 3). */
const tenantStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReportRoute(app, {
    paths: ["/reports/tenant-statement"],
    summary:
      "A lease's statement from one day to another (lease_id; from and to, YYYY-MM-DD, the whole lease when left out): the balance brought forward, each charge and payment with the balance after it, the period's totals and what is due; `format=csv|xlsx|pdf` to download",
    query: tenantStatementQuerySchema,
    result: tenantStatementSchema,
    read: readTenantStatement,
    document: tenantStatementDocument,
  });
};

export default tenantStatementRoutes;
