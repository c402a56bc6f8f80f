import { generalLedgerQuerySchema, generalLedgerSchema } from "@keyholder/contracts/general-ledger";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerReportRoute } from "../../lib/reports/report-route.ts";
import { generalLedgerDocument } from "./general-ledger-document.ts";
import { readGeneralLedger, streamGeneralLedger } from "./read-general-ledger.ts";

/** Reports > Financial > General ledger detail (issue 30 item 3). */
const generalLedgerRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReportRoute(app, {
    paths: ["/reports/general-ledger"],
    summary:
      "Each account's lines from `from` to `to` (the month to date when left out) in the order posted, between its balance the day before and its balance at the end, with the running balance (debits less credits); an account (account_id) or all, a property or all; `format=csv|xlsx|pdf` to download",
    query: generalLedgerQuerySchema,
    result: generalLedgerSchema,
    read: readGeneralLedger,
    document: generalLedgerDocument,
    stream: streamGeneralLedger,
  });
};

export default generalLedgerRoutes;
