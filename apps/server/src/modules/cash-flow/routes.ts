import { cashFlowQuerySchema, cashFlowSchema } from "@keyholder/contracts/cash-flow";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerReportRoute } from "../../lib/reports/report-route.ts";
import { cashFlowDocument } from "./cash-flow-document.ts";
import { readCashFlow } from "./read-cash-flow.ts";

/** Reports > Financial > Cash flow (issue 30 item 3). */
const cashFlowRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReportRoute(app, {
    paths: ["/reports/cash-flow"],
    summary:
      "Cash at the start of `from`..`to` (the month to date when left out), what came in and went out through each other account by section (operating, receivables and payables, held for others, owners), and cash at the end; a property or all; `format=csv|xlsx|pdf` to download",
    query: cashFlowQuerySchema,
    result: cashFlowSchema,
    read: readCashFlow,
    document: cashFlowDocument,
  });
};

export default cashFlowRoutes;
