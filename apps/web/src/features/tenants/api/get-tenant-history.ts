import { historySchema } from "@keyholder/contracts/history";
import { api } from "../../../lib/api-client.ts";

export const getTenantHistory = async (id: string) =>
  (await api(`/tenants/${id}/history`, { schema: historySchema })).history;
