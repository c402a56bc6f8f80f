import type { ReportFormat } from "@keyholder/contracts/reports";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { actorOf } from "../audit.ts";
import type { ReportDocument } from "./report-document.ts";
import { reportHeading } from "./report-heading.ts";
import { sendReport } from "./send-report.ts";

/**
 * GET /reports/{id} (issue 30): a report's one route, the same for all of them: its query read with
 * the organization from the session, its result as JSON for the screen, or as CSV, Excel or PDF
 * through its document (decision 047).
 */
export function registerReportRoute<Q extends z.ZodType<{ format: ReportFormat }>, R extends z.ZodType>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  o: {
    paths: readonly string[];
    tags?: string[];
    summary: string;
    query: Q;
    result: R;
    read(tx: Tx, orgId: string, query: z.output<Q>): Promise<z.output<R>>;
    document(result: z.output<R>): ReportDocument;
    /** Its file read in parts as it is written, for background runs of any size (RegisteredReport.stream). */
    stream?(tx: Tx, orgId: string, query: z.output<Q>, o: { batchRows: number }): Promise<ReportDocument>;
  },
) {
  // The handler reads what the generic schemas leave open through the casts below.
  const api = app as unknown as FastifyInstance;
  // The report's own path (/reports/{id}) names it to the background runs.
  const id = o.paths.find((p) => p.startsWith("/reports/"))?.slice("/reports/".length);
  const stream = o.stream;
  if (id)
    api.reports.set(id, {
      id,
      query: o.query,
      read: (tx, orgId, query) => o.read(tx, orgId, query as z.output<Q>),
      document: (result) => o.document(result as z.output<R>),
      ...(stream ? { stream: (tx, orgId, query, s) => stream(tx, orgId, query as z.output<Q>, s) } : {}),
    });
  for (const path of o.paths) {
    api.get(
      path,
      {
        schema: {
          tags: o.tags ?? ["reports"],
          summary: o.summary,
          querystring: o.query,
          response: { 200: z.union([o.result, z.string()]) },
        },
      },
      async (request, reply) => {
        const { orgId } = actorOf(request.auth);
        const query = request.query as z.output<Q>;
        const [result, heading] = await request.withOrg(
          async (tx) => [await o.read(tx, orgId, query), await reportHeading(tx, orgId)] as const,
        );
        if (query.format === "json") return result;
        return sendReport(reply, query.format, o.document(result), heading);
      },
    );
  }
}
