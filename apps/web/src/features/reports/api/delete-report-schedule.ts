import { api } from "../../../lib/api-client.ts";

/** DELETE /api/v1/report-schedules/{id}: stop sending a report. */
export const deleteReportSchedule = (id: string) => api(`/report-schedules/${id}`, { method: "DELETE" });
