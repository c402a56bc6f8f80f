import { balanceSheetQuerySchema, balanceSheetSchema } from "@keyholder/contracts/balance-sheet";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { reportDayAndProperty } from "../../lib/reports/report-property.ts";
import { registerReportRoute } from "../../lib/reports/report-route.ts";
import { balanceSheetDocument } from "./balance-sheet-document.ts";
import { readBalanceSheet } from "./read-balance-sheet.ts";

/** The balance sheet at the end of a day (decisions 046 and 047). */
const balanceSheetRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReportRoute(app, {
    paths: ["/reports/balance-sheet"],
    summary:
      "Assets, liabilities and equity by account at the end of a day (as_of, today when left out), with the earnings to date, from the maintained balances; `format=csv|xlsx|pdf` to download",
    query: balanceSheetQuerySchema,
    result: balanceSheetSchema,
    read: async (tx, orgId, q) => readBalanceSheet(tx, orgId, (await reportDayAndProperty(tx, orgId, q)).asOf),
    document: balanceSheetDocument,
  });
};

export default balanceSheetRoutes;
