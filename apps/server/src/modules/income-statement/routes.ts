import { incomeStatementQuerySchema, incomeStatementSchema } from "@keyholder/contracts/income-statement";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerReportRoute } from "../../lib/reports/report-route.ts";
import { incomeStatementDocument } from "./income-statement-document.ts";
import { readIncomeStatement } from "./read-income-statement.ts";

/** Accounting > P&L (issue 30 item 3). */
const incomeStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReportRoute(app, {
    paths: ["/reports/income-statement"],
    summary:
      "Income and expenses by account for whole months, accrual or cash basis, for the organization, a property or an owner's properties, with as many months before beside them; `format=csv|xlsx|pdf` to download",
    query: incomeStatementQuerySchema,
    result: incomeStatementSchema,
    read: readIncomeStatement,
    document: incomeStatementDocument,
  });
};

export default incomeStatementRoutes;
