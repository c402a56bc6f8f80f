import { threeWayQuerySchema, threeWaySchema } from "@keyholder/contracts/three-way-reconciliation";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerReportRoute } from "../../lib/reports/report-route.ts";
import { readThreeWay } from "./read-three-way.ts";
import { threeWayDocument } from "./three-way-document.ts";

/** Reports > Financial > Three-way reconciliation (issue 30 item 3). */
const threeWayRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReportRoute(app, {
    paths: ["/reports/three-way-reconciliation"],
    summary:
      "Each trust bank account on its last completed reconciliation by a day (as_of, today when left out): the statement's balance with the deposits in transit and outstanding payments, the trust cash in the books, each property's part of it, the differences and properties below zero; `format=csv|xlsx|pdf` to download",
    query: threeWayQuerySchema,
    result: threeWaySchema,
    read: readThreeWay,
    document: threeWayDocument,
  });
};

export default threeWayRoutes;
