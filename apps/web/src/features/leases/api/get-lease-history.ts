import { historySchema } from "@keyholder/contracts/history";
import { api } from "../../../lib/api-client.ts";

/** Who changed a lease, when and what. */
export const getLeaseHistory = async (id: string) =>
  (await api(`/leases/${id}/history`, { schema: historySchema })).history;
