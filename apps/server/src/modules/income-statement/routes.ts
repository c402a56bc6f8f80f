import { incomeStatementQuerySchema, incomeStatementSchema } from "@keyholder/contracts/income-statement";
import { centsToInput } from "@keyholder/contracts/money";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../lib/audit.ts";
import { sendCsv } from "../../lib/send-csv.ts";
import { readIncomeStatement } from "./read-income-statement.ts";

/** Accounting > P&L (issue 30 item 3): JSON for the screen, CSV to download. */
const incomeStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/reports/income-statement",
    {
      schema: {
        tags: ["reports"],
        summary:
          "Income and expenses by account for whole months, accrual or cash basis, for the organization, a property or an owner's properties, with as many months before beside them; `format=csv` to download",
        querystring: incomeStatementQuerySchema,
        response: { 200: z.union([incomeStatementSchema, z.string()]) },
      },
    },
    async (request, reply) => {
      const { orgId } = actorOf(request.auth);
      const report = await request.withOrg((tx) => readIncomeStatement(tx, orgId, request.query));
      if (request.query.format === "json") return report;
      const period = `${report.period_start} to ${report.period_end}`;
      const prior = `${report.prior_start} to ${report.prior_end}`;
      const money = (cents: number) => centsToInput(cents);
      const name = `income-statement-${report.basis}-${report.period_start}-${report.period_end}.csv`;
      return sendCsv(
        reply,
        name,
        ["Account", "Type", period, prior],
        [
          ...report.rows.map((r) => [
            `${r.account.code} ${r.account.name}`,
            r.account.type,
            money(r.amount_cents),
            money(r.prior_cents),
          ]),
          ["Total income", "", money(report.income_cents), money(report.prior_income_cents)],
          ["Total expenses", "", money(report.expenses_cents), money(report.prior_expenses_cents)],
          ["Net income", "", money(report.net_income_cents), money(report.prior_net_income_cents)],
        ],
      );
    },
  );
};

export default incomeStatementRoutes;
