import { balanceSheetQuerySchema, balanceSheetSchema } from "@keyholder/contracts/balance-sheet";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../lib/audit.ts";
import { reportHeading } from "../../lib/reports/report-heading.ts";
import { sendReport } from "../../lib/reports/send-report.ts";
import { balanceSheetDocument } from "./balance-sheet-document.ts";
import { readBalanceSheet } from "./read-balance-sheet.ts";

/** The balance sheet at the end of a day (decision 046), JSON, CSV, Excel or PDF. */
const balanceSheetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/reports/balance-sheet",
    {
      schema: {
        tags: ["reports"],
        summary:
          "Assets, liabilities and equity by account at the end of a day (as_of), with the earnings to date, from the maintained balances; `format=csv|xlsx|pdf` to download",
        querystring: balanceSheetQuerySchema,
        response: { 200: z.union([balanceSheetSchema, z.string()]) },
      },
    },
    async (request, reply) => {
      const { orgId } = actorOf(request.auth);
      const { format } = request.query;
      const [sheet, heading] = await request.withOrg(
        async (tx) => [await readBalanceSheet(tx, orgId, request.query.as_of), await reportHeading(tx, orgId)] as const,
      );
      if (format === "json") return sheet;
      return sendReport(reply, format, balanceSheetDocument(sheet), heading);
    },
  );
};

export default balanceSheetRoutes;
