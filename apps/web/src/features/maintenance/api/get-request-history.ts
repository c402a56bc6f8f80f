import { historySchema } from "@keyholder/contracts/history";
import { api } from "../../../lib/api-client.ts";

/** A request's status changes, newest first, as the History dialog reads them. */
export const getRequestHistory = async (id: string) =>
  (await api(`/maintenance-requests/${id}/history`, { schema: historySchema })).history;
