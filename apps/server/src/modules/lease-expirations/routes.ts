import { leaseExpirationsQuerySchema, leaseExpirationsSchema } from "@keyholder/contracts/lease-expirations";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerReportRoute } from "../../lib/reports/report-route.ts";
import { leaseExpirationsDocument } from "./lease-expirations-document.ts";
import { readLeaseExpirations, streamLeaseExpirations } from "./read-lease-expirations.ts";

/** Reports > Occupancy > Lease expirations (issue 30 item 2). */
const leaseExpirationsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReportRoute(app, {
    paths: ["/reports/lease-expirations"],
    summary:
      "The fixed-term leases current or on notice on a day (as_of, today when left out) ending within the next 30, 60, 90 or 120 days (days, 90 when left out), soonest first, with the rent that day and where their renewal stands; how many end within each window; `format=csv|xlsx|pdf` to download",
    query: leaseExpirationsQuerySchema,
    result: leaseExpirationsSchema,
    read: readLeaseExpirations,
    document: leaseExpirationsDocument,
    stream: streamLeaseExpirations,
  });
};

export default leaseExpirationsRoutes;
