import { incomeStatementQuerySchema, incomeStatementSchema } from "@keyholder/contracts/income-statement";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../lib/audit.ts";
import { reportHeading } from "../../lib/reports/report-heading.ts";
import { sendReport } from "../../lib/reports/send-report.ts";
import { incomeStatementDocument } from "./income-statement-document.ts";
import { readIncomeStatement } from "./read-income-statement.ts";

/** Accounting > P&L (issue 30 item 3): JSON for the screen; CSV, Excel or PDF to download. */
const incomeStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/reports/income-statement",
    {
      schema: {
        tags: ["reports"],
        summary:
          "Income and expenses by account for whole months, accrual or cash basis, for the organization, a property or an owner's properties, with as many months before beside them; `format=csv|xlsx|pdf` to download",
        querystring: incomeStatementQuerySchema,
        response: { 200: z.union([incomeStatementSchema, z.string()]) },
      },
    },
    async (request, reply) => {
      const { orgId } = actorOf(request.auth);
      const { format } = request.query;
      const [report, heading] = await request.withOrg(
        async (tx) => [await readIncomeStatement(tx, orgId, request.query), await reportHeading(tx, orgId)] as const,
      );
      if (format === "json") return report;
      return sendReport(reply, format, incomeStatementDocument(report), heading);
    },
  );
};

export default incomeStatementRoutes;
