import { historySchema } from "@keyholder/contracts/history";
import { api } from "../../../lib/api-client.ts";

export const getStaffHistory = async (id: string) =>
  (await api(`/staff/${id}/history`, { schema: historySchema })).history;
