import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ReportRegistry } from "../lib/reports/report-registry.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Every report's reader and document by id, filled as their routes register (registerReportRoute). */
    reports: ReportRegistry;
  }
}

/** The reports' registry: modules fill it, the background runs read it (plugins never import modules). */
export default fp(
  async function reportRegistry(app: FastifyInstance) {
    app.decorate("reports", new Map());
  },
  { name: "report-registry" },
);
