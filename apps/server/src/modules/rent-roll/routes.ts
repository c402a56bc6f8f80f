import { rentRollQuerySchema, rentRollSchema } from "@keyholder/contracts/rent-roll";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../lib/audit.ts";
import { reportHeading } from "../../lib/reports/report-heading.ts";
import { sendReport } from "../../lib/reports/send-report.ts";
import { readRentRoll } from "./read-rent-roll.ts";
import { rentRollDocument } from "./rent-roll-document.ts";

/** Reports > Occupancy > Rent roll (issue 30 item 2): JSON for the screen; CSV, Excel or PDF to download. */
const rentRollRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/reports/rent-roll",
    {
      schema: {
        tags: ["reports"],
        summary:
          "Every unit on a day (as_of, today when left out), of the organization or a property: leases in effect (current or on notice) with market rent, rent, other monthly charges, deposits held and balance as of that day, and the vacant units; `format=csv|xlsx|pdf` to download",
        querystring: rentRollQuerySchema,
        response: { 200: z.union([rentRollSchema, z.string()]) },
      },
    },
    async (request, reply) => {
      const { orgId } = actorOf(request.auth);
      const { format } = request.query;
      const [roll, heading] = await request.withOrg(
        async (tx) => [await readRentRoll(tx, orgId, request.query), await reportHeading(tx, orgId)] as const,
      );
      if (format === "json") return roll;
      return sendReport(reply, format, rentRollDocument(roll), heading);
    },
  );
};

export default rentRollRoutes;
