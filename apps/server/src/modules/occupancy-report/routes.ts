import { occupancyQuerySchema, occupancyReportSchema } from "@keyholder/contracts/occupancy-report";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerReportRoute } from "../../lib/reports/report-route.ts";
import { occupancyDocument } from "./occupancy-document.ts";
import { readOccupancy } from "./read-occupancy.ts";

/** Reports > Occupancy > Occupancy over time (issue 30 item 2). */
const occupancyReportRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReportRoute(app, {
    paths: ["/reports/occupancy"],
    summary:
      "At the end of each month from `from` to `to` (a year to today when left out): units, units a lease held (physical occupancy), the units' market rent and the rent charged in the month (economic occupancy); by property on `to`; the units vacant longest on `to`; `format=csv|xlsx|pdf` to download",
    query: occupancyQuerySchema,
    result: occupancyReportSchema,
    read: readOccupancy,
    document: occupancyDocument,
  });
};

export default occupancyReportRoutes;
