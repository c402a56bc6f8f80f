import { historySchema } from "@keyholder/contracts/history";
import { api } from "../../../lib/api-client.ts";

export const getZoneHistory = async (id: number) =>
  (await api(`/zones/${id}/history`, { schema: historySchema })).history;
