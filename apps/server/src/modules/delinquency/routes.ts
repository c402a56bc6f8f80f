import { delinquencyQuerySchema, delinquencySchema } from "@keyholder/contracts/delinquency";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerReportRoute } from "../../lib/reports/report-route.ts";
import { delinquencyDocument } from "./delinquency-document.ts";
import { readDelinquency } from "./read-delinquency.ts";

/** Reports > Financial > Delinquency (issue 30 item 3). */
const delinquencyRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReportRoute(app, {
    paths: ["/reports/delinquency"],
    summary:
      "Aged receivables on a day (as_of, today when left out), of the organization or a property: each lease's charges due by then and still owed that day in 0–30, 31–60, 61–90 and over 90 days, less its money paid ahead; the delinquent leases (net owed above zero) of current or past tenants, and the same by charge type; `format=csv|xlsx|pdf` to download",
    query: delinquencyQuerySchema,
    result: delinquencySchema,
    read: readDelinquency,
    document: delinquencyDocument,
  });
};

export default delinquencyRoutes;
