import { reportScheduleSchema } from "@keyholder/contracts/report-runs";
import { api } from "../../../lib/api-client.ts";

/** PATCH /api/v1/report-schedules/{id}: pause or resume a schedule (or change its day or format). */
export const changeReportSchedule = (id: string, change: { is_active?: boolean; day_of_month?: number }) =>
  api(`/report-schedules/${id}`, { method: "PATCH", body: change, schema: reportScheduleSchema });
