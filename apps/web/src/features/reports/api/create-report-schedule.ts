import { type ReportScheduleRequest, reportScheduleSchema } from "@keyholder/contracts/report-runs";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/report-schedules: a report sent to the user on a day of each month. */
export const createReportSchedule = (body: ReportScheduleRequest) =>
  api("/report-schedules", { method: "POST", body, schema: reportScheduleSchema });
