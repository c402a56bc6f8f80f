import { delinquencyQuerySchema, delinquencySchema } from "@keyholder/contracts/delinquency";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../lib/audit.ts";
import { reportHeading } from "../../lib/reports/report-heading.ts";
import { sendReport } from "../../lib/reports/send-report.ts";
import { delinquencyDocument } from "./delinquency-document.ts";
import { readDelinquency } from "./read-delinquency.ts";

/** Reports > Financial > Delinquency (issue 30 item 3): JSON for the screen; CSV, Excel or PDF to download. */
const delinquencyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/reports/delinquency",
    {
      schema: {
        tags: ["reports"],
        summary:
          "Aged receivables on a day (as_of, today when left out), of the organization or a property: each lease's charges due by then and still owed that day in 0–30, 31–60, 61–90 and over 90 days, less its money paid ahead; the delinquent leases (net owed above zero) of current or past tenants, and the same by charge type; `format=csv|xlsx|pdf` to download",
        querystring: delinquencyQuerySchema,
        response: { 200: z.union([delinquencySchema, z.string()]) },
      },
    },
    async (request, reply) => {
      const { orgId } = actorOf(request.auth);
      const { format } = request.query;
      const [report, heading] = await request.withOrg(
        async (tx) => [await readDelinquency(tx, orgId, request.query), await reportHeading(tx, orgId)] as const,
      );
      if (format === "json") return report;
      return sendReport(reply, format, delinquencyDocument(report), heading);
    },
  );
};

export default delinquencyRoutes;
