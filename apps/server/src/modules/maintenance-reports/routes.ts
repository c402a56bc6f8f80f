import {
  maintenanceAgingQuerySchema,
  maintenanceAgingSchema,
  maintenanceCompletionSchema,
  maintenanceCostSchema,
  maintenanceRangeQuerySchema,
} from "@keyholder/contracts/maintenance-reports";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerReportRoute } from "../../lib/reports/report-route.ts";
import { maintenanceAgingDocument } from "./maintenance-aging-document.ts";
import { maintenanceCompletionDocument } from "./maintenance-completion-document.ts";
import { maintenanceCostDocument } from "./maintenance-cost-document.ts";
import { readMaintenanceAging, streamMaintenanceAging } from "./read-maintenance-aging.ts";
import { readMaintenanceCompletion, streamMaintenanceCompletion } from "./read-maintenance-completion.ts";
import { readMaintenanceCost } from "./read-maintenance-cost.ts";

/** Reports > Maintenance (issue 30 item 4): the requests open by age, completed on time, and what the work cost. */
const maintenanceReportRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReportRoute(app, {
    paths: ["/reports/maintenance-aging"],
    summary:
      "The maintenance requests open at the end of a day (as_of, today when left out), of the organization or a property, oldest first: where each stood that day, its days open and overdue, who had the work; counted by age (0–7, 8–30, 31–60, over 60 days), priority and status; `format=csv|xlsx|pdf` to download",
    query: maintenanceAgingQuerySchema,
    result: maintenanceAgingSchema,
    read: readMaintenanceAging,
    document: maintenanceAgingDocument,
    stream: streamMaintenanceAging,
  });
  registerReportRoute(app, {
    paths: ["/reports/maintenance-completion"],
    summary:
      "The requests completed from `from` to `to` (the year to date when left out), in the order completed: the days each took from request to completion and whether it was done by its due day; on time, late and the average days by priority; `format=csv|xlsx|pdf` to download",
    query: maintenanceRangeQuerySchema,
    result: maintenanceCompletionSchema,
    read: readMaintenanceCompletion,
    document: maintenanceCompletionDocument,
    stream: streamMaintenanceCompletion,
  });
  registerReportRoute(app, {
    paths: ["/reports/maintenance-cost"],
    summary:
      "What the work from `from` to `to` cost (the cost lines' days; the year to date when left out): labor, material, other and billable to residents, by property, category and vendor, with the requests counted once each; `format=csv|xlsx|pdf` to download",
    query: maintenanceRangeQuerySchema,
    result: maintenanceCostSchema,
    read: readMaintenanceCost,
    document: maintenanceCostDocument,
  });
};

export default maintenanceReportRoutes;
