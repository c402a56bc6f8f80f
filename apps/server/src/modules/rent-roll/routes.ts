import { rentRollQuerySchema, rentRollSchema } from "@keyholder/contracts/rent-roll";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerReportRoute } from "../../lib/reports/report-route.ts";
import { readRentRoll } from "./read-rent-roll.ts";
import { rentRollDocument } from "./rent-roll-document.ts";
import { streamRentRoll } from "./stream-rent-roll.ts";

/** Reports > Occupancy > Rent roll (issue 30 item 2). */
const rentRollRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReportRoute(app, {
    paths: ["/reports/rent-roll"],
    summary:
      "Every unit on a day (as_of, today when left out), of the organization or a property: leases in effect (current or on notice) with market rent, rent, other monthly charges, deposits held and balance as of that day, and the vacant units; `format=csv|xlsx|pdf` to download",
    query: rentRollQuerySchema,
    result: rentRollSchema,
    read: readRentRoll,
    document: rentRollDocument,
    stream: streamRentRoll,
  });
};

export default rentRollRoutes;
