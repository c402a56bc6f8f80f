import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/notices/{id}/read: read for this user only. */
export const markNoticeRead = (id: number) => api(`/notices/${id}/read`, { method: "POST" });

/** POST /api/v1/notices/read: every open notice of this user read. */
export const markAllNoticesRead = () => api("/notices/read", { method: "POST" });
