import { balanceSheetLines, balanceSheetQuerySchema, balanceSheetSchema } from "@keyholder/contracts/balance-sheet";
import { centsToInput } from "@keyholder/contracts/money";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../lib/audit.ts";
import { sendCsv } from "../../lib/send-csv.ts";
import { readBalanceSheet } from "./read-balance-sheet.ts";

/** The balance sheet at the end of a day (decision 046), JSON or CSV. */
const balanceSheetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/reports/balance-sheet",
    {
      schema: {
        tags: ["reports"],
        summary:
          "Assets, liabilities and equity by account at the end of a day (as_of), with the earnings to date, from the maintained balances; `format=csv` to download",
        querystring: balanceSheetQuerySchema,
        response: { 200: z.union([balanceSheetSchema, z.string()]) },
      },
    },
    async (request, reply) => {
      const { orgId } = actorOf(request.auth);
      const sheet = await request.withOrg((tx) => readBalanceSheet(tx, orgId, request.query.as_of));
      if (request.query.format === "json") return sheet;
      return sendCsv(
        reply,
        `balance-sheet-${sheet.as_of}.csv`,
        ["Line", `Balance ${sheet.as_of}`],
        balanceSheetLines(sheet).map((l) => [l.label, centsToInput(l.amount_cents)]),
      );
    },
  );
};

export default balanceSheetRoutes;
