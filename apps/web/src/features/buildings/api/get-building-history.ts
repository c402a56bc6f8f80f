import { historySchema } from "@keyholder/contracts/history";
import { api } from "../../../lib/api-client.ts";

export const getBuildingHistory = async (id: number) =>
  (await api(`/buildings/${id}/history`, { schema: historySchema })).history;
